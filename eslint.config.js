import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The areas are the folders that exist when lint runs, so a new feature or module is isolated from its first file. */
const areasIn = (dir) =>
  readdirSync(fileURLToPath(new URL(dir, import.meta.url)), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = areasIn('./apps/web/src/features/');
const serverModules = areasIn('./apps/server/src/modules/');

/** A feature (or module) may import only from itself and from shared layers, never from a sibling. */
const isolate = (base, names) =>
  names.map((name) => ({
    target: `${base}/${name}`,
    from: base,
    except: [`./${name}`],
    message: 'Features do not import each other; move shared code to a shared layer.',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...isolate('./apps/web/src/features', webFeatures),
            ...isolate('./apps/server/src/modules', serverModules),
            { target: './packages/shared', from: './apps', message: 'The shared package depends on no app.' },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'Shared UI does not import features.',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/features',
              message: 'Shared lib does not import features.',
            },
            {
              target: ['./apps/web/src/features', './apps/web/src/lib', './apps/web/src/components'],
              from: './apps/web/src/app',
              message: 'Only the app composes; features and shared layers do not import app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Node's CommonJS files: what `node --require` preloads, and what those require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Queries live in repositories (and db/): routes parse and reply, services decide, plugins wire.
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/plugins/**/*.ts',
      'apps/server/src/providers/mail/mailer.ts',
    ],
    ignores: ['**/repository.ts', '**/*-repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema'],
              message: 'Queries belong in a repository (repository.ts, *-repository.ts) or in db/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/env.ts.' },
      ],
    },
  },
);
