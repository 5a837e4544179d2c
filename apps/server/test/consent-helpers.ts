import { expect } from 'vitest';
import type { TCeremony, TSignRequest } from '@portal/shared/consent/ceremony';
import { formatDate } from '@portal/shared/dates';
import type { Language } from '@portal/shared/constants';
import type { TestApp } from './helpers';
import { call } from './participant-helpers';

/** A real 1x1 PNG, as the signature pad sends a drawing. */
export const DRAWN_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

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
