import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf, type CallMethod } from '@portal/shared/api/call';
import {
  DELETE_MY_FACTOR,
  DELETE_MY_SESSION,
  GET_MY_SECURITY,
  POST_END_OTHER_SESSIONS,
  POST_MY_APP,
  POST_MY_APP_CONFIRM,
  POST_MY_PASSKEY,
  POST_MY_PASSKEY_OPTIONS,
  POST_MY_RECOVERY_CODES,
  ZMySecurityReply,
  ZNewAppSecretReply,
  ZPasskeyOptionsReply,
  ZRecoveryCodesReply,
  ZSecurityMessageReply,
  type ZAddPasskeyRequest,
  type ZConfirmAppRequest,
} from '@portal/shared/staff/second-factor';
import type { z } from 'zod';
import { createPasskey } from '../../../components/second-factor/webauthn';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';

/** Every query of the page: a change to a method, the codes or a session loads it again. */
const SECURITY_KEY = ['my-security'];

/** `GET /staff-security`: the signed-in staff member's sign-in methods, recovery codes left, and sessions. */
export function useMySecurity() {
  return useQuery({
    queryKey: SECURITY_KEY,
    queryFn: async () => (await authorizedRequest(GET_MY_SECURITY.path, ZMySecurityReply)).data!,
  });
}

/** A change to one's own security: the call, then the page loaded again. */
function useSecurityChange<Argument, Result>(call: (argument: Argument) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: SECURITY_KEY }),
  });
}

/** A call whose reply is only the server's message (already in the reader's language). */
const change = async ({ path, method }: { path: string; method: CallMethod }, body?: unknown) =>
  (await authorizedRequest(path, ZSecurityMessageReply, jsonRequest(method, body))).message;

/** `POST /staff-security/app`: a new app's secret, proven by its first code before it counts. */
export async function startMyApp() {
  return (await authorizedRequest(POST_MY_APP.path, ZNewAppSecretReply, jsonRequest(POST_MY_APP.method))).data!;
}

/** `POST /staff-security/app/confirm`: the new app's first code, and its name. */
export const useConfirmMyApp = () =>
  useSecurityChange((body: z.input<typeof ZConfirmAppRequest>) => change(POST_MY_APP_CONFIRM, body));

/** A new passkey: the server's options, the browser's ceremony, then `POST /staff-security/passkeys` with its name. */
export const useAddMyPasskey = () =>
  useSecurityChange(async (name: string | undefined) => {
    const { path, method } = POST_MY_PASSKEY_OPTIONS;
    const options = (await authorizedRequest(path, ZPasskeyOptionsReply, jsonRequest(method))).data!;
    const body: z.input<typeof ZAddPasskeyRequest> = { response: await createPasskey(options), name };
    return change(POST_MY_PASSKEY, body);
  });

/** `DELETE /staff-security/factors/:id`: the server refuses the last one. */
export const useRemoveFactor = () =>
  useSecurityChange((id: string) => change({ ...DELETE_MY_FACTOR, path: pathOf(DELETE_MY_FACTOR.path, { id }) }));

/** `POST /staff-security/recovery-codes`: ten new codes (the old ones stop working), and the server's message. */
export const useMakeRecoveryCodes = () =>
  useSecurityChange(async () => {
    const { path, method } = POST_MY_RECOVERY_CODES;
    const reply = await authorizedRequest(path, ZRecoveryCodesReply, jsonRequest(method));
    return { codes: reply.data!.recoveryCodes, message: reply.message };
  });

/** `DELETE /staff-security/sessions/:id`: signs that device out. */
export const useEndSession = () =>
  useSecurityChange((id: string) => change({ ...DELETE_MY_SESSION, path: pathOf(DELETE_MY_SESSION.path, { id }) }));

/** `POST /staff-security/sessions/end-others`: every session but this one ends. */
export const useEndOtherSessions = () => useSecurityChange(() => change(POST_END_OTHER_SESSIONS));
