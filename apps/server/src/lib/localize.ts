import type { FastifyRequest } from 'fastify';
import en from '@portal/shared/i18n/en.json';
import sp from '@portal/shared/i18n/sp.json';
import { LANGUAGE_COOKIE, type Language } from '@portal/shared/constants';
import { toLanguage } from '@portal/shared/i18n/language';

type Catalog = Record<string, unknown>;
export type Translate = (language: Language, key: string, values?: Record<string, string | number>) => string;

/** The language the participant reads the portal in: the preferredLanguage cookie, English by default. */
export function requestLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return toLanguage(chosen);
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Catalog)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Texts of a pair of catalogs with their {{placeholders}} filled; English when Spanish lacks a key. */
export function makeTranslator(catalogs: Record<Language, Catalog>): Translate {
  return (language, key, values = {}) => {
    const text = lookup(catalogs[language], key) ?? lookup(catalogs.en, key) ?? key;
    return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => String(values[name] ?? whole));
  };
}

/** The portal's own catalogs, shared with the web app: API messages read the same as the screens. */
export const translate = makeTranslator({ en, sp });
