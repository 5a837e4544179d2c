import { describe, expect, it } from 'vitest';
import { surveyDefinitionProblem } from './survey-definition';

const page = (elements: unknown[]) => ({ pages: [{ name: 'p1', elements }] });

describe('checking a one-time survey form with the survey engine', () => {
  it('accepts a bilingual form, with extra authoring properties and text blocks beside its questions', () => {
    const form = page([
      { type: 'html', name: 'intro', html: { default: '<p>Hello</p>', es: '<p>Hola</p>' } },
      { type: 'radiogroup', name: 'q1', title: { default: 'Yes or no?', es: '¿Sí o no?' }, choices: ['yes', 'no'] },
      { type: 'comment', name: 'q2', authoringNote: 'kept by the editor' },
    ]);
    expect(surveyDefinitionProblem(form)).toBeUndefined();
    expect(surveyDefinitionProblem({ elements: [{ type: 'text', name: 'only' }] })).toBeUndefined();
  });

  it.each([
    ['no pages', { pages: [] }, 'error.oneTime.definitionEmpty'],
    ['no questions at all', { title: 'Empty' }, 'error.oneTime.definitionEmpty'],
    ['text blocks only', page([{ type: 'html', name: 'h', html: 'Hi' }]), 'error.oneTime.definitionEmpty'],
    [
      'an unknown question type',
      page([
        { type: 'text', name: 'a' },
        { type: 'bogus', name: 'b' },
      ]),
      'error.oneTime.definitionUnknownType',
    ],
    ['an element without a type', page([{ name: 'untyped' }]), 'error.oneTime.definitionUnknownType'],
    ['pages that are not a list', { pages: 'first' }, 'error.oneTime.definition'],
    ['a question without a name', page([{ type: 'text' }]), 'error.oneTime.definition'],
    [
      'two questions with one name',
      page([
        { type: 'text', name: 'a' },
        { type: 'panel', name: 'p', elements: [{ type: 'text', name: 'a' }] },
      ]),
      'error.oneTime.definitionDuplicateName',
    ],
  ])('refuses %s', (_case, definition, message) => {
    expect(surveyDefinitionProblem(definition as Record<string, unknown>)).toBe(message);
  });
});
