import { describe, expect, it } from 'vitest';
import { answerColumns } from './answer-columns';

const choices = ['a', 'b'];
const form = (elements: object[]) => ({ pages: [{ name: 'only', elements }] });
const freeTextOf = (elements: object[]) =>
  Object.fromEntries(answerColumns(form(elements)).map((column) => [column.code, column.freeText]));

describe('the answer columns of a form', () => {
  it('count as free text every question not answered with the form’s codes, but a number box', () => {
    expect(
      freeTextOf([
        { type: 'text', name: 'name' },
        { type: 'text', name: 'email', inputType: 'email' },
        { type: 'text', name: 'born', inputType: 'date' },
        { type: 'text', name: 'days', inputType: 'number' },
        { type: 'text', name: 'hours', inputType: 'range' },
        { type: 'comment', name: 'notes' },
        { type: 'multipletext', name: 'address', items: [{ name: 'street' }] },
        { type: 'matrixdropdown', name: 'grid', columns: [{ name: 'c' }], rows: ['r'] },
        { type: 'paneldynamic', name: 'people', templateElements: [{ type: 'text', name: 'who' }] },
        { type: 'signaturepad', name: 'signature' },
      ]),
    ).toEqual({
      name: true,
      email: true,
      born: true,
      days: false,
      hours: false,
      notes: true,
      address: true,
      grid: true,
      people: true,
      signature: true,
    });
  });

  it('count choices, ratings, yes or no and matrix rows as codes, and the text of an "other" choice as free text', () => {
    expect(
      freeTextOf([
        { type: 'radiogroup', name: 'one', choices, showOtherItem: true },
        { type: 'checkbox', name: 'some', choices },
        { type: 'dropdown', name: 'pick', choices },
        { type: 'tagbox', name: 'tags', choices },
        { type: 'ranking', name: 'order', choices },
        { type: 'rating', name: 'score' },
        { type: 'boolean', name: 'yes' },
        { type: 'matrix', name: 'rate', columns: [1, 2], rows: ['x'] },
      ]),
    ).toEqual({
      one: false,
      'one-Comment': true,
      some: false,
      pick: false,
      tags: false,
      order: false,
      score: false,
      yes: false,
      'rate.x': false,
    });
  });

  it('count a choice as free text when the participant may add choices or the "other" text is kept in the answer', () => {
    expect(
      freeTextOf([
        { type: 'dropdown', name: 'custom', choices, allowCustomChoices: true },
        { type: 'radiogroup', name: 'inline', choices, showOtherItem: true, storeOthersAsComment: false },
      ]),
    ).toMatchObject({ custom: true, inline: true });
  });
});
