import { randomUUID } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PARTICIPANT_SEARCH_LIMIT } from '@portal/shared/participants/participants';
import { auditLog, users } from '../src/db/schema';
import { MINUTE_MS, signIn, signInAdmin, useAuthApp } from './auth-helpers';
import { describeEachDatabase, type TestApp } from './helpers';
import { call, signedInParticipant } from './participant-helpers';
import { registerParticipant, userByEmail } from './registration-helpers';
import { signedInStaff } from './staff-helpers';
import { COMPLETE_ANSWERS, consentedParticipant, startRound, submitAnswers } from './survey-helpers';

const SEARCH = '/participants/search';
const viewOf = (id: string) => `/participants/${id}`;
const copyOf = (id: string, signatureId: string) => `/participants/${id}/signed-copies/${signatureId}`;
const resendTo = (id: string) => `/participants/${id}/resend-activation`;
const unlockOf = (id: string) => `/participants/${id}/unlock`;
const NOT_FOUND = { status: false, message: 'No participant was found with this ID.' };

interface Found {
  results: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    healthSystem: unknown;
    account: unknown;
  }[];
  more: boolean;
}

async function search(t: TestApp, token: string, query: string): Promise<Found> {
  const reply = await call(t, 'POST', SEARCH, token, { payload: { query } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}

/** The audit rows of an action since an instant. */
const auditRows = (t: TestApp, action: string, since: Date) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), gte(auditLog.at, since)));

/** The id of the seeded study administrator, whose token `signInAdmin` gives. */
async function adminId(t: TestApp) {
  return (await userByEmail(t, 'admin@example.org'))!.id;
}

