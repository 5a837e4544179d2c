import {
  POST_ENROLMENT_APP,
  POST_ENROLMENT_APP_CONFIRM,
  POST_ENROLMENT_PASSKEY,
  POST_ENROLMENT_PASSKEY_OPTIONS,
  POST_STEP_UP,
  POST_STEP_UP_PASSKEY,
  POST_STEP_UP_PASSKEY_OPTIONS,
  ZEnrolledReply,
  ZNewAppSecretReply,
  ZPasskeyOptionsReply,
  ZSecurityMessageReply,
  type ZAddPasskeyRequest,
  type ZConfirmAppRequest,
  type ZPasskeySignInRequest,
  type ZStepUpRequest,
} from '@portal/shared/staff/second-factor';
import type { z } from 'zod';
import { apiRequest, authorizedRequest, jsonRequest } from '../../lib/api-client';
import { assertPasskey, createPasskey } from './webauthn';

/**
 * The enrolment's calls are public: the login attempt's HttpOnly cookie (set by the password, or by accepting the
 * invitation) says whose account it is, and the browser sends it along. Each answers 401 once the attempt expired.
 */
export async function startAppEnrolment() {
  return (await apiRequest(POST_ENROLMENT_APP.path, ZNewAppSecretReply, jsonRequest(POST_ENROLMENT_APP.method))).data!;
}

/** The app's first code proves it: the recovery codes, and the session the enrolment opens. */
export async function confirmAppEnrolment(body: z.input<typeof ZConfirmAppRequest>) {
  const { path, method } = POST_ENROLMENT_APP_CONFIRM;
  return (await apiRequest(path, ZEnrolledReply, jsonRequest(method, body))).data!;
}

/** A passkey made for the server's options, then sent back with its name: the recovery codes and the session. */
export async function enrolPasskey(name: string | undefined) {
  const { path, method } = POST_ENROLMENT_PASSKEY_OPTIONS;
  const options = (await apiRequest(path, ZPasskeyOptionsReply, jsonRequest(method))).data!;
  const body: z.input<typeof ZAddPasskeyRequest> = { response: await createPasskey(options), name };
  return (
    await apiRequest(POST_ENROLMENT_PASSKEY.path, ZEnrolledReply, jsonRequest(POST_ENROLMENT_PASSKEY.method, body))
  ).data!;
}

/** Step-up with an app or recovery code: the server's message. */
export async function stepUpWithCode(otp: string) {
  const body: z.input<typeof ZStepUpRequest> = { otp };
  return (await authorizedRequest(POST_STEP_UP.path, ZSecurityMessageReply, jsonRequest(POST_STEP_UP.method, body)))
    .message;
}

/** Step-up with a passkey: the server's options for this member's passkeys, the browser's answer sent back. */
export async function stepUpWithPasskey() {
  const { path, method } = POST_STEP_UP_PASSKEY_OPTIONS;
  const options = (await authorizedRequest(path, ZPasskeyOptionsReply, jsonRequest(method))).data!;
  const body: z.input<typeof ZPasskeySignInRequest> = { response: await assertPasskey(options) };
  const { path: answerPath, method: answerMethod } = POST_STEP_UP_PASSKEY;
  return (await authorizedRequest(answerPath, ZSecurityMessageReply, jsonRequest(answerMethod, body))).message;
}
