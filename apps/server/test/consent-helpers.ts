import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TCeremony, TSignRequest } from '@portal/shared/consent/ceremony';
import { formatDate } from '@portal/shared/dates';
import type { Language } from '@portal/shared/constants';
import type { TestApp } from './helpers';
import { signIn, type Tokens } from './auth-helpers';
import type { PlainPayload } from '@portal/shared/crypto/payload-envelope';
import { API, confirm, registerParticipant, userByEmail } from './registration-helpers';

/** A real 1x1 PNG, as the signature pad sends a drawing. */
export const DRAWN_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface SignedInParticipant {
  email: string;
  userId: string;
  tokens: Tokens;
}

/** Registers, activates and signs in a participant of its own. */
export async function signedInParticipant(t: TestApp, overrides: PlainPayload = {}): Promise<SignedInParticipant> {
  const registered = await registerParticipant(t, overrides);
  expect((await confirm(t, registered)).statusCode).toBe(200);
  const tokens = await signIn(t, registered.email);
  t.mail.delivered.length = 0;
  return { email: registered.email, userId: (await userByEmail(t, registered.email))!.id, tokens };
}

/** An authenticated call; `language` sets the preferredLanguage cookie. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string | undefined,
  options: { payload?: unknown; language?: Language } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: path.startsWith(API) ? path : `${API}${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      'user-agent': 'ConsentTest/1.0',
    },
    ...(options.payload !== undefined ? { payload: JSON.stringify(options.payload) } : {}),
    cookies: options.language ? { preferredLanguage: options.language } : {},
  });
}

/** `GET /signature/init`, then the ceremony its signUrl names. */
export async function openCeremony(t: TestApp, token: string): Promise<TCeremony> {
  const init = await call(t, 'GET', '/signature/init', token);
  expect(init.statusCode, init.body).toBe(200);
  const ceremony = await call(t, 'GET', init.json().data.signUrl, token);
  expect(ceremony.statusCode, ceremony.body).toBe(200);
  return ceremony.json().data;
}

/** A complete signing of a ceremony's form: every box ticked, name and today's date written, a drawn signature. */
export function completeSigning(t: TestApp, ceremony: TCeremony, overrides: Partial<TSignRequest> = {}): TSignRequest {
  const values: TSignRequest['values'] = {};
  for (const field of ceremony.fields) {
    if (field.type === 'checkbox') values[field.id] = true;
    if (field.type === 'text') values[field.id] = ceremony.participantName;
    if (field.type === 'date') values[field.id] = formatDate(t.clock.now());
  }
  return { formId: ceremony.formId, values, signature: { method: 'drawn', image: DRAWN_PNG }, ...overrides };
}

export const sign = (t: TestApp, token: string, request: unknown, language?: Language) =>
  call(t, 'POST', '/signature/sign', token, { payload: request, language });

/** Opens the ceremony and signs it completely; expects success. */
export async function signConsent(t: TestApp, token: string): Promise<TCeremony> {
  const ceremony = await openCeremony(t, token);
  const reply = await sign(t, token, completeSigning(t, ceremony));
  expect(reply.statusCode, reply.body).toBe(200);
  return ceremony;
}

/** The id of the first field of a type. */
export const fieldOf = (ceremony: TCeremony, type: string) => ceremony.fields.find((f) => f.type === type)!.id;
