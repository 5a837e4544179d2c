import { expect } from 'vitest';
import type { TSurveyEntry, TSurveyWidget } from '@portal/shared/surveys/survey-entries';
import type { Language } from '@portal/shared/constants';
import { oneTimeSurveys, oneTimeSurveyUsers, surveyForms } from '../src/db/schema';
import type { TestApp } from './helpers';
import { signConsent } from './consent-helpers';
import { call, signedInParticipant, type SignedInParticipant } from './participant-helpers';

export const DAY_MS = 86_400_000;

/** Complete answers to each study instrument, as a participant would give them (a dialysis patient). */
export const COMPLETE_ANSWERS: Record<string, Record<string, unknown>> = {
  core: {
    'kidney-disease-cause': ['diabetes', 'high-blood-pressure'],
    'diagnosis-year': 2015,
    'kidney-disease-stage': 'stage-5',
    treatment: 'dialysis',
    'dialysis-type': 'in-center-hemodialysis',
    'hemodialysis-sessions-per-week': 3,
    'dialysis-start-year': 2021,
    'transplant-waiting-list': 'being-evaluated',
    'other-conditions': ['diabetes'],
    'diabetes-insulin': 'yes',
    'sees-nephrologist': 'yes',
    'nephrologist-last-visit': 'within-6-months',
    'care-team-members': ['dietitian', 'social-worker'],
    'heard-about-study': ['dialysis-center'],
  },
  'quality-of-life': {
    'activity-limits': { walking: 'a-little', stairs: 'somewhat', housework: 'a-little', 'self-care': 'not-at-all' },
    'symptom-bother': {
      itching: 'a-lot',
      cramps: 'somewhat',
      swelling: 'a-little',
      'short-of-breath': 'not-at-all',
      nausea: 'a-little',
      pain: 'somewhat',
    },
    energy: 5,
    'sleep-quality': 'fair',
    'sleep-hours': 6,
    'work-status': 'part-time',
    'work-limits': 'somewhat',
    'social-limits': 'a-little',
    mood: {
      'little-interest': 'several-days',
      'feeling-down': 'not-at-all',
      'feeling-nervous': 'several-days',
      worrying: 'not-at-all',
    },
  },
  'health-status': {
    'general-health': 'fair',
    'health-compared-to-last-year': 'about-the-same',
    'physically-unhealthy-days': 4,
    'mentally-unhealthy-days': 0,
    'activity-limited-days': 2,
    'overall-quality-of-life': 7,
  },
};

/** A participant who has signed consent now: their first round opens at this moment. */
export async function consentedParticipant(t: TestApp): Promise<SignedInParticipant> {
  const participant = await signedInParticipant(t);
  await signConsent(t, participant.tokens.access_token);
  return participant;
}

export async function widget(t: TestApp, token: string): Promise<TSurveyWidget> {
  const reply = await call(t, 'GET', '/survey/widget', token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
}

export const startSurvey = (t: TestApp, token: string, body: unknown, language?: Language) =>
  call(t, 'POST', '/survey/start', token, { payload: body, language });

/** Starts a questionnaire of the open round; returns its response id. */
export async function startRound(t: TestApp, token: string, formKey: string): Promise<string> {
  const round = (await widget(t, token)).current.find((e) => e.formKey === formKey)!;
  const reply = await startSurvey(t, token, { kind: 'round', roundId: round.roundId, formKey });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.responseId;
}

export const readResponse = (t: TestApp, token: string, responseId: string, language?: Language) =>
  call(t, 'GET', `/survey/response/${responseId}`, token, { language });

export const saveAnswers = (t: TestApp, token: string, responseId: string, body: unknown, language?: Language) =>
  call(t, 'PUT', `/survey/response/${responseId}`, token, { payload: body, language });

export const submitAnswers = (t: TestApp, token: string, responseId: string, body: unknown, language?: Language) =>
  call(t, 'POST', `/survey/response/${responseId}/submit`, token, { payload: body, language });

/** The entry of an instrument in a list of the widget. */
export const entryOf = (entries: TSurveyEntry[], formKey: string) => entries.find((e) => e.formKey === formKey);

/** A one-time survey with a small form of its own, open from `opensAt` for `days` days, assigned to `userIds`. */
export async function createOneTimeSurvey(
  t: TestApp,
  { opensAt, days, userIds }: { opensAt: Date; days: number; userIds: string[] },
) {
  const [form] = await t.db
    .insert(surveyForms)
    .values({
      key: `one-time-${opensAt.getTime()}`,
      version: 1,
      kind: 'one-time',
      titleEn: 'Your experience with telehealth',
      titleSp: 'Su experiencia con la telesalud',
      definition: {
        pages: [
          {
            name: 'telehealth',
            elements: [
              {
                type: 'radiogroup',
                name: 'used-telehealth',
                title: {
                  default: 'Have you had a video visit with a doctor?',
                  es: '¿Ha tenido una consulta por video?',
                },
                isRequired: true,
                choices: ['yes', 'no'],
              },
            ],
          },
        ],
      },
      createdAt: t.clock.now(),
    })
    .returning();
  const [survey] = await t.db
    .insert(oneTimeSurveys)
    .values({
      formId: form!.id,
      sendDate: opensAt,
      effectiveStartDate: opensAt,
      effectiveEndDate: new Date(opensAt.getTime() + days * DAY_MS),
      createdAt: t.clock.now(),
    })
    .returning();
  if (userIds.length > 0) {
    await t.db.insert(oneTimeSurveyUsers).values(userIds.map((userId) => ({ surveyId: survey!.id, userId })));
  }
  return survey!;
}

/** Answers and submits every questionnaire of the participant's open round. */
export async function submitRound(t: TestApp, token: string) {
  for (const formKey of Object.keys(COMPLETE_ANSWERS)) {
    const responseId = await startRound(t, token, formKey);
    const reply = await submitAnswers(t, token, responseId, { answers: COMPLETE_ANSWERS[formKey] });
    expect(reply.statusCode, reply.body).toBe(200);
  }
}
