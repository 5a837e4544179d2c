import { expect, it } from 'vitest';
import type { TAdminDashboard, TParticipantDashboard } from '@portal/shared/home/home';
import { describeOnDatabase, type TestApp } from './helpers';
import { freshStartAt, signIn, signInAdmin, UNAUTHORIZED, useAuthApp } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { registerParticipant } from './registration-helpers';
import { signedInStaff } from './staff-helpers';
import { createOneTimeSurvey, DAY_MS, saveAnswers, startRound, submitRound, widget } from './survey-helpers';

async function dashboard<T = TParticipantDashboard>(t: TestApp, token: string): Promise<T> {
  const reply = await call(t, 'GET', '/dashboard', token);
  expect(reply.statusCode, reply.body).toBe(200);
  expect(reply.json().status).toBe(true);
  return reply.json().data;
}

describeOnDatabase('Home dashboard', (target) => {
  const testApp = useAuthApp(target);

  it('is for signed-in users only', async () => {
    const t = testApp();
    const reply = await call(t, 'GET', '/dashboard', undefined);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual(UNAUTHORIZED);
    expect((await call(t, 'GET', '/dashboard', 'not-a-token')).statusCode).toBe(401);
  });

  it('asks a new participant to sign the consent first, with nothing else to do yet', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t, { firstName: 'Marisol' });
    expect(await dashboard(t, tokens.access_token)).toEqual({
      role: 'patient',
      firstName: 'Marisol',
      consent: { signed: false, signedDate: null },
      currentRound: [],
      oneTime: [],
      nextRoundOpensAt: null,
      nextStep: { kind: 'signConsent' },
    });
  });

  it('after consent: the signed date, the open round with its deadline, and the first questionnaire to start', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const { tokens } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    const view = await dashboard(t, tokens.access_token);
    expect(view.consent).toEqual({ signed: true, signedDate: '03/01/2026' });
    expect(view.currentRound.map((e) => [e.formKey, e.status])).toEqual([
      ['core', 'open'],
      ['quality-of-life', 'open'],
      ['health-status', 'open'],
    ]);
    expect(view.currentRound[0]!.closesAt).toBe('2026-05-30T12:00:00.000Z'); // 90 days, the default survey period
    expect(view.nextStep.kind).toBe('startSurvey');
    expect(view.nextStep.survey?.formKey).toBe('core');
    // The same entries as the Surveys screen: one source of truth for both.
    expect(view.currentRound).toEqual((await widget(t, tokens.access_token)).current);
  });

  it('points to the questionnaire already started, then to the next round once all are submitted', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const { tokens } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    const responseId = await startRound(t, tokens.access_token, 'health-status');
    expect((await saveAnswers(t, tokens.access_token, responseId, { answers: {}, pageNo: 0 })).statusCode).toBe(200);

    const started = await dashboard(t, tokens.access_token);
    expect(started.nextStep).toMatchObject({ kind: 'continueSurvey', survey: { formKey: 'health-status' } });
    expect(started.currentRound.find((e) => e.formKey === 'health-status')?.status).toBe('started');

    await submitRound(t, tokens.access_token);
    const done = await dashboard(t, tokens.access_token);
    expect(done.currentRound.every((e) => e.status === 'submitted')).toBe(true);
    expect(done.nextStep).toEqual({ kind: 'waitForNextRound', opensAt: '2027-03-01T12:00:00.000Z' });
  });

  it('moves on when the window closes unanswered, and offers a one-time survey during its own window', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    await signConsent(t, participant.tokens.access_token);
    // Months pass between visits: each visit signs in again.
    const visit = async () => dashboard(t, (await signIn(t, participant.email)).access_token);
    const survey = await createOneTimeSurvey(t, {
      opensAt: new Date(t.clock.now().getTime() + 100 * DAY_MS),
      days: 10,
      userIds: [participant.userId],
    });

    t.clock.advance(91 * DAY_MS);
    const afterRound = await visit();
    expect(afterRound.currentRound).toEqual([]);
    expect(afterRound.oneTime).toEqual([]);
    expect(afterRound.nextStep.kind).toBe('waitForNextRound');

    t.clock.advance(10 * DAY_MS);
    const oneTimeOpen = await visit();
    expect(oneTimeOpen.oneTime.map((e) => e.oneTimeSurveyId)).toEqual([survey.id]);
    expect(oneTimeOpen.nextStep).toMatchObject({ kind: 'startSurvey', survey: { kind: 'one-time' } });
  });

  it('shows each participant only their own place in the study', async () => {
    const t = testApp();
    const first = await signedInParticipant(t, { firstName: 'Rosa' });
    const second = await signedInParticipant(t, { firstName: 'Tomás' });
    await signConsent(t, first.tokens.access_token);
    expect((await dashboard(t, first.tokens.access_token)).firstName).toBe('Rosa');
    const other = await dashboard(t, second.tokens.access_token);
    expect(other).toMatchObject({ firstName: 'Tomás', consent: { signed: false }, nextStep: { kind: 'signConsent' } });
  });

  it('gives the administrator a summary of participants and questionnaires, never a participant view', async () => {
    const t = testApp();
    const admin = await signInAdmin(t);
    const before = await dashboard<TAdminDashboard>(t, admin.access_token);
    expect(before.role).toBe('admin');

    await registerParticipant(t); // never activated
    await signedInParticipant(t); // active, not consented
    const consented = await signedInParticipant(t);
    await signConsent(t, consented.tokens.access_token);
    await submitRound(t, consented.tokens.access_token);
    const leaving = await signedInParticipant(t);
    await signConsent(t, leaving.tokens.access_token);
    await startRound(t, leaving.tokens.access_token, 'core');
    const withdrawal = await call(t, 'PUT', '/consent/withdraw', leaving.tokens.access_token, {
      payload: { reason: 'Moving abroad' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);

    const after = await dashboard<TAdminDashboard>(t, (await signInAdmin(t)).access_token);
    expect(after.participants).toEqual({
      registered: before.participants.registered + 4,
      awaitingActivation: before.participants.awaitingActivation + 1,
      awaitingConsent: before.participants.awaitingConsent + 1,
      consented: before.participants.consented + 1,
      withdrawn: before.participants.withdrawn + 1,
    });
    expect(after.questionnaires).toEqual({
      submittedLast30Days: before.questionnaires.submittedLast30Days + 3,
      inProgress: before.questionnaires.inProgress + 1,
    });

    t.clock.advance(31 * DAY_MS);
    const later = await dashboard<TAdminDashboard>(t, (await signInAdmin(t)).access_token);
    expect(later.questionnaires.submittedLast30Days).toBe(0);
  });

  it('gives a coordinator the same summary of their own health systems’ participants only', async () => {
    const t = testApp();
    // Riverside has no participant in the seed; the demo participant is Geisinger's.
    const riverside = await signedInParticipant(t, { healthSystem: 'riverside', healthSystemConsent: true });
    await signConsent(t, riverside.tokens.access_token);
    await submitRound(t, riverside.tokens.access_token);
    await registerParticipant(t, { healthSystem: 'riverside', healthSystemConsent: true }); // never activated
    await signedInParticipant(t, { healthSystem: 'geisinger', healthSystemConsent: true });

    const coordinator = await signedInStaff(t, { role: 'coordinator', healthSystems: ['riverside'] });
    const summary = await dashboard<TAdminDashboard>(t, coordinator.token);
    expect(summary).toEqual({
      role: 'admin',
      participants: { registered: 2, awaitingActivation: 1, awaitingConsent: 0, consented: 1, withdrawn: 0 },
      questionnaires: { submittedLast30Days: 3, inProgress: 0 },
    });
  });
});
