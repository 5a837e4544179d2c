import { asc, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { healthSystems, healthSystemVerifications, verificationBatches, verificationChanges } from '../src/db/schema';
import type { TestApp } from './helpers';
import { verificationRecord } from './push-api-helpers';
import type { AdminCall } from './settings-helpers';

export { verificationRecord } from './push-api-helpers';

export const RECORDS = '/health-system-verification';
export const NOT_EXISTS = `${RECORDS}/not-exists`;
export const BATCHES = `${RECORDS}/batches`;
export const SEARCH_NEEDED = 'Please enter valid User ID or select health system';

/** A health system onboarded straight in the database (the demo seed has geisinger and riverside). */
export async function onboardHealthSystem(t: TestApp, databaseValue: string, name: string, isActive = true) {
  await t.db.insert(healthSystems).values({
    databaseValue,
    name,
    description: `${name}, for the tests.`,
    dropdownLabels: { en: name, sp: name },
    isActive,
  });
}

/** Participants with records of a health system, each updated at its own instant; their IDs in that order. */
export async function recordsAt(t: TestApp, healthSystem: string, instants: string[], withdrawn = false) {
  const ids: string[] = [];
  for (const consentedAt of instants) ids.push(await verificationRecord(t, { healthSystem, consentedAt, withdrawn }));
  return ids;
}

/** `count` pending participants of a health system, consented and updated at `at`, in one statement; their IDs, sorted. */
export async function manyRecords(t: TestApp, healthSystem: string, count: number, at: string) {
  const result = await t.db.execute(sql`
    with made as (
      insert into users (email, password_hash, role, status, first_name, last_name, health_system)
      select 'many.' || g || '.' || ${healthSystem} || '@example.org', 'not-a-password', 'patient', 'active',
        'Ana', 'Vega', ${healthSystem}
      from generate_series(1, ${count}::int) g
      returning id
    )
    insert into health_system_verifications (user_id, health_system, consented_at, created_at, updated_at)
    select id, ${healthSystem}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz from made
    returning user_id::text as id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id).sort();
}

/** Searches as the administrator, expecting the page. */
export async function search(admin: AdminCall, filter: object, query = '') {
  const reply = await admin('POST', `${RECORDS}${query}`, { payload: filter });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { content: Record<string, unknown>[]; totalElements: number };
}

/** Updates as the administrator, expecting it to be done; the batch. */
export async function updateStatus(admin: AdminCall, payload: object) {
  const reply = await admin('PUT', RECORDS, { payload });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { batchId: string; applied: number; skipped: number };
}

/** The status of each record of `userIds`, by ID. */
export async function statusesOf(t: TestApp, userIds: string[]) {
  const rows = await t.db
    .select({ userId: healthSystemVerifications.userId, isVerified: healthSystemVerifications.isVerified })
    .from(healthSystemVerifications)
    .where(inArray(healthSystemVerifications.userId, userIds));
  return Object.fromEntries(rows.map((row) => [row.userId, row.isVerified]));
}

/** The changes of a batch (user, old, new), by user ID. */
export const changesOf = (t: TestApp, batchId: string) =>
  t.db
    .select({
      userId: verificationChanges.userId,
      oldStatus: verificationChanges.oldStatus,
      newStatus: verificationChanges.newStatus,
    })
    .from(verificationChanges)
    .where(eq(verificationChanges.batchId, batchId))
    .orderBy(asc(verificationChanges.userId));

export const batchRows = (t: TestApp) => t.db.select().from(verificationBatches);
