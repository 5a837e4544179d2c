import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const GET_REGISTRATION_CONFIRM = call('GET', '/registrationConfirm');

/** `GET /registrationConfirm?token=&id=`: activates the account the link was sent for. */
export const ZRegistrationConfirmQuery = z.object({
  token: z.string().max(200).optional(),
  id: z.string().max(100).optional(),
});
export const ZRegistrationConfirmReply = envelope(z.unknown());

export const GET_RESEND_ACTIVATION_EMAIL = call('GET', '/resendActivationEmail');

/**
 * `GET /resendActivationEmail?email=`: a fresh activation link for an account not yet active. The id of an
 * expired link's account may be given instead of the e-mail, so the expired-link page can offer a new one.
 */
export const ZResendActivationQuery = z.object({
  email: z.string().max(320).optional(),
  id: z.string().max(100).optional(),
});
export const ZResendActivationReply = envelope(z.unknown());
