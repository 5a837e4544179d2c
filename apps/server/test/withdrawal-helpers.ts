import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { consentWithdrawals, manualWithdrawalRequests, users } from '../src/db/schema';
import type { TestApp } from './helpers';
import type { AdminCall } from './settings-helpers';

export const HOLD_MS = 3_600_000;
export const REQUESTS = '/consent/manual-withdraw';

/**
 * A participant who withdrew at `at`, written straight to the database: for lists that need many rows. The
 * withdrawal itself is tested through the API.
 */
export async function withdrawnParticipant(
  t: TestApp,
  values: {
    email: string;
    at: string;
    reason?: string;
    firstName?: string;
    source?: 'participant' | 'manual';
    /** The health system they chose (a database value); none unless given. */
    healthSystem?: string;
  },
) {
  const [user] = await t.db
    .insert(users)
    .values({
      email: values.email,
      passwordHash: 'not-a-password',
      role: 'patient',
      status: 'withdrawn',
      firstName: values.firstName ?? 'Rosa',
      lastName: 'Vega',
      healthSystem: values.healthSystem,
    })
    .returning({ id: users.id });
  await t.db.insert(consentWithdrawals).values({
    userId: user!.id,
    withdrawnAt: new Date(values.at),
    reason: values.reason ?? 'Personal reasons',
    source: values.source ?? 'participant',
  });
  return user!.id;
}

/** Records a manual withdrawal request as the administrator, expecting it to be accepted. */
export async function recordRequest(admin: AdminCall, email: string, reason = 'Asked by phone') {
  const reply = await admin('POST', REQUESTS, { payload: { email, reason } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply;
}

/** The requests of an address, whatever became of them. */
export const requestsOf = (t: TestApp, userId: string) =>
  t.db.select().from(manualWithdrawalRequests).where(eq(manualWithdrawalRequests.userId, userId));

export const withdrawalsOf = (t: TestApp, userId: string) =>
  t.db.select().from(consentWithdrawals).where(eq(consentWithdrawals.userId, userId));
