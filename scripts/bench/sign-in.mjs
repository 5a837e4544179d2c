// Signing in over HTTP as the login form does: the e-mail and password sealed under the portal's payload key.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { root } from '../web-build.mjs';

export const LOGIN_PATH = '/common-server/login';

/** The JSON body of `POST /login` for these credentials, sealed under the base64 payload key. */
export async function sealedLoginBody(payloadKey, email, password) {
  const envelope = pathToFileURL(path.join(root, 'packages/shared/src/crypto/payload-envelope.ts')).href;
  const { importPayloadKey, sealPayload } = await tsImport(envelope, import.meta.url);
  return JSON.stringify(await sealPayload(await importPayloadKey(payloadKey), { email, password }));
}

/** Signs in an account that needs no e-mailed code (an administrator); resolves its access token. */
export async function signIn(baseUrl, payloadKey, email, password) {
  const response = await fetch(`${baseUrl}${LOGIN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: await sealedLoginBody(payloadKey, email, password),
  });
  const reply = await response.json();
  const token = reply?.data?.accessTokenResponse?.access_token;
  if (!response.ok || !token) throw new Error(`sign-in of ${email} failed: HTTP ${response.status}`);
  return token;
}
