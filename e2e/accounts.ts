import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, type Page } from '@playwright/test';
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
import { PORTAL_PORT } from './ports';
import { text, textsIn } from './texts';

/** Accounts and sign-ins made through the portal's own API, as the web app makes them. */
const API = `http://127.0.0.1:${PORTAL_PORT}/common-server`;
export const PATIENT_PASSWORD = 'Kidney#2026';
export const ADMIN = { email: 'admin@example.org', password: 'Admin#Pass1' };

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

/** Signs in through the API, with the e-mailed code when the security policy asks for one. */
export async function apiLogin(email: string, password: string): Promise<TokenPair> {
  const seen = (await loginCodesTo(email)).length;
  const login = await call<{ status: boolean; data: { twoFactorEnabled: boolean; accessTokenResponse?: TokenPair } }>(
    '/login',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: await sealed({ email, password }) },
  );
  expect(login.body.status, 'login through the API').toBe(true);
  if (login.body.data.accessTokenResponse) return login.body.data.accessTokenResponse;
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const otp = await call<{ status: boolean; data: { accessTokenResponse: TokenPair } }>('/login/otp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ otp: await loginCodeFor(email, seen), username: email }),
  });
  expect(otp.body.status, 'login code through the API').toBe(true);
  return otp.body.data.accessTokenResponse;
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
  await page.getByRole('button', { name: text(language, 'login.submit') }).click();
}

/**
 * Stores a real session in the page's local storage, as a sign-in would. It is written once, from a
 * light page of the portal, so a later sign-out in the test really leaves the browser signed out.
 */
export async function useSignedIn(page: Page, tokens: TokenPair) {
  await page.goto('/404');
  await page.evaluate((pair) => {
    localStorage.setItem('authorize', JSON.stringify({ ...pair, expires_at: Date.now() + pair.expires_in * 1000 }));
  }, tokens);
}
