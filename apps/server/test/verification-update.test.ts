import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { healthSystemVerifications } from '../src/db/schema';
import { describeEachDatabase, describeOnDatabase } from './helpers';
import { auditSince, freshStartAt, useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { adminSession, dataOf, UUID } from './settings-helpers';
import { batchRows, changesOf, NOT_EXISTS, RECORDS, recordsAt, statusesOf, updateStatus } from './verification-helpers';

const START = '2026-05-04T09:00:00.000Z';
const EARLIER = '2026-05-01T10:00:00.000Z';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ID_ISSUES: Record<number, string> = {
  1: '1 User ID cannot be updated: it is not in the system or the participant has withdrawn. Nothing was changed.',
  2: '2 User IDs cannot be updated: they are not in the system or the participant has withdrawn. Nothing was changed.',
};

/** The audit trail is never emptied: a scenario reads the rows of its own batch. */
const ofBatch = (details: unknown, batchId: string) => (details as { batchId?: string }).batchId === batchId;

describeOnDatabase('Verification status updates', (target) => {
  const testApp = useAuthApp(target);

  it('sets one record, recording the change, the batch and the audit row', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const [userId] = await recordsAt(t, 'geisinger', [EARLIER]);
    const admin = await adminSession(t);
    const reply = await admin('PUT', RECORDS, {
      payload: { userIds: [userId!.toUpperCase()], status: true, source: 'single' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      message: 'Verification status updated for 1 participant.',
      data: { batchId: UUID, applied: 1, skipped: 0 },
    });
    const { batchId } = reply.json().data;
    const [record] = await t.db
      .select()
      .from(healthSystemVerifications)
      .where(sql`user_id = ${userId}`);
    expect(record).toMatchObject({ isVerified: true, updatedAt: new Date(START) });
    expect(await changesOf(t, batchId)).toEqual([{ userId, oldStatus: null, newStatus: true }]);
    expect(await batchRows(t)).toEqual([
      expect.objectContaining({ id: batchId, source: 'single', status: true, requested: 1, applied: 1, skipped: [] }),
    ]);
    const audit = (await auditSince(t, new Date(START))).filter((a) => ofBatch(a.details, batchId));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'verification.single',
        subjectId: userId,
        details: { batchId, status: true, applied: 1, skipped: 0 },
      }),
    ]);
    const spanish = await admin('PUT', RECORDS, { payload: { userIds: [userId], status: false }, language: 'sp' });
    expect(spanish.json().message).toBe('Se actualizó el estado de verificación de 1 participante.');
    expect(await changesOf(t, spanish.json().data.batchId)).toEqual([{ userId, oldStatus: true, newStatus: false }]);
  });

  it('sets many records in one batch, a repeated ID once', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = await recordsAt(t, 'geisinger', [EARLIER, EARLIER, EARLIER]);
    const admin = await adminSession(t);
    const result = await updateStatus(admin, { userIds: [...ids, ids[0]!.toUpperCase()], status: false });
    expect(result).toEqual({ batchId: UUID, applied: 3, skipped: 0 });
    expect(await statusesOf(t, ids)).toEqual(Object.fromEntries(ids.map((id) => [id, false])));
    expect((await changesOf(t, result.batchId)).map((c) => c.userId)).toEqual([...ids].sort());
    const [batch] = await batchRows(t);
    expect(batch).toMatchObject({ source: 'bulk', status: false, requested: 3, applied: 3 });
    const audit = (await auditSince(t, new Date(START))).filter((a) => ofBatch(a.details, result.batchId));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'verification.bulk',
        details: { batchId: result.batchId, status: false, applied: 3, skipped: 0 },
      }),
    ]);
  });

  it('refuses the whole update when an ID has no record or its participant withdrew, and changes nothing', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = await recordsAt(t, 'geisinger', [EARLIER, EARLIER]);
    const [withdrawn] = await recordsAt(t, 'geisinger', [EARLIER], true);
    const admin = await adminSession(t);
    for (const extra of [[UNKNOWN_ID], [withdrawn!], [UNKNOWN_ID, withdrawn!]]) {
      const reply = await admin('PUT', RECORDS, { payload: { userIds: [...ids, ...extra], status: true } });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({ status: false, message: ID_ISSUES[extra.length] });
    }
    const spanish = await admin('PUT', RECORDS, { payload: { userIds: [UNKNOWN_ID], status: true }, language: 'sp' });
    expect(spanish.json().message).toBe(
      'No se puede actualizar 1 ID de usuario: no está en el sistema o el participante se retiró. No se cambió nada.',
    );
    expect(await statusesOf(t, [...ids, withdrawn!])).toEqual({ [ids[0]!]: null, [ids[1]!]: null, [withdrawn!]: null });
    expect(await batchRows(t)).toEqual([]);
  });

  it('leaves the IDs with issues out when asked, listing them in the batch; with none left it refuses', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const [id] = await recordsAt(t, 'geisinger', [EARLIER]);
    const [withdrawn] = await recordsAt(t, 'geisinger', [EARLIER], true);
    const admin = await adminSession(t);
    const result = await updateStatus(admin, {
      userIds: [id, withdrawn, UNKNOWN_ID],
      status: true,
      skipIdIssues: true,
    });
    expect(result).toEqual({ batchId: UUID, applied: 1, skipped: 2 });
    const [batch] = await batchRows(t);
    expect(batch).toMatchObject({ requested: 3, applied: 1 });
    // By ID: the all-zero ID first.
    expect(batch!.skipped).toEqual([
      { userId: UNKNOWN_ID, reason: 'notFound' },
      { userId: withdrawn, reason: 'withdrawn' },
    ]);
    expect(await statusesOf(t, [id!, withdrawn!])).toEqual({ [id!]: true, [withdrawn!]: null });
    const nothingLeft = await admin('PUT', RECORDS, {
      payload: { userIds: [withdrawn, UNKNOWN_ID], status: true, skipIdIssues: true },
    });
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().message).toBe(ID_ISSUES[2]);
    expect(await batchRows(t)).toHaveLength(1);
  });

  it('lists the entries of the list that are not user IDs as invalid in the batch, or refuses them unless asked', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const [id] = await recordsAt(t, 'geisinger', [EARLIER]);
    const admin = await adminSession(t);
    const refusedReply = await admin('PUT', RECORDS, {
      payload: { userIds: [id], invalidIds: ['=HYPERLINK("x")', 'not-an-id'], status: false },
    });
    expect(refusedReply.statusCode).toBe(409);
    expect(refusedReply.json().message).toBe(ID_ISSUES[2]);
    expect(await batchRows(t)).toHaveLength(0);

    const result = await updateStatus(admin, {
      userIds: [id],
      invalidIds: ['=HYPERLINK("x")', 'not-an-id', 'not-an-id'],
      status: false,
      skipIdIssues: true,
    });
    expect(result).toEqual({ batchId: UUID, applied: 1, skipped: 2 });
    const [batch] = await batchRows(t);
    expect(batch).toMatchObject({ requested: 3, applied: 1 });
    expect(batch!.skipped).toEqual([
      { userId: '=HYPERLINK("x")', reason: 'invalid' },
      { userId: 'not-an-id', reason: 'invalid' },
    ]);
    const csv = await admin('GET', `${RECORDS}/batches/${result.batchId}/result.csv`);
    expect(csv.body.split('\r\n').filter(Boolean)).toEqual([
      'userId,previousStatus,newStatus,result',
      `${id},Pending,Rejected,updated`,
      `"'=HYPERLINK(""x"")",,,invalid`,
      'not-an-id,,,invalid',
    ]);
  });

  it('keeps the record of a participant who withdrew through the portal as it was', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t, { healthSystem: 'geisinger', healthSystemConsent: true });
    const admin = await adminSession(t);
    await updateStatus(admin, { userIds: [participant.userId], status: true });
    const withdraw = await call(t, 'PUT', '/consent/withdraw', participant.tokens.access_token, {
      payload: { reason: 'Moving away' },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const reply = await admin('PUT', RECORDS, { payload: { userIds: [participant.userId], status: false } });
    expect(reply.statusCode).toBe(409);
    expect(await statusesOf(t, [participant.userId])).toEqual({ [participant.userId]: true });
  });

  it('refuses a body without IDs, with an invalid ID or without a status, in both languages', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const problems = async (payload: object, language?: 'sp') => {
      const reply = await admin('PUT', RECORDS, { payload, language });
      expect(reply.statusCode).toBe(400);
      return reply.json().data;
    };
    expect(await problems({ userIds: [], status: true })).toEqual([
      { errorField: 'userIds', message: 'Please enter user ID' },
    ]);
    expect(await problems({ userIds: ['nope'], status: true })).toEqual([
      { errorField: 'userIds.0', message: 'Some User IDs are invalid' },
    ]);
    expect(await problems({ userIds: [UNKNOWN_ID] })).toEqual([
      { errorField: 'status', message: 'Please select status' },
    ]);
    expect(await problems({ userIds: [UNKNOWN_ID] }, 'sp')).toEqual([
      { errorField: 'status', message: 'Seleccione el estado' },
    ]);
  });

  it('refuses more than 100,000 IDs, and a body too large to read, saying how many fit', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const tooMany = Array.from({ length: 100_001 }, () => UNKNOWN_ID);
    const reply = await admin('PUT', RECORDS, { payload: { userIds: tooMany, status: true } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toEqual([
      { errorField: 'userIds', message: 'You can enter at most 100,000 User IDs at a time' },
    ]);
    const huge = await admin('POST', NOT_EXISTS, { payload: { userIds: ['x'.repeat(7_000_000)] } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ status: false, message: 'You can enter at most 100,000 User IDs at a time' });
  });

  it('saves nothing of a batch that fails inside its transaction', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = await recordsAt(t, 'geisinger', [EARLIER, EARLIER, EARLIER]);
    const last = [...ids].sort()[2]!;
    // The database refuses to change one of the records, after the others have been written.
    await t.db.execute(
      sql.raw(`
      create function refuse_record() returns trigger language plpgsql as $$
      begin raise exception 'refused'; end $$`),
    );
    await t.db.execute(
      sql.raw(`
      create trigger refuse_record before update on health_system_verifications
      for each row when (new.user_id = '${last}') execute function refuse_record()`),
    );
    try {
      const admin = await adminSession(t);
      const reply = await admin('PUT', RECORDS, { payload: { userIds: ids, status: true } });
      expect(reply.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_record on health_system_verifications'));
      await t.db.execute(sql.raw('drop function refuse_record()'));
    }
    expect(await statusesOf(t, ids)).toEqual(Object.fromEntries(ids.map((id) => [id, null])));
    expect(await batchRows(t)).toEqual([]);
    expect(
      await t.db
        .execute(sql`select 1 from verification_changes`)
        .then((r) => (r as unknown as { rows: unknown[] }).rows),
    ).toEqual([]);
  });

  it('lists the IDs that cannot be updated, each once, by ID, with the reason, paged', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const [id] = await recordsAt(t, 'geisinger', [EARLIER]);
    const [withdrawn] = await recordsAt(t, 'geisinger', [EARLIER], true);
    const admin = await adminSession(t);
    const userIds = [id!.toUpperCase(), withdrawn!.toUpperCase(), UNKNOWN_ID, 'abc', ' abc ', UNKNOWN_ID, 'zz-1'];
    const expected = [
      { userId: UNKNOWN_ID, reason: 'notFound' },
      { userId: withdrawn!, reason: 'withdrawn' },
      { userId: 'abc', reason: 'invalid' },
      { userId: 'zz-1', reason: 'invalid' },
    ].sort((x, y) => (x.userId < y.userId ? -1 : 1));
    expect(await dataOf(admin('POST', `${NOT_EXISTS}?page=0&size=5`, { payload: { userIds } }))).toEqual({
      content: expected,
      totalElements: 4,
      page: 0,
      size: 5,
    });
    const second = await dataOf<{ content: unknown[] }>(
      admin('POST', `${NOT_EXISTS}?page=1&size=5`, { payload: { userIds } }),
    );
    expect(second.content).toEqual([]);
    expect((await admin('POST', `${NOT_EXISTS}?size=7`, { payload: { userIds } })).statusCode).toBe(400);
  });
});

