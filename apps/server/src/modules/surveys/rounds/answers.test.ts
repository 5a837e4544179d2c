import { describe, expect, it } from 'vitest';
import { answersFit, finalAnswers, keptAnswers } from './answers';

const definition = {
  pages: [
    {
      name: 'treatment',
      elements: [
        { type: 'radiogroup', name: 'treatment', isRequired: true, showOtherItem: true, choices: ['none', 'dialysis'] },
        {
          type: 'text',
          name: 'dialysis-year',
          inputType: 'number',
          isRequired: true,
          visibleIf: "{treatment} = 'dialysis'",
          validators: [{ type: 'numeric', minValue: 1940, maxValue: 2026 }],
        },
      ],
    },
    { name: 'more', elements: [{ type: 'comment', name: 'anything-else' }] },
  ],
};

describe('survey answers', () => {
  it('keeps only answers to the form’s questions while saving, hidden ones included', () => {
    expect(keptAnswers(definition, { treatment: 'none', 'dialysis-year': 2001, injected: '<script>' })).toEqual({
      treatment: 'none',
      'dialysis-year': 2001,
    });
    expect(keptAnswers(definition, { treatment: 'other', 'treatment-Comment': 'diet only' })).toEqual({
      treatment: 'other',
      'treatment-Comment': 'diet only',
    });
  });

  it('keeps each form’s own questions when several forms are saved in turn, whatever object carries a form', () => {
    const other = { pages: [{ name: 'only', elements: [{ type: 'comment', name: 'notes' }] }] };
    const answers = { treatment: 'none', notes: 'tired' };
    expect(keptAnswers(definition, answers)).toEqual({ treatment: 'none' });
    expect(keptAnswers(other, answers)).toEqual({ notes: 'tired' });
    expect(keptAnswers(structuredClone(definition), answers)).toEqual({ treatment: 'none' });
    expect(keptAnswers(structuredClone(other), { ...answers, 'notes-Comment': 'x' })).toEqual({
      notes: 'tired',
      'notes-Comment': 'x',
    });
  });

  it('refuses a submission with a required answer missing or out of range, following the skip logic', () => {
    expect(finalAnswers(definition, {})).toEqual({ ok: false, questions: ['treatment'] });
    expect(finalAnswers(definition, { treatment: 'dialysis' })).toEqual({ ok: false, questions: ['dialysis-year'] });
    expect(finalAnswers(definition, { treatment: 'dialysis', 'dialysis-year': 1800 })).toEqual({
      ok: false,
      questions: ['dialysis-year'],
    });
  });

  it('drops the answers of questions the skip logic hid when submitting', () => {
    expect(finalAnswers(definition, { treatment: 'none', 'dialysis-year': 2001, 'anything-else': 'hi' })).toEqual({
      ok: true,
      answers: { treatment: 'none', 'anything-else': 'hi' },
    });
  });

  it('bounds the size of what is kept', () => {
    expect(answersFit({ note: 'x'.repeat(1000) })).toBe(true);
    expect(answersFit({ note: 'x'.repeat(100_001) })).toBe(false);
  });
});
