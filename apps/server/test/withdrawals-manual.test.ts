import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, manualWithdrawalRequests, users } from '../src/db/schema';
import { describeEachDatabase, TEST_ADMIN_EMAIL, type TestApp } from './helpers';
import { auditSince, freshStartAt, INCORRECT, login, me, PATIENT_PASSWORD, useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { activeParticipant } from './auth-helpers';
import { registerParticipant } from './registration-helpers';
import { adminSession, dataOf } from './settings-helpers';
import { recordRequest, REQUESTS, requestsOf, withdrawalsOf } from './withdrawal-helpers';

const START = '2026-06-01T14:00:00.000Z';
const invalid = (errorField: string, message: string, top = 'Invalid request') => ({
  status: false,
  message: top,
  data: [{ errorField, message }],
});
const onEmail = (message: string) => ({ status: false, message, data: [{ errorField: 'email', message }] });
/** The withdrawal actions audited about a participant since `since`, in alphabetical order. */
const withdrawalAudit = async (t: TestApp, since: Date, userId: string) =>
  (await auditSince(t, since))
    .filter((a) => a.subjectId === userId && /^(consent|withdrawal)\./.test(a.action))
    .map((a) => a.action)
    .sort();
const NO_PARTICIPANT = 'No participant in the study has this e-mail address. Nothing was recorded.';

// Both databases: a request is carried out once, however many runs claim it at once.
describeEachDatabase('Manual withdrawal requests', (target) => {
  const testApp = useAuthApp(target);

  it('needs a valid e-mail and a reason, each said under its field, in both languages', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const post = (payload: unknown, language?: 'en' | 'sp') => admin('POST', REQUESTS, { payload, language });
    for (const email of ['', 'not-an-email', 'ana@example', 'a b@example.org']) {
      const reply = await post({ email, reason: 'Asked by phone' });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual(invalid('email', 'Please enter valid email'));
    }
    for (const reason of ['', '   ']) {
      expect((await post({ email: 'x@example.org', reason })).json()).toEqual(
        invalid('reason', 'Reason cannot be blank'),
      );
    }
    expect((await post({})).json().data).toEqual([
      { errorField: 'email', message: 'Please enter valid email' },
      { errorField: 'reason', message: 'Reason cannot be blank' },
    ]);
    expect((await post({ email: 'nope', reason: 'x' }, 'sp')).json()).toEqual(
      invalid('email', 'Ingrese un correo electrónico válido', 'Solicitud no válida'),
    );
    expect(await t.db.select().from(manualWithdrawalRequests)).toHaveLength(0);
  });

  it('refuses at once an address that matches no participant in the study, and queues nothing', async () => {
    const t = testApp();
    const withdrawn = await signedInParticipant(t);
    await call(t, 'PUT', '/consent/withdraw', withdrawn.tokens.access_token, { payload: { reason: 'Left' } });
    const admin = await adminSession(t);
    for (const email of ['nobody@example.org', withdrawn.email, TEST_ADMIN_EMAIL]) {
      const reply = await admin('POST', REQUESTS, { payload: { email, reason: 'Asked by phone' } });
      expect(reply.statusCode, email).toBe(400);
      expect(reply.json()).toEqual(onEmail(NO_PARTICIPANT));
    }
    const spanish = await admin('POST', REQUESTS, {
      payload: { email: 'nobody@example.org', reason: 'Llamó' },
      language: 'sp',
    });
    expect(spanish.json().message).toBe(
      'Ningún participante del estudio tiene este correo electrónico. No se registró nada.',
    );
    expect(await t.db.select().from(manualWithdrawalRequests)).toHaveLength(0);
  });

  it('records a request for a registered or active participant in any letter case, one pending per address', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const active = await activeParticipant(t);
    const registered = (await registerParticipant(t)).email;
    const admin = await adminSession(t);
    const since = t.clock.now();
    const reply = await recordRequest(admin, active.toUpperCase(), '  Asked by phone  ');
    expect(reply.json()).toEqual({ status: true, message: 'Request recorded and queued' });
    t.clock.set('2026-06-01T14:01:00.000Z');
    await recordRequest(admin, registered, 'Letter of May 28');
    const again = await admin('POST', REQUESTS, { payload: { email: active, reason: 'Twice' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(onEmail('A request for this e-mail address is already pending.'));

    const page = await dataOf(admin('GET', `${REQUESTS}?page=0&size=5`));
    expect(page).toEqual({
      content: [
        {
          id: expect.any(String),
          email: active,
          reason: 'Asked by phone',
          requestedAt: '2026-06-01T14:00:00.000Z',
          dueAt: '2026-06-01T15:00:00.000Z',
          requestedBy: TEST_ADMIN_EMAIL,
        },
        {
          id: expect.any(String),
          email: registered,
          reason: 'Letter of May 28',
          requestedAt: '2026-06-01T14:01:00.000Z',
          dueAt: '2026-06-01T15:01:00.000Z',
          requestedBy: TEST_ADMIN_EMAIL,
        },
      ],
      totalElements: 2,
      page: 0,
      size: 5,
      holdSeconds: 3600,
    });
    const latest = await dataOf<{ content: { email: string }[] }>(admin('GET', `${REQUESTS}?sort=requestedAt,desc`));
    expect(latest.content.map((row) => row.email)).toEqual([registered, active]);
    const byEmail = await dataOf<{ content: { email: string }[] }>(admin('GET', `${REQUESTS}?sort=email,desc`));
    expect(byEmail.content.map((row) => row.email)).toEqual([active, registered].sort().reverse());
    const subjects = (await t.db.select().from(manualWithdrawalRequests)).map((r) => r.userId);
    const audit = (await auditSince(t, since)).filter(
      (a) => subjects.includes(a.subjectId!) && a.action.startsWith('withdrawal.'),
    );
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.request.recorded', 'withdrawal.request.recorded']);
    expect(JSON.stringify(audit)).not.toContain('Asked by phone');
  });

  it('deletes a pending request, which is then never carried out, and says what became of a closed one', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const { email, userId } = await signedInParticipant(t);
    const admin = await adminSession(t);
    await recordRequest(admin, email);
    const since = t.clock.now();
    const deleted = await admin('DELETE', `${REQUESTS}?email=${encodeURIComponent(email.toUpperCase())}`);
    expect(deleted.json()).toEqual({ status: true, message: 'Request deleted. It will not be carried out.' });
    const again = await admin('DELETE', `${REQUESTS}?email=${encodeURIComponent(email)}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: 'This request was already deleted.' });
    const unknown = await admin('DELETE', `${REQUESTS}?email=nobody@example.org`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      status: false,
      message: 'There is no pending request for this e-mail address.',
    });
    expect((await admin('DELETE', `${REQUESTS}?email=bad`)).json()).toEqual(
      invalid('email', 'Please enter valid email'),
    );
    expect((await dataOf<{ totalElements: number }>(admin('GET', REQUESTS))).totalElements).toBe(0);

    t.clock.set('2026-06-02T14:00:00.000Z');
    expect(await t.app.services.withdrawals.carryOutDue()).toBe(0);
    expect(await withdrawalsOf(t, userId)).toHaveLength(0);
    expect((await t.db.select().from(users).where(eq(users.id, userId)))[0]!.status).toBe('active');
    const [row] = await requestsOf(t, userId);
    expect(row).toMatchObject({ status: 'deleted', closedAt: new Date('2026-06-01T14:00:00.000Z') });
    const [admins] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN_EMAIL));
    expect(row!.deletedBy).toBe(admins!.id);
    expect(await withdrawalAudit(t, since, userId)).toEqual([
      'withdrawal.request.deleted',
      'withdrawal.request.recorded',
    ]);

    // A new request for the same address may follow the deleted one.
    t.clock.set('2026-06-02T14:00:00.000Z');
    await recordRequest(await adminSession(t), email);
    t.clock.set('2026-06-02T15:00:00.000Z');
    expect(await t.app.services.withdrawals.carryOutDue()).toBe(1);
    const late = await (await adminSession(t))('DELETE', `${REQUESTS}?email=${encodeURIComponent(email)}`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ status: false, message: 'This request was already carried out.' });
  });

  it('carries a request out when its hold ends, once, exactly as the participant’s own withdrawal', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const { email, userId, tokens } = await signedInParticipant(t);
    const admin = await adminSession(t);
    await recordRequest(admin, email, 'Asked by phone on June 1');
    const since = t.clock.now();

    t.clock.set('2026-06-01T14:59:59.000Z');
    expect(await t.app.services.withdrawals.carryOutDue()).toBe(0);
    expect(await withdrawalsOf(t, userId)).toHaveLength(0);

    t.clock.set('2026-06-01T15:00:00.000Z');
    const [first, second] = await Promise.all([
      t.app.services.withdrawals.carryOutDue(),
      t.app.services.withdrawals.carryOutDue(),
    ]);
    expect(first + second).toBe(1);
    expect(await t.app.services.withdrawals.carryOutDue()).toBe(0);

    const [withdrawal] = await withdrawalsOf(t, userId);
    const [adminRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN_EMAIL));
    expect(withdrawal).toMatchObject({
      reason: 'Asked by phone on June 1',
      source: 'manual',
      requestedBy: adminRow!.id,
      withdrawnAt: new Date('2026-06-01T15:00:00.000Z'),
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user!.status).toBe('withdrawn');
    expect((await requestsOf(t, userId))[0]).toMatchObject({
      status: 'carriedOut',
      closedAt: new Date('2026-06-01T15:00:00.000Z'),
    });
    expect((await me(t, tokens.access_token)).statusCode).toBe(401);
    expect((await login(t, email, PATIENT_PASSWORD)).json()).toEqual(INCORRECT);

    await t.app.services.mailer.idle();
    expect(t.mail.to(email).map((m) => m.subject)).toEqual(['You have withdrawn from the Kidney Research Study']);
    expect(await withdrawalAudit(t, since, userId)).toEqual([
      'consent.withdrawn',
      'withdrawal.request.carriedOut',
      'withdrawal.request.recorded',
    ]);
    const [withdrawnAudit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, userId), eq(auditLog.action, 'consent.withdrawn')));
    expect(withdrawnAudit).toMatchObject({ actorId: adminRow!.id, subjectId: userId });
    expect(withdrawnAudit!.details).toMatchObject({ source: 'manual' });

    const fresh = await adminSession(t);
    expect((await dataOf<{ totalElements: number }>(fresh('GET', REQUESTS))).totalElements).toBe(0);
  });

  it('skips a request whose participant has already withdrawn, with no second e-mail', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const { email, userId, tokens } = await signedInParticipant(t);
    await recordRequest(await adminSession(t), email);
    const own = await call(t, 'PUT', '/consent/withdraw', tokens.access_token, {
      payload: { reason: 'Changed my mind' },
    });
    expect(own.statusCode).toBe(200);
    t.clock.set('2026-06-01T15:00:00.000Z');
    expect(await t.app.services.withdrawals.carryOutDue()).toBe(1);
    const withdrawals = await withdrawalsOf(t, userId);
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]).toMatchObject({ source: 'participant', reason: 'Changed my mind' });
    expect((await requestsOf(t, userId))[0]!.status).toBe('skipped');
    await t.app.services.mailer.idle();
    expect(t.mail.to(email)).toHaveLength(1);
  });
});
