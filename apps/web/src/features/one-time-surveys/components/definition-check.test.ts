import { describe, expect, it } from 'vitest';
import { checkDefinition } from './definition-check';

const FORM = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'radiogroup', name: 'q1', title: { default: 'How are you?', es: '¿Cómo está?' }, choices: ['Well'] },
        { type: 'comment', name: 'q2', title: 'Anything else?' },
      ],
    },
  ],
};

describe('checking a SurveyJS form definition', () => {
  it('accepts a form the engine reads, counting its questions and pages', async () => {
    expect(await checkDefinition(JSON.stringify(FORM))).toEqual({ ok: true, definition: FORM, questions: 2, pages: 1 });
  });

  it('refuses empty text, text that is not JSON, and JSON that is not an object', async () => {
    expect(await checkDefinition('  ')).toEqual({ ok: false, error: 'oneTimeSurveys.definition.required' });
    expect(await checkDefinition('{"pages": [')).toEqual({ ok: false, error: 'oneTimeSurveys.definition.notJson' });
    expect(await checkDefinition('[1, 2]')).toEqual({ ok: false, error: 'error.oneTime.definition' });
    expect(await checkDefinition('null')).toEqual({ ok: false, error: 'error.oneTime.definition' });
  });

  it('refuses a form without questions, one with a question type the engine does not know, and a repeated name', async () => {
    expect(await checkDefinition('{"title": "Empty"}')).toEqual({ ok: false, error: 'error.oneTime.definitionEmpty' });
    const unknown = await checkDefinition('{"elements": [{"type": "hologram", "name": "q1"}]}');
    expect(unknown).toMatchObject({ ok: false, error: 'error.oneTime.definitionUnknownType' });
    expect(unknown.ok ? '' : unknown.detail).toContain("property: 'elements'");
    const nameless = await checkDefinition('{"elements": [{"type": "text"}]}');
    expect(nameless).toMatchObject({ ok: false, error: 'error.oneTime.definition' });
    const twice = '{"elements": [{"type": "text", "name": "age"}, {"type": "comment", "name": "age"}]}';
    expect(await checkDefinition(twice)).toEqual({
      ok: false,
      error: 'error.oneTime.definitionDuplicateName',
      detail: 'age',
    });
  });

  it('refuses a definition over 1 MB', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(1_048_576), elements: [{ type: 'text', name: 'q' }] });
    expect(await checkDefinition(big)).toEqual({ ok: false, error: 'oneTimeSurveys.definition.tooLarge' });
  });
});