// Both databases: the search leans on letter-case matching (`ilike`, `lower()`) and on the scope's `in` list.
describeEachDatabase('The Participants tab', (target) => {
  const testApp = useAuthApp(target);

  it('finds participants by e-mail in any letter case, by user ID and by the start of a name, at most 25', async () => {
    const t = testApp();
    const since = t.clock.now();
    const rosalind = await signedInParticipant(t, { firstName: 'Rosalind', lastName: 'Quintero' });
    const rosa = await registerParticipant(t, { firstName: 'Rosa', lastName: 'Marquez' });
    const admin = (await signInAdmin(t)).access_token;

    const byEmail = await search(t, admin, rosalind.email.toUpperCase());
    expect(byEmail).toEqual({
      results: [
        {
          id: rosalind.userId,
          firstName: 'Rosalind',
          lastName: 'Quintero',
          email: rosalind.email,
          healthSystem: null,
          account: { status: 'active', lockedUntil: null },
        },
      ],
      more: false,
    });
    expect((await search(t, admin, rosalind.userId.toUpperCase())).results.map((r) => r.id)).toEqual([rosalind.userId]);
    const byName = await search(t, admin, 'ROSA');
    expect(byName.results.map((r) => r.email)).toEqual([rosa.email, rosalind.email]);
    expect(byName.results[0]!.account).toEqual({ status: 'pendingActivation', lockedUntil: null });
    expect((await search(t, admin, 'rosa quin')).results.map((r) => r.id)).toEqual([rosalind.userId]);
    expect((await search(t, admin, 'intero')).results).toEqual([]);
    // A typed % is a letter, not a wildcard.
    expect((await search(t, admin, '%')).results).toEqual([]);

    const empty = await call(t, 'POST', SEARCH, admin, { payload: { query: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data).toEqual([
      { errorField: 'query', message: 'Enter an e-mail address, a user ID or a name.' },
    ]);

    // Many of one name: the first 25 by name, and a word that there are more.
    await t.db.insert(users).values(
      Array.from({ length: PARTICIPANT_SEARCH_LIMIT + 1 }, (_, i) => ({
        email: `zephyr.${i}@example.org`,
        passwordHash: 'not-a-hash',
        role: 'patient',
        status: 'active',
        firstName: `Zed${String(i).padStart(2, '0')}`,
        lastName: 'Zephyr',
      })),
    );
    const many = await search(t, admin, 'zephyr');
    expect(many.results).toHaveLength(PARTICIPANT_SEARCH_LIMIT);
    expect(many.more).toBe(true);
    expect(many.results[0]!.firstName).toBe('Zed00');

    // Each search is recorded by its kind and who it found, never by its text.
    const searches = await auditRows(t, 'participant.searched', since);
    expect(searches).toHaveLength(7);
    const admins = await adminId(t);
    expect(searches.every((row) => row.actorId === admins && row.subjectId === null)).toBe(true);
    expect(searches.map((row) => row.details)).toContainEqual({
      by: 'email',
      found: 1,
      participantIds: [rosalind.userId],
    });
    expect(JSON.stringify(searches)).not.toContain(rosalind.email);
  });

  it('shows a participant’s account, consent, survey rounds and e-mails, records each view, and opens a signed copy', async () => {
    const t = testApp();
    const since = t.clock.now();
    const participant = await consentedParticipant(t);
    const token = participant.tokens.access_token;
    const core = await startRound(t, token, 'core');
    t.clock.advance(MINUTE_MS);
    const submitted = await submitAnswers(t, token, core, { answers: COMPLETE_ANSWERS.core });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await t.app.services.mailer.idle();
    const admin = (await signInAdmin(t)).access_token;

    const reply = await call(t, 'GET', viewOf(participant.userId), admin);
    expect(reply.statusCode, reply.body).toBe(200);
    const view = reply.json().data;
    expect(view).toMatchObject({
      id: participant.userId,
      email: participant.email,
      firstName: 'Ana',
      lastName: 'Núñez',
      healthSystem: null,
      account: { status: 'active', lockedUntil: null },
      language: 'en',
      withdrawnAt: null,
      withdrawalRequest: null,
      consent: { reconsentRequestedAt: null },
    });
    expect(view.activatedAt).toEqual(expect.any(String));
    expect(Date.parse(view.registeredAt)).toBeLessThanOrEqual(Date.parse(view.activatedAt));
    expect(view.consent.signed).toEqual([
      {
        signatureId: expect.any(String),
        formVersion: expect.any(Number),
        language: 'en',
        healthSystemForm: false,
        signedAt: expect.any(String),
      },
    ]);
    expect(view.rounds).toHaveLength(1);
    const [round] = view.rounds;
    expect(round).toMatchObject({ number: 1, window: 'open' });
    const states = Object.fromEntries(
      round.questionnaires.map((q: { formKey: string; state: string }) => [q.formKey, q.state]),
    );
    expect(states).toEqual(
      Object.fromEntries(
        Object.keys(COMPLETE_ANSWERS).map((key) => [key, key === 'core' ? 'submitted' : 'notStarted']),
      ),
    );
    // Where a questionnaire stands, never what was answered.
    expect(reply.body).not.toContain('answers');
    // The e-mails sent (activation, sign-in code, signed copy) are in the history, each said sent or not.
    const emails = view.history.filter((entry: { kind: string }) => entry.kind === 'email');
    expect(emails.length).toBeGreaterThanOrEqual(2);
    expect(view.history.map((entry: { kind: string }) => entry.kind)).toContain('consent');

    const viewed = await auditRows(t, 'participant.viewed', since);
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ actorId: await adminId(t), subjectId: participant.userId });

    const signatureId = view.consent.signed[0].signatureId;
    const copy = await call(t, 'GET', copyOf(participant.userId, signatureId), admin);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect(copy.headers['content-disposition']).toMatch(/^attachment;/);
    expect(copy.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const downloads = await auditRows(t, 'participant.signedCopyDownloaded', since);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({
      actorId: await adminId(t),
      subjectId: participant.userId,
      details: { signatureId },
    });
    const unknownCopy = await call(t, 'GET', copyOf(participant.userId, randomUUID()), admin);
    expect(unknownCopy.statusCode).toBe(404);
    expect(unknownCopy.json()).toEqual({ status: false, message: 'This signed copy was not found.' });

    const unknown = await call(t, 'GET', viewOf(randomUUID()), admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);
  });

  it('lets the help desk resend an activation e-mail and unlock an account, but not open a signed copy', async () => {
    const t = testApp();
    const since = t.clock.now();
    const helpDesk = await signedInStaff(t, { role: 'helpDesk' });
    const pending = await registerParticipant(t);
    const pendingId = (await userByEmail(t, pending.email))!.id;
    const locked = await consentedParticipant(t);

    const pendingView = (await call(t, 'GET', viewOf(pendingId), helpDesk.token)).json().data;
    expect(pendingView.account).toEqual({ status: 'pendingActivation', lockedUntil: null });
    t.mail.delivered.length = 0;
    const resent = await call(t, 'POST', resendTo(pendingId), helpDesk.token);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ status: true, message: 'A new activation e-mail with a fresh link was sent.' });
    await t.app.services.mailer.idle();
    expect(t.mail.to(pending.email)).toHaveLength(1);
    expect(t.mail.to(pending.email)[0]!.links[0]).toContain('/registration-confirm');

    const helpDeskView = (await call(t, 'GET', viewOf(locked.userId), helpDesk.token)).json().data;
    const signatureId = helpDeskView.consent.signed[0].signatureId;
    // The help desk sees the sign-ins but not the address they came from, which the audit trail's readers see.
    const adminView = (await call(t, 'GET', viewOf(locked.userId), (await signInAdmin(t)).access_token)).json().data;
    const signIns = (view: { history: { kind: string; text: string }[] }) =>
      view.history.filter((entry) => entry.kind === 'signIn').map((entry) => entry.text);
    expect(signIns(adminView).length).toBeGreaterThan(0);
    expect(signIns(adminView).every((text) => text.includes('127.0.0.1'))).toBe(true);
    expect(signIns(helpDeskView)).toHaveLength(signIns(adminView).length);
    expect(signIns(helpDeskView).some((text) => text.includes('127.0.0.1'))).toBe(false);
    const copy = await call(t, 'GET', copyOf(locked.userId, signatureId), helpDesk.token);
    expect(copy.statusCode).toBe(403);

    const until = new Date(t.clock.now().getTime() + 15 * MINUTE_MS);
    await t.db.update(users).set({ lockedUntil: until, failedLoginCount: 0 }).where(eq(users.id, locked.userId));
    const lockedView = (await call(t, 'GET', viewOf(locked.userId), helpDesk.token)).json().data;
    expect(lockedView.account).toEqual({ status: 'active', lockedUntil: until.toISOString() });
    const unlocked = await call(t, 'POST', unlockOf(locked.userId), helpDesk.token);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().message).toBe('The account is unlocked. The participant can sign in again.');
    const [row] = await t.db.select().from(users).where(eq(users.id, locked.userId));
    expect({ lockedUntil: row!.lockedUntil, failedLoginCount: row!.failedLoginCount }).toEqual({
      lockedUntil: null,
      failedLoginCount: 0,
    });
    await signIn(t, locked.email);

    expect(await auditRows(t, 'participant.activationResent', since)).toMatchObject([
      { actorId: helpDesk.id, subjectId: pendingId },
    ]);
    expect(await auditRows(t, 'participant.unlocked', since)).toMatchObject([
      { actorId: helpDesk.id, subjectId: locked.userId, details: { lockedUntil: until.toISOString() } },
    ]);
    expect(await auditRows(t, 'participant.signedCopyDownloaded', since)).toEqual([]);
    const views = await auditRows(t, 'participant.viewed', since);
    expect(views.map((v) => `${v.actorId} ${v.subjectId}`).sort()).toEqual(
      [
        `${helpDesk.id} ${pendingId}`,
        `${helpDesk.id} ${locked.userId}`,
        `${await adminId(t)} ${locked.userId}`,
        `${helpDesk.id} ${locked.userId}`,
      ].sort(),
    );
  });

  it('refuses a resend to an active account and unlocking an account that is not locked, in the reader’s language', async () => {
    const t = testApp();
    const since = t.clock.now();
    const participant = await signedInParticipant(t);
    const admin = (await signInAdmin(t)).access_token;
    t.mail.delivered.length = 0;

    const resent = await call(t, 'POST', resendTo(participant.userId), admin);
    expect(resent.statusCode).toBe(409);
    expect(resent.json()).toEqual({
      status: false,
      message: 'This account is already active, so no activation e-mail was sent.',
    });
    const spanish = await call(t, 'POST', resendTo(participant.userId), admin, { language: 'sp' });
    expect(spanish.json().message).toBe('Esta cuenta ya está activa, así que no se envió ningún correo de activación.');
    const unlocked = await call(t, 'POST', unlockOf(participant.userId), admin);
    expect(unlocked.statusCode).toBe(409);
    expect(unlocked.json()).toEqual({ status: false, message: 'This account is not locked.' });
    // A lock that has run out is no lock.
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, participant.userId));
    expect((await call(t, 'POST', unlockOf(participant.userId), admin)).statusCode).toBe(409);
    await t.app.services.mailer.idle();
    expect(t.mail.to(participant.email)).toEqual([]);
    expect(await auditRows(t, 'participant.unlocked', since)).toEqual([]);
  });

  it('keeps a coordinator to their health systems: another system’s participant is unknown and never found', async () => {
    const t = testApp();
    const since = t.clock.now();
    const coordinator = await signedInStaff(t, { role: 'coordinator', healthSystems: ['geisinger'] });
    const auditor = await signedInStaff(t, { role: 'auditor' });
    const theirs = await signedInParticipant(t, { healthSystem: 'geisinger', healthSystemConsent: true });
    const other = await signedInParticipant(t, { healthSystem: 'riverside', healthSystemConsent: true });

    expect((await search(t, coordinator.token, other.email)).results).toEqual([]);
    expect((await search(t, coordinator.token, other.userId)).results).toEqual([]);
    expect((await search(t, coordinator.token, 'ana')).results.map((r) => r.id)).toEqual([theirs.userId]);
    const outside = await call(t, 'GET', viewOf(other.userId), coordinator.token);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(NOT_FOUND);
    expect((await call(t, 'GET', copyOf(other.userId, randomUUID()), coordinator.token)).json()).toEqual(NOT_FOUND);

    const inside = await call(t, 'GET', viewOf(theirs.userId), coordinator.token);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().data.healthSystem).toEqual({ value: 'geisinger', name: 'Geisinger' });
    // A coordinator has neither of the help desk's actions.
    expect((await call(t, 'POST', unlockOf(theirs.userId), coordinator.token)).statusCode).toBe(403);

    // Everyone's participants for an unscoped role, which may look but not act.
    expect((await search(t, auditor.token, 'ana')).results).toHaveLength(2);
    expect((await call(t, 'POST', resendTo(other.userId), auditor.token)).statusCode).toBe(403);
    expect((await call(t, 'POST', unlockOf(other.userId), auditor.token)).statusCode).toBe(403);

    const looked = await auditRows(t, 'participant.viewed', since);
    expect(looked.map((row) => [row.actorId, row.subjectId])).toEqual([[coordinator.id, theirs.userId]]);
  });
});
