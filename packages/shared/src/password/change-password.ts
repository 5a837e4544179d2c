import { z } from 'zod';
import { envelope, ZFieldError } from '../api/envelope';
import type { TPasswordPolicy } from '../reference/password-policy';
import { meetsPasswordPolicy } from '../registration/password-rules';
import { call } from '../api/call';

/** Message keys of Change Password (en.json / sp.json). */
export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'error.password.currentRequired',
  newRequired: 'error.password.newRequired',
  policy: 'error.register.passwordPolicy',
  sameAsCurrent: 'error.password.sameAsCurrent',
  wrongCurrent: 'error.password.wrongCurrent',
  tooSoon: 'error.password.tooSoon',
  failed: 'error.password.changeFailed',
  network: 'error.password.network',
  changed: 'password.changed',
} as const;
const M = CHANGE_PASSWORD_MESSAGES;

export const PUT_UPDATE_PASSWORD = call('PUT', '/update-password');

/** `PUT /update-password`: `password` is the current password, `newPassword` the new one. */
export const ZChangePasswordRequest = z.object({
  password: z.string().max(1024).optional(),
  newPassword: z.string().max(1024).optional(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** Both required, the new one under the security policy and different from the current one. */
export function changePasswordSchema(policy: TPasswordPolicy) {
  return z
    .object({
      password: z.string({ error: M.currentRequired }).min(1, M.currentRequired).max(1024),
      newPassword: z.string({ error: M.newRequired }).min(1, M.newRequired).max(1024),
    })
    .superRefine((v, ctx) => {
      if (v.password === '' || v.newPassword === '') return;
      if (!meetsPasswordPolicy(policy, v.newPassword)) {
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.policy });
      } else if (v.password === v.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: M.sameAsCurrent });
      }
    });
}

/** Reply of `PUT /update-password`: a refusal's field problems are `data: [{ errorField, message }]`. */
export const ZChangePasswordReply = envelope(z.array(ZFieldError));
