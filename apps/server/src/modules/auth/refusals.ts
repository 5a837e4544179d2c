import type { LoginErrorCode } from '@portal/shared/auth/login';
import { SECOND_FACTOR_MESSAGES } from '@portal/shared/staff/second-factor';
import { refused, type Refusal } from '../../lib/outcome';

/** Each refusal of sign-in: its status, its message key, and the code the web app acts on. */
export const REFUSALS = {
  INVALID_CREDENTIALS: refused(401, 'error.login.incorrect', undefined, 'INVALID_CREDENTIALS'),
  ACCOUNT_NOT_ACTIVE: refused(403, 'error.login.notActive', undefined, 'ACCOUNT_NOT_ACTIVE'),
  SYSTEM_DOWN: refused(503, 'error.systemDown', undefined, 'SYSTEM_DOWN'),
  INVALID_OTP: refused(401, 'error.loginOTP.invalid', undefined, 'INVALID_OTP'),
  LOGIN_OTP_EXPIRED: refused(401, 'error.loginOTP.expired', undefined, 'LOGIN_OTP_EXPIRED'),
  SESSION_ENDED: refused(401, 'error.unauthorized', undefined, 'SESSION_ENDED'),
} satisfies Record<LoginErrorCode, Refusal>;
/** A staff member whose access was ended: not active either, with words of its own. */
export const DEACTIVATED = refused(403, 'error.login.deactivated', undefined, 'ACCOUNT_NOT_ACTIVE');
/** A staff member's wrong, reused or stale app code, or a recovery code that is unknown or used. */
export const WRONG_FACTOR_CODE = refused(401, SECOND_FACTOR_MESSAGES.codeInvalid, undefined, 'INVALID_OTP');
/** A passkey's answer that does not sign in (unknown, for another challenge, user or origin, or replayed). */
export const PASSKEY_REFUSED = refused(401, SECOND_FACTOR_MESSAGES.passkeyFailed, undefined, 'INVALID_CREDENTIALS');

/** The step a login attempt waits for: a participant's e-mailed code, a staff factor, or a staff enrolment. */
export type LoginStep = 'emailCode' | 'staffFactor' | 'enrolment';
