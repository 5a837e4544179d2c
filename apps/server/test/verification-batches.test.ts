import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_ADMIN_EMAIL, type TestApp } from './helpers';
import { auditSince, freshStartAt, useAuthApp } from './auth-helpers';
import { issueKey, push } from './push-api-helpers';
import { adminSession, dataOf, UUID } from './settings-helpers';
import { BATCHES, changesOf, recordsAt, statusesOf, updateStatus } from './verification-helpers';

const START = '2026-05-04T09:00:00.000Z';
const EARLIER = '2026-05-01T10:00:00.000Z';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const refusal = (message: string) => ({ status: false, message });
/** Moves the clock to `at` and signs the administrator in again there (a session ends after half an hour idle). */
async function adminAt(t: TestApp, at: string) {
  t.clock.set(at);
  return adminSession(t);
}

// Both databases: which of two undos at once runs is decided by the database's locks.
describeEachDatabase('Verification batches', (target) => {
  const testApp = useAuthApp(target);

  it('lists bulk updates, pushes and undos, the newest first, with who made them and until when they can be undone', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = await recordsAt(t, 'geisinger', [EARLIER, EARLIER]);
    let admin = await adminSession(t);
    await updateStatus(admin, { userIds: [ids[0]], status: true, source: 'single' });
    admin = await adminAt(t, '2026-05-04T10:00:00.000Z');
    const bulk = await updateStatus(admin, { userIds: [...ids, UNKNOWN_ID], status: false, skipIdIssues: true });
    admin = await adminAt(t, '2026-05-04T11:00:00.000Z');
    const { key } = await issueKey(admin, 'geisinger', 'Records team');
    const pushed = await push(t, key, [
      [ids[0]!, true],
      [ids[1]!, false],
    ]);
    expect(pushed.statusCode, pushed.body).toBe(200);
    admin = await adminAt(t, '2026-05-05T09:00:00.000Z');
    const history = await dataOf<{ content: { id: string }[]; totalElements: number }>(admin('GET', BATCHES));
    expect(history).toEqual({
      content: [
        {
          id: UUID,
          source: 'push',
          status: null,
          createdAt: '2026-05-04T11:00:00.000Z',
          actor: 'Records team (Geisinger)',
          requested: 2,
          applied: 2,
          skipped: 0,
          undoneAt: null,
          undoneBy: null,
          undoableUntil: '2026-05-11T11:00:00.000Z',
        },
        {
          id: bulk.batchId,
          source: 'bulk',
          status: false,
          createdAt: '2026-05-04T10:00:00.000Z',
          actor: TEST_ADMIN_EMAIL,
          requested: 3,
          applied: 2,
          skipped: 1,
          undoneAt: null,
          undoneBy: null,
          undoableUntil: '2026-05-11T10:00:00.000Z',
        },
      ],
      totalElements: 2,
      page: 0,
      size: 5,
    });
    // Undoing the bulk update adds the undo, and its own row says it can no longer be undone.
    admin = await adminAt(t, '2026-05-05T10:00:00.000Z');
    expect((await admin('POST', `${BATCHES}/${bulk.batchId}/undo`)).statusCode).toBe(200);
    const after = await dataOf<{ content: Record<string, unknown>[]; totalElements: number }>(
      admin('GET', `${BATCHES}?page=0&size=5`),
    );
    expect(after.totalElements).toBe(3);
    expect(after.content[0]).toMatchObject({
      source: 'undo',
      status: null,
      actor: TEST_ADMIN_EMAIL,
      undoableUntil: null,
    });
    expect(after.content[2]).toMatchObject({
      id: bulk.batchId,
      undoneAt: '2026-05-05T10:00:00.000Z',
      undoneBy: TEST_ADMIN_EMAIL,
      undoableUntil: null,
    });
    const oldest = await dataOf<{ content: { id: string }[] }>(admin('GET', `${BATCHES}?sort=createdAt,asc`));
    expect(oldest.content[0]!.id).toBe(bulk.batchId);
    admin = await adminAt(t, '2026-05-11T10:30:00.000Z');
    const later = await dataOf<{ content: Record<string, unknown>[] }>(admin('GET', BATCHES));
    expect(later.content.map((b) => b.undoableUntil)).toEqual([null, '2026-05-11T11:00:00.000Z', null]);
  });

  it('gives a batch’s result as a CSV file: each change, then each ID left out with the reason', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = (await recordsAt(t, 'geisinger', [EARLIER, EARLIER])).sort();
    const [withdrawn] = await recordsAt(t, 'geisinger', [EARLIER], true);
    const admin = await adminSession(t);
    await updateStatus(admin, { userIds: [ids[0]], status: false });
    const bulk = await updateStatus(admin, {
      userIds: [...ids, withdrawn, UNKNOWN_ID],
      status: true,
      skipIdIssues: true,
    });
    const reply = await admin('GET', `${BATCHES}/${bulk.batchId}/result.csv`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="verification-batch-2026-05-04.csv"');
    expect(reply.body).toBe(
      [
        'userId,previousStatus,newStatus,result',
        `${ids[0]},Rejected,Verified,updated`,
        `${ids[1]},Pending,Verified,updated`,
        `${UNKNOWN_ID},,,notFound`,
        `${withdrawn},,,withdrawn`,
        '',
      ].join('\r\n'),
    );
    const unknown = await admin('GET', `${BATCHES}/${UNKNOWN_ID}/result.csv`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(refusal('This update does not exist.'));
  });

  it('undoes a bulk update: restores each record unless it changed since, as a batch of its own, audited', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = (await recordsAt(t, 'geisinger', [EARLIER, EARLIER, EARLIER])).sort();
    let admin = await adminSession(t);
    await updateStatus(admin, { userIds: [ids[0]], status: false, source: 'single' });
    const bulk = await updateStatus(admin, { userIds: ids, status: true });
    // A later edit of the third record keeps it as it is now.
    await updateStatus(admin, { userIds: [ids[2]], status: false, source: 'single' });
    admin = await adminAt(t, '2026-05-06T09:00:00.000Z');
    const reply = await admin('POST', `${BATCHES}/${bulk.batchId}/undo`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      message: 'Update undone: 2 statuses restored; 1 kept because it changed since or the participant withdrew.',
      data: { batchId: UUID, restored: 2, kept: 1 },
    });
    const undoId = reply.json().data.batchId;
    expect(await statusesOf(t, ids)).toEqual({ [ids[0]!]: false, [ids[1]!]: null, [ids[2]!]: false });
    expect(await changesOf(t, undoId)).toEqual([
      { userId: ids[0], oldStatus: true, newStatus: false },
      { userId: ids[1], oldStatus: true, newStatus: null },
    ]);
    const csv = await admin('GET', `${BATCHES}/${undoId}/result.csv`);
    expect(csv.body.split('\r\n')).toEqual([
      'userId,previousStatus,newStatus,result',
      `${ids[0]},Verified,Rejected,updated`,
      `${ids[1]},Verified,Pending,updated`,
      `${ids[2]},,,changedSince`,
      '',
    ]);
    const rows = await t.db.execute(sql`
      select undoes_batch_id::text as undoes, (select undo_batch_id::text from verification_batches where id = ${bulk.batchId}::uuid) as "undoneBy"
      from verification_batches where id = ${undoId}::uuid`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ undoes: bulk.batchId, undoneBy: undoId }]);
    const audit = (await auditSince(t, new Date('2026-05-06T09:00:00.000Z'))).filter(
      (a) => a.action === 'verification.undo' && (a.details as { batchId: string }).batchId === bulk.batchId,
    );
    expect(audit).toEqual([
      expect.objectContaining({ details: { batchId: bulk.batchId, undoBatchId: undoId, restored: 2, kept: 1 } }),
    ]);
  });

  it('undoes a push, and keeps the record of a participant who withdrew since', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = (await recordsAt(t, 'geisinger', [EARLIER, EARLIER])).sort();
    const admin = await adminSession(t);
    const { key } = await issueKey(admin, 'geisinger');
    const pushed = await push(t, key, [
      [ids[0]!, true],
      [ids[1]!, false],
    ]);
    await t.db.execute(sql`update users set status = 'withdrawn' where id = ${ids[1]}::uuid`);
    const reply = await admin('POST', `${BATCHES}/${pushed.json().data.batchId}/undo`);
    expect(reply.json().data).toEqual({ batchId: UUID, restored: 1, kept: 1 });
    expect(await statusesOf(t, ids)).toEqual({ [ids[0]!]: null, [ids[1]!]: false });
  });

  it('refuses to undo twice, after 7 days, a single edit or an undo, and an unknown batch', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = await recordsAt(t, 'geisinger', [EARLIER]);
    let admin = await adminSession(t);
    const single = await updateStatus(admin, { userIds: ids, status: true, source: 'single' });
    const bulk = await updateStatus(admin, { userIds: ids, status: false });
    const old = await updateStatus(admin, { userIds: ids, status: true });
    const undo = (id: string, language?: 'sp') => admin('POST', `${BATCHES}/${id}/undo`, { language });

    admin = await adminAt(t, '2026-05-11T08:59:59.000Z');
    const first = await undo(bulk.batchId);
    expect(first.statusCode).toBe(200);
    const twice = await undo(bulk.batchId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual(refusal('This update was already undone.'));
    expect((await undo(bulk.batchId, 'sp')).json()).toEqual(refusal('Esta actualización ya se deshizo.'));
    const notUndoable = refusal("Only a bulk update or a health system's update can be undone.");
    expect((await undo(single.batchId)).json()).toEqual(notUndoable);
    expect((await undo(first.json().data.batchId)).json()).toEqual(notUndoable);
    admin = await adminAt(t, '2026-05-11T09:00:00.000Z');
    const expired = await undo(old.batchId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual(refusal('This update can no longer be undone: an update can be undone for 7 days.'));
    const unknown = await undo(UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(refusal('This update does not exist.'));
    expect((await undo('not-a-uuid')).statusCode).toBe(400);
  });

  it('runs one of two undos of a batch at once; the other finds it undone', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = await recordsAt(t, 'geisinger', [EARLIER, EARLIER]);
    const [first, second] = [await adminSession(t), await adminSession(t)];
    const bulk = await updateStatus(first, { userIds: ids, status: true });
    const replies = await Promise.all([
      first('POST', `${BATCHES}/${bulk.batchId}/undo`),
      second('POST', `${BATCHES}/${bulk.batchId}/undo`),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const undos = await t.db.execute(sql`select 1 from verification_batches where source = 'undo'`);
    expect((undos as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect(await statusesOf(t, ids)).toEqual({ [ids[0]!]: null, [ids[1]!]: null });
  });
});
