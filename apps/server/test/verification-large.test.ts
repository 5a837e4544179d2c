import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { freshStartAt, useAuthApp } from './auth-helpers';
import { adminSession, dataOf } from './settings-helpers';
import { BATCHES, manyRecords, NOT_EXISTS, search, updateStatus } from './verification-helpers';

const START = '2026-05-04T09:00:00.000Z';
const LARGE_MS = 120_000;

describeOnDatabase('Verification of 100,000 records at once', (target) => {
  const testApp = useAuthApp(target);

  it(
    'searches, checks, updates and undoes 100,000 IDs in one call each',
    async () => {
      const t = testApp();
      await freshStartAt(t, START);
      const ids = await manyRecords(t, 'riverside', 100_000, '2026-04-01T08:00:00.000Z');
      // Every tenth ID in upper case, as a spreadsheet may give them.
      const typed = ids.map((id, i) => (i % 10 === 0 ? id.toUpperCase() : id));
      const admin = await adminSession(t);

      const page = await search(admin, { userIds: typed, healthSystem: 'riverside' }, '?size=100&sort=userId,asc');
      expect(page.totalElements).toBe(100_000);
      expect(page.content.map((r) => r.userId)).toEqual(ids.slice(0, 100));
      expect((await search(admin, { healthSystem: 'riverside' })).totalElements).toBe(100_000);
      const issues = await dataOf(admin('POST', NOT_EXISTS, { payload: { userIds: typed } }));
      expect(issues).toEqual({ content: [], totalElements: 0, page: 0, size: 10 });

      const result = await updateStatus(admin, { userIds: typed, status: true });
      expect(result.applied).toBe(100_000);
      const counted = await t.db.execute(sql`
        select (select count(*)::int from verification_changes where batch_id = ${result.batchId}::uuid) as changes,
          (select count(*)::int from health_system_verifications where health_system = 'riverside' and is_verified)
            as verified`);
      expect((counted as unknown as { rows: unknown[] }).rows).toEqual([{ changes: 100_000, verified: 100_000 }]);

      const undo = await dataOf(admin('POST', `${BATCHES}/${result.batchId}/undo`));
      expect(undo).toMatchObject({ restored: 100_000, kept: 0 });
      const pending = await t.db.execute(sql`
        select count(*)::int as pending from health_system_verifications
        where health_system = 'riverside' and is_verified is null`);
      expect((pending as unknown as { rows: unknown[] }).rows).toEqual([{ pending: 100_000 }]);
    },
    LARGE_MS,
  );
});
