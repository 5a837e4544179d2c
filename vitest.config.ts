import { defineConfig } from 'vitest/config';
import { catalogParts } from './apps/web/catalog-parts.ts';

/** Unit and integration tests of every workspace; browser journeys live in e2e/ (Playwright). */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, so a single worker on a two-core machine; the
    // database tests wait on PostgreSQL much of the time, so two keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./test/global-setup.ts'],
          // The test files of a worker share one module graph instead of loading the server anew for each (about a
          // third of the project's time). Each file builds its own app, database and clock, and no test changes
          // module state or process.env, so files stay independent.
          isolate: false,
        },
      },
      {
        plugins: [catalogParts()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
          environment: 'jsdom',
          // Rendering the whole landing page in jsdom takes seconds on a loaded 2-core machine.
          testTimeout: 20_000,
          setupFiles: ['./src/test-setup.ts'],
        },
      },
    ],
  },
});
