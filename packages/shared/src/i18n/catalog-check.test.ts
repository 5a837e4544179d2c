import { describe, expect, it } from 'vitest';
import { catalogProblems, keyUsesIn, pluralFormProblems, requiredPluralForms } from './catalog-check';

/** A made-up catalog and code: the check must find what is wrong with them. */
const catalogKeys = [
  'shell.title',
  'shell.records_one',
  'shell.records_other',
  'shell.status.sent',
  'shell.status.failed',
  'shell.forgotten',
];
const source = `
  const title = t('shell.title');
  const shown = t("shell.records", { count: rows.length });
  const status = t(\`shell.status.\${row.status}\`);
  const broken = t('shell.madeUp');
  await recordAudit({ action: 'shell.opened' });
  const unrelated = 'other.thing';
`;
const check = (overrides: Partial<Parameters<typeof catalogProblems>[0]> = {}) =>
  catalogProblems({
    catalogKeys,
    uses: [keyUsesIn(source, ['shell'])],
    dynamicPrefixes: ['shell.status.'],
    notKeys: new Set(['shell.opened']),
    ...overrides,
  });

describe('the catalog check', () => {
  it('reads the keys the code writes in quotes and the key starts it builds', () => {
    expect(keyUsesIn(source, ['shell'])).toEqual({
      keys: ['shell.title', 'shell.records', 'shell.madeUp', 'shell.opened'],
      prefixes: ['shell.status.'],
    });
  });

  it('finds a key the code uses that the catalog lacks, and a catalog key nothing uses', () => {
    expect(check()).toEqual({ missing: ['shell.madeUp'], unused: ['shell.forgotten'] });
  });

  it('counts the plural forms of a key as that key, and the keys under a listed start the code builds', () => {
    const { unused } = check();
    expect(unused).not.toContain('shell.records');
    expect(unused).not.toContain('shell.status.sent');
  });

  it('counts keys under a start as used only when the start is listed and built', () => {
    expect(check({ dynamicPrefixes: [] }).unused).toEqual([
      'shell.forgotten',
      'shell.status.failed',
      'shell.status.sent',
    ]);
    expect(check({ dynamicPrefixes: ['shell.status.', 'shell.gone.'] }).unused).toEqual([
      'shell.forgotten',
      'shell.gone.…',
    ]);
    expect(check({ catalogKeys: ['shell.title', 'shell.records_one', 'shell.records_other'] }).missing).toEqual([
      'shell.madeUp',
      'shell.status.…',
    ]);
  });

  it('takes a key-shaped string that is not a text key as a key unless told', () => {
    expect(check({ notKeys: new Set() }).missing).toEqual(['shell.madeUp', 'shell.opened']);
  });

  it('counts a string that need not be a text as a use of the key it matches', () => {
    expect(check({ catalogKeys: [...catalogKeys, 'shell.opened'] }).unused).toEqual(['shell.forgotten']);
  });
});

describe('the plural forms of a catalog', () => {
  it('are one and other in English and in Spanish', () => {
    expect(requiredPluralForms('en')).toEqual(['one', 'other']);
    expect(requiredPluralForms('sp')).toEqual(['one', 'other']);
  });

  it('must all be there, with zero allowed and no form the language lacks', () => {
    expect(
      pluralFormProblems('en', ['a.records_one', 'a.records_other', 'a.none_zero', 'a.none_one', 'a.none_other']),
    ).toEqual([]);
    expect(pluralFormProblems('sp', ['a.records_one'])).toEqual(['a.records_other is missing']);
    expect(pluralFormProblems('sp', ['a.records_one', 'a.records_other', 'a.records_many'])).toEqual([
      'a.records_many is not a form of sp',
    ]);
    expect(pluralFormProblems('en', ['a.records', 'a.records_one', 'a.records_other'])).toEqual([
      'a.records has plural forms and a text of its own',
    ]);
  });
});
