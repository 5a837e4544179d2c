import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { emailMessages, users } from '../src/db/schema';
import type { MailTransport, OutgoingMail } from '../src/providers/mail/mail-transport';
import {
  describeEachDatabase,
  describeOnDatabase,
  memoryMailTransport,
  recordRefusedAddress,
  testTokenSigningKey,
  useTestApp,
  type TestApp,
} from './helpers';
import { freshStart, freshStartAt, useAuthApp } from './auth-helpers';
import { createSurvey, insertParticipants, runInvitations, sentAt, surveyUserRows } from './one-time-helpers';
import { adminSession, dataOf } from './settings-helpers';

// Sunday 03/01/2026, 09:00 in Chicago (UTC-6). Study e-mails go out from 9:00 to 19:00 there.
const NOW = '2026-03-01T15:00:00.000Z';
const SEND = '2026-03-02T16:00:00.000Z';

const failuresOf = async (t: TestApp, formId: string, sort = 'email,asc') =>
  dataOf<{ content: { email: string; reason: string }[]; totalElements: number }>(
    (await adminSession(t))('GET', `/survey/one-time/failure?formId=${formId}&sort=${sort}&size=25`),
  );

const invitationRows = (t: TestApp) =>
  t.db
    .select({ userId: emailMessages.userId, language: emailMessages.language, priority: emailMessages.priority })
    .from(emailMessages)
    .where(eq(emailMessages.template, 'one-time-invitation'));