// Both databases: two bulk updates at once are kept apart by the database’s row locks.
describeEachDatabase('Verification status updates sent at once', (target) => {
  const testApp = useAuthApp(target);

  it('lets two administrators update the same records at once: the later wins, each recording what it replaced', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const ids = await recordsAt(
      t,
      'geisinger',
      Array.from({ length: 40 }, () => EARLIER),
    );
    const [first, second] = [await adminSession(t), await adminSession(t)];
    const [a, b] = await Promise.all([
      updateStatus(first, { userIds: ids, status: true }),
      updateStatus(second, { userIds: [...ids].reverse(), status: false }),
    ]);
    const result = await t.db.execute(sql`
      select c.batch_id::text as "batchId", c.user_id::text as "userId", c.old_status as "oldStatus",
        c.new_status as "newStatus", h.is_verified as "isVerified", h.last_change_id = c.id as "isLast"
      from verification_changes c join health_system_verifications h on h.user_id = c.user_id
      order by c.user_id, c.id`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(80);
    // The batch whose change came second on the first record came second on every record: no interleaving.
    const laterBatch = rows[1]!.batchId;
    expect([a.batchId, b.batchId]).toContain(laterBatch);
    const laterStatus = laterBatch === a.batchId;
    for (let i = 0; i < rows.length; i += 2) {
      const [earlier, later] = [rows[i]!, rows[i + 1]!];
      expect(earlier).toMatchObject({ oldStatus: null, newStatus: !laterStatus, isLast: false });
      expect(later).toMatchObject({ batchId: laterBatch, oldStatus: !laterStatus, newStatus: laterStatus });
      expect(later).toMatchObject({ isVerified: laterStatus, isLast: true });
    }
  });
});
