// `npm test`: unit and integration tests (vitest; PostgreSQL too when TEST_DATABASE_URL is set), then the
// browser journeys (Playwright in the system Chromium) against the started portal. Ends with the ten slowest test
// files and journeys, then one line `Tests: N passed, N failed, N skipped` summing both runners.
//
// `node scripts/test.mjs server|web|shared|e2e [arguments]` (`npm run test:server -- …` and so on) runs one part
// alike, passing the arguments on to vitest or Playwright: a file, `-t <name>` / `-g <name>` for one test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  journeyDurations,
  journeyTotals,
  printSlowest,
  readReport,
  vitestFileDurations,
  vitestTotals,
} from './test-reports.mjs';
import { requireSupportedNode } from './supported-node.mjs';
import { journeyChromium } from './journey-chromium.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

requireSupportedNode();

const PARTS = ['all', 'server', 'web', 'shared', 'e2e'];
const [part = 'all', ...extra] = process.argv.slice(2);
if (!PARTS.includes(part) || (part === 'all' && extra.length > 0)) {
  console.error(`Usage: node scripts/test.mjs [${PARTS.join('|')}] [arguments for vitest or Playwright]`);
  process.exit(2);
}

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const slowest = [];
let failed = false;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failed = true;
}

function add(counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}

/** Unit and API integration tests: every vitest project, or the one named. */
function runVitest(project, args) {
  const report = path.join(reportDir, 'vitest.json');
  const only = project ? ['--project', project] : [];
  run('npx', [
    'vitest',
    'run',
    ...only,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ]);
  const parsed = readReport(report);
  if (!parsed) {
    failed = true;
    return;
  }
  add(vitestTotals(parsed));
  slowest.push(['Slowest test files:', vitestFileDurations(parsed, root)]);
}

/** Browser journeys in the system Chromium (`journeyChromium`), against a portal started on a fresh data directory. */
function runJourneys(args) {
  const chromium = journeyChromium();
  if (!chromium) {
    console.log('E2E SKIPPED: no Chromium found');
    if (process.env.REQUIRE_E2E === '1') {
      console.error('REQUIRE_E2E=1: browser tests are required, so a missing Chromium is a failure.');
      failed = true;
    }
    return;
  }
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-data-'));
  const report = path.join(reportDir, 'playwright.json');
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args], {
    CHROMIUM_PATH: chromium,
    E2E_DATA_DIR: dataDir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  rmSync(dataDir, { recursive: true, force: true });
  const parsed = readReport(report);
  if (!parsed?.stats) {
    failed = true;
    return;
  }
  const counts = journeyTotals(parsed);
  add(counts);
  for (const title of counts.flaky) console.log(`FLAKY (passed only on retry): ${title}`);
  slowest.push(['Slowest journeys:', journeyDurations(parsed)]);
}

if (part === 'all') runVitest(undefined, []);
else if (part !== 'e2e') runVitest(part, extra);
if (part === 'all' || part === 'e2e') runJourneys(extra);

rmSync(reportDir, { recursive: true, force: true });
for (const [heading, entries] of slowest) printSlowest(heading, entries);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
