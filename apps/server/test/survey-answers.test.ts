import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { surveyResponses } from '../src/db/schema';
import { databaseError, describeEachDatabase, describeOnDatabase, type TestApp } from './helpers';
import { auditSince, signIn, useAuthApp } from './auth-helpers';
import {
  consentedParticipant,
  entryOf,
  readResponse,
  saveAnswers,
  startRound,
  submitAnswers,
  widget,
  COMPLETE_ANSWERS,
  DAY_MS,
} from './survey-helpers';

const stored = async (t: TestApp, responseId: string) =>
  (await t.db.select().from(surveyResponses).where(eq(surveyResponses.id, responseId)))[0]!;

describeOnDatabase('Survey answers: save, resume and submit', (target) => {
  const testApp = useAuthApp(target);

  it('saves answers and the page as the participant goes, and gives them back after signing in again', async () => {
    const t = testApp();
    const { tokens, email } = await consentedParticipant(t);
    const responseId = await startRound(t, tokens.access_token, 'core');

    const opened = await readResponse(t, tokens.access_token, responseId);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({
      responseId,
      kind: 'round',
      formKey: 'core',
      formVersion: 1,
      answers: {},
      pageNo: 0,
      status: 'started',
      editable: true,
    });
    expect(opened.json().data.definition.pages.length).toBeGreaterThan(3);

    const part = { 'kidney-disease-cause': ['lupus'], 'kidney-disease-stage': 'stage-4', treatment: 'transplant' };
    const saved = await saveAnswers(t, tokens.access_token, responseId, { answers: part, pageNo: 2 });
    expect(saved.json()).toEqual({ status: true, data: { savedAt: t.clock.now().toISOString() } });

    // Another device, another day: a new session finds the answers and the page.
    t.clock.advance(DAY_MS);
    const later = await signIn(t, email);
    const resumed = (await readResponse(t, later.access_token, responseId)).json().data;
    expect(resumed).toMatchObject({ answers: part, pageNo: 2, status: 'started', editable: true });
  });

  it('keeps only answers to the form’s own questions (and an “other” text)', async () => {
    const t = testApp();
    const { tokens } = await consentedParticipant(t);
    const responseId = await startRound(t, tokens.access_token, 'core');
    const answers = {
      'kidney-disease-cause': ['other'],
      'kidney-disease-cause-Comment': 'Alport syndrome',
      'not-a-question': 'dropped',
    };
    await saveAnswers(t, tokens.access_token, responseId, { answers, pageNo: 0 });
    expect((await stored(t, responseId)).answers).toEqual({
      'kidney-disease-cause': ['other'],
      'kidney-disease-cause-Comment': 'Alport syndrome',
    });
  });

  it('refuses a submission with required answers missing, naming the questions, and keeps the answers', async () => {
    const t = testApp();
    const { tokens } = await consentedParticipant(t);
    const responseId = await startRound(t, tokens.access_token, 'health-status');
    const partial = { 'general-health': 'good', 'physically-unhealthy-days': 40 };
    await saveAnswers(t, tokens.access_token, responseId, { answers: partial, pageNo: 1 });

    const reply = await submitAnswers(t, tokens.access_token, responseId, { answers: partial }, 'sp');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      status: false,
      message: 'Faltan algunas respuestas o hay que revisarlas. Revise las preguntas marcadas en la encuesta.',
      data: [
        'health-compared-to-last-year',
        'physically-unhealthy-days',
        'mentally-unhealthy-days',
        'activity-limited-days',
        'overall-quality-of-life',
      ].map((errorField) => ({ errorField, message: 'Revise esta respuesta.' })),
    });
    const row = await stored(t, responseId);
    expect(row.submittedAt).toBeNull();
    expect(row.answers).toEqual(partial);
  });

  it('submits once: the questionnaire becomes read-only, past and audited; a second submission is refused', async () => {
    const t = testApp();
    const { tokens, userId } = await consentedParticipant(t);
    const since = t.clock.now();
    const responseId = await startRound(t, tokens.access_token, 'quality-of-life');
    const answers = COMPLETE_ANSWERS['quality-of-life']!;

    const reply = await submitAnswers(t, tokens.access_token, responseId, { answers });
    expect(reply.json()).toEqual({ status: true, data: { submittedAt: t.clock.now().toISOString() } });
    const row = await stored(t, responseId);
    expect(row.answers).toEqual(answers);
    expect(row.submittedAt?.toISOString()).toBe(t.clock.now().toISOString());

    const view = (await readResponse(t, tokens.access_token, responseId)).json().data;
    expect(view).toMatchObject({ status: 'submitted', editable: false, submittedAt: t.clock.now().toISOString() });
    const screen = await widget(t, tokens.access_token);
    expect(entryOf(screen.current, 'quality-of-life')).toMatchObject({ status: 'submitted' });
    expect(screen.past.map((e) => e.formKey)).toEqual(['quality-of-life']);

    t.clock.advance(1000);
    const again = await submitAnswers(t, tokens.access_token, responseId, { answers: { energy: 9 } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: false,
      message: 'This survey has already been submitted.',
      data: { errorCode: 'ALREADY_SUBMITTED' },
    });
    const edit = await saveAnswers(t, tokens.access_token, responseId, { answers: { energy: 9 }, pageNo: 0 });
    expect(edit.statusCode).toBe(409);
    expect((await stored(t, responseId)).answers).toEqual(answers);

    const audit = (await auditSince(t, since)).filter((r) => r.action === 'survey.submitted');
    expect(audit).toMatchObject([{ actorId: userId, details: { responseId, form: 'quality-of-life', version: 1 } }]);
  });

  it('is kept by the database too: a submitted response never changes and no response is ever deleted', async () => {
    const t = testApp();
    const { tokens } = await consentedParticipant(t);
    const draftId = await startRound(t, tokens.access_token, 'core');
    const responseId = await startRound(t, tokens.access_token, 'quality-of-life');
    const answers = COMPLETE_ANSWERS['quality-of-life']!;
    await submitAnswers(t, tokens.access_token, responseId, { answers });

    const change = t.db.update(surveyResponses).set({ answers: {} }).where(eq(surveyResponses.id, responseId));
    expect((await databaseError(change)).message).toContain('a submitted survey response never changes');
    const reopen = t.db.update(surveyResponses).set({ submittedAt: null }).where(eq(surveyResponses.id, responseId));
    expect((await databaseError(reopen)).message).toContain('a submitted survey response never changes');
    const remove = t.db.delete(surveyResponses).where(eq(surveyResponses.id, draftId));
    expect((await databaseError(remove)).message).toContain('survey_responses are never deleted');
    expect((await stored(t, responseId)).answers).toEqual(answers);

    // A draft still saves as the participant goes.
    const saved = await saveAnswers(t, tokens.access_token, draftId, { answers: { treatment: 'dialysis' }, pageNo: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('drops answers to questions the skip logic hides when submitting', async () => {
    const t = testApp();
    const { tokens } = await consentedParticipant(t);
    const responseId = await startRound(t, tokens.access_token, 'core');
    // The participant first said dialysis, then changed to a transplant: the dialysis page no longer applies.
    const answers = {
      ...COMPLETE_ANSWERS.core,
      treatment: 'transplant',
      'transplant-year': 2022,
      'donor-type': 'living',
    };
    const reply = await submitAnswers(t, tokens.access_token, responseId, { answers });
    expect(reply.statusCode, reply.body).toBe(200);
    const kept = (await stored(t, responseId)).answers as Record<string, unknown>;
    expect(kept).toMatchObject({ treatment: 'transplant', 'transplant-year': 2022, 'donor-type': 'living' });
    for (const hidden of [
      'dialysis-type',
      'hemodialysis-sessions-per-week',
      'dialysis-start-year',
      'transplant-waiting-list',
    ]) {
      expect(kept).not.toHaveProperty(hidden);
    }
  });

  it('refuses a submission after the window closed and leaves the answers as saved', async () => {
    const t = testApp();
    const { tokens, email } = await consentedParticipant(t);
    const responseId = await startRound(t, tokens.access_token, 'health-status');
    await saveAnswers(t, tokens.access_token, responseId, { answers: { 'general-health': 'good' }, pageNo: 0 });
    t.clock.advance(90 * DAY_MS);
    const session = await signIn(t, email);

    const reply = await submitAnswers(
      t,
      session.access_token,
      responseId,
      { answers: COMPLETE_ANSWERS['health-status'] },
      'sp',
    );
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({
      status: false,
      message: 'El plazo para responder esta encuesta ha terminado.',
      data: { errorCode: 'SURVEY_CLOSED' },
    });
    const row = await stored(t, responseId);
    expect(row.submittedAt).toBeNull();
    expect(row.answers).toEqual({ 'general-health': 'good' });
    // What was saved can still be read, but no longer changed.
    expect((await readResponse(t, session.access_token, responseId)).json().data).toMatchObject({
      status: 'started',
      editable: false,
    });
  });

  it('refuses answers over 100,000 characters as JSON', async () => {
    const t = testApp();
    const { tokens } = await consentedParticipant(t);
    const responseId = await startRound(t, tokens.access_token, 'quality-of-life');
    const answers = { 'anything-else': 'x'.repeat(100_000) };
    const reply = await saveAnswers(t, tokens.access_token, responseId, { answers, pageNo: 4 });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toBe('Your answers are too long to save. Please shorten your written answers.');
    expect((await stored(t, responseId)).answers).toEqual({});
  });
});

// Both databases: which of two submissions at once wins is decided by the database’s locks.
describeEachDatabase('Survey submissions sent at once', (target) => {
  const testApp = useAuthApp(target);

  it('takes one of two submissions sent at once', async () => {
    const t = testApp();
    const { tokens } = await consentedParticipant(t);
    const responseId = await startRound(t, tokens.access_token, 'health-status');
    const answers = COMPLETE_ANSWERS['health-status']!;
    const replies = await Promise.all([
      submitAnswers(t, tokens.access_token, responseId, { answers }),
      submitAnswers(t, tokens.access_token, responseId, { answers }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
