import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailMessages, reminderDispatches, users } from '../src/db/schema';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import {
  describeEachDatabase,
  memoryMailTransport,
  recordRefusedAddress,
  testTokenSigningKey,
  type TestApp,
} from './helpers';
import { freshStartAt, setDowntime, signIn, useAuthApp } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { confirm, linkParts, registerParticipant, uniqueEmail } from './registration-helpers';
import { publishDefaultVersion, requestReconsent, witnessField } from './reconsent-helpers';
import { adminSession, dataOf } from './settings-helpers';
import { submitRound } from './survey-helpers';

// The study's time zone is America/Chicago (UTC-6 in February); reminders go out from 9:00 to 19:00 there,
// that is from 15:00 to 01:00 UTC. Every scenario starts on Monday 02/02/2026 at 10:00 in Chicago. The seeded
// demo participant is active and has not signed either, so consent reminders are counted per participant.
const START = '2026-02-02T16:00:00.000Z';

async function setSchedule(t: TestApp, type: string, days: number[]) {
  const admin = await adminSession(t);
  await dataOf(
    admin('POST', `/settings/reminder?type=${type}`, { payload: { reminders: days.map((d) => ({ days: d })) } }),
  );
}

/** One run of the reminder job and of the delivery sweep after it, as the scheduler does them every minute. */
async function runJobs(t: TestApp): Promise<number> {
  const queued = await t.app.services.reminders.run();
  await t.app.services.mailer.sweep();
  await t.app.services.mailer.idle();
  return queued;
}

/** Forgets the e-mails sent so far, once those still on their way have arrived. */
async function forgetMail(t: TestApp) {
  await t.app.services.mailer.idle();
  t.mail.delivered.length = 0;
}

const dispatchesOf = (t: TestApp, userId: string) =>
  t.db
    .select({
      type: reminderDispatches.type,
      days: reminderDispatches.days,
      roundNumber: reminderDispatches.roundNumber,
      skippedReason: reminderDispatches.skippedReason,
      emailId: reminderDispatches.emailId,
    })
    .from(reminderDispatches)
    .where(eq(reminderDispatches.userId, userId))
    .orderBy(reminderDispatches.days);

