import { useMutation } from '@tanstack/react-query';
import { ZLoginReply, ZLoginResult, type LoginErrorCode, POST_LOGIN, POST_LOGIN_OTP } from '@portal/shared/auth/login';
import { ZResendActivationReply, GET_RESEND_ACTIVATION_EMAIL } from '@portal/shared/registration/activation';
import { ApiError, apiRequest, serverMessage } from '../../../lib/api-client';
import { postSealed } from '../../../lib/sealed-request';

/** `POST /login` with e-mail and password each sealed with AES-256-GCM under the server's payload key. */
export async function login(email: string, password: string) {
  return ZLoginResult.parse((await postSealed(POST_LOGIN.path, { email, password }, ZLoginReply)).data);
}

/** `POST /login/otp`; the browser sends the attempt's HttpOnly cookie along. */
export async function verifyLoginCode(otp: string, username: string) {
  const reply = await apiRequest(POST_LOGIN_OTP.path, ZLoginReply, {
    method: POST_LOGIN_OTP.method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ otp, username }),
  });
  return ZLoginResult.parse(reply.data);
}

export function useResendActivation() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(
        `${GET_RESEND_ACTIVATION_EMAIL.path}?${new URLSearchParams({ email }).toString()}`,
        ZResendActivationReply,
      ),
  });
}

/** The code of a refused login (such as SYSTEM_DOWN or LOGIN_OTP_EXPIRED), if the server gave one. */
export function loginErrorCode(error: unknown): LoginErrorCode | undefined {
  return error instanceof ApiError ? (error.data as { errorCode?: LoginErrorCode } | undefined)?.errorCode : undefined;
}

/**
 * What to show for a refused login: the server's message (already in the reader's language), else the
 * general 'Something went wrong. Try again in a few minutes.' (catalog key).
 */
export function loginErrorMessage(error: unknown): string {
  return serverMessage(error) ?? 'error.login.failed';
}
