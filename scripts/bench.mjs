// `npm run bench`: how fast the portal answers its most frequent public call compared with a bare
// Fastify server on the same machine, how much JavaScript the landing page loads first, and how fast the
// Health System Verification calls answer with a million participants on PostgreSQL, for the administrator and
// for scoped coordinators (bench/verification.mjs).
// Goals: the reference call reaches at least 60% of the bare route's throughput, and the landing
// page's first JavaScript is at most 180 KB gzipped; the verification, server and Lighthouse goals are in their
// own files (bench/verification.mjs, bench/server-speed.mjs, bench/lighthouse.mjs).
// Results go to .bench/latest.json. `node scripts/bench.mjs export` (or `npm run bench -- export`) runs only the Data
// Export memory section (bench/export-memory.mjs) and replaces its figures in .bench/latest.json.
// Exit code: 0 when the measurements were taken (even if a goal is missed), 1 if anything failed.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureLandingBundle } from './bench/landing-bundle.mjs';
import { benchExportMemory } from './bench/export-memory.mjs';
import { HOST, fmt, freePort, printTable, startPortal, stopPortal, verdict } from './bench/portal.mjs';
import { benchLighthouse } from './bench/lighthouse.mjs';
import { load, loadFailures } from './bench/throughput.mjs';
import { benchServer, serverVerdicts } from './bench/server-speed.mjs';
import { benchVerification } from './bench/verification.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

const REFERENCE_PATH = '/common-server/externalization/registration-dropdowns';
const LOAD = { connections: 20, pipelining: 1, warmupSeconds: 2, durationSeconds: 10 };
const THROUGHPUT_GOAL = 0.6; // portal req/s ÷ bare req/s
const BUNDLE_GOAL_KB = 180; // gzipped; 1 KB = 1000 bytes, as Vite prints sizes

const log = (line = '') => process.stdout.write(`${line}\n`);

/** Fastify as the server workspace resolves it (apps/server/node_modules, else the root). */
async function importFastify() {
  const requireFromServer = createRequire(path.join(root, 'apps/server/package.json'));
  const module = await import(pathToFileURL(requireFromServer.resolve('fastify')).href);
  return module.default;
}

/** The ceiling: a bare Fastify 5 route answering the same JSON, with no plugins and no logger. */
async function startBareServer(port, body) {
  const Fastify = await importFastify();
  const app = Fastify({ logger: false });
  app.get(REFERENCE_PATH, async () => body);
  await app.listen({ host: HOST, port });
  return app;
}

/** One GET outside the load test: the portal must answer the reference call correctly. */
async function fetchReference(url) {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text);
  if (body.status !== true) throw new Error(`GET ${url} answered status ${body.status}: ${text.slice(0, 200)}`);
  return { body, bytes: Buffer.byteLength(text) };
}

const kb = (bytes) => fmt(bytes / 1000, 1);

function printThroughput(portal, bare, ratio, replyBytes) {
  log();
  log(
    `Throughput: ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, ${LOAD.durationSeconds} s each after a ${LOAD.warmupSeconds} s warm-up, one after the other`,
  );
  log(`GET ${REFERENCE_PATH} (${replyBytes}-byte JSON reply on both)`);
  const rows = [
    ['target', 'req/s', 'p99 ms', 'requests', 'non-2xx', 'errors'],
    [
      'portal (npm start)',
      fmt(portal.requestsPerSecond),
      fmt(portal.p99Ms),
      fmt(portal.requests),
      fmt(portal.non2xx),
      fmt(portal.errors + portal.timeouts),
    ],
    [
      'bare Fastify 5',
      fmt(bare.requestsPerSecond),
      fmt(bare.p99Ms),
      fmt(bare.requests),
      fmt(bare.non2xx),
      fmt(bare.errors + bare.timeouts),
    ],
  ];
  printTable(log, rows);
  log(
    `  portal / bare: ${fmt(ratio * 100, 1)}%   goal ≥ ${THROUGHPUT_GOAL * 100}%   ${verdict(ratio >= THROUGHPUT_GOAL)}`,
  );
}

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

