import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { databaseError, describeOnDatabase, TEST_ADMIN_EMAIL, useTestApp } from './helpers';
import { signedInParticipant } from './participant-helpers';
import { adminSession, expectAdminOnly, type AdminCall } from './settings-helpers';
import { auditUser, EXPORT, SEARCH, searchAudit, timelineOf, userIdOf, writeAudit } from './audit-helpers';

const MAY = { from: '2031-05-01', to: '2031-05-06' };

describeOnDatabase('Audit Log search', (target) => {
  // One set of records for every test: the trail is never emptied, so each test writes only on days of its own.
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' }, start: '2031-05-20T15:00:00.000Z' });
  let admin: AdminCall;
  let ids: { admin: string; ana: string; ben: string; dash: string };

  /**
   * Seven records over May 1 to 6, 2031 (the study's time zone is America/Chicago, five hours behind UTC then):
   *   r1 May 1 07:00  login.succeeded              by ana,   about ana, ip 10.0.0.1
   *   r2 May 2 07:00  login.failed                 by ana,   about ana, details { reason: wrongPassword }
   *   r3 May 3 07:00  withdrawal.request.recorded  by admin, about ben, details { requestId: r-1 }
   *   r4 May 3 08:00  account.profileUpdated       by dash (an address starting with '-'), about ben
   *   r5 May 4 07:00  setting.changed              by admin, no subject, details { setting, before, after }
   *   r6 May 5 07:00  withdrawal.request.carriedOut by nobody (the scheduler), about ben
   *   r7 May 5 22:00  login.succeeded              by ben,   about ben (May 6, 03:00 UTC)
   */
  beforeAll(async () => {
    const t = testApp();
    ids = {
      admin: await userIdOf(t, TEST_ADMIN_EMAIL),
      ana: await auditUser(t, 'ana@example.org'),
      ben: await auditUser(t, 'ben@example.org'),
      dash: await auditUser(t, '-dash@example.org', 'admin'),
    };
    await writeAudit(t, [
      {
        at: '2031-05-01T12:00:00.000Z',
        action: 'login.succeeded',
        actorId: ids.ana,
        subjectId: ids.ana,
        ip: '10.0.0.1',
      },
      {
        at: '2031-05-02T12:00:00.000Z',
        action: 'login.failed',
        actorId: ids.ana,
        subjectId: ids.ana,
        details: { reason: 'wrongPassword' },
      },
      {
        at: '2031-05-03T12:00:00.000Z',
        action: 'withdrawal.request.recorded',
        actorId: ids.admin,
        subjectId: ids.ben,
        details: { requestId: 'r-1' },
        ip: '10.0.0.9',
      },
      { at: '2031-05-03T13:00:00.000Z', action: 'account.profileUpdated', actorId: ids.dash, subjectId: ids.ben },
      {
        at: '2031-05-04T12:00:00.000Z',
        action: 'setting.changed',
        actorId: ids.admin,
        details: { setting: 'security-policy', before: { failedAttemptLimit: 5 }, after: { failedAttemptLimit: 3 } },
      },
      { at: '2031-05-05T12:00:00.000Z', action: 'withdrawal.request.carriedOut', subjectId: ids.ben },
      { at: '2031-05-06T03:00:00.000Z', action: 'login.succeeded', actorId: ids.ben, subjectId: ids.ben },
    ]);
    admin = await adminSession(t);
  });

  const actions = async (body: object) => (await searchAudit(admin, body)).content.map((row) => row.action);

  it('is for administrators only', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    await expectAdminOnly(t, tokens.access_token, [
      ['POST', SEARCH, MAY],
      ['POST', EXPORT, MAY],
      ['GET', timelineOf(ids.ana)],
    ]);
  });

  it('finds the records of the days asked, newest first, each with who, what, when, where and about whom', async () => {
    const page = await searchAudit(admin, MAY);
    expect(page.totalElements).toBe(7);
    expect(page.moreThanTotal).toBe(false);
    expect(page.content.map((row) => row.at)).toEqual([
      '2031-05-06T03:00:00.000Z',
      '2031-05-05T12:00:00.000Z',
      '2031-05-04T12:00:00.000Z',
      '2031-05-03T13:00:00.000Z',
      '2031-05-03T12:00:00.000Z',
      '2031-05-02T12:00:00.000Z',
      '2031-05-01T12:00:00.000Z',
    ]);
    expect(page.content[4]).toEqual({
      id: expect.any(String),
      at: '2031-05-03T12:00:00.000Z',
      action: 'withdrawal.request.recorded',
      actorId: ids.admin,
      actorEmail: TEST_ADMIN_EMAIL,
      subjectId: ids.ben,
      subjectEmail: 'ben@example.org',
      ip: '10.0.0.9',
      details: { requestId: 'r-1' },
    });
    expect(page.content[1]).toMatchObject({ actorId: null, actorEmail: null, subjectEmail: 'ben@example.org' });
    expect(page.content[2]).toMatchObject({ subjectId: null, subjectEmail: null });
  });

  it('counts days in the study time zone: 03:00 UTC on May 6 is still May 5 there', async () => {
    expect(await actions({ from: '2031-05-05', to: '2031-05-05' })).toEqual([
      'login.succeeded',
      'withdrawal.request.carriedOut',
    ]);
    expect((await searchAudit(admin, { from: '2031-05-06', to: '2031-05-06' })).totalElements).toBe(0);
  });

  it('narrows by participant (address in any case, or ID), by actor and by action', async () => {
    expect(await actions({ ...MAY, participant: 'ANA@Example.org' })).toEqual(['login.failed', 'login.succeeded']);
    expect(await actions({ ...MAY, participant: ids.ben })).toEqual([
      'login.succeeded',
      'withdrawal.request.carriedOut',
      'account.profileUpdated',
      'withdrawal.request.recorded',
    ]);
    expect(await actions({ ...MAY, actor: TEST_ADMIN_EMAIL })).toEqual([
      'setting.changed',
      'withdrawal.request.recorded',
    ]);
    expect(await actions({ ...MAY, action: 'login.succeeded' })).toEqual(['login.succeeded', 'login.succeeded']);
    expect(await actions({ ...MAY, participant: 'ben@example.org', actor: ids.ben })).toEqual(['login.succeeded']);
    expect(await actions({ ...MAY, participant: 'nobody@example.org' })).toEqual([]);
  });

  it('pages ten at a time by default, and stops paging where the count stops', async () => {
    const t = testApp();
    await writeAudit(
      t,
      Array.from({ length: 12 }, (_, i) => ({
        at: `2031-06-01T12:${String(i).padStart(2, '0')}:00.000Z`,
        action: 'verification.undo',
        actorId: ids.admin,
        details: { n: i + 1 },
      })),
    );
    const june = { from: '2031-06-01', to: '2031-06-01' };
    const first = await searchAudit(admin, june);
    expect([first.totalElements, first.page, first.size, first.content.length]).toEqual([12, 0, 10, 10]);
    expect(first.content[0]!).toMatchObject({ details: { n: 12 } });
    const second = await searchAudit(admin, june, '?page=1&size=10');
    expect(second.content.map((row) => (row as unknown as { details: { n: number } }).details.n)).toEqual([2, 1]);
    const all = await searchAudit(admin, june, '?size=25');
    expect(all.content).toHaveLength(12);

    const far = await admin('POST', `${SEARCH}?page=1000&size=10`, { payload: june });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toEqual({
      status: false,
      message: 'Only the first 10,000 records can be paged through. Narrow the search or export it.',
    });
    expect((await admin('POST', `${SEARCH}?size=7`, { payload: june })).statusCode).toBe(400);
  });

  it('refuses a range the wrong way round or over five years, in the reader’s language', async () => {
    const reversed = await admin('POST', SEARCH, { payload: { from: '2031-05-06', to: '2031-05-01' } });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ status: false, message: 'The start date must be on or before the end date.' });
    const long = await admin('POST', EXPORT, { payload: { from: '2026-05-01', to: '2031-05-01' }, language: 'sp' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ status: false, message: 'Elija un rango de cinco años o menos.' });
    const missing = await admin('POST', SEARCH, { payload: { participant: 'ana@example.org' } });
    expect(missing.statusCode).toBe(400);
  });

  it('exports the search as CSV, exactly, and records the export', async () => {
    const reply = await admin('POST', EXPORT, { payload: { ...MAY, participant: 'ben@example.org' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="audit-log-2031-05-01-2031-05-06.csv"');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).toBe(
      '\uFEFFat,actor,actorId,action,participant,participantId,ip,details\r\n' +
        `2031-05-06T03:00:00.000Z,ben@example.org,${ids.ben},login.succeeded,ben@example.org,${ids.ben},,{}\r\n` +
        `2031-05-05T12:00:00.000Z,System,,withdrawal.request.carriedOut,ben@example.org,${ids.ben},,{}\r\n` +
        `2031-05-03T13:00:00.000Z,'-dash@example.org,${ids.dash},account.profileUpdated,ben@example.org,${ids.ben},,{}\r\n` +
        `2031-05-03T12:00:00.000Z,admin@example.org,${ids.admin},withdrawal.request.recorded,ben@example.org,${ids.ben},` +
        '10.0.0.9,"{""requestId"":""r-1""}"\r\n',
    );

    const exported = await searchAudit(admin, { from: '2031-05-20', to: '2031-05-20', action: 'auditLog.exported' });
    expect(exported.content).toEqual([
      {
        id: expect.any(String),
        at: '2031-05-20T15:00:00.000Z',
        action: 'auditLog.exported',
        actorId: ids.admin,
        actorEmail: TEST_ADMIN_EMAIL,
        subjectId: null,
        subjectEmail: null,
        ip: '127.0.0.1',
        details: { from: '2031-05-01', to: '2031-05-06', participantIds: [ids.ben], rowCount: 4, complete: true },
      },
    ]);
  });

  it('exports past one batch without losing or repeating a record, even records of one same instant', async () => {
    const t = testApp();
    // 1,201 records at 09:00 UTC on August 1, 2031: more than two batches of the export, told apart by ID alone.
    const at = new Date('2031-08-01T09:00:00.000Z');
    await t.db
      .insert(auditLog)
      .values(Array.from({ length: 1201 }, (_, i) => ({ at, action: 'verification.undo', details: { n: i } })));
    const reply = await admin('POST', EXPORT, { payload: { from: '2031-08-01', to: '2031-08-01' } });
    const lines = reply.body.split('\r\n');
    expect(lines).toHaveLength(1 + 1201 + 1);
    expect(lines.at(-1)).toBe('');
    const ns = lines.slice(1, -1).map((line) => Number(/""n"":(\d+)/.exec(line)![1]));
    expect(new Set(ns).size).toBe(1201);
    expect(Math.min(...ns)).toBe(0);
    expect(Math.max(...ns)).toBe(1200);
  });

  it('keeps the trail append-only for the application’s own connection: no update, delete or truncate', async () => {
    const t = testApp();
    const db = t.app.db;
    const [first] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.ip, '10.0.0.1'));
    const refusals = [
      await databaseError(db.update(auditLog).set({ action: 'login.failed' }).where(eq(auditLog.id, first!.id))),
      await databaseError(db.delete(auditLog).where(eq(auditLog.id, first!.id))),
      await databaseError(db.execute(sql`truncate table audit_log`)),
    ];
    expect(refusals.map((refusal) => refusal.message)).toEqual([
      expect.stringContaining('audit_log is append-only'),
      expect.stringContaining('audit_log is append-only'),
      expect.stringContaining('audit_log is append-only'),
    ]);
    const found = await searchAudit(admin, { ...MAY, participant: ids.ana });
    expect(found.content.map((row) => [row.action, row.at])).toEqual([
      ['login.failed', '2031-05-02T12:00:00.000Z'],
      ['login.succeeded', '2031-05-01T12:00:00.000Z'],
    ]);
  });
});
