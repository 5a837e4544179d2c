import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { freshStartAt, signIn, signInAdmin, useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { consentedParticipant, entryOf, saveAnswers, startRound, startSurvey, widget, DAY_MS } from './survey-helpers';

const INSTRUMENTS = ['core', 'quality-of-life', 'health-status'];

describeOnDatabase('Survey rounds and windows', (target) => {
  const testApp = useAuthApp(target);

  it('asks for consent first: nothing to answer, no notice, and starting is refused in the reader’s language', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    expect(await widget(t, tokens.access_token)).toEqual({
      consentSigned: false,
      tourSeen: false,
      current: [],
      nextRoundOpensAt: null,
      past: [],
      oneTime: [],
    });
    const notice = await call(t, 'GET', '/survey/notification', tokens.access_token);
    expect(notice.json()).toEqual({ status: true, data: { generalSurveyOpen: false, oneTimeSurveyOpen: false } });

    const body = { kind: 'round', roundId: crypto.randomUUID(), formKey: 'core' };
    const reply = await startSurvey(t, tokens.access_token, body, 'sp');
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({
      status: false,
      message: 'Firme su consentimiento informado antes de responder las encuestas del estudio.',
      data: { errorCode: 'CONSENT_REQUIRED' },
    });
  });

  it('opens the first round when consent is signed, for the survey period, with the three instruments', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const { tokens } = await consentedParticipant(t);
    const view = await widget(t, tokens.access_token);
    expect(view.consentSigned).toBe(true);
    expect(view.current.map((e) => e.formKey)).toEqual(INSTRUMENTS);
    for (const entry of view.current) {
      expect(entry).toMatchObject({
        kind: 'round',
        roundNumber: 1,
        status: 'open',
        window: 'open',
        opensAt: '2026-03-01T12:00:00.000Z',
        closesAt: '2026-05-30T12:00:00.000Z', // the default survey period: 90 days
      });
      expect(entry.responseId).toBeUndefined();
    }
    expect(view.current.map((e) => e.title)).toEqual([
      { en: 'About you and your kidney health', sp: 'Sobre usted y la salud de sus riñones' },
      { en: 'Quality of life', sp: 'Calidad de vida' },
      { en: 'Health status', sp: 'Estado de salud' },
    ]);
    expect(view.nextRoundOpensAt).toBe('2027-03-01T12:00:00.000Z'); // 12 months after consent
    expect(view.past).toEqual([]);
    const notice = await call(t, 'GET', '/survey/notification', tokens.access_token);
    expect(notice.json().data).toEqual({ generalSurveyOpen: true, oneTimeSurveyOpen: false });
  });

  it('moves a questionnaire from open to started; starting again finds the same one', async () => {
    const t = testApp();
    const { tokens } = await consentedParticipant(t);
    const responseId = await startRound(t, tokens.access_token, 'core');
    t.clock.advance(60_000);
    expect(await startRound(t, tokens.access_token, 'core')).toBe(responseId);

    const view = await widget(t, tokens.access_token);
    expect(entryOf(view.current, 'core')).toMatchObject({ status: 'started', responseId });
    expect(entryOf(view.current, 'health-status')).toMatchObject({ status: 'open' });
    // Started is not submitted: the round still waits for the participant.
    const notice = await call(t, 'GET', '/survey/notification', tokens.access_token);
    expect(notice.json().data.generalSurveyOpen).toBe(true);
  });

  it('closes the window at the end of the survey period: the round moves to past surveys and nothing more is taken', async () => {
    const t = testApp();
    const { tokens, email } = await consentedParticipant(t);
    const started = await startRound(t, tokens.access_token, 'core');
    const round = entryOf((await widget(t, tokens.access_token)).current, 'quality-of-life')!;

    t.clock.advance(90 * DAY_MS - 1000);
    let session = await signIn(t, email);
    expect((await widget(t, session.access_token)).current).toHaveLength(3);

    t.clock.advance(1000);
    session = await signIn(t, email);
    const view = await widget(t, session.access_token);
    expect(view.current).toEqual([]);
    expect(view.past.map((e) => [e.formKey, e.status, e.window])).toEqual([
      ['core', 'started', 'closed'],
      ['quality-of-life', 'open', 'closed'],
      ['health-status', 'open', 'closed'],
    ]);
    const notice = await call(t, 'GET', '/survey/notification', session.access_token);
    expect(notice.json().data.generalSurveyOpen).toBe(false);

    const late = await saveAnswers(t, session.access_token, started, { answers: { treatment: 'dialysis' }, pageNo: 0 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      status: false,
      message: 'The time to answer this survey is over.',
      data: { errorCode: 'SURVEY_CLOSED' },
    });
    const lateStart = await startSurvey(t, session.access_token, {
      kind: 'round',
      roundId: round.roundId,
      formKey: 'quality-of-life',
    });
    expect(lateStart.statusCode).toBe(409);
    expect(lateStart.json().data).toEqual({ errorCode: 'SURVEY_CLOSED' });
  });

  it('opens the next round a year after consent, with the period in force when it opens; earlier rounds keep theirs', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const { tokens, email } = await consentedParticipant(t);
    await widget(t, tokens.access_token);

    const admin = await signInAdmin(t);
    const put = await call(t, 'PUT', '/survey/config/period', admin.access_token, { payload: { period: 30 } });
    expect(put.statusCode, put.body).toBe(200);

    t.clock.set('2027-03-01T12:00:00.000Z');
    const session = await signIn(t, email);
    const view = await widget(t, session.access_token);
    expect(view.current.map((e) => [e.formKey, e.roundNumber, e.status])).toEqual([
      ['core', 2, 'open'],
      ['quality-of-life', 2, 'open'],
      ['health-status', 2, 'open'],
    ]);
    expect(view.current[0]!.opensAt).toBe('2027-03-01T12:00:00.000Z');
    expect(view.current[0]!.closesAt).toBe('2027-03-31T12:00:00.000Z');
    expect(view.past.every((e) => e.roundNumber === 1)).toBe(true);
    expect(view.past[0]!.closesAt).toBe('2026-05-30T12:00:00.000Z');
    expect(view.nextRoundOpensAt).toBe('2028-03-01T12:00:00.000Z');
  });

  it('gives a round the period in force when it opened, even when the participant first looks after a change', async () => {
    const t = testApp();
    await freshStartAt(t, '2026-03-01T12:00:00.000Z');
    const { email } = await consentedParticipant(t);

    t.clock.set('2026-03-02T12:00:00.000Z');
    const admin = await signInAdmin(t);
    for (const period of [30, 45]) {
      const put = await call(t, 'PUT', '/survey/config/period', admin.access_token, { payload: { period } });
      expect(put.statusCode, put.body).toBe(200);
    }

    t.clock.set('2026-04-10T12:00:00.000Z');
    const view = await widget(t, (await signIn(t, email)).access_token);
    expect(view.current.map((e) => e.closesAt)).toEqual(Array(3).fill('2026-05-30T12:00:00.000Z'));

    t.clock.set('2027-03-01T12:00:00.000Z');
    const later = await widget(t, (await signIn(t, email)).access_token);
    expect(later.current[0]!.closesAt).toBe('2027-04-15T12:00:00.000Z');
  });

  it('remembers that the welcome tour was seen, for this participant only', async () => {
    const t = testApp();
    const first = await consentedParticipant(t);
    const second = await consentedParticipant(t);
    const reply = await call(t, 'POST', '/survey/tour', first.tokens.access_token);
    expect(reply.json()).toEqual({ status: true });
    await call(t, 'POST', '/survey/tour', first.tokens.access_token);
    expect((await widget(t, first.tokens.access_token)).tourSeen).toBe(true);
    expect((await widget(t, second.tokens.access_token)).tourSeen).toBe(false);
  });
});
