import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { auditSince, signIn, signInAdmin, useAuthApp, UNAUTHORIZED } from './auth-helpers';
import { call } from './participant-helpers';
import {
  consentedParticipant,
  createOneTimeSurvey,
  readResponse,
  saveAnswers,
  startRound,
  startSurvey,
  submitAnswers,
  widget,
  COMPLETE_ANSWERS,
  DAY_MS,
} from './survey-helpers';

const NOT_FOUND = { status: false, message: 'This survey could not be found.' };

describeOnDatabase('Survey access rules and one-time surveys', (target) => {
  const testApp = useAuthApp(target);

  it('answers only signed-in patients', async () => {
    const t = testApp();
    const responseId = crypto.randomUUID();
    const calls = [
      ['GET', '/survey/notification'],
      ['GET', '/survey/widget'],
      ['POST', '/survey/tour'],
      ['POST', '/survey/start', { kind: 'round', roundId: crypto.randomUUID(), formKey: 'core' }],
      ['GET', `/survey/response/${responseId}`],
      ['PUT', `/survey/response/${responseId}`, { answers: {}, pageNo: 0 }],
      ['POST', `/survey/response/${responseId}/submit`, { answers: {} }],
    ] as const;
    const admin = await signInAdmin(t);
    for (const [method, path, payload] of calls) {
      const anonymous = await call(t, method, path, undefined, { payload });
      expect(anonymous.statusCode, path).toBe(401);
      expect(anonymous.json()).toEqual(UNAUTHORIZED);
      const asAdmin = await call(t, method, path, admin.access_token, { payload });
      expect(asAdmin.statusCode, path).toBe(403);
    }
  });

  it('never lets a participant reach another participant’s answers', async () => {
    const t = testApp();
    const owner = await consentedParticipant(t);
    const other = await consentedParticipant(t);
    const responseId = await startRound(t, owner.tokens.access_token, 'health-status');
    await saveAnswers(t, owner.tokens.access_token, responseId, { answers: { 'general-health': 'poor' }, pageNo: 0 });
    const token = other.tokens.access_token;

    for (const reply of [
      await readResponse(t, token, responseId),
      await saveAnswers(t, token, responseId, { answers: { 'general-health': 'good' }, pageNo: 0 }),
      await submitAnswers(t, token, responseId, { answers: COMPLETE_ANSWERS['health-status'] }),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual(NOT_FOUND);
    }
    // The owner's round cannot be started by someone else either.
    const ownerRound = (await widget(t, owner.tokens.access_token)).current[0]!;
    const start = await startSurvey(t, token, { kind: 'round', roundId: ownerRound.roundId, formKey: 'core' });
    expect(start.statusCode).toBe(404);
    expect((await readResponse(t, owner.tokens.access_token, responseId)).json().data.answers).toEqual({
      'general-health': 'poor',
    });
  });

  it('refuses malformed calls with a translated message', async () => {
    const t = testApp();
    const { tokens } = await consentedParticipant(t);
    const round = (await widget(t, tokens.access_token)).current[0]!;
    const unknownForm = await startSurvey(t, tokens.access_token, {
      kind: 'round',
      roundId: round.roundId,
      formKey: 'nope',
    });
    expect(unknownForm.statusCode).toBe(404);
    const badKind = await startSurvey(t, tokens.access_token, { kind: 'weekly' }, 'sp');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ status: false, message: 'Solicitud no válida' });
    const badId = await call(t, 'GET', '/survey/response/not-a-uuid', tokens.access_token);
    expect(badId.statusCode).toBe(400);
  });

  it('shows an assigned one-time survey during its window, with its own notice, and lets it be answered', async () => {
    const t = testApp();
    const assigned = await consentedParticipant(t);
    const bystander = await consentedParticipant(t);
    const opensAt = new Date(t.clock.now().getTime() + DAY_MS);
    const survey = await createOneTimeSurvey(t, { opensAt, days: 14, userIds: [assigned.userId] });
    const token = assigned.tokens.access_token;

    // Not yet open: not listed, and cannot be started.
    expect((await widget(t, token)).oneTime).toEqual([]);
    const early = await startSurvey(t, token, { kind: 'one-time', oneTimeSurveyId: survey.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().data).toEqual({ errorCode: 'NOT_YET_OPEN' });

    t.clock.set(opensAt);
    const session = await signIn(t, assigned.email);
    const view = await widget(t, session.access_token);
    expect(view.oneTime).toMatchObject([
      {
        kind: 'one-time',
        oneTimeSurveyId: survey.id,
        title: { en: 'Your experience with telehealth', sp: 'Su experiencia con la telesalud' },
        status: 'open',
        window: 'open',
        closesAt: new Date(opensAt.getTime() + 14 * DAY_MS).toISOString(),
      },
    ]);
    let notice = await call(t, 'GET', '/survey/notification', session.access_token);
    expect(notice.json().data).toEqual({ generalSurveyOpen: true, oneTimeSurveyOpen: true });

    const otherSession = await signIn(t, bystander.email);
    expect((await widget(t, otherSession.access_token)).oneTime).toEqual([]);
    const notMine = await startSurvey(t, otherSession.access_token, { kind: 'one-time', oneTimeSurveyId: survey.id });
    expect(notMine.statusCode).toBe(404);

    const started = await startSurvey(t, session.access_token, { kind: 'one-time', oneTimeSurveyId: survey.id });
    const responseId = started.json().data.responseId;
    expect((await readResponse(t, session.access_token, responseId)).json().data).toMatchObject({
      kind: 'one-time',
      editable: true,
    });
    const submitted = await submitAnswers(t, session.access_token, responseId, {
      answers: { 'used-telehealth': 'yes' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    notice = await call(t, 'GET', '/survey/notification', session.access_token);
    expect(notice.json().data.oneTimeSurveyOpen).toBe(false);
    const after = await widget(t, session.access_token);
    expect(after.oneTime).toMatchObject([{ status: 'submitted' }]);
    expect(after.past.map((e) => e.kind)).toEqual(['one-time']);
  });

  it('moves a one-time survey to past surveys when its window ends unanswered', async () => {
    const t = testApp();
    const assigned = await consentedParticipant(t);
    const survey = await createOneTimeSurvey(t, { opensAt: t.clock.now(), days: 7, userIds: [assigned.userId] });
    t.clock.advance(7 * DAY_MS);
    const session = await signIn(t, assigned.email);
    const view = await widget(t, session.access_token);
    expect(view.oneTime).toEqual([]);
    expect(view.past).toMatchObject([
      { kind: 'one-time', oneTimeSurveyId: survey.id, status: 'open', window: 'closed' },
    ]);
    const late = await startSurvey(t, session.access_token, { kind: 'one-time', oneTimeSurveyId: survey.id });
    expect(late.json().data).toEqual({ errorCode: 'SURVEY_CLOSED' });
  });
});

describeOnDatabase('Survey period (GET/PUT /survey/config/period)', (target) => {
  const testApp = useAuthApp(target);
  const RULE = 'Please enter a valid value in days for survey period';

  it('is read and changed by administrators only, within 1 to 365 days, and audited', async () => {
    const t = testApp();
    const admin = await signInAdmin(t);
    const read = await call(t, 'GET', '/survey/config/period', admin.access_token);
    expect(read.json()).toEqual({
      status: true,
      data: {
        value: 90,
        description: 'Days a survey round stays open after it starts',
        version: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    });

    for (const period of [0, 366, 1.5, -3, '30', null]) {
      const reply = await call(t, 'PUT', '/survey/config/period', admin.access_token, { payload: { period } });
      expect(reply.statusCode, String(period)).toBe(400);
      expect(reply.json().data).toEqual([{ errorField: 'period', message: RULE }]);
    }
    const spanish = await call(t, 'PUT', '/survey/config/period', admin.access_token, {
      payload: { period: 0 },
      language: 'sp',
    });
    expect(spanish.json().data).toEqual([
      { errorField: 'period', message: 'Ingrese un valor válido en días para el período de la encuesta' },
    ]);
    const spanishRead = await call(t, 'GET', '/survey/config/period', admin.access_token, { language: 'sp' });
    expect(spanishRead.json().data).toMatchObject({
      value: 90,
      description: 'Días que una ronda de encuestas permanece abierta después de comenzar',
    });

    const since = t.clock.now();
    for (const period of [1, 365, 45]) {
      const saved = await call(t, 'PUT', '/survey/config/period', admin.access_token, { payload: { period } });
      expect(saved.json()).toMatchObject({
        status: true,
        data: { value: period, description: 'Days a survey round stays open after it starts' },
      });
    }
    expect((await call(t, 'GET', '/survey/config/period', admin.access_token)).json().data.value).toBe(45);
    const audit = await auditSince(t, since);
    const description = 'Days a survey round stays open after it starts';
    expect(audit.filter((r) => r.action === 'setting.changed').map((r) => r.details)).toEqual([
      { setting: 'survey-period', before: { value: 90, description }, after: { value: 1, description } },
      { setting: 'survey-period', before: { value: 1, description }, after: { value: 365, description } },
      { setting: 'survey-period', before: { value: 365, description }, after: { value: 45, description } },
    ]);

    const patient = await consentedParticipant(t);
    for (const [method, payload] of [['GET'], ['PUT', { period: 10 }]] as const) {
      const reply = await call(t, method, '/survey/config/period', patient.tokens.access_token, { payload });
      expect(reply.statusCode).toBe(403);
    }
  });
});
