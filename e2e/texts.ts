import en from '../packages/shared/src/i18n/en.json' with { type: 'json' };
import sp from '../packages/shared/src/i18n/sp.json' with { type: 'json' };
import { pluralKey } from '../packages/shared/src/i18n/plural';
import type { Language } from './fixtures';

function lookup(language: Language, key: string): unknown {
  let node: unknown = language === 'en' ? en : sp;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/**
 * A text of the portal's catalogs, so one journey can run in both languages by what a person reads; a numeric
 * `count` picks the text's plural form, as the portal does.
 */
export type TextValues = Record<string, string | number>;
export type Texts = (key: string, values?: TextValues) => string;

export function text(language: Language, key: string, values: TextValues = {}): string {
  const form = pluralKey(language, key, values.count, (candidate) => typeof lookup(language, candidate) === 'string');
  const found = lookup(language, form);
  if (typeof found !== 'string') throw new Error(`no text ${key}`);
  return found.replace(/{{(\w+)}}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** The catalog texts of one language, looked up as `text` does. */
export function textsIn(language: Language): Texts {
  return (key, values) => text(language, key, values);
}
