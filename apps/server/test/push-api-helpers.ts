import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Language } from '@portal/shared/constants';
import { healthSystemVerifications, users } from '../src/db/schema';
import type { TestApp } from './helpers';
import { API, uniqueEmail } from './registration-helpers';
import type { AdminCall } from './settings-helpers';

export const KEYS = '/health-system-api-keys';
export const PARTICIPANTS = '/health-system-api/participants';
export const VERIFICATIONS = '/health-system-api/verifications';

/** A participant with a verification record, written straight to the database (the lists need many rows). */
export async function verificationRecord(
  t: TestApp,
  values: {
    healthSystem: string;
    consentedAt: string;
    isVerified?: boolean | null;
    withdrawn?: boolean;
    firstName?: string;
  },
): Promise<string> {
  const [user] = await t.db
    .insert(users)
    .values({
      email: uniqueEmail('verification'),
      passwordHash: 'not-a-password',
      role: 'patient',
      status: values.withdrawn ? 'withdrawn' : 'active',
      firstName: values.firstName ?? 'Ana',
      lastName: 'Vega',
      birthDate: '1960-05-17',
      postalCode: '60601',
      healthSystem: values.healthSystem,
    })
    .returning({ id: users.id });
  await t.db.insert(healthSystemVerifications).values({
    userId: user!.id,
    healthSystem: values.healthSystem,
    isVerified: values.isVerified ?? null,
    consentedAt: new Date(values.consentedAt),
    createdAt: new Date(values.consentedAt),
    updatedAt: new Date(values.consentedAt),
  });
  return user!.id;
}

/** Issues a key as the administrator, expecting it to be issued; the key and its id. */
export async function issueKey(admin: AdminCall, healthSystem: string, label = 'Records team') {
  const reply = await admin('POST', KEYS, { payload: { healthSystem, label } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { id: string; key: string; keyPrefix: string };
}

/** A call of the push API with `key` in X-Api-Key (none when undefined). */
export function pushApi(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  key: string | undefined,
  options: { payload?: unknown; language?: Language } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    headers: {
      ...(key !== undefined ? { 'x-api-key': key } : {}),
      ...(options.payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.payload !== undefined ? { payload: JSON.stringify(options.payload) } : {}),
    cookies: options.language ? { preferredLanguage: options.language } : {},
  });
}

/** The push of `statuses` (userId → status). */
export const push = (t: TestApp, key: string, statuses: [string, boolean][], language?: Language) =>
  pushApi(t, 'POST', VERIFICATIONS, key, {
    payload: { updates: statuses.map(([userId, status]) => ({ userId, status })) },
    language,
  });
