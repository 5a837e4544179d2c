import type { FastifyReply } from 'fastify';
import { LOGIN_ATTEMPT_COOKIE, POST_LOGIN } from '@portal/shared/auth/login';
import { API_BASE } from '@portal/shared/constants';

/** The cookie is sent only to the sign-in calls (`/login` and the calls under it): the code, passkey and enrolment. */
const LOGIN_PATH = `${API_BASE}${POST_LOGIN.path}`;

/**
 * Puts a login attempt's secret in an HttpOnly, same-site cookie, so the second step of a sign-in (a code, a
 * passkey, or a staff member's enrolment of a factor) works only in the browser that gave the first.
 */
export function setLoginAttemptCookie(
  response: FastifyReply,
  attempt: { secret: string; expiresAt: Date },
  publicUrl: string,
) {
  response.setCookie(LOGIN_ATTEMPT_COOKIE, attempt.secret, {
    httpOnly: true,
    sameSite: 'strict',
    // Sent only over TLS when the portal's own address is https.
    secure: publicUrl.startsWith('https:'),
    path: LOGIN_PATH,
    expires: attempt.expiresAt,
  });
}

export const clearLoginAttemptCookie = (response: FastifyReply) =>
  response.clearCookie(LOGIN_ATTEMPT_COOKIE, { path: LOGIN_PATH });
