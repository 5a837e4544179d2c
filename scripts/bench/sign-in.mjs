// Signing in over HTTP as the login form does: the e-mail and password sealed under the portal's payload key.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { tsImport } from 'tsx/esm/api';
import { root } from '../web-build.mjs';

export const LOGIN_PATH = '/common-server/login';

/** The JSON body of `POST /login` for these credentials, sealed under the base64 payload key. */
export async function sealedLoginBody(payloadKey, email, password) {
  const envelope = pathToFileURL(path.join(root, 'packages/shared/src/crypto/payload-envelope.ts')).href;
  const { importPayloadKey, sealPayload } = await tsImport(envelope, import.meta.url);
  return JSON.stringify(await sealPayload(await importPayloadKey(payloadKey), { email, password }));
}

/** A base32 authenticator-app secret of 160 bits, for `ADMIN_TOTP_SECRET`. */
export const newAppSecret = () => new Secret({ size: 20 }).base32;

/** The app's current RFC 6238 code (SHA-1, 6 digits, 30 s). */
const appCode = (secret) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

async function postJson(url, body, cookie) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie && { Cookie: cookie }) },
    body: JSON.stringify(body ?? {}),
  });
  return { response, reply: await response.json() };
}

/**
 * Signs a staff member in as the web app does and resolves their access token: the password, then the current code
 * of their authenticator app (`appSecret`, such as `ADMIN_TOTP_SECRET`), or, for an account without a factor, the
 * enrolment of a new app with its first code. Each app code works once: sign one person in once per 30 seconds.
 */
export async function signIn(baseUrl, payloadKey, email, password, appSecret) {
  const first = await fetch(`${baseUrl}${LOGIN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: await sealedLoginBody(payloadKey, email, password),
  });
  const data = (await first.json())?.data;
  const cookie = first.headers.get('set-cookie')?.split(';')[0];
  let second;
  if (data?.accessTokenResponse) second = { response: first, reply: { data } };
  else if (data?.enrolmentRequired) {
    const app = await postJson(`${baseUrl}${LOGIN_PATH}/enrolment/app`, {}, cookie);
    const { factorId, secret } = app.reply.data;
    second = await postJson(
      `${baseUrl}${LOGIN_PATH}/enrolment/app/confirm`,
      { factorId, otp: appCode(secret) },
      cookie,
    );
  } else if (appSecret)
    second = await postJson(`${baseUrl}${LOGIN_PATH}/otp`, { otp: appCode(appSecret), username: email }, cookie);
  const token = second?.reply?.data?.accessTokenResponse?.access_token;
  if (!first.ok || !second?.response.ok || !token)
    throw new Error(`sign-in of ${email} failed: HTTP ${first.status} ${second?.response.status ?? ''}`);
  return token;
}
