import { z } from 'zod';
import { envelope } from '../api/envelope';
import { FALLBACK_PASSWORD_LENGTH } from '../constants';
import { call } from '../api/call';

export const GET_EXTERNALIZATION_PASSWORD_POLICY = call('GET', '/externalization/password-policy');

/** `GET /externalization/password-policy`: the password rules of the security policy. */
export const ZPasswordPolicy = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  upperCaseCharCount: z.number().int(),
  lowerCaseCharCount: z.number().int(),
  digitCharCount: z.number().int(),
  specialCharCount: z.number().int(),
});
export type TPasswordPolicy = z.infer<typeof ZPasswordPolicy>;
export const ZPasswordPolicyReply = envelope(ZPasswordPolicy);

export const FALLBACK_PASSWORD_POLICY: TPasswordPolicy = {
  minLength: FALLBACK_PASSWORD_LENGTH.min,
  maxLength: FALLBACK_PASSWORD_LENGTH.max,
  upperCaseCharCount: 1,
  lowerCaseCharCount: 1,
  digitCharCount: 1,
  specialCharCount: 1,
};
