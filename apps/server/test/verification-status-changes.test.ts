import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { healthSystemVerifications, users, verificationBatches, verificationChanges } from '../src/db/schema';
import {
  applyStatusChanges,
  lockAndFindIdIssues,
  RecordsChangedMeanwhile,
} from '../src/modules/health-system-verification/status-changes-repository';
import { EVERY_PARTICIPANT } from '../src/security/participant-scope';
import { describeOnDatabase } from './helpers';
import { freshStartAt, useAuthApp } from './auth-helpers';
import { manyRecords } from './verification-helpers';

const AT = '2026-05-04T09:00:00.000Z';

describeOnDatabase('Verification status changes', (target) => {
  const testApp = useAuthApp(target);

  it('roll the whole batch back when a checked record can no longer be set', async () => {
    const t = testApp();
    await freshStartAt(t, AT);
    const ids = await manyRecords(t, 'geisinger', 3, AT);

    await expect(
      t.db.transaction(async (tx) => {
        expect(await lockAndFindIdIssues(tx, EVERY_PARTICIPANT, ids)).toEqual([]);
        // The second participant withdraws in the moment between the check and the write.
        await tx.update(users).set({ status: 'withdrawn' }).where(eq(users.id, ids[1]!));
        await applyStatusChanges(
          tx,
          { source: 'bulk', requested: 3, skipped: [] },
          { userIds: ids, statuses: [true, true, true] },
          new Date(AT),
        );
      }),
    ).rejects.toBeInstanceOf(RecordsChangedMeanwhile);

    // Nothing of the batch is saved: no batch, no change, every record still pending.
    expect(await t.db.select().from(verificationBatches)).toEqual([]);
    expect(await t.db.select().from(verificationChanges)).toEqual([]);
    const records = await t.db
      .select({ isVerified: healthSystemVerifications.isVerified })
      .from(healthSystemVerifications)
      .where(inArray(healthSystemVerifications.userId, ids));
    expect(records).toEqual([{ isVerified: null }, { isVerified: null }, { isVerified: null }]);
  });
});
