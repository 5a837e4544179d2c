import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const GET_CAPTCHA_CHALLENGE = call('GET', '/captcha/challenge');

/** `GET /captcha/challenge`: a proof-of-work challenge for the ALTCHA widget, in the usual envelope. */
export const ZCaptchaChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string().optional(),
});
export const ZCaptchaChallengeReply = envelope(ZCaptchaChallenge);
