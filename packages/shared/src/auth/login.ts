import { z } from 'zod';
import { envelope } from '../api/envelope';
import { EMAIL_CODE_MAX_LENGTH } from '../constants';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../registration/registration-form';
import { ZAccessTokenResponse, ZLoginError } from './token-pair';
import { call } from '../api/call';
import { RECOVERY_CODE_PATTERN, ZStaffSignInStep } from '../staff/second-factor';

export {
  LOGIN_ERROR_CODES,
  ZAccessTokenResponse,
  ZLoginError,
  type LoginErrorCode,
  type TAccessTokenResponse,
} from './token-pair';

/** Message keys of the login screens (en.json / sp.json). */
export const LOGIN_MESSAGES = {
  emailInvalid: 'error.login.emailInvalid',
  passwordRequired: 'error.login.passwordRequired',
  otpRequired: 'error.loginOTP.empty',
  otpInvalid: 'error.loginOTP.invalid',
} as const;

export const POST_LOGIN = call('POST', '/login');

/** The login form and `POST /login` (values opened from the payload envelope). */
export const ZLoginRequest = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.emailInvalid })
    .trim()
    .max(EMAIL_MAX_LENGTH, LOGIN_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, LOGIN_MESSAGES.emailInvalid),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(1024),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/**
 * Login result: tokens at once, or `twoFactorEnabled` and a second step: a participant's e-mailed code, or a staff
 * member's own factor (`secondFactors`), or, for a staff member who has none yet, its enrolment.
 */
export const ZLoginResult = z.object({
  twoFactorEnabled: z.boolean(),
  accessTokenResponse: z.optional(ZAccessTokenResponse),
  /** The name of the HttpOnly cookie that binds the second step to this login attempt. */
  autoAuthCookie: z.string().optional(),
  ...ZStaffSignInStep.shape,
});
export type TLoginResult = z.infer<typeof ZLoginResult>;
export const ZLoginReply = envelope(z.union([ZLoginResult, ZLoginError]));

export const POST_LOGIN_OTP = call('POST', '/login/otp');

/**
 * The code form and `POST /login/otp`: required; digits only, at most EMAIL_CODE_MAX_LENGTH (8), or a staff
 * member's recovery code (`abcd-efgh-jkmn`).
 */
export const ZLoginOtpRequest = z.object({
  otp: z
    .string({ error: LOGIN_MESSAGES.otpRequired })
    .trim()
    .min(1, LOGIN_MESSAGES.otpRequired)
    .refine(
      (otp) => (/^\d*$/.test(otp) && otp.length <= EMAIL_CODE_MAX_LENGTH) || RECOVERY_CODE_PATTERN.test(otp),
      LOGIN_MESSAGES.otpInvalid,
    ),
  username: z.string().max(EMAIL_MAX_LENGTH).optional(),
});
export type TLoginOtpRequest = z.infer<typeof ZLoginOtpRequest>;

/** The cookie that holds a login attempt's secret between the password and the code. */
export const LOGIN_ATTEMPT_COOKIE = 'login_attempt';
