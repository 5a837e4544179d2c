import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../audit-log/audit-log';
import { PERMISSIONS } from '../staff/roles';
import en from './en.json';
import sp from './sp.json';
import { catalogProblems, keyUsesIn, pluralFormProblems } from './catalog-check';
import { flattenCatalog as flatten, placeholdersOf as placeholders } from './flatten';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];
const SOURCE_FILE = /\.(ts|tsx)$/;

/**
 * The only starts from which the code builds keys (`` t(`emailAnalytics.status.${key}`) ``): every key under one
 * counts as used while the code builds it. Any other key is written out in quotes somewhere.
 */
const DYNAMIC_PREFIXES = ['emailAnalytics.status.', 'healthSystems.languageNames.'];

/**
 * Strings shaped like keys that need not be texts: the names of audit actions ('login.failed'; their labels are
 * the `auditLog.action.*` texts, though a few share a text's key, as 'survey.submitted'), the staff permissions
 * ('withdrawals.view') and the theme's colour of errors.
 */
const NOT_KEYS = new Set<string>([...AUDIT_ACTIONS, ...PERMISSIONS, 'error.main']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE_FILE.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

const flatEn = flatten(en);
const flatSp = flatten(sp);
const enKeys = Object.keys(flatEn).sort();
const spKeys = Object.keys(flatSp).sort();

describe('translation catalogs', () => {
  it('have the same keys in English and Spanish', () => {
    expect(spKeys).toEqual(enKeys);
  });

  it('have no empty text', () => {
    for (const [key, value] of [...Object.entries(flatEn), ...Object.entries(flatSp)]) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });

  it('keep the same {{placeholders}} in both languages', () => {
    for (const [key, value] of Object.entries(flatEn)) {
      expect(placeholders(flatSp[key]), key).toEqual(placeholders(value));
    }
  });

  it("hold each plural text in every form of its language's rules", () => {
    expect(pluralFormProblems('en', enKeys)).toEqual([]);
    expect(pluralFormProblems('sp', spKeys)).toEqual([]);
  });

  it('hold every key the code uses, and only those', () => {
    const namespaces = Object.keys(en);
    const uses = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(repoRoot, dir))).map((file) =>
      keyUsesIn(readFileSync(file, 'utf8'), namespaces),
    );
    expect(
      catalogProblems({ catalogKeys: enKeys, uses, dynamicPrefixes: DYNAMIC_PREFIXES, notKeys: NOT_KEYS }),
    ).toEqual({ missing: [], unused: [] });
  });
});
