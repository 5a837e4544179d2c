import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import sp from './sp.json';
import { flattenCatalog as flatten, placeholdersOf as placeholders } from './flatten';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];
const SOURCE_FILE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE_FILE.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

const enKeys = Object.keys(flatten(en)).sort();
const spKeys = Object.keys(flatten(sp)).sort();

describe('translation catalogs', () => {
  it('have the same keys in English and Spanish', () => {
    expect(spKeys).toEqual(enKeys);
  });

  it('have no empty text', () => {
    for (const [key, value] of [...Object.entries(flatten(en)), ...Object.entries(flatten(sp))]) {
      expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
    }
  });

  it('keep the same {{placeholders}} in both languages', () => {
    const flatSp = flatten(sp);
    for (const [key, value] of Object.entries(flatten(en))) {
      expect(placeholders(flatSp[key]), key).toEqual(placeholders(value));
    }
  });

  it('use every key somewhere in the source, written out literally', () => {
    const source = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(repoRoot, dir)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = enKeys.filter((key) => !source.includes(`'${key}'`) && !source.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
