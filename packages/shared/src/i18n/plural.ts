import type { Language } from '../constants';
import { htmlLang } from './language';

const rules = new Map<Language, Intl.PluralRules>();

/** The plural rules of `language` (Spanish by those of `es`), made once. */
export function pluralRules(language: Language): Intl.PluralRules {
  let found = rules.get(language);
  if (!found) rules.set(language, (found = new Intl.PluralRules(htmlLang(language))));
  return found;
}

/**
 * Plural forms, written as i18next writes them. A text that says a number of things is stored once per form of
 * its language's plural rules, the form's name added to the key: `records_one`, `records_other`. A `_zero` form
 * is added only where 0 is said in words ("no User IDs left out"). The code asks for the key without a form and
 * gives the number as the `count` option, which also fills `{{count}}`.
 *
 * This is the key of the form shown: `_zero` for 0 when the text has one, else the rules' form for `count`, else
 * `_other`, among the keys `has` knows; `key` itself when the text has no forms (or `count` is not a number).
 *
 * A catalog holds every form its language's rules give a whole number from 0 to 1000, and no other but `_zero`:
 * English and Spanish have `one` and `other`. (Spanish's `many` is for whole millions, "un millón de
 * registros"; no count of the portal gets there, and such a count reads `_other`.)
 */
export function pluralKey(language: Language, key: string, count: unknown, has: (key: string) => boolean): string {
  if (typeof count !== 'number') return key;
  const forms = [count === 0 ? 'zero' : '', pluralRules(language).select(count), 'other'];
  for (const form of forms) if (form && has(`${key}_${form}`)) return `${key}_${form}`;
  return key;
}
