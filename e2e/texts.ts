import en from '../packages/shared/src/i18n/en.json' with { type: 'json' };
import sp from '../packages/shared/src/i18n/sp.json' with { type: 'json' };
import enMail from '../apps/server/src/providers/mail/templates/en.json' with { type: 'json' };
import spMail from '../apps/server/src/providers/mail/templates/sp.json' with { type: 'json' };
import { pluralKey } from '../packages/shared/src/i18n/plural';
import type { Language } from './fixtures';

function lookup(language: Language, key: string, catalogs: Record<Language, unknown> = { en, sp }): unknown {
  let node: unknown = catalogs[language];
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

/** A text of the e-mails' own catalogs (apps/server/src/providers/mail/templates), as an e-mail says it. */
export function mailText(language: Language, key: string, values: TextValues = {}): string {
  const found = lookup(language, key, { en: enMail, sp: spMail });
  if (typeof found !== 'string') throw new Error(`no e-mail text ${key}`);
  return found.replace(/{{(\w+)}}/g, (_m, name: string) => String(values[name] ?? ''));
}
