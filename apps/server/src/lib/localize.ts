import type { FastifyRequest } from 'fastify';
import en from '@portal/shared/i18n/en.json';
import sp from '@portal/shared/i18n/sp.json';
import { LANGUAGE_COOKIE, type Language } from '@portal/shared/constants';
import { toLanguage } from '@portal/shared/i18n/language';
import { pluralKey } from '@portal/shared/i18n/plural';

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

/** The text of `key` in `language`, in the plural form of a numeric `count` (see `pluralKey`). */
function textIn(catalogs: Record<Language, Catalog>, language: Language, key: string, count: unknown) {
  const catalog = catalogs[language];
  return lookup(
    catalog,
    pluralKey(language, key, count, (form) => lookup(catalog, form) !== undefined),
  );
}

/**
 * Texts of a pair of catalogs in the plural form of a numeric `count` value, with their {{placeholders}} filled;
 * English when Spanish lacks a key.
 */
export function makeTranslator(catalogs: Record<Language, Catalog>): Translate {
  return (language, key, values = {}) => {
    const text = textIn(catalogs, language, key, values.count) ?? textIn(catalogs, 'en', key, values.count) ?? key;
    return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => String(values[name] ?? whole));
  };
}

/** The portal's own catalogs, shared with the web app: API messages read the same as the screens. */
export const translate = makeTranslator({ en, sp });
