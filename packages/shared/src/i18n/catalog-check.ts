import type { Language } from '../constants';
import { pluralRules } from './plural';

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A catalog key without its plural form (`records_one` is `records`): the key the code asks for. */
export const withoutPluralForm = (key: string): string => key.replace(PLURAL_SUFFIX, '');

/** The forms each plural text of `language` must have: those its rules give the whole numbers 0 to 1000. */
export function requiredPluralForms(language: Language): string[] {
  const rules = pluralRules(language);
  const given = new Set<string>();
  for (let count = 0; count <= 1000; count += 1) given.add(rules.select(count));
  return PLURAL_FORMS.filter((form) => given.has(form));
}

/**
 * Where the plural texts among a catalog's (flat) keys break the rule of `pluralKey`: a form the language's rules
 * need is missing, a form is not one of the language's (`_zero` always is), or a key has forms and a text of its
 * own as well.
 */
export function pluralFormProblems(language: Language, keys: readonly string[]): string[] {
  const required = requiredPluralForms(language);
  const allowed = new Set(['zero', ...required]);
  const formsOf = new Map<string, Set<string>>();
  for (const key of keys) {
    const form = PLURAL_SUFFIX.exec(key)?.[1];
    if (!form) continue;
    const base = withoutPluralForm(key);
    formsOf.set(base, (formsOf.get(base) ?? new Set()).add(form));
  }
  const all = new Set(keys);
  return [...formsOf].flatMap(([base, forms]) => [
    ...required.filter((form) => !forms.has(form)).map((form) => `${base}_${form} is missing`),
    ...[...forms].filter((form) => !allowed.has(form)).map((form) => `${base}_${form} is not a form of ${language}`),
    ...(all.has(base) ? [`${base} has plural forms and a text of its own`] : []),
  ]);
}

/** The text keys a source file names. */
export interface KeyUses {
  /** Keys written out in quotes: `'verification.records.count'`. */
  keys: string[];
  /** Starts of keys built in a template literal: `emailAnalytics.status.` of `` `emailAnalytics.status.${key}` ``. */
  prefixes: string[];
}

/**
 * The keys `source` names: every string in quotes (', " or `) shaped like a key, `namespace.name…`, whose first
 * part is one of the catalog's `namespaces`; and every template literal that starts so and goes on with `${`.
 * Keys are found wherever they are written (a `t()` call, a map of messages, a constant), which is how the code
 * names them.
 */
export function keyUsesIn(source: string, namespaces: readonly string[]): KeyUses {
  const first = namespaces.join('|');
  const literal = new RegExp(`(['"\`])((?:${first})(?:\\.\\w+)+)\\1`, 'g');
  const prefix = new RegExp(`\`((?:${first})(?:\\.\\w+)*\\.)\\$\\{`, 'g');
  return {
    keys: [...source.matchAll(literal)].map((match) => match[2]!),
    prefixes: [...source.matchAll(prefix)].map((match) => match[1]!),
  };
}

export interface CatalogCheck {
  /** Every key of the catalog, flat, plural forms included. */
  catalogKeys: readonly string[];
  /** What the code names (`keyUsesIn` of every source file). */
  uses: readonly KeyUses[];
  /** The key starts the code may build keys from: each key of the catalog under a built one counts as used. */
  dynamicPrefixes: readonly string[];
  /**
   * Strings shaped like keys that need not be texts (the names of audit actions, say): never missing, though one
   * that is also a key of the catalog counts as a use of it, as nothing tells the two apart.
   */
  notKeys: ReadonlySet<string>;
}

/**
 * What the code and the catalog disagree on. `missing`: keys the code names that the catalog lacks (a key with
 * plural forms is there when its forms are), and allowed key starts the code builds of which the catalog has no
 * key. `unused`: keys of the catalog (without their plural form) the code never names and that no built key
 * start covers, and allowed key starts the code no longer builds (written `start…`).
 */
export function catalogProblems({ catalogKeys, uses, dynamicPrefixes, notKeys }: CatalogCheck) {
  const known = new Set(catalogKeys.map(withoutPluralForm));
  const named = new Set(uses.flatMap((use) => use.keys));
  const built = new Set(uses.flatMap((use) => use.prefixes));
  const builtPrefixes = dynamicPrefixes.filter((start) => built.has(start));
  const coveredByPrefix = (key: string) => builtPrefixes.some((start) => key.startsWith(start));
  const missing = [
    ...[...named].filter((key) => !known.has(key) && !notKeys.has(key)),
    ...builtPrefixes.filter((start) => ![...known].some((key) => key.startsWith(start))).map((start) => `${start}…`),
  ];
  const unused = [
    ...[...known].filter((key) => !named.has(key) && !coveredByPrefix(key)),
    ...dynamicPrefixes.filter((start) => !built.has(start)).map((start) => `${start}…`),
  ];
  return { missing: missing.sort(), unused: unused.sort() };
}
