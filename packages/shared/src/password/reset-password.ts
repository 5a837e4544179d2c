import { z } from 'zod';
import { envelope, ZFieldError } from '../api/envelope';
import type { TPasswordPolicy } from '../reference/password-policy';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../registration/registration-form';
import { meetsPasswordPolicy } from '../registration/password-rules';
import { call } from '../api/call';

/** Message keys of forgot and reset password (en.json / sp.json). */
export const PASSWORD_RESET_MESSAGES = {
  emailInvalid: 'error.register.emailInvalid',
  bothRequired: 'error.password.bothRequired',
  mustMatch: 'error.password.mustMatch',
  policy: 'error.register.passwordPolicy',
  linkInvalid: 'error.password.linkInvalid',
} as const;
const M = PASSWORD_RESET_MESSAGES;

export const GET_RESET_PASSWORD_INIT = call('GET', '/reset-password/init');

/** The forgot-password form and `GET /reset-password/init?email=`. */
export const ZForgotPasswordForm = z.object({
  email: z
    .string({ error: M.emailInvalid })
    .trim()
    .max(EMAIL_MAX_LENGTH, M.emailInvalid)
    .regex(EMAIL_PATTERN, M.emailInvalid),
});
export type TForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;
export const ZResetPasswordInitQuery = z.object({ email: z.string().max(1024).optional() });
export const ZResetPasswordInitReply = envelope(z.unknown());

export const GET_VERIFY_RESET_PASSWORD = call('GET', '/verify-reset-password');

/** `GET /verify-reset-password?token=&id=`: whether a reset link can still be used. */
export const ZVerifyResetPasswordQuery = z.object({
  token: z.string().max(200).optional(),
  id: z.string().max(100).optional(),
});
export const ZVerifyResetPasswordReply = envelope(z.unknown());

/**
 * The new password and its confirmation under the security policy: both required, equal, and meeting the
 * policy. `password` is the new password and `newPassword` its confirmation.
 */
export function newPasswordSchema(policy: TPasswordPolicy) {
  return z
    .object({
      password: z.string({ error: M.bothRequired }).max(1024),
      newPassword: z.string({ error: M.bothRequired }).max(1024),
    })
    .superRefine((v, ctx) => {
      if (v.password === '' || v.newPassword === '') {
        for (const field of ['password', 'newPassword'] as const) {
          if (v[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: M.bothRequired });
        }
      } else if (!meetsPasswordPolicy(policy, v.password)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: M.policy });
      } else if (v.password !== v.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.mustMatch });
      }
    });
}
export type TNewPassword = z.infer<ReturnType<typeof newPasswordSchema>>;

export const POST_RESET_PASSWORD = call('POST', '/reset-password');

/** `POST /reset-password`: the link's token and account id with the new password twice. */
export const ZResetPasswordRequest = z.object({
  token: z.string().max(200),
  userId: z.string().max(100),
  password: z.string().max(1024),
  newPassword: z.string().max(1024),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
export const ZResetPasswordReply = envelope(z.array(ZFieldError));