// Both databases: the invitations job is claimed once among processes, on each database's job queue.
describeEachDatabase('One-time survey invitations', (target) => {
  const testApp = useAuthApp(target);

  it('sends nothing before the send date, then one invitation to each participant in their language, and records why not for the others', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const [english] = await insertParticipants(t, 1, { email: 'd.english@example.org', firstName: 'Dana' });
    const [spanish] = await insertParticipants(t, 1, {
      email: 'e.spanish@example.org',
      firstName: 'Elena',
      language: 'sp',
    });
    const [refused] = await insertParticipants(t, 1, { email: 'a.refused@example.org' });
    const [optedOut] = await insertParticipants(t, 1, { email: 'b.emailsoff@example.org', emailSubscription: false });
    const [leaving] = await insertParticipants(t, 1, { email: 'c.withdrawn@example.org' });
    await recordRefusedAddress(t.db, refused!.email, new Date('2026-02-20T12:00:00.000Z'));
    const all = [english, spanish, refused, optedOut, leaving].map((p) => p!.email);
    const saved = await createSurvey(await adminSession(t), { participants: all });
    // Withdrawn after the survey was made, before its send date.
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, leaving!.id));

    t.clock.set('2026-03-02T15:59:59.000Z');
    expect(await runInvitations(t)).toBe(0);
    expect(t.mail.delivered).toEqual([]);
    expect(await sentAt(t, saved.id)).toBeNull();

    t.clock.set(SEND);
    expect(await runInvitations(t)).toBe(2);
    expect(await sentAt(t, saved.id)).toEqual(new Date(SEND));
    expect(t.mail.delivered.map((m) => m.to).sort()).toEqual(['d.english@example.org', 'e.spanish@example.org']);
    const [inEnglish] = t.mail.to('d.english@example.org');
    expect(inEnglish!.subject).toBe('A new Kidney Research Study survey: Your experience with telehealth');
    expect(inEnglish!.text).toContain('Hello Dana,');
    expect(inEnglish!.text).toContain('You can answer it from 03/02/2026 to 03/16/2026.');
    expect(inEnglish!.links).toEqual(['http://localhost:8080/survey']);
    const [inSpanish] = t.mail.to('e.spanish@example.org');
    expect(inSpanish!.subject).toBe(
      'Una nueva encuesta del Estudio de Investigación Renal: Su experiencia con la telesalud',
    );
    expect(inSpanish!.text).toContain('Hola, Elena:');
    expect(inSpanish!.text).toContain('Puede contestarla del 03/02/2026 al 03/16/2026.');
    expect((await invitationRows(t)).sort((a, b) => a.language.localeCompare(b.language))).toEqual([
      { userId: english!.id, language: 'en', priority: 2 },
      { userId: spanish!.id, language: 'sp', priority: 2 },
    ]);

    const rows = new Map((await surveyUserRows(t, saved.id)).map((row) => [row.userId, row]));
    expect(rows.get(english!.id)).toMatchObject({ invitedAt: new Date(SEND), failureReason: null });
    expect(rows.get(english!.id)!.emailId).toBe(inEnglish!.id);
    expect(rows.get(leaving!.id)).toMatchObject({ invitedAt: null, emailId: null, failureReason: 'withdrawn' });
    expect((await failuresOf(t, saved.formId)).content).toEqual([
      { email: 'a.refused@example.org', reason: 'addressRefused' },
      { email: 'b.emailsoff@example.org', reason: 'emailsOff' },
      { email: 'c.withdrawn@example.org', reason: 'withdrawn' },
    ]);
    expect((await failuresOf(t, saved.formId, 'email,desc')).content.map((row) => row.reason)).toEqual([
      'withdrawn',
      'emailsOff',
      'addressRefused',
    ]);

    // Run again, a minute later and the day after: nothing more goes.
    t.clock.set('2026-03-02T16:01:00.000Z');
    expect(await runInvitations(t)).toBe(0);
    t.clock.set('2026-03-03T16:00:00.000Z');
    expect(await runInvitations(t)).toBe(0);
    expect(t.mail.delivered).toHaveLength(2);
    expect(await invitationRows(t)).toHaveLength(2);
    const [row] = (
      await dataOf<{ content: Record<string, unknown>[] }>((await adminSession(t))('GET', '/survey/one-time'))
    ).content;
    expect(row).toMatchObject({
      state: 'inProgress',
      userCount: 5,
      successCount: 2,
      failureCount: 3,
      formEditable: false,
    });
  });

  it('holds an invitation queued outside study hours, and one whose participant withdrew meanwhile becomes a failure', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const [staying] = await insertParticipants(t, 1, { email: 'a.staying@example.org' });
    const [leaving] = await insertParticipants(t, 1, { email: 'b.leaving@example.org' });
    // 21:00 in Chicago: the invitations are written then, and leave the next morning at 9:00.
    const saved = await createSurvey(await adminSession(t), {
      sendDate: '2026-03-03T03:00:00.000Z',
      participants: [staying!.email, leaving!.email],
    });
    t.clock.set('2026-03-03T03:00:00.000Z');
    expect(await runInvitations(t)).toBe(2);
    expect(t.mail.delivered).toEqual([]);
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, leaving!.id));

    t.clock.set('2026-03-03T15:00:00.000Z');
    await runInvitations(t);
    expect(t.mail.delivered.map((m) => m.to)).toEqual(['a.staying@example.org']);
    expect((await failuresOf(t, saved.formId)).content).toEqual([
      { email: 'b.leaving@example.org', reason: 'withdrawn' },
    ]);
  });

  // Only PostgreSQL is shared by two server processes: not declared on PGlite.
  const onPostgres = target.kind === 'postgres' ? it : () => undefined;
  onPostgres(
    'writes each invitation once when two server processes run the job at the same moment, over two batches',
    { timeout: 120_000 },
    async () => {
      const t = testApp();
      await freshStartAt(t, NOW);
      await t.db.execute(sql`
        insert into users (email, password_hash, role, status, first_name, last_name)
        select 'many.' || n || '@example.org', 'not-a-password', 'patient', 'active', 'Rosa', 'Díaz'
        from generate_series(1, 700) n`);
      const participants = Array.from({ length: 700 }, (_, i) => `many.${i + 1}@example.org`);
      const saved = await createSurvey(await adminSession(t), { participants });
      if (t.handle.jobs.kind !== 'postgres') throw new Error('two processes share only a PostgreSQL database');
      const handle = await openDatabase({ kind: 'postgres', url: t.handle.jobs.url });
      const second = await buildApp({
        env: t.env,
        db: handle.db,
        clock: t.clock,
        logger: false,
        tokenSigningKey: await testTokenSigningKey(),
        mailTransport: memoryMailTransport(),
      });
      try {
        await second.ready();
        t.clock.set(SEND);
        const counts = await Promise.all([
          t.app.services.oneTimeSurveys.invitations.run(),
          second.services.oneTimeSurveys.invitations.run(),
        ]);
        expect(counts[0]! + counts[1]!).toBe(700);
        const invitations = await invitationRows(t);
        expect(invitations).toHaveLength(700);
        expect(new Set(invitations.map((row) => row.userId)).size).toBe(700);
        const rows = await surveyUserRows(t, saved.id);
        expect(rows.filter((row) => row.emailId !== null)).toHaveLength(700);
        expect(await sentAt(t, saved.id)).toEqual(new Date(SEND));
      } finally {
        await second.close();
        await handle.close();
      }
    },
  );
});

