import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, type Page } from '@playwright/test';
import { createSoftPasskey, signWithSoftPasskey, type SoftPasskey } from '../apps/server/test/soft-passkey';
import { importPayloadKey, sealPayload, type PlainPayload } from '../packages/shared/src/crypto/payload-envelope';
import {
  activationLinkFor,
  expectNoAxeViolations,
  mailsTo,
  today,
  uniqueEmail,
  type Language,
  SLOW_STEP_TIMEOUT_MS,
} from './fixtures';
import { ADMIN_PASSKEY_FILE } from './output-dir';
import { PORTAL_PORT } from './ports';
import { text, textsIn } from './texts';
import { codeAtStep, stepAfter, stepAt } from './totp';

/** Accounts and sign-ins made through the portal's own API, as the web app makes them. */
const API = `http://127.0.0.1:${PORTAL_PORT}/common-server`;
export const PATIENT_PASSWORD = 'Kidney#2026';
/**
 * The first administrator, seeded at the portal's first start (playwright.config.ts) with an authenticator app of
 * this secret (ADMIN_TOTP_SECRET: base32, 160 bits). The journeys sign them in with a passkey the global set-up
 * adds (global-setup.ts), so parallel workers never spend the same app code.
 */
export const ADMIN = {
  email: 'admin@example.org',
  password: 'Admin#Pass1',
  appSecret: 'E2ETESTADMINAPPSECRETKIDNEYSTUDY',
};
/** The origin passkeys answer for: a portal addressed by 127.0.0.1 has the relying party `localhost`. */
export const PASSKEY_ORIGIN = `http://localhost:${PORTAL_PORT}`;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** One call of the portal's API from outside, as a health system's script would make it. */
export async function call<T>(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${API}${path}`, init);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

let payloadKey: ReturnType<typeof importPayloadKey> | undefined;

/** Seals a payload with the key the running portal hands the web app (fetched once). */
async function sealed(payload: PlainPayload) {
  payloadKey ??= call<{ data: { payloadKey: string } }>('/client-config').then((config) =>
    importPayloadKey(config.body.data.payloadKey),
  );
  return JSON.stringify(await sealPayload(await payloadKey, payload));
}

async function solvedCaptcha(): Promise<string> {
  const { body } = await call<{ data: Challenge }>('/captcha/challenge');
  const solution = await solveChallenge({ challenge: body.data, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge: body.data, solution })).toString('base64');
}

/** A 1x1 PNG: a drawn signature as the signature pad sends one. */
const DRAWN_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface CeremonyField {
  id: string;
  type: string;
}

/** Signs the informed consent through the API as the ceremony would: every box ticked, name and date written. */
export async function signConsentByApi(tokens: TokenPair) {
  const headers = { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' };
  const init = await call<{ data: { signUrl: string } }>('/signature/init', { headers });
  const ceremony = await call<{ data: { formId: string; participantName: string; fields: CeremonyField[] } }>(
    init.body.data.signUrl.replace('/common-server', ''),
    { headers },
  );
  const values = Object.fromEntries(
    ceremony.body.data.fields
      .filter((field) => field.type !== 'signature')
      .map((field) => [
        field.id,
        field.type === 'checkbox' ? true : field.type === 'date' ? today() : ceremony.body.data.participantName,
      ]),
  );
  const signed = await call<{ status: boolean }>('/signature/sign', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      formId: ceremony.body.data.formId,
      values,
      signature: { method: 'drawn', image: DRAWN_SIGNATURE },
    }),
  });
  expect(signed.body.status, 'consent signed through the API').toBe(true);
}

/**
 * A participant registered through the API who has not activated the account yet: their activation e-mail is on
 * its way. Each has an address of their own, so journeys never share one; one who chose a health system consented
 * to it, as the registration form asks.
 */
export async function registerPatient(
  language: Language,
  tag = 'patient',
  { healthSystem = 'none' } = {},
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(tag);
  const reply = await call<{ status: boolean }>('/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: await sealed({
      firstName: language === 'en' ? 'Rose' : 'Lucía',
      lastName: language === 'en' ? 'Walker' : 'Ramírez',
      email,
      password: PATIENT_PASSWORD,
      language,
      isAdult: true,
      kidneyDiseaseStatus: true,
      nkfRegistrationParticipation: true,
      birthDate: '05/17/1958',
      postalCode: '60601',
      country: 'USA',
      gender: 'female',
      healthSystem,
      healthSystemConsent: healthSystem !== 'none',
      altcha: await solvedCaptcha(),
    }),
  });
  expect(reply.body.status, 'registration through the API').toBe(true);
  return { email, password: PATIENT_PASSWORD };
}

/**
 * A registered and activated participant; by default they have signed the informed consent already, as most
 * participants the journeys follow have, and chose no health system.
 */
export async function createPatient(
  language: Language,
  tag = 'patient',
  { consented = true, healthSystem = 'none' } = {},
): Promise<{ email: string; password: string }> {
  const account = await registerPatient(language, tag, { healthSystem });
  const { link } = await activationLinkFor(account.email);
  const activation = await call<{ status: boolean }>(`/registrationConfirm${new URL(link).search}`);
  expect(activation.body.status, 'activation through the API').toBe(true);
  if (consented) await signConsentByApi(await apiLogin(account.email, account.password));
  return account;
}

/** A user's ID: the subject of their access token. */
export const userIdOf = (tokens: TokenPair): string =>
  (JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** Starts a questionnaire of the open round through the API, as the Start button does; answers its response's ID. */
export async function startQuestionnaireByApi(tokens: TokenPair, formKey: string): Promise<string> {
  const headers = { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' };
  const widget = await call<{ data: { current: { roundId: string; formKey: string }[] } }>('/survey/widget', {
    headers,
  });
  const entry = widget.body.data.current.find((e) => e.formKey === formKey)!;
  const started = await call<{ status: boolean; data: { responseId: string } }>('/survey/start', {
    method: 'POST',
    headers,
    body: JSON.stringify({ kind: 'round', roundId: entry.roundId, formKey }),
  });
  expect(started.body.status, 'questionnaire started through the API').toBe(true);
  return started.body.data.responseId;
}

/** Answers a questionnaire of the open round through the API and submits it, as its Submit button does. */
export async function submitQuestionnaireByApi(tokens: TokenPair, formKey: string, answers: Record<string, unknown>) {
  const responseId = await startQuestionnaireByApi(tokens, formKey);
  const submitted = await call<{ status: boolean }>(`/survey/response/${responseId}/submit`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ answers }),
  });
  expect(submitted.body.status, 'questionnaire submitted through the API').toBe(true);
}

/** Every login code e-mailed to an address, oldest first (the code stands alone on its line). */
export async function loginCodesTo(email: string): Promise<string[]> {
  return (await mailsTo(email))
    .map((mail) => /^\s*(\d{4,8})\s*$/m.exec(mail.text)?.[1])
    .filter((code): code is string => code !== undefined);
}

/** The newest login code e-mailed to an address, once more than `seen` codes have arrived. */
export async function loginCodeFor(email: string, seen = 0): Promise<string> {
  await expect
    .poll(async () => (await loginCodesTo(email)).length, { timeout: SLOW_STEP_TIMEOUT_MS })
    .toBeGreaterThan(seen);
  return (await loginCodesTo(email)).at(-1)!;
}

interface LoginReply {
  status: boolean;
  message?: string;
  data?: {
    twoFactorEnabled?: boolean;
    accessTokenResponse?: TokenPair;
    secondFactors?: string[];
    enrolmentRequired?: boolean;
  };
}

/** `POST /login` with e-mail and password: the reply, and the login attempt's cookie (`name=value`) for the next step. */
async function passwordStep(email: string, password: string) {
  const login = await call<LoginReply>('/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: await sealed({ email, password }),
  });
  expect(login.body.status, `login through the API: ${login.body.message ?? ''}`).toBe(true);
  return { data: login.body.data ?? {}, cookie: attemptCookieOf(login.headers) };
}

/** The login attempt's cookie a reply set, as a request sends it back. */
export const attemptCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('login_attempt=')) ?? '';

/** A POST of JSON with the login attempt's cookie or a session's token; the reply's body (status checked by the caller). */
function postJson<T>(path: string, body: unknown, auth: { cookie?: string; tokens?: TokenPair }) {
  return call<T>(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(auth.cookie && { Cookie: auth.cookie }),
      ...(auth.tokens && { Authorization: `Bearer ${auth.tokens.access_token}` }),
    },
    body: JSON.stringify(body),
  });
}

// ——— Staff members' second factors, held by the journeys ———

/** A staff member's authenticator app as the journeys hold it: its secret, and the last time step spent. */
interface StaffApp {
  secret: string;
  lastStep: number;
}
/** The apps of the staff accounts this worker made, by address (each journey makes its own accounts). */
const staffApps = new Map<string, StaffApp>();

/** Keeps a staff member's app, after its enrolment spent the code of `spentStep`, for their later sign-ins. */
export function rememberStaffApp(email: string, secret: string, spentStep: number) {
  staffApps.set(email.toLowerCase(), { secret, lastStep: spentStep });
}

/**
 * A request reaches the server within this long: a step at the edge of the server's window of steps is not used
 * when the window may move on before the code arrives.
 */
const CODE_MARGIN_MS = 3_000;

/**
 * A code of the app not spent yet. Each code works once per person, and the server takes the step before or after
 * its own as well (clock drift, TOTP_DRIFT_STEPS), so three codes are good at any moment: the earliest unspent of
 * them is used, and only once all three are spent does this wait for the next step.
 */
async function unusedAppCode(app: StaffApp): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const earliest = Math.max(stepAt(now + CODE_MARGIN_MS) - 1, app.lastStep + 1);
    if (earliest <= stepAt(now) + 1) {
      app.lastStep = earliest;
      return { code: codeAtStep(app.secret, earliest), step: earliest };
    }
    await stepAfter(stepAt(now));
  }
}

/** A code of a staff member's app the journeys hold, not spent yet (see unusedAppCode). */
export async function appCodeOf(email: string): Promise<string> {
  const app = staffApps.get(email.toLowerCase());
  if (!app) throw new Error(`the journeys hold no authenticator app of ${email}`);
  return (await unusedAppCode(app)).code;
}

interface StoredPasskey {
  privateKeyPem: string;
  credentialId: string;
  userHandle: string;
}

let adminPasskey: SoftPasskey | undefined;

/** The administrator's passkey the global set-up added (it keeps no counter, so every worker may sign with it). */
function theAdminPasskey(): SoftPasskey {
  if (adminPasskey) return adminPasskey;
  const stored = JSON.parse(readFileSync(ADMIN_PASSKEY_FILE, 'utf8')) as StoredPasskey;
  adminPasskey = {
    privateKey: createPrivateKey(stored.privateKeyPem),
    credentialId: Buffer.from(stored.credentialId, 'base64url'),
    userHandle: stored.userHandle,
    signCount: 0,
    counts: false,
  };
  return adminPasskey;
}

/**
 * Adds a software passkey that keeps no counter to a session's staff member, as the Your security page does, and
 * answers it with the PKCS#8 form to keep. Adding a factor ends the member's other sessions, so it is done right
 * after their sign-in, whose factor also means no step-up is asked.
 */
export async function addSoftPasskey(tokens: TokenPair): Promise<{ passkey: SoftPasskey; stored: StoredPasskey }> {
  const options = await postJson<{ status: boolean; data: Parameters<typeof createSoftPasskey>[0] }>(
    '/staff-security/passkeys/options',
    {},
    { tokens },
  );
  expect(options.status, 'passkey options through the API').toBe(200);
  const { passkey, response } = createSoftPasskey(options.body.data, PASSKEY_ORIGIN, false);
  const added = await postJson<{ status: boolean }>(
    '/staff-security/passkeys',
    { response, name: 'Journeys' },
    { tokens },
  );
  expect(added.body.status, 'passkey added through the API').toBe(true);
  return {
    passkey,
    stored: {
      privateKeyPem: passkey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      credentialId: passkey.credentialId.toString('base64url'),
      userHandle: passkey.userHandle,
    },
  };
}

/** Signs a staff member in with a passkey alone (a discoverable credential says whose account it is). */
async function passkeySignIn(passkey: SoftPasskey): Promise<TokenPair> {
  const options = await postJson<{ data: { challenge: string; rpId?: string } }>('/login/passkey/options', {}, {});
  const response = signWithSoftPasskey(passkey, options.body.data, PASSKEY_ORIGIN);
  const signedIn = await postJson<LoginReply>('/login/passkey', { response }, {});
  expect(signedIn.body.status, `passkey sign-in through the API: ${signedIn.body.message ?? ''}`).toBe(true);
  return signedIn.body.data!.accessTokenResponse!;
}

/** The second step of a staff sign-in with an app or recovery code, on the password step's cookie. */
async function staffCodeStep(email: string, cookie: string, otp: string) {
  return postJson<LoginReply>('/login/otp', { otp, username: email }, { cookie });
}

/**
 * The first administrator signs in with the password and their app's current code (the seeded ADMIN_TOTP_SECRET),
 * as only the global set-up does. A rerun within the same 30 s on the same data finds the code spent, and waits for
 * the next one.
 */
export async function adminSignsInWithApp(): Promise<TokenPair> {
  for (let attempt = 1; ; attempt++) {
    const { cookie } = await passwordStep(ADMIN.email, ADMIN.password);
    const step = stepAt(Date.now());
    const reply = await staffCodeStep(ADMIN.email, cookie, codeAtStep(ADMIN.appSecret, step));
    if (reply.body.status) return reply.body.data!.accessTokenResponse!;
    if (attempt === 2) throw new Error(`the administrator's app code was refused: ${reply.body.message}`);
    await stepAfter(step);
  }
}

