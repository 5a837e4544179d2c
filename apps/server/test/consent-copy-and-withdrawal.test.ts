import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { consentSignatures, consentWithdrawals, emailMessages, users } from '../src/db/schema';
import { databaseError, describeOnDatabase, sendNow } from './helpers';
import { INCORRECT, auditSince, login, me, refresh, signInAdmin, useAuthApp, PATIENT_PASSWORD } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { get, registerParticipant } from './registration-helpers';

describeOnDatabase('My Informed Consent', (target) => {
  const testApp = useAuthApp(target);

  it('has nothing to show or download before signing', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const view = await call(t, 'GET', '/consent/view-consent', tokens.access_token);
    expect(view.json()).toEqual({ status: true, data: null });
    const download = await call(t, 'GET', '/consent/download-stream', tokens.access_token);
    expect(download.statusCode).toBe(404);
    expect(download.json().message).toBe('No Consent Form Signed');
  });

  it('shows the signer and date, and downloads the owner’s signed copy as an attachment', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    const view = await call(t, 'GET', '/consent/view-consent', tokens.access_token);
    expect(view.json().data).toEqual({ consentSignBy: 'Ana Núñez', signedDate: '03/01/2026' });

    const download = await call(t, 'GET', '/consent/download-stream', tokens.access_token);
    expect(download.statusCode).toBe(200);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="signed-informed-consent.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId));
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(row!.signedSha256);
  });

  it('never gives one participant another’s copy', async () => {
    const t = testApp();
    const signer = await signedInParticipant(t);
    await signConsent(t, signer.tokens.access_token);
    const other = await signedInParticipant(t);
    expect((await call(t, 'GET', '/consent/download-stream', other.tokens.access_token)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/consent/view-consent', other.tokens.access_token)).json().data).toBeNull();
    const admin = await signInAdmin(t);
    expect((await call(t, 'GET', '/consent/download-stream', admin.access_token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/consent/download-stream', undefined)).statusCode).toBe(401);
  });

  it('keeps signatures and signed copies append-only', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    const change = t.db
      .update(consentSignatures)
      .set({ signerName: 'Someone else' })
      .where(eq(consentSignatures.userId, userId));
    expect((await databaseError(change)).message).toContain('consent_signatures is append-only');
    const remove = t.db.execute(sql`delete from stored_files`);
    expect((await databaseError(remove)).message).toContain('stored_files is append-only');
  });

  it('finds a stored copy whose bytes no longer match its hash (administrators only)', async () => {
    const t = testApp();
    const admin = await signInAdmin(t);
    const { tokens, userId } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    const healthy = await call(t, 'GET', '/consent/integrity', admin.access_token);
    expect(healthy.json().data).toEqual({ checkedForms: 2, checkedSignatures: 1, mismatches: [] });
    expect((await call(t, 'GET', '/consent/integrity', tokens.access_token)).statusCode).toBe(403);

    // Damage below the application, as a disk or a careless operator could.
    const [row] = await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId));
    await t.db.execute(sql`alter table stored_files disable trigger stored_files_append_only`);
    await t.db.execute(
      sql`update stored_files set content = ${Buffer.from('%PDF-damaged')} where id = ${row!.signedFileId}`,
    );
    await t.db.execute(sql`alter table stored_files enable trigger stored_files_append_only`);
    const damaged = await call(t, 'GET', '/consent/integrity', admin.access_token);
    expect(damaged.json().data.mismatches).toEqual([{ kind: 'signature', id: row!.id }]);
    expect((await call(t, 'GET', '/consent/download-stream', tokens.access_token)).statusCode).toBe(500);
  });
});