/** A mail server that refuses one recipient (no such mailbox) and the message to another, as an SMTP server says it. */
function refusingTransport(): MailTransport & { delivered: OutgoingMail[] } {
  const memory = memoryMailTransport();
  const refusedOnce = new Set<string>();
  return {
    ...memory,
    async deliver(mail) {
      if (mail.to.startsWith('d.') && !refusedOnce.has(mail.to)) {
        refusedOnce.add(mail.to);
        throw Object.assign(new Error('Busy'), { responseCode: 554, command: 'DATA', response: '554 5.7.1 Try later' });
      }
      if (mail.to.startsWith('a.'))
        throw Object.assign(new Error('No such user'), {
          responseCode: 550,
          command: 'RCPT TO',
          response: '550 5.1.1 No such user',
        });
      if (mail.to.startsWith('b.'))
        throw Object.assign(new Error('Rejected'), {
          responseCode: 554,
          command: 'DATA',
          response: '554 5.7.1 Rejected',
        });
      return memory.deliver(mail);
    },
  };
}

describeOnDatabase('One-time survey invitations that do not arrive', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' }, mailTransport: refusingTransport() });
  beforeEach(() => freshStart(testApp()));

  it('shows an address the mail server refused, and a message it refused, in the failures; a later survey skips the address', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const [unknown] = await insertParticipants(t, 1, { email: 'a.unknown@example.org' });
    const [blocked] = await insertParticipants(t, 1, { email: 'b.blocked@example.org' });
    const [fine] = await insertParticipants(t, 1, { email: 'c.fine@example.org' });
    const emails = [unknown, blocked, fine].map((p) => p!.email);
    const first = await createSurvey(await adminSession(t), { participants: emails });
    const second = await createSurvey(await adminSession(t), {
      sendDate: '2026-03-04T16:00:00.000Z',
      participants: emails,
    });

    t.clock.set(SEND);
    expect(await runInvitations(t)).toBe(3);
    expect((await failuresOf(t, first.formId)).content).toEqual([
      { email: 'a.unknown@example.org', reason: 'addressRefused' },
      { email: 'b.blocked@example.org', reason: 'deliveryFailed' },
    ]);
    const detail = await dataOf((await adminSession(t))('GET', `/survey/one-time/detail?id=${first.id}`));
    expect(detail).toMatchObject({ userCount: 3, successCount: 1, failureCount: 2 });

    t.clock.set('2026-03-04T16:00:00.000Z');
    expect(await runInvitations(t)).toBe(2);
    const rows = new Map((await surveyUserRows(t, second.id)).map((r) => [r.userId, r.failureReason]));
    expect(rows.get(unknown!.id)).toBe('addressRefused');
    expect((await failuresOf(t, second.formId)).content).toEqual([
      { email: 'a.unknown@example.org', reason: 'addressRefused' },
      { email: 'b.blocked@example.org', reason: 'deliveryFailed' },
    ]);
  });
  it('stops listing an invitation as failed once an administrator has sent it again and it arrived', async () => {
    const t = testApp();
    await freshStartAt(t, NOW);
    const [late] = await insertParticipants(t, 1, { email: 'd.late@example.org' });
    const survey = await createSurvey(await adminSession(t), { participants: [late!.email] });
    t.clock.set(SEND);
    expect(await runInvitations(t)).toBe(1);
    expect((await failuresOf(t, survey.formId)).content).toEqual([
      { email: 'd.late@example.org', reason: 'deliveryFailed' },
    ]);

    const [failed] = await t.db.select().from(emailMessages).where(eq(emailMessages.recipient, 'd.late@example.org'));
    const retried = await (await adminSession(t))('POST', `/email-analytics/failures/${failed!.id}/retry`);
    expect(retried.statusCode).toBe(200);
    await t.app.services.mailer.idle();

    expect((await failuresOf(t, survey.formId)).content).toEqual([]);
    const detail = await dataOf((await adminSession(t))('GET', `/survey/one-time/detail?id=${survey.id}`));
    expect(detail).toMatchObject({ userCount: 1, successCount: 1, failureCount: 0 });
  });
});
