import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCaptchaChallengeReply, GET_CAPTCHA_CHALLENGE } from '@portal/shared/captcha/challenge';
import { MINUTE_MS } from '@portal/shared/durations';
import { perIpRateLimit } from '../../plugins/rate-limits';

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: GET_CAPTCHA_CHALLENGE.method,
    url: GET_CAPTCHA_CHALLENGE.path,
    config: { access: 'public', rateLimit: perIpRateLimit(app.env, 60, 10 * MINUTE_MS) },
    schema: {
      tags: ['registration'],
      summary: 'A proof-of-work challenge for the registration captcha (ALTCHA)',
      response: { 200: ZCaptchaChallengeReply },
    },
    handler: async () => {
      const { parameters, signature } = await app.services.captcha.createChallenge();
      return { status: true, data: { parameters: { ...parameters }, signature } };
    },
  });
};