const idOf = async (t: TestApp, email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** Another server process on the same PostgreSQL database, on the same clock, with its own mail transport. */
async function secondProcess(t: TestApp) {
  if (t.handle.jobs.kind !== 'postgres') throw new Error('two processes share only a PostgreSQL database');
  const handle = await openDatabase({ kind: 'postgres', url: t.handle.jobs.url });
  const mail = memoryMailTransport();
  const app = await buildApp({
    env: t.env,
    db: handle.db,
    clock: t.clock,
    logger: false,
    tokenSigningKey: await testTokenSigningKey(),
    mailTransport: mail,
  });
  await app.ready();
  return {
    app,
    mail,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

// Both databases: the reminders job is claimed once among processes, on each database's job queue.
describeEachDatabase('Reminders', (target) => {
  const testApp = useAuthApp(target);

  it('sends the day-3 activation reminder on day 3 from 9:00 in Chicago, once, in Spanish, with a link that activates', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ACCOUNT_ACTIVATION', [3, 7]);
    const { email } = await registerParticipant(t, { language: 'sp' });
    await forgetMail(t);

    t.clock.set('2026-02-04T23:00:00.000Z'); // day 2, 17:00
    expect(await runJobs(t)).toBe(0);
    t.clock.set('2026-02-05T14:59:00.000Z'); // day 3, 08:59: not yet daytime
    expect(await runJobs(t)).toBe(0);
    t.clock.set('2026-02-05T15:00:00.000Z'); // day 3, 09:00
    expect(await runJobs(t)).toBe(1);
    expect(await runJobs(t)).toBe(0);

    const [reminder] = t.mail.to(email);
    expect(t.mail.to(email)).toHaveLength(1);
    expect(reminder!.subject).toBe('Recordatorio: active su cuenta del Estudio de Investigación Renal');
    expect(reminder!.text).toContain('Hola, Ana:');
    const userId = await idOf(t, email);
    expect(await dispatchesOf(t, userId)).toEqual([
      { type: 'ACCOUNT_ACTIVATION', days: 3, roundNumber: 0, skippedReason: null, emailId: reminder!.id },
    ]);
    const [row] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, reminder!.id));
    expect(row).toMatchObject({ template: 'activation-reminder', language: 'sp', status: 'sent', priority: 2 });

    // The reminder's fresh link activates the account; day 7 then has nobody to remind.
    expect((await confirm(t, linkParts(reminder!.links[0]!))).statusCode).toBe(200);
    t.clock.set('2026-02-09T15:00:00.000Z');
    expect(await runJobs(t)).toBe(0);
    expect(t.mail.to(email)).toHaveLength(1);
  });

  it('reminds of the consent on the configured day after activation, and records why a withdrawn or opted-out participant got none', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ICF', [2]);
    const reminded = await signedInParticipant(t);
    const withdrawn = await signedInParticipant(t);
    const optedOut = await signedInParticipant(t);
    const withdrawal = await call(t, 'PUT', '/consent/withdraw', withdrawn.tokens.access_token, {
      payload: { reason: 'Moving abroad' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const preferences = await call(t, 'PUT', '/communication-preferences/update', optedOut.tokens.access_token, {
      payload: { emailSubscription: false, newsletterSubscription: true },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    await forgetMail(t);

    t.clock.set('2026-02-04T15:00:00.000Z');
    await runJobs(t);
    expect(t.mail.to(reminded.email)).toHaveLength(1);
    const [mail] = t.mail.to(reminded.email);
    expect(mail!.subject).toBe('Reminder: sign your Kidney Research Study consent form');
    expect(mail!.links).toContain('http://localhost:8080/login-patient');
    expect(t.mail.to(withdrawn.email)).toEqual([]);
    expect(t.mail.to(optedOut.email)).toEqual([]);
    expect(await dispatchesOf(t, withdrawn.userId)).toEqual([
      { type: 'ICF', days: 2, roundNumber: 0, skippedReason: 'withdrawn', emailId: null },
    ]);
    expect(await dispatchesOf(t, optedOut.userId)).toEqual([
      { type: 'ICF', days: 2, roundNumber: 0, skippedReason: 'emailsOff', emailId: null },
    ]);
    expect(await runJobs(t)).toBe(0);
    expect(await dispatchesOf(t, withdrawn.userId)).toHaveLength(1);
  });

  it('reminds of an open survey round on day 5 after it opened, with its closing date, only those who have not submitted', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'SURVEY', [5]);
    const waiting = await signedInParticipant(t);
    await signConsent(t, waiting.tokens.access_token);
    const done = await signedInParticipant(t);
    await signConsent(t, done.tokens.access_token);
    await submitRound(t, done.tokens.access_token);
    await forgetMail(t);

    t.clock.set('2026-02-06T23:00:00.000Z'); // day 4
    expect(await runJobs(t)).toBe(0);
    t.clock.set('2026-02-07T15:00:00.000Z'); // day 5
    expect(await runJobs(t)).toBe(1);
    const [mail] = t.mail.to(waiting.email);
    expect(mail!.subject).toBe('Reminder: your Kidney Research Study questionnaires are ready');
    // The round opened at consent (02/02/2026) for the 90-day survey period.
    expect(mail!.text).toContain('05/03/2026');
    expect(t.mail.to(done.email)).toEqual([]);
    expect(await dispatchesOf(t, waiting.userId)).toEqual([
      { type: 'SURVEY', days: 5, roundNumber: 1, skippedReason: null, emailId: mail!.id },
    ]);
  });

  it('sends nothing for a day removed before it came, nor for a day added after its date had passed', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ACCOUNT_ACTIVATION', [3]);
    const { email } = await registerParticipant(t);
    await forgetMail(t);

    t.clock.set('2026-02-04T15:00:00.000Z');
    await setSchedule(t, 'ACCOUNT_ACTIVATION', []);
    t.clock.set('2026-02-05T15:00:00.000Z');
    expect(await runJobs(t)).toBe(0);

    // Added on 02/06: day 1 (02/03) and day 3 (02/05) are past and never sent; day 5 (02/07) is to come.
    t.clock.set('2026-02-06T15:00:00.000Z');
    await setSchedule(t, 'ACCOUNT_ACTIVATION', [1, 3, 5]);
    expect(await runJobs(t)).toBe(0);
    t.clock.set('2026-02-07T15:00:00.000Z');
    expect(await runJobs(t)).toBe(1);
    expect(await dispatchesOf(t, await idOf(t, email))).toEqual([
      expect.objectContaining({ days: 5, skippedReason: null }),
    ]);
  });

  it('after an outage sends only the latest of the days that fell due, recording the earlier as superseded', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ICF', [1, 2]);
    const participant = await signedInParticipant(t);

    t.clock.set('2026-02-05T15:00:00.000Z');
    await runJobs(t);
    expect(t.mail.to(participant.email)).toHaveLength(1);
    expect(await dispatchesOf(t, participant.userId)).toEqual([
      { type: 'ICF', days: 1, roundNumber: 0, skippedReason: 'superseded', emailId: null },
      expect.objectContaining({ days: 2, skippedReason: null }),
    ]);
  });

  it('holds reminders during downtime and sends them once it is over', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ICF', [2]);
    const participant = await signedInParticipant(t);
    t.clock.set('2026-02-04T15:00:00.000Z');
    await setDowntime(t, true);
    expect(await runJobs(t)).toBe(0);
    expect(await dispatchesOf(t, participant.userId)).toEqual([]);
    await setDowntime(t, false);
    await runJobs(t);
    expect(t.mail.to(participant.email)).toHaveLength(1);
  });

  it('skips an address the mail server refused for good, and a reminder whose purpose was met before it left', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ICF', [2]);
    const refused = await signedInParticipant(t, { email: uniqueEmail('refused') });
    const signer = await signedInParticipant(t);
    await recordRefusedAddress(t.db, refused.email, new Date('2026-02-03T12:00:00.000Z'));

    t.clock.set('2026-02-04T15:00:00.000Z');
    // Queued, then the participant signs before the delivery sweep.
    await t.app.services.reminders.run();
    await signConsent(t, (await signIn(t, signer.email)).access_token);
    await forgetMail(t);
    await t.app.services.mailer.sweep();
    await t.app.services.mailer.idle();

    expect(t.mail.to(signer.email)).toEqual([]);
    expect(t.mail.to(refused.email)).toEqual([]);
    expect(await dispatchesOf(t, refused.userId)).toEqual([
      { type: 'ICF', days: 2, roundNumber: 0, skippedReason: 'addressRefused', emailId: null },
    ]);
    const [sent] = await dispatchesOf(t, signer.userId);
    const [row] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, sent!.emailId!));
    expect(row).toMatchObject({ status: 'suppressed', suppressedReason: 'alreadyDone', payload: null });
  });

  it('reminds of an updated consent form on the configured day after each request to sign it, holding survey reminders meanwhile', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    await setSchedule(t, 'ICF', [2]);
    await setSchedule(t, 'SURVEY', [5]);
    const participant = await signedInParticipant(t);
    await signConsent(t, participant.tokens.access_token); // round 1 opens on 02/02: its day 5 is 02/07
    await forgetMail(t);

    t.clock.set('2026-02-05T15:00:00.000Z');
    await publishDefaultVersion(t, [witnessField('Witness name')]);
    await requestReconsent(t, participant.userId);
    t.clock.set('2026-02-06T15:00:00.000Z'); // day 1 of the request
    await runJobs(t);
    expect(t.mail.to(participant.email)).toEqual([]);
    t.clock.set('2026-02-07T15:00:00.000Z'); // day 2 of the request, day 5 of the round
    await runJobs(t);
    const [updated] = t.mail.to(participant.email);
    expect(t.mail.to(participant.email)).toHaveLength(1);
    expect(updated!.subject).toBe('Reminder: please sign the updated Kidney Research Study consent form');
    expect(updated!.text).toContain(
      'The informed consent form was updated since you signed it. Please log in to read the updated form and sign it again.',
    );

    // Signing the new version lets the held survey reminder go.
    t.clock.set('2026-02-08T15:00:00.000Z');
    await signConsent(t, (await signIn(t, participant.email)).access_token);
    await forgetMail(t);
    await runJobs(t);
    expect(t.mail.to(participant.email).map((m) => m.subject)).toEqual([
      'Reminder: your Kidney Research Study questionnaires are ready',
    ]);

    // A second request is a round of its own, counted from it.
    t.clock.set('2026-02-09T15:00:00.000Z');
    await publishDefaultVersion(t, [witnessField('Witness name'), witnessField('Interpreter name')]);
    await requestReconsent(t, participant.userId);
    t.clock.set('2026-02-11T15:00:00.000Z');
    await runJobs(t);
    const icf = (await dispatchesOf(t, participant.userId)).filter((d) => d.type === 'ICF');
    expect(icf.sort((a, b) => a.roundNumber - b.roundNumber)).toEqual([
      { type: 'ICF', days: 2, roundNumber: 1, skippedReason: null, emailId: updated!.id },
      { type: 'ICF', days: 2, roundNumber: 2, skippedReason: null, emailId: expect.any(String) },
    ]);
    expect(t.mail.to(participant.email).at(-1)!.subject).toBe(
      'Reminder: please sign the updated Kidney Research Study consent form',
    );
  });

  // Only PostgreSQL is shared by two server processes: not declared on PGlite.
  const onPostgres = target.kind === 'postgres' ? it : () => undefined;
  onPostgres(
    'sends each participant the day-3 reminder once when two server processes run the job at the same moment',
    async () => {
      const t = testApp();
      await freshStartAt(t, START);
      await setSchedule(t, 'ACCOUNT_ACTIVATION', [3]);
      const emails: string[] = [];
      for (let i = 0; i < 6; i += 1) emails.push((await registerParticipant(t)).email);
      await forgetMail(t);
      const second = await secondProcess(t);
      try {
        t.clock.set('2026-02-05T15:00:00.000Z');
        const counts = await Promise.all([t.app.services.reminders.run(), second.app.services.reminders.run()]);
        expect(counts[0]! + counts[1]!).toBe(6);
        await Promise.all([t.app.services.mailer.sweep(), second.app.services.mailer.sweep()]);
        await Promise.all([t.app.services.mailer.idle(), second.app.services.mailer.idle()]);
        const delivered = [...t.mail.delivered, ...second.mail.delivered].map((m) => m.to).sort();
        expect(delivered).toEqual([...emails].sort());
      } finally {
        await second.close();
      }
    },
  );

  it('is kept to once per person, type, round and day by the database itself', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const participant = await signedInParticipant(t);
    const row = { userId: participant.userId, type: 'ICF', roundNumber: 0, days: 2, skippedReason: 'withdrawn' };
    await t.db.insert(reminderDispatches).values(row);
    await expect(t.db.insert(reminderDispatches).values(row)).rejects.toThrow();
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reminderDispatches)
      .where(and(eq(reminderDispatches.userId, participant.userId), eq(reminderDispatches.days, 2)));
    expect(count[0]!.n).toBe(1);
  });
});
