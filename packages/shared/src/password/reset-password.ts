import { z } from 'zod';
import { envelope, ZFieldError } from '../api/envelope';
import { EMAIL_MAX_LENGTH } from '../registration/registration-form';

/** Message keys of forgot and reset password (en.json / sp.json). */
export const PASSWORD_RESET_MESSAGES = {
  emailInvalid: 'error.register.emailInvalid',
  bothRequired: 'error.password.bothRequired',
  mustMatch: 'error.password.mustMatch',
  linkInvalid: 'error.password.linkInvalid',
} as const;

/** `GET /reset-password/init?email=`: e-mails a reset link; the same answer whether or not the address is known. */
export const ZResetPasswordInitQuery = z.object({
  email: z
    .string()
    .max(EMAIL_MAX_LENGTH + 10)
    .optional(),
});
export const ZResetPasswordInitReply = envelope(z.unknown());

/** `GET /verify-reset-password?token=&id=`: whether a reset link can still be used. */
export const ZVerifyResetPasswordQuery = z.object({
  token: z.string().max(200).optional(),
  id: z.string().max(100).optional(),
});
export const ZVerifyResetPasswordReply = envelope(z.unknown());

/** `POST /reset-password`: `password` is the new password and `newPassword` its confirmation (spec section 3). */
export const ZResetPasswordRequest = z.object({
  token: z.string().max(200),
  userId: z.string().max(100),
  password: z.string().max(1024),
  newPassword: z.string().max(1024),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
export const ZResetPasswordReply = envelope(z.array(ZFieldError));
