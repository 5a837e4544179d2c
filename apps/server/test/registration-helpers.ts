import { importPayloadKey, sealPayload, type PlainPayload } from '@portal/shared/crypto/payload-envelope';
import type { Language } from '@portal/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../src/db/schema';
import type { TestApp } from './helpers';

export const API = '/common-server';

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(label = 'participant'): string {
  counter += 1;
  return `${label}.${counter}.${process.pid}@example.org`;
}

/** A complete, valid registration in the wizard's terms (booleans still booleans). */
export function registration(overrides: PlainPayload = {}): PlainPayload {
  return {
    firstName: 'Ana',
    lastName: 'Núñez',
    email: uniqueEmail(),
    password: 'Kidney#2026',
    language: 'en',
    isAdult: true,
    kidneyDiseaseStatus: true,
    nkfRegistrationParticipation: true,
    birthDate: '05/17/1960',
    postalCode: '60601',
    country: 'USA',
    gender: 'female',
    healthSystem: 'none',
    healthSystemConsent: false,
    ...overrides,
  };
}

export interface CallOptions {
  language?: Language;
  remoteAddress?: string;
}

const cookiesFor = (options: CallOptions): Record<string, string> =>
  options.language ? { preferredLanguage: options.language } : {};

/** POSTs a body as it is, sealed or not. */
export function postRaw(
  testApp: TestApp,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `${API}${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    cookies: cookiesFor(options),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** POSTs a payload with every value sealed under the app's PAYLOAD_KEY, as the web app does. */
export async function postSealed(
  testApp: TestApp,
  path: string,
  payload: PlainPayload,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const sealed = await sealPayload(await importPayloadKey(testApp.env.PAYLOAD_KEY), payload);
  return postRaw(testApp, path, sealed, options);
}

export function get(
  testApp: TestApp,
  path: string,
  query: Record<string, string> = {},
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(query).toString();
  return testApp.app.inject({
    method: 'GET',
    url: `${API}${path}${search ? `?${search}` : ''}`,
    cookies: cookiesFor(options),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The token and id of an activation link. */
export function linkParts(link: string): { token: string; id: string } {
  const url = new URL(link);
  return { token: url.searchParams.get('token') ?? '', id: url.searchParams.get('id') ?? '' };
}

/** The activation links e-mailed to an address so far, oldest first. */
export async function activationLinks(testApp: TestApp, email: string): Promise<string[]> {
  await testApp.app.services.mailer.idle();
  return testApp.mail.to(email).flatMap((m) => m.links);
}

/** Registers a participant (expecting success) and returns the address and the e-mailed link. */
export async function registerParticipant(testApp: TestApp, overrides: PlainPayload = {}) {
  const payload = registration(overrides);
  const reply = await postSealed(testApp, '/register', payload);
  if (reply.statusCode !== 200) throw new Error(`registration failed: ${reply.statusCode} ${reply.body}`);
  const email = String(payload.email);
  const links = await activationLinks(testApp, email);
  const link = links.at(-1);
  if (!link) throw new Error(`no activation e-mail for ${email}`);
  return { email, link, ...linkParts(link) };
}

/** The live account of an address, if any. */
export async function userByEmail(testApp: TestApp, email: string) {
  const [row] = await testApp.db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.status} <> 'withdrawn'`));
  return row;
}

export async function userById(testApp: TestApp, id: string) {
  const [row] = await testApp.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Only the query parameters that are given. */
const defined = (query: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** Opens an activation link: only its token and id are sent, those that are given. */
export const confirm = (testApp: TestApp, link: { token?: string; id?: string }, options?: CallOptions) =>
  get(testApp, '/registrationConfirm', defined({ token: link.token, id: link.id }), options);

export const resend = (testApp: TestApp, query: { email?: string; id?: string }, options?: CallOptions) =>
  get(testApp, '/resendActivationEmail', defined(query), options);
