// `npm run bench:load`: the portal as two server processes on one PostgreSQL database (the same DATABASE_URL,
// TOKEN_SIGNING_KEY and PAYLOAD_KEY), loopback only. 500 participants sign in at once (password, then the
// code e-mailed to them, caught by an SMTP server in this process) and save answers of a questionnaire page
// after page; each save must be acknowledged without error, the 99th percentile of a save's wall time must stay
// under 200 ms, and every acknowledged save (a 2xx reply) must be in the database afterwards. Then 500 more do
// the same while one process is killed with SIGKILL half-way and started again: its participants go on on the
// other one, and no acknowledged save may be missing.
// Each participant calls from an address of its own (X-Forwarded-For, with TRUST_PROXY on), so the per-address
// request limits, counted in the database, count each apart as they would for people at home.
// Figures go to .bench/load.json. Exit code 1 when a save is lost, a call fails, or the run cannot be made.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { participant, startCodeCatcher } from './bench/load-client.mjs';
import { insertReadyParticipants, missingSaves, participantEmail } from './bench/load-participants.mjs';
import { fmt, freePort, percentiles, printTable, startPortal, stopPortal, verdict } from './bench/portal.mjs';
import { dropBenchDatabase, postgresUnreachable, recreateBenchDatabase } from './bench/seed-verification.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

const PARTICIPANTS = 500;
const SAVES_PER_PARTICIPANT = 10;
/** A participant waits between 0 and twice this before each save: reading and answering the page. */
const MEAN_THINK_MS = 2_000;
const GOAL_P99_MS = 200;

const log = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The load test's own database: BENCH_DATABASE_URL's name with `_load` added, else `portal_bench_load` on
 * TEST_DATABASE_URL's server (the name must contain "bench"; it is dropped and created anew).
 */
function loadDatabaseUrl() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const url = new URL(base);
  url.pathname = process.env.BENCH_DATABASE_URL ? `${url.pathname}_load` : '/portal_bench_load';
  return url.toString();
}

function sharedKeys() {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { tokenSigningKey: privateKey, payloadKey: randomBytes(32).toString('base64') };
}

/**
 * One run: `first`..`first + PARTICIPANTS - 1` sign in at once, then save. With `killHalfWay`, process 0 is
 * killed with SIGKILL once half the saves are acknowledged, and started again at once.
 */
async function run(cluster, first, { killHalfWay }) {
  const stats = { failovers: 0 };
  const errors = [];
  const acknowledged = new Map();
  const latencies = [];
  const clients = Array.from({ length: PARTICIPANTS }, (_, i) =>
    participant({
      email: participantEmail(first + i),
      // Each from an address of its own, as people are: the per-address request limits count each apart.
      address: `10.0.${(first + i) >> 8}.${(first + i) & 255}`,
      processes: cluster.portals.map((p) => p.url),
      home: i % cluster.portals.length,
      payloadKey: cluster.payloadKey,
      codes: cluster.codes,
      stats,
    }),
  );

  let startedAt = performance.now();
  const signedIn = await Promise.allSettled(clients.map((client) => client.signInAndStart()));
  const signInSeconds = (performance.now() - startedAt) / 1000;
  const ready = clients.filter((_, i) => signedIn[i].status === 'fulfilled');
  for (const outcome of signedIn) if (outcome.status === 'rejected') errors.push(String(outcome.reason));
  const signInFailovers = stats.failovers;

  const total = ready.length * SAVES_PER_PARTICIPANT;
  let restart;
  cluster.onAcknowledged = () => {};
  if (killHalfWay) {
    const halfWay = new Promise((resolve) => (cluster.onAcknowledged = (count) => count >= total / 2 && resolve()));
    restart = halfWay.then(async () => {
      const downAt = performance.now();
      cluster.portals[0].child.kill('SIGKILL');
      await cluster.portals[0].exited;
      cluster.portals[0] = startPortal(cluster.startOptions[0]);
      await cluster.portals[0].ready;
      return { downMs: Math.round(performance.now() - downAt) };
    });
  }

  startedAt = performance.now();
  await Promise.all(
    ready.map(async (client) => {
      for (let pageNo = 1; pageNo <= SAVES_PER_PARTICIPANT; pageNo++) {
        await sleep(Math.random() * 2 * MEAN_THINK_MS);
        try {
          latencies.push(await client.save(pageNo));
          acknowledged.set(client.email, pageNo);
          cluster.onAcknowledged(latencies.length);
        } catch (error) {
          errors.push(`${client.email}: ${error.message}`);
          return;
        }
      }
    }),
  );
  const saveSeconds = (performance.now() - startedAt) / 1000;
  const restarted = await restart;
  const missing = await missingSaves(cluster.databaseUrl, acknowledged);
  return {
    participants: PARTICIPANTS,
    signedIn: ready.length,
    signInSeconds: Number(signInSeconds.toFixed(1)),
    savesAcknowledged: latencies.length,
    savesPerSecond: Math.round(latencies.length / saveSeconds),
    save: Object.fromEntries(Object.entries(percentiles(latencies)).map(([k, v]) => [k, Math.round(v ?? 0)])),
    failovers: stats.failovers,
    signInFailovers,
    errors: errors.length,
    errorSamples: errors.slice(0, 5),
    lostSaves: missing.length,
    lostSamples: missing.slice(0, 5),
    ...(restarted && { restart: restarted }),
  };
}

