import { eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { healthSystemVerificationCounts, healthSystemVerifications } from '../src/db/schema';
import { describeOnDatabase } from './helpers';
import { freshStartAt, useAuthApp } from './auth-helpers';
import { adminSession } from './settings-helpers';
import { manyRecords, onboardHealthSystem, updateStatus } from './verification-helpers';

const AT = '2026-05-04T09:00:00.000Z';

describeOnDatabase('Verification record counts', (target) => {
  const testApp = useAuthApp(target);

  it('are kept per health system by the database through many-row inserts, deletes, moves and status updates', async () => {
    const t = testApp();
    await freshStartAt(t, AT);
    await onboardHealthSystem(t, 'lakeside', 'Lakeside Health');
    const counts = async () =>
      Object.fromEntries(
        (await t.db.select().from(healthSystemVerificationCounts)).map((row) => [row.healthSystem, row.total]),
      );

    // The demo patient's record, then 2,500 and 1,200 records, each batch in one statement.
    expect(await counts()).toEqual({ geisinger: 1 });
    const geisinger = await manyRecords(t, 'geisinger', 2_500, AT);
    const lakeside = await manyRecords(t, 'lakeside', 1_200, AT);
    expect(await counts()).toEqual({ geisinger: 2_501, lakeside: 1_200 });

    // A status update of 1,000 records leaves every count as it was.
    const admin = await adminSession(t);
    expect((await updateStatus(admin, { userIds: geisinger.slice(0, 1_000), status: true })).applied).toBe(1_000);
    expect(await counts()).toEqual({ geisinger: 2_501, lakeside: 1_200 });

    // Three records move from Lakeside to Geisinger; then 200 Lakeside records are deleted in one statement.
    await t.db
      .update(healthSystemVerifications)
      .set({ healthSystem: 'geisinger' })
      .where(inArray(healthSystemVerifications.userId, lakeside.slice(0, 3)));
    expect(await counts()).toEqual({ geisinger: 2_504, lakeside: 1_197 });
    await t.db.execute(sql`delete from health_system_verifications
      where user_id in (select unnest(${sql.param(lakeside.slice(1_000))}::uuid[]))`);
    expect(await counts()).toEqual({ geisinger: 2_504, lakeside: 997 });

    // A change that keeps the health system is not a move.
    await t.db
      .update(healthSystemVerifications)
      .set({ healthSystem: 'geisinger' })
      .where(eq(healthSystemVerifications.userId, geisinger[0]!));
    expect(await counts()).toEqual({ geisinger: 2_504, lakeside: 997 });
  });
});