/**
 * Signs in through the API: a participant with the e-mailed code when the security policy asks for one; the
 * administrator with their passkey; another staff member the journeys made with their password and a code of
 * their app.
 */
export async function apiLogin(email: string, password: string): Promise<TokenPair> {
  if (email.toLowerCase() === ADMIN.email) return passkeySignIn(theAdminPasskey());
  const seen = (await loginCodesTo(email)).length;
  const login = await passwordStep(email, password);
  if (login.data.accessTokenResponse) return login.data.accessTokenResponse;
  if (login.data.enrolmentRequired) throw new Error(`${email} has no second factor yet`);
  if (login.data.secondFactors) {
    const reply = await staffCodeStep(email, login.cookie, await appCodeOf(email));
    expect(reply.body.status, `app code through the API: ${reply.body.message ?? ''}`).toBe(true);
    return reply.body.data!.accessTokenResponse!;
  }
  const otp = await postJson<LoginReply>(
    '/login/otp',
    { otp: await loginCodeFor(email, seen), username: email },
    { cookie: login.cookie },
  );
  expect(otp.body.status, 'login code through the API').toBe(true);
  return otp.body.data!.accessTokenResponse!;
}

/**
 * A staff member's enrolment through the API, on the login attempt's cookie of their accepted invitation (or of a
 * sign-in that asked for one): a new app, confirmed with its code, kept for their later sign-ins. The code given is
 * the step before the current one, which the server still takes (clock drift), so their first sign-in may use the
 * current code at once. Answers the session it opens and the ten recovery codes.
 */
