// `npm run bench`: the portal's speed goals, each with its reference measured in the same run and judged on the
// worst of three runs (bench/speed.mjs: a cached call against a bare Fastify route and sign-in against raw Argon2,
// on the embedded database and on PostgreSQL; Lighthouse's mobile defaults on the public pages; typing on a
// throttled phone in the registration form), then the other figures: how much JavaScript the landing page loads
// first (goal: at most 180 KB gzipped), the Health System Verification calls with a million participants on
// PostgreSQL (bench/verification.mjs), the Data Export's memory (bench/export-memory.mjs) and the server's
// authenticated read, health check and idle memory (bench/server-speed.mjs). Each file states its goals.
// The output ends with the table of the speed goals; results go to .bench/latest.json.
//
//   npm run bench -- speed    only the speed goals; their figures replace `speed` in .bench/latest.json
//   npm run bench -- export   only the Data Export memory section; replaces `exportMemory`
//
// Exit code: 0 when the measurements were taken (even if a goal is missed), 1 if anything failed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureLandingBundle } from './bench/landing-bundle.mjs';
import { benchExportMemory } from './bench/export-memory.mjs';
import { fmt, verdict } from './bench/portal.mjs';
import { benchServer, serverVerdicts } from './bench/server-speed.mjs';
import { benchSpeed, printSpeedSummary } from './bench/speed.mjs';
import { benchVerification } from './bench/verification.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

const BUNDLE_GOAL_KB = 180; // gzipped; 1 KB = 1000 bytes, as Vite prints sizes
const REPORT_PATH = path.join(root, '.bench', 'latest.json');

const log = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes) => fmt(bytes / 1000, 1);

function printBundle(bundle) {
  log();
  log('JavaScript the landing page loads first (gzip level 9, 1 KB = 1000 bytes)');
  const nameWidth = Math.max(...bundle.files.map((f) => f.file.length));
  log(`  ${'file'.padEnd(nameWidth)}   ${'raw KB'.padStart(8)}   ${'gzip KB'.padStart(8)}   why`);
  for (const f of bundle.files) {
    log(`  ${f.file.padEnd(nameWidth)}   ${kb(f.bytes).padStart(8)}   ${kb(f.gzipBytes).padStart(8)}   ${f.reason}`);
  }
  log(
    `  ${'total'.padEnd(nameWidth)}   ${kb(bundle.totalBytes).padStart(8)}   ${kb(bundle.totalGzipBytes).padStart(8)}`,
  );
  if (!bundle.landingChunkFound)
    log('  (no lazy LandingPage- chunk: the landing page is part of the statically imported code)');
  const met = bundle.totalGzipBytes <= BUNDLE_GOAL_KB * 1000;
  log(`  total ${kb(bundle.totalGzipBytes)} KB gzipped   goal ≤ ${BUNDLE_GOAL_KB} KB   ${verdict(met)}`);
}

/**
 * Runs one section (`measure({ log })` resolves its figures, with `failures` of its own); an error is the
 * section's figures too. Its failures join `failures`, each prefixed with `name`.
 */
async function section(name, failures, measure) {
  try {
    const figures = await measure({ log });
    failures.push(...(figures.failures ?? []).map((failure) => `${name}: ${failure}`));
    return figures;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${name}: ${message}`);
    return { skipped: false, error: message };
  }
}

function logExportVerdicts(exportMemory) {
  if (exportMemory.goals)
    log(
      `Export memory goals: peak under idle + ${exportMemory.goals.growthMB} MB ${verdict(exportMemory.goals.growthMet)}   ` +
        `peak within ${exportMemory.goals.peakRatioGoal}× the reference run's ${verdict(exportMemory.goals.peakRatioMet)}`,
    );
}

function logVerificationVerdicts(verification) {
  if (!verification.search) return;
  log(
    `Verification goals: search ${verdict(verification.search.met)}   page ${verdict(verification.page.met)}   ` +
      `bulk update ${verdict(verification.bulkUpdate.met)}`,
  );
  for (const coordinator of verification.coordinators)
    log(
      `  ${coordinator.label} (${coordinator.healthSystems.join(', ')}): search ${verdict(coordinator.search.met)}` +
        `   page ${verdict(coordinator.page.met)}`,
    );
}

/** Writes `figures` into .bench/latest.json: the whole report, or (with `merge`) its keys over the last one's. */
function writeReport(figures, merge) {
  const last = merge && existsSync(REPORT_PATH) ? JSON.parse(readFileSync(REPORT_PATH, 'utf8')) : {};
  mkdirSync(path.dirname(REPORT_PATH), { recursive: true });
  writeFileSync(REPORT_PATH, `${JSON.stringify({ ...last, ...figures }, null, 2)}\n`);
}

function reportFailures(failures) {
  if (failures.length === 0) return;
  for (const failure of failures) process.stderr.write(`FAILED: ${failure}\n`);
  process.exitCode = 1;
}

async function main() {
  ensureWebBuild();
  // Measured now, before any portal starts, while nothing else is reading or rebuilding dist.
  const bundle = measureLandingBundle(path.join(root, 'apps/web/dist'));
  printBundle(bundle);
  const failures = [];
  // One section at a time, each with its own portal and database: two never share the CPU.
  const verification = await section('verification', failures, benchVerification);
  const exportMemory = await section('export memory', failures, benchExportMemory);
  const server = await section('server', failures, benchServer);
  const speed = await section('speed', failures, benchSpeed);
  writeReport(
    {
      timestamp: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      failures,
      landingBundle: {
        ...bundle,
        totalGzipKB: bundle.totalGzipBytes / 1000,
        goalKB: BUNDLE_GOAL_KB,
        met: bundle.totalGzipBytes <= BUNDLE_GOAL_KB * 1000,
      },
      verification,
      exportMemory,
      server,
      speed,
    },
    false,
  );
  log();
  log(`Landing bundle goal: ${verdict(bundle.totalGzipBytes <= BUNDLE_GOAL_KB * 1000)}`);
  logVerificationVerdicts(verification);
  logExportVerdicts(exportMemory);
  if (server.goals) log(`Server goals: ${serverVerdicts(server)}`);
  if (!speed.error) printSpeedSummary(log, speed);
  log('Results written to .bench/latest.json');
  reportFailures(failures);
}

/** `npm run bench -- speed` and `-- export`: one section alone, its figures put into .bench/latest.json. */
const ONLY = {
  speed: {
    key: 'speed',
    name: 'speed',
    measure: benchSpeed,
    print: (figures) => !figures.error && printSpeedSummary(log, figures),
  },
  export: { key: 'exportMemory', name: 'export memory', measure: benchExportMemory, print: logExportVerdicts },
};

async function only({ key, name, measure, print }) {
  const failures = [];
  const figures = await section(name, failures, measure);
  writeReport({ [key]: figures }, true);
  log();
  print(figures);
  log(`Results written to .bench/latest.json (${key})`);
  reportFailures(failures);
}

const chosen = process.argv[2];
if (chosen && !ONLY[chosen]) {
  process.stderr.write(`npm run bench [-- ${Object.keys(ONLY).join('|')}]: no section "${chosen}"\n`);
  process.exitCode = 1;
} else
  (chosen ? only(ONLY[chosen]) : main()).catch((error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
