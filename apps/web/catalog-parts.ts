import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The namespaces of the catalog the shell (header, footer, banners, help assistant, error pages) and the landing
 * page show. They are the first part of a language's texts; the rest load with the first page that needs them.
 */
export const FIRST_NAMESPACES = [
  'common',
  'shell',
  'nav',
  'footer',
  'help',
  'pages',
  'content',
  'notFound',
  'error',
  'routeError',
  'session',
  'service',
];

/** `virtual:catalog/first-en` and the like; the chunk is named after the last segment. */
const PART_ID = /^virtual:catalog\/(first|rest)-(en|sp)$/;
const require = createRequire(import.meta.url);

/**
 * Serves `virtual:catalog/<first|rest>-<en|sp>`: the FIRST_NAMESPACES of that language's catalog, or all its
 * other namespaces, as a module whose default export is the texts. The catalog file stays the one source.
 */
export function catalogParts(): Plugin {
  return {
    name: 'portal-catalog-parts',
    resolveId(id) {
      return PART_ID.test(id) ? `\0${id}` : undefined;
    },
    load(id) {
      const match = PART_ID.exec(id.startsWith('\0') ? id.slice(1) : '');
      if (!match) return undefined;
      const [, part, language] = match;
      const file = require.resolve(`@portal/shared/i18n/${language}.json`);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const missing = FIRST_NAMESPACES.filter((namespace) => !(namespace in catalog));
      if (missing.length > 0) this.error(`${file} has no namespace ${missing.join(', ')}`);
      const texts = Object.fromEntries(
        Object.entries(catalog).filter(([namespace]) => FIRST_NAMESPACES.includes(namespace) === (part === 'first')),
      );
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