export async function enrolAppByApi(email: string, cookie: string) {
  const started = await postJson<{ status: boolean; data: { factorId: string; secret: string } }>(
    '/login/enrolment/app',
    {},
    { cookie },
  );
  expect(started.body.status, 'enrolment of an app through the API').toBe(true);
  const { factorId, secret } = started.body.data;
  const app: StaffApp = { secret, lastStep: -1 };
  const { code, step } = await unusedAppCode(app);
  const confirmed = await postJson<{
    status: boolean;
    message?: string;
    data: { recoveryCodes: string[]; accessTokenResponse: TokenPair };
  }>('/login/enrolment/app/confirm', { factorId, otp: code }, { cookie });
  expect(confirmed.body.status, `app confirmed through the API: ${confirmed.body.message ?? ''}`).toBe(true);
  rememberStaffApp(email, secret, step);
  return confirmed.body.data;
}

/**
 * Opens an e-mailed activation link: the account is active, the page passes the accessibility check, and its
 * Log in link leads to the login page.
 */
export async function activateThroughLink(page: Page, language: Language, link: string) {
  const t = textsIn(language);
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: t('registration.activated') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('main')
    .getByRole('link', { name: t('registration.confirm.login') })
    .click();
  await expect(page).toHaveURL(/\/login-patient$/);
}

/** Fills the login form as a person would and presses Login, in the page's language. */
export async function logInWithForm(page: Page, language: Language, email: string, password: string) {
  await page.getByRole('textbox', { name: text(language, 'login.email') }).fill(email);
  await page.getByRole('textbox', { name: text(language, 'login.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
}

/**
 * Stores a real session in the page's local storage, as a sign-in would. It is written once, from a
 * light page of the portal, so a later sign-out in the test really leaves the browser signed out. `origin` names
 * another address of the portal than the journeys' own (http://localhost:<port>, where passkeys work).
 */
export async function useSignedIn(page: Page, tokens: TokenPair, origin = '') {
  await page.goto(`${origin}/404`);
  await page.evaluate((pair) => {
    localStorage.setItem('authorize', JSON.stringify({ ...pair, expires_at: Date.now() + pair.expires_in * 1000 }));
  }, tokens);
}
