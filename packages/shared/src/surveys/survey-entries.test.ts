import { describe, expect, it } from 'vitest';
import { surveyActions } from './survey-entries';

describe('surveyActions', () => {
  it.each([
    ['open', 'open', { canStart: true, canContinue: false, canView: false }],
    ['open', 'upcoming', { canStart: false, canContinue: false, canView: false }],
    ['open', 'closed', { canStart: false, canContinue: false, canView: false }],
    ['started', 'open', { canStart: false, canContinue: true, canView: false }],
    ['started', 'upcoming', { canStart: false, canContinue: false, canView: false }],
    ['started', 'closed', { canStart: false, canContinue: false, canView: true }],
    ['submitted', 'open', { canStart: false, canContinue: false, canView: true }],
    ['submitted', 'closed', { canStart: false, canContinue: false, canView: true }],
  ] as const)('a survey %s in a window %s offers %o', (status, window, actions) => {
    expect(surveyActions({ status, window })).toEqual(actions);
  });
});