async function main() {
  ensureWebBuild();
  // Measured now, before the portal starts, while nothing else is reading or rebuilding dist.
  const bundle = measureLandingBundle(path.join(root, 'apps/web/dist'));

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  let portal;
  let bare;
  const cleanUp = async () => {
    const problems = [];
    if (portal) problems.push(await stopPortal(portal));
    if (bare) await bare.close();
    rmSync(dataDir, { recursive: true, force: true });
    return problems.filter(Boolean);
  };
  // Ctrl+C must not leave a portal running or a temporary directory behind.
  process.once('SIGINT', () => {
    log('\nInterrupted; stopping the portal…');
    cleanUp().finally(() => process.exit(130));
  });

  let results;
  try {
    const portalPort = await freePort();
    log(`Starting the portal on port ${portalPort} (DATA_DIR ${dataDir})…`);
    portal = startPortal({ port: portalPort, dataDir, adminPassword: 'bench-admin-password' });
    await portal.ready;
    const referenceUrl = `http://${HOST}:${portalPort}${REFERENCE_PATH}`;
    const reference = await fetchReference(referenceUrl);

    // The bare route answers the very same JSON the portal returned, so reply sizes match.
    const barePort = await freePort([portalPort]);
    bare = await startBareServer(barePort, reference.body);
    const bareUrl = `http://${HOST}:${barePort}${REFERENCE_PATH}`;

    // One target at a time: with 2 cores, the server under test and autocannon each need one.
    // Other work on the machine competes for those cores; the load average puts the numbers in context.
    const loadBefore = os.loadavg()[0];
    log(`Loading the portal: ${referenceUrl}`);
    const portalRun = await load(referenceUrl, LOAD);
    log(`Loading the bare Fastify route: ${bareUrl}`);
    const bareRun = await load(bareUrl, LOAD);
    results = { portalRun, bareRun, replyBytes: reference.bytes, loadBefore };
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const stopProblems = await cleanUp();

  const { portalRun, bareRun, replyBytes, loadBefore } = results;
  const ratio = portalRun.requestsPerSecond / bareRun.requestsPerSecond;
  printThroughput(portalRun, bareRun, ratio, replyBytes);
  if (loadBefore > 1) {
    log(`  note: 1-minute load average was ${fmt(loadBefore, 1)} before the load test on ${os.cpus().length} cores;`);
    log('        other processes competed for the CPU, so absolute numbers (and the ratio) are noisy.');
  }
  printBundle(bundle);

  // A measurement with failed requests is not a measurement: fail the run (warm-up included).
  const failures = [...stopProblems];
  failures.push(...loadFailures('portal', portalRun), ...loadFailures('bare', bareRun));

  // Its own database and portal, once the first portal has stopped: the two never share the CPU.
  let verification;
  try {
    verification = await benchVerification({ log });
    failures.push(...(verification.failures ?? []).map((failure) => `verification: ${failure}`));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    verification = { skipped: false, error: message };
    failures.push(`verification: ${message}`);
  }

  const exportMemory = await exportMemorySection(failures);

  // The server's authenticated read, health check, login and idle memory against their references.
  let server;
  try {
    server = await benchServer({ log });
    failures.push(...server.failures.map((failure) => `server: ${failure}`));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    server = { error: message };
    failures.push(`server: ${message}`);
  }

  // Lighthouse on the public pages, with a portal of its own once the others have stopped.
  let lighthouse;
  try {
    lighthouse = await benchLighthouse({ log });
    failures.push(...(lighthouse.failures ?? []).map((failure) => `lighthouse: ${failure}`));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    lighthouse = { skipped: false, error: message };
    failures.push(`lighthouse: ${message}`);
  }

  const throughputMet = ratio >= THROUGHPUT_GOAL;
  const bundleMet = bundle.totalGzipBytes <= BUNDLE_GOAL_KB * 1000;
  const report = {
    timestamp: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    loadAverageBefore: loadBefore,
    load: LOAD,
    throughput: {
      portal: portalRun,
      bare: bareRun,
      replyBytes,
      ratio,
      goal: THROUGHPUT_GOAL,
      met: throughputMet,
    },
    failures,
    landingBundle: { ...bundle, totalGzipKB: bundle.totalGzipBytes / 1000, goalKB: BUNDLE_GOAL_KB, met: bundleMet },
    verification,
    exportMemory,
    server,
    lighthouse,
  };
  const reportDir = path.join(root, '.bench');
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);

  log();
  log(`Throughput goal: ${verdict(throughputMet)}   Landing bundle goal: ${verdict(bundleMet)}`);
  if (verification.search) {
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
  logExportVerdicts(exportMemory);
  if (server.goals) log(`Server goals: ${serverVerdicts(server)}`);
  if (lighthouse.pages)
    log(`Lighthouse goals: ${lighthouse.pages.map((page) => `${page.path} ${verdict(page.met)}`).join('   ')}`);
  log(`Results written to .bench/latest.json`);

  if (failures.length > 0) {
    for (const failure of failures) process.stderr.write(`FAILED: ${failure}\n`);
    process.exitCode = 1;
  }
}

/** The Data Export memory section, with a database and a portal of its own; its failures join `failures`. */
async function exportMemorySection(failures) {
  try {
    const section = await benchExportMemory({ log });
    failures.push(...(section.failures ?? []).map((failure) => `export memory: ${failure}`));
    return section;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`export memory: ${message}`);
    return { skipped: false, error: message };
  }
}

function logExportVerdicts(section) {
  if (section.goals)
    log(
      `Export memory goals: peak under idle + ${section.goals.growthMB} MB ${verdict(section.goals.growthMet)}   ` +
        `peak within ${section.goals.peakRatioGoal}× the reference run's ${verdict(section.goals.peakRatioMet)}`,
    );
}

/** `node scripts/bench.mjs export`: that section alone, its figures put into .bench/latest.json beside the others. */
async function exportOnly() {
  const failures = [];
  const exportMemory = await exportMemorySection(failures);
  const reportDir = path.join(root, '.bench');
  const reportPath = path.join(reportDir, 'latest.json');
  const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : {};
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(reportPath, `${JSON.stringify({ ...report, exportMemory }, null, 2)}\n`);
  log();
  logExportVerdicts(exportMemory);
  log('Results written to .bench/latest.json (exportMemory)');
  if (failures.length > 0) {
    for (const failure of failures) process.stderr.write(`FAILED: ${failure}\n`);
    process.exitCode = 1;
  }
}

(process.argv[2] === 'export' ? exportOnly() : main()).catch((error) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