describeOnDatabase('Withdrawal', (target) => {
  const testApp = useAuthApp(target);
  const withdraw = (t: ReturnType<typeof testApp>, token: string, payload: unknown, language?: 'en' | 'sp') =>
    call(t, 'PUT', '/consent/withdraw', token, { payload, language });

  it('needs a reason: Reason cannot be blank', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    for (const payload of [{ reason: '' }, { reason: '   ' }, {}]) {
      const reply = await withdraw(t, tokens.access_token, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        status: false,
        message: 'Reason cannot be blank',
        data: [{ errorField: 'reason', message: 'Reason cannot be blank' }],
      });
    }
    expect((await withdraw(t, tokens.access_token, { reason: '' }, 'sp')).json().message).toBe(
      'El motivo no puede quedar en blanco',
    );
    expect(await t.db.select().from(consentWithdrawals).where(eq(consentWithdrawals.userId, userId))).toHaveLength(0);
  });

  it('records the withdrawal, ends every session, closes sign-in and keeps the signed consent', async () => {
    const t = testApp();
    const since = t.clock.now();
    const { tokens, userId, email } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    await t.app.services.mailer.idle();
    t.mail.delivered.length = 0;

    const reply = await withdraw(t, tokens.access_token, { reason: 'Too much going on right now' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      message: 'You have withdrawn from the study. Your account is closed.',
    });

    const [withdrawal] = await t.db.select().from(consentWithdrawals).where(eq(consentWithdrawals.userId, userId));
    expect(withdrawal).toMatchObject({ reason: 'Too much going on right now', source: 'participant' });
    expect(withdrawal!.withdrawnAt).toEqual(t.clock.now());
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user!.status).toBe('withdrawn');
    expect(await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId))).toHaveLength(1);

    expect((await me(t, tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
    const again = await login(t, email, PATIENT_PASSWORD);
    expect(again.json()).toEqual(INCORRECT);

    const audit = (await auditSince(t, since)).filter((a) => a.action === 'consent.withdrawn');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain('Too much');

    await t.app.services.mailer.idle();
    expect(t.mail.to(email).map((m) => m.subject)).toEqual(['You have withdrawn from the Kidney Research Study']);
  });

  it('stops every later study e-mail to the withdrawn participant', async () => {
    const t = testApp();
    const { tokens, userId, email } = await signedInParticipant(t);
    await withdraw(t, tokens.access_token, { reason: 'Moving away' });
    await t.app.services.mailer.idle();
    t.mail.delivered.length = 0;
    await sendNow(t.app.services.mailer, t.db, {
      to: email,
      userId,
      language: 'en',
      template: 'survey-reminder',
      content: { subject: 'Reminder', greeting: 'Hello', before: [], after: [] },
    });
    await t.app.services.mailer.idle();
    expect(t.mail.to(email)).toHaveLength(0);
    const rows = await t.db.select().from(emailMessages).where(eq(emailMessages.template, 'survey-reminder'));
    expect(rows.map((r) => r.status)).toEqual(['suppressed']);
    await get(t, '/reset-password/init', { email });
    await t.app.services.mailer.idle();
    expect(t.mail.to(email)).toHaveLength(0);
  });

  it('reads a ?reason= query too, and happens once', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const reply = await t.app.inject({
      method: 'PUT',
      url: `/common-server/consent/withdraw?reason=${encodeURIComponent('No longer interested')}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [row] = await t.db.select().from(consentWithdrawals).where(eq(consentWithdrawals.userId, userId));
    expect(row!.reason).toBe('No longer interested');
    expect((await withdraw(t, tokens.access_token, { reason: 'again' })).statusCode).toBe(401);
  });

  it('lets the same address register again as a new participant who must consent anew', async () => {
    const t = testApp();
    const { tokens, userId, email } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    await withdraw(t, tokens.access_token, { reason: 'Personal reasons' });
    const again = await registerParticipant(t, { email });
    expect(again.id).not.toBe(userId);
    const [fresh] = await t.db.select().from(users).where(eq(users.id, again.id));
    expect(fresh).toMatchObject({ status: 'pending', consentSignedAt: null });
  });

  it('is for participants only', async () => {
    const t = testApp();
    const admin = await signInAdmin(t);
    expect((await withdraw(t, admin.access_token, { reason: 'test' })).statusCode).toBe(403);
    expect((await withdraw(t, '', { reason: 'test' })).statusCode).toBe(401);
  });
});
