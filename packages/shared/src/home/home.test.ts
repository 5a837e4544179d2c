import { describe, expect, it } from 'vitest';
import type { TSurveyEntry } from '../surveys/survey-entries';
import { nextStepOf } from './home';

const entry = (overrides: Partial<TSurveyEntry>): TSurveyEntry => ({
  kind: 'round',
  formKey: 'core',
  title: { en: 'Core', sp: 'Principal' },
  opensAt: '2027-01-01T00:00:00.000Z',
  closesAt: '2027-04-01T00:00:00.000Z',
  status: 'open',
  window: 'open',
  ...overrides,
});

const none = { currentRound: [], oneTime: [], nextRoundOpensAt: null };

describe('the next step of a participant', () => {
  it('is the consent, before anything else', () => {
    expect(nextStepOf({ ...none, consentSigned: false, currentRound: [entry({})] })).toEqual({ kind: 'signConsent' });
  });

  it('is the started questionnaire with the closest deadline, before any new one', () => {
    const later = entry({ formKey: 'quality-of-life', status: 'started' });
    const sooner = entry({ kind: 'one-time', status: 'started', closesAt: '2027-02-01T00:00:00.000Z' });
    const step = nextStepOf({ ...none, consentSigned: true, currentRound: [entry({}), later], oneTime: [sooner] });
    expect(step).toEqual({ kind: 'continueSurvey', survey: sooner });
  });

  it('is the first open round questionnaire, then a one-time survey', () => {
    const done = entry({ status: 'submitted' });
    const next = entry({ formKey: 'health-status' });
    const oneTime = entry({ kind: 'one-time' });
    expect(nextStepOf({ ...none, consentSigned: true, currentRound: [done, next], oneTime: [oneTime] })).toEqual({
      kind: 'startSurvey',
      survey: next,
    });
    expect(nextStepOf({ ...none, consentSigned: true, currentRound: [done], oneTime: [oneTime] })).toEqual({
      kind: 'startSurvey',
      survey: oneTime,
    });
  });

  it('ignores what is not open now, and then waits for the next round', () => {
    const step = nextStepOf({
      consentSigned: true,
      currentRound: [entry({ window: 'closed', status: 'started' })],
      oneTime: [entry({ kind: 'one-time', window: 'upcoming' })],
      nextRoundOpensAt: '2028-01-01T00:00:00.000Z',
    });
    expect(step).toEqual({ kind: 'waitForNextRound', opensAt: '2028-01-01T00:00:00.000Z' });
    expect(nextStepOf({ ...none, consentSigned: true })).toEqual({ kind: 'allDone' });
  });
});
