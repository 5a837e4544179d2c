import en from '../packages/shared/src/i18n/en.json' with { type: 'json' };
import sp from '../packages/shared/src/i18n/sp.json' with { type: 'json' };
import type { Language } from './fixtures';

/** A text of the portal's catalogs, so one journey can run in both languages by what a person reads. */
export function text(language: Language, key: string, values: Record<string, string> = {}): string {
  let node: unknown = language === 'en' ? en : sp;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${key}`);
  return node.replace(/{{(\w+)}}/g, (_m, name: string) => values[name] ?? '');
}
