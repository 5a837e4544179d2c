import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  emailMessages,
  healthSystemVerifications,
  users,
  verificationBatches,
  verificationChanges,
} from '../src/db/schema';
import { describeOnDatabase } from './helpers';
import { freshStartAt, MINUTE_MS, signIn, useAuthApp } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { call } from './participant-helpers';
import { confirm, registerParticipant, userByEmail } from './registration-helpers';
import { adminSession, dataOf } from './settings-helpers';
import { COMPLETE_ANSWERS, startRound, submitAnswers } from './survey-helpers';
import { auditUser, searchAudit, timelineOf } from './audit-helpers';

interface Timeline {
  participant: { id: string; email: string; name: string; status: string };
  entries: { at: string; kind: string; text: string }[];
}

/** A reminder the mailer did not send, written as the mailer leaves it. */
const unsentReminder = (userId: string, at: string, values: Partial<typeof emailMessages.$inferInsert>) => ({
  userId,
  recipient: 'someone@example.org',
  template: 'survey-reminder',
  language: 'en',
  subject: 'Your survey is waiting',
  transport: 'smtp',
  status: 'failed',
  createdAt: new Date(at),
  ...values,
});

describeOnDatabase('Audit Log participant timeline', (target) => {
  const testApp = useAuthApp(target);
  const minuteLater = () => testApp().clock.advance(MINUTE_MS);

  it('tells one participant’s history in order, each moment with its kind and what happened', async () => {
    const t = testApp();
    await freshStartAt(t, '2031-07-01T14:00:00.000Z');
    const registered = await registerParticipant(t);
    minuteLater();
    expect((await confirm(t, registered)).statusCode).toBe(200);
    const userId = (await userByEmail(t, registered.email))!.id;
    minuteLater();
    const token = (await signIn(t, registered.email)).access_token;
    minuteLater();
    await signConsent(t, token);
    minuteLater();
    const responseId = await startRound(t, token, 'core');
    t.clock.set('2031-07-01T14:04:10.000Z');
    const submitted = await submitAnswers(t, token, responseId, { answers: COMPLETE_ANSWERS.core });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Within the access token's five minutes.
    t.clock.set('2031-07-01T14:05:00.000Z');
    const withdrawn = await call(t, 'PUT', '/consent/withdraw', token, { payload: { reason: 'Moving abroad' } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await t.app.services.mailer.idle();
    // Written after the withdrawal (a re-consent request ends the participant's session), dated before it.
    await t.db
      .insert(emailMessages)
      .values([
        unsentReminder(userId, '2031-07-01T14:04:15.000Z', { status: 'suppressed', suppressedReason: 'emailsOff' }),
        unsentReminder(userId, '2031-07-01T14:04:30.000Z', { smtpReply: '550 5.1.1 Mailbox unavailable' }),
      ]);
    await t.db
      .update(users)
      .set({ reconsentRequestedAt: new Date('2031-07-01T14:04:45.000Z') })
      .where(eq(users.id, userId));

    await t.db.insert(healthSystemVerifications).values({
      userId,
      healthSystem: 'hs-north',
      consentedAt: new Date('2031-07-01T14:00:30.000Z'),
      createdAt: new Date('2031-07-01T14:00:30.000Z'),
    });
    const [batch] = await t.db
      .insert(verificationBatches)
      .values({ source: 'single', status: true, requested: 1, applied: 1 })
      .returning({ id: verificationBatches.id });
    await t.db.insert(verificationChanges).values({
      batchId: batch!.id,
      userId,
      oldStatus: null,
      newStatus: true,
      at: new Date('2031-07-01T14:04:50.000Z'),
    });

    const admin = await adminSession(t);
    const timeline = await dataOf<Timeline>(admin('GET', timelineOf(userId)));
    expect(timeline.participant).toEqual({
      id: userId,
      email: registered.email,
      name: 'Ana Núñez',
      status: 'withdrawn',
    });
    expect(timeline.entries.map((entry) => [entry.at.slice(11, 19), entry.kind, entry.text])).toEqual([
      ['14:00:00', 'account', 'Registered in the portal'],
      ['14:00:00', 'email', 'E-mail “Activate your Kidney Research Study account” sent'],
      ['14:00:30', 'verification', 'Verification record created for health system hs-north'],
      ['14:01:00', 'account', 'Activated the account'],
      ['14:02:00', 'email', 'E-mail “Your Kidney Research Study login code” sent'],
      ['14:02:00', 'signIn', 'Sign-in code sent (from 127.0.0.1)'],
      ['14:02:00', 'signIn', 'Signed in (from 127.0.0.1)'],
      ['14:03:00', 'email', 'E-mail “Your signed Kidney Research Study consent form” sent'],
      ['14:03:00', 'consent', 'Signed the consent form, version 1'],
      ['14:04:00', 'survey', 'Started the questionnaire core'],
      ['14:04:10', 'survey', 'Submitted the questionnaire core'],
      ['14:04:15', 'email', 'E-mail “Your survey is waiting” not sent: the participant turned study e-mails off'],
      ['14:04:30', 'email', 'E-mail “Your survey is waiting” could not be sent: 550 5.1.1 Mailbox unavailable'],
      ['14:04:45', 'reconsent', 'Asked to sign a new version of the consent form'],
      ['14:04:50', 'verification', 'Verification status changed from Pending to Verified'],
      ['14:05:00', 'email', 'E-mail “You have withdrawn from the Kidney Research Study” sent'],
      ['14:05:00', 'withdrawal', 'Withdrew from the study in the portal. Reason: Moving abroad'],
    ]);

    // The participant's own submission is found by a search for them (the record names them as its subject).
    const found = await searchAudit(admin, {
      from: '2031-07-01',
      to: '2031-07-01',
      participant: registered.email,
      action: 'survey.submitted',
    });
    expect(found.content.map((row) => [row.at, row.subjectEmail])).toEqual([
      ['2031-07-01T14:04:10.000Z', registered.email],
    ]);

    const spanish = await dataOf<Timeline>(admin('GET', timelineOf(userId), { language: 'sp' }));
    expect(spanish.entries[3]).toEqual({
      at: '2031-07-01T14:01:00.000Z',
      kind: 'account',
      text: 'Activó la cuenta',
    });
  });

  it('answers 404 for an ID that is not a participant’s, and 400 for one that is not an ID', async () => {
    const t = testApp();
    const admin = await adminSession(t);
    const adminId = await auditUser(t, 'other-admin@example.org', 'admin');
    const notParticipant = await admin('GET', timelineOf(adminId));
    expect(notParticipant.statusCode).toBe(404);
    expect(notParticipant.json()).toEqual({ status: false, message: 'No participant has this user ID.' });
    const unknown = await admin('GET', timelineOf('00000000-0000-4000-8000-000000000000'), { language: 'sp' });
    expect(unknown.json()).toEqual({ status: false, message: 'Ningún participante tiene este ID de usuario.' });
    expect((await admin('GET', timelineOf('ana@example.org'))).statusCode).toBe(400);
  });
});
