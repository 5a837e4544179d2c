import { useMutation } from '@tanstack/react-query';
import { ZLoginReply, ZLoginResult, POST_LOGIN, POST_LOGIN_OTP } from '@portal/shared/auth/login';
import { ZResendActivationReply, GET_RESEND_ACTIVATION_EMAIL } from '@portal/shared/registration/activation';
import {
  POST_LOGIN_PASSKEY,
  POST_LOGIN_PASSKEY_OPTIONS,
  POST_LOGIN_PASSKEY_STEP_OPTIONS,
  ZPasskeyOptionsReply,
  type ZPasskeySignInRequest,
} from '@portal/shared/staff/second-factor';
import type { z } from 'zod';
import { apiRequest, jsonRequest, serverMessage } from '../../../lib/api-client';
import { assertPasskey } from '../../../components/second-factor/webauthn';
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

/**
 * A passkey sign-in: the server's options, the browser's ceremony, and `POST /login/passkey` with its answer, which
 * answers the tokens. `optionsCall` is `POST /login/passkey/options` for a passkey alone (no e-mail or password, the
 * passkey says whose account), or `POST /login/passkey/step-options` for the step after the password (the attempt's
 * cookie says whose passkeys).
 */
async function passkeySignIn(optionsCall: typeof POST_LOGIN_PASSKEY_OPTIONS | typeof POST_LOGIN_PASSKEY_STEP_OPTIONS) {
  const options = (await apiRequest(optionsCall.path, ZPasskeyOptionsReply, jsonRequest(optionsCall.method))).data!;
  const body: z.input<typeof ZPasskeySignInRequest> = { response: await assertPasskey(options) };
  const reply = await apiRequest(POST_LOGIN_PASSKEY.path, ZLoginReply, jsonRequest(POST_LOGIN_PASSKEY.method, body));
  return ZLoginResult.parse(reply.data);
}

/** "Sign in with a passkey", without e-mail or password (a staff member's discoverable passkey). */
export const signInWithPasskey = () => passkeySignIn(POST_LOGIN_PASSKEY_OPTIONS);

/** A staff member's passkey as the second step, after the password. */
export const verifyLoginPasskey = () => passkeySignIn(POST_LOGIN_PASSKEY_STEP_OPTIONS);

export function useResendActivation() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(
        `${GET_RESEND_ACTIVATION_EMAIL.path}?${new URLSearchParams({ email }).toString()}`,
        ZResendActivationReply,
      ),
  });
}

/**
 * What to show for a refused login: the server's message (already in the reader's language), else the
 * general 'Something went wrong. Try again in a few minutes.' (catalog key).
 */
export function loginErrorMessage(error: unknown): string {
  return serverMessage(error) ?? 'error.login.failed';
}