async function main() {
  const databaseUrl = loadDatabaseUrl();
  if (!databaseUrl) {
    log('bench:load needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
    return 1;
  }
  const unreachable = await postgresUnreachable(databaseUrl);
  if (unreachable) {
    log(`bench:load: PostgreSQL at ${databaseUrl} cannot be reached: ${unreachable}`);
    return 1;
  }
  ensureWebBuild();
  const machine = {
    cores: os.cpus().length,
    node: process.version,
    loadAverageBefore: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
  log(`Load test: 2 server processes, ${PARTICIPANTS} participants per run, ${SAVES_PER_PARTICIPANT} saves each`);
  log(`  machine: ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadAverageBefore.join(' ')}`);

  await recreateBenchDatabase(databaseUrl);
  const dataDirs = [];
  let cluster;
  try {
    let since = performance.now();
    await insertReadyParticipants({ kind: 'postgres', url: databaseUrl }, 2 * PARTICIPANTS);
    log(`  ${fmt(2 * PARTICIPANTS)} ready participants inserted with SQL (${fmt(performance.now() - since)} ms)`);

    const { tokenSigningKey, payloadKey } = sharedKeys();
    const smtpPort = await freePort();
    const codes = await startCodeCatcher(smtpPort);
    const ports = [await freePort([smtpPort])];
    ports.push(await freePort([smtpPort, ports[0]]));
    const startOptions = ports.map((port) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-load-'));
      dataDirs.push(dataDir);
      return {
        port,
        dataDir,
        databaseUrl,
        payloadKey,
        adminPassword: randomBytes(12).toString('base64url'),
        // One portal: the same keys and the same public address (the issuer of its tokens) on both processes.
        env: {
          TOKEN_SIGNING_KEY: tokenSigningKey,
          PUBLIC_URL: 'http://127.0.0.1',
          TRUST_PROXY: 'true',
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        },
      };
    });
    cluster = { databaseUrl, payloadKey, codes, startOptions, portals: startOptions.map(startPortal) };
    await Promise.all(cluster.portals.map((p) => p.ready));
    log(`  processes listening on ${cluster.portals.map((p) => p.url).join(' and ')}`);

    since = performance.now();
    const steady = await run(cluster, 0, { killHalfWay: false });
    const withKill = await run(cluster, PARTICIPANTS, { killHalfWay: true });
    machine.loadAverageAfter = os.loadavg().map((l) => Number(l.toFixed(2)));

    const steadyMet = steady.save.p99Ms < GOAL_P99_MS;
    log('');
    printTable(log, [
      [
        'run',
        'signed in',
        'sign-in s',
        'saves',
        'saves/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'failovers',
        'errors',
        'lost',
      ],
      ...[
        ['both processes up', steady],
        ['one killed half-way, restarted', withKill],
      ].map(([name, r]) => [
        name,
        fmt(r.signedIn),
        String(r.signInSeconds),
        fmt(r.savesAcknowledged),
        fmt(r.savesPerSecond),
        fmt(r.save.p50Ms),
        fmt(r.save.p99Ms),
        fmt(r.save.maxMs),
        fmt(r.failovers),
        fmt(r.errors),
        fmt(r.lostSaves),
      ]),
    ]);
    log('');
    log(`  save p99 with both up ${fmt(steady.save.p99Ms)} ms   goal < ${GOAL_P99_MS} ms   ${verdict(steadyMet)}`);
    log(`  killed process back after ${fmt(withKill.restart.downMs)} ms`);
    for (const [name, r] of [
      ['both up', steady],
      ['kill', withKill],
    ]) {
      const clean = r.errors === 0 && r.lostSaves === 0 && r.signedIn === PARTICIPANTS;
      log(`  ${name}: errors ${r.errors}, acknowledged saves lost ${r.lostSaves}   goal 0 and 0   ${verdict(clean)}`);
      for (const sample of [...r.errorSamples, ...r.lostSamples]) log(`    ${sample}`);
    }
    log(`  load average after: ${machine.loadAverageAfter.join(' ')} (${fmt((performance.now() - since) / 1000)} s)`);

    const report = {
      date: new Date().toISOString(),
      machine,
      setup: {
        processes: 2,
        participantsPerRun: PARTICIPANTS,
        savesPerParticipant: SAVES_PER_PARTICIPANT,
        meanThinkMs: MEAN_THINK_MS,
        accounts: 'inserted with SQL (active, consent signed yesterday); sign-in by password and e-mailed code',
      },
      goals: { saveP99Ms: GOAL_P99_MS, errors: 0, lostSaves: 0 },
      steady: { ...steady, p99Met: steadyMet },
      withKill,
    };
    const reportDir = path.join(root, '.bench');
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(path.join(reportDir, 'load.json'), `${JSON.stringify(report, null, 2)}\n`);
    log('Results written to .bench/load.json');
    // With both processes up, a call answered by the other process means home refused it: an error too.
    const failed =
      steady.failovers > 0 ||
      [steady, withKill].some((r) => r.errors > 0 || r.lostSaves > 0 || r.signedIn < PARTICIPANTS);
    return failed ? 1 : 0;
  } finally {
    if (cluster) {
      for (const portal of cluster.portals) await stopPortal(portal);
      await cluster.codes.close();
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await dropBenchDatabase(databaseUrl);
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
