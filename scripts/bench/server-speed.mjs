// The server section of `npm run bench`: the portal's authenticated read, health check and idle memory, each side
// by side with its reference in one run. (Sign-in against raw Argon2 is a speed goal: login-rate.mjs.)
//
// On PostgreSQL (its own database, created and dropped here):
// - `GET /keycloak/user` against a bare Fastify route that does the same work (reference-server.mjs): at least
//   60% of its throughput, with a p99 at most 1.5 times its p99, at 50 connections;
// - `GET /health`, which must not touch the database on every call (the database's committed transactions
//   during the load are counted);
// - the portal's resident memory at idle, after start and a warm-up: at most 150 MB.
// On the embedded database: `GET /keycloak/user` with a p99 under 50 ms at 50 connections, and `GET /health`.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { load, loadFailures } from './throughput.mjs';
import { HOST, fmt, freePort, printTable, startPortal, startProcess, stopPortal, verdict } from './portal.mjs';
import { REFERENCE_PATH } from './reference-server.mjs';
import {
  dropBenchDatabase,
  postgresUnreachable,
  recreateBenchDatabase,
  sectionDatabaseUrl,
} from './seed-verification.mjs';
import { LOGIN_PATH, newAppSecret, sealedLoginBody, signIn } from './sign-in.mjs';

const HEALTH_PATH = '/common-server/health';
const READ_LOAD = { connections: 50, warmupSeconds: 3, durationSeconds: 10 };
const GOALS = {
  readThroughput: 0.6, // portal req/s ÷ reference req/s, on PostgreSQL
  readP99Factor: 1.5, // portal p99 ÷ reference p99, on PostgreSQL
  embeddedReadP99Ms: 50,
  idleRssMb: 150, // on PostgreSQL
  /** At most one database transaction per this many health checks: it is answered from memory. */
  healthRequestsPerTransaction: 100,
};
/** How long the portal idles before its memory is read, and before the database's statistics are. */
const IDLE_SECONDS = 12;
const WARMUP_CALLS = 200;
const ADMIN_EMAIL = 'bench.admin@example.org';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The resident memory of a process in MB (1 MB = 2^20 bytes). */
function rssMb(pid) {
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

async function query(databaseUrl, text, values) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Transactions committed in the database so far, as its statistics count them. */
async function committedTransactions(databaseUrl) {
  const [row] = await query(
    databaseUrl,
    'select xact_commit::bigint as n from pg_stat_database where datname = current_database()',
  );
  return Number(row.n);
}

/** A portal on a fresh data directory (and `databaseUrl` when given), its administrator signed in. */
async function startSignedIn(databaseUrl) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-server-'));
  const adminPassword = randomBytes(18).toString('base64url');
  const adminAppSecret = newAppSecret();
  const payloadKey = randomBytes(32).toString('base64');
  const portal = startPortal({
    port: await freePort(),
    dataDir,
    databaseUrl,
    adminEmail: ADMIN_EMAIL,
    adminPassword,
    adminAppSecret,
    payloadKey,
  });
  const stop = async () => {
    const problem = await stopPortal(portal);
    rmSync(dataDir, { recursive: true, force: true });
    return problem;
  };
  try {
    await portal.ready;
    const token = await signIn(portal.url, payloadKey, ADMIN_EMAIL, adminPassword, adminAppSecret);
    return { ...portal, dataDir, adminPassword, payloadKey, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const authorized = (token) => ({ headers: { authorization: `Bearer ${token}` } });

/** A few hundred calls of each kind and one login, one at a time: what a warm server has seen. */
async function warmUp(portal) {
  for (let i = 0; i < WARMUP_CALLS; i++) {
    for (const [url, init] of [
      [`${portal.url}${REFERENCE_PATH}`, authorized(portal.token)],
      [`${portal.url}${HEALTH_PATH}`, {}],
    ]) {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`warm-up: ${url} answered HTTP ${response.status}`);
    }
  }
  // The password step: an administrator's second step follows it in the web app.
  const login = await fetch(`${portal.url}${LOGIN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: await sealedLoginBody(portal.payloadKey, ADMIN_EMAIL, portal.adminPassword),
  });
  if (!login.ok) throw new Error(`warm-up: the login answered HTTP ${login.status}`);
}

/** The reference route in its own process, on the portal's database and key. */
async function startReference(portal, databaseUrl) {
  const port = await freePort([Number(new URL(portal.url).port)]);
  const env = {
    ...process.env,
    REFERENCE_PORT: String(port),
    DATABASE_URL: databaseUrl,
    TOKEN_KEY_FILE: path.join(portal.dataDir, 'keys', 'token-signing-key.pem'),
    TOKEN_ISSUER: `http://localhost:${new URL(portal.url).port}`,
  };
  const reference = startProcess(
    [fileURLToPath(new URL('./reference-server.mjs', import.meta.url))],
    env,
    `Reference listening on http://${HOST}:${port}`,
  );
  await reference.ready;
  return { ...reference, url: `http://${HOST}:${port}` };
}

async function measurePostgres(databaseUrl, failures) {
  await recreateBenchDatabase(databaseUrl);
  const portal = await startSignedIn(databaseUrl);
  let reference;
  try {
    await warmUp(portal);
    await sleep(IDLE_SECONDS * 1000);
    const idleRssMb = rssMb(portal.child.pid);

    reference = await startReference(portal, databaseUrl);
    const loadBefore = os.loadavg()[0];
    const read = await load(`${portal.url}${REFERENCE_PATH}`, { ...READ_LOAD, ...authorized(portal.token) });
    const referenceRead = await load(`${reference.url}${REFERENCE_PATH}`, {
      ...READ_LOAD,
      ...authorized(portal.token),
    });
    failures.push(...loadFailures('portal GET /keycloak/user', read));
    failures.push(...loadFailures('reference route', referenceRead));
    const problem = await stopPortal(reference);
    reference = undefined;
    if (problem) failures.push(problem);

    const transactionsBefore = await committedTransactions(databaseUrl);
    const health = await load(`${portal.url}${HEALTH_PATH}`, READ_LOAD);
    failures.push(...loadFailures('portal GET /health', health));
    // The pool's connections report their statistics once idle for a while.
    await sleep(IDLE_SECONDS * 1000);
    const healthTransactions = (await committedTransactions(databaseUrl)) - transactionsBefore;

    const loadAfter = os.loadavg()[0];
    return { idleRssMb, read, referenceRead, health, healthTransactions, loadBefore, loadAfter };
  } finally {
    if (reference) await stopPortal(reference);
    const problem = await portal.stop();
    if (problem) failures.push(problem);
  }
}

async function measureEmbedded(failures) {
  const portal = await startSignedIn(undefined);
  try {
    await warmUp(portal);
    const loadBefore = os.loadavg()[0];
    const read = await load(`${portal.url}${REFERENCE_PATH}`, { ...READ_LOAD, ...authorized(portal.token) });
    const health = await load(`${portal.url}${HEALTH_PATH}`, READ_LOAD);
    failures.push(...loadFailures('embedded GET /keycloak/user', read));
    failures.push(...loadFailures('embedded GET /health', health));
    return { read, health, loadBefore, loadAfter: os.loadavg()[0] };
  } finally {
    const problem = await portal.stop();
    if (problem) failures.push(problem);
  }
}

/** The figures against their goals, for the report and for `.bench/latest.json`. */
function judge(postgres, embedded) {
  const result = { embedded: { ...embedded } };
  result.embedded.readP99 = {
    ms: embedded.read.p99Ms,
    goalMs: GOALS.embeddedReadP99Ms,
    met: embedded.read.p99Ms < GOALS.embeddedReadP99Ms,
  };
  if (!postgres) return result;
  const throughput = postgres.read.requestsPerSecond / postgres.referenceRead.requestsPerSecond;
  const p99Factor = postgres.read.p99Ms / postgres.referenceRead.p99Ms;
  const perTransaction = postgres.health.requests / Math.max(1, postgres.healthTransactions);
  result.postgres = {
    ...postgres,
    readThroughput: { ratio: throughput, goal: GOALS.readThroughput, met: throughput >= GOALS.readThroughput },
    readP99: { factor: p99Factor, goal: GOALS.readP99Factor, met: p99Factor <= GOALS.readP99Factor },
    healthFromMemory: {
      requestsPerTransaction: perTransaction,
      goal: GOALS.healthRequestsPerTransaction,
      met: perTransaction >= GOALS.healthRequestsPerTransaction,
    },
    idleRss: { mb: postgres.idleRssMb, goalMb: GOALS.idleRssMb, met: postgres.idleRssMb <= GOALS.idleRssMb },
  };
  return result;
}

function report(log, result) {
  const { postgres, embedded } = result;
  const ms = (n) => fmt(n, 1);
  const row = (name, run, goal = '', met) => [
    name,
    fmt(run.requestsPerSecond),
    ms(run.p99Ms),
    fmt(run.requests),
    goal,
    met === undefined ? '' : verdict(met),
  ];
  log();
  log(
    `Server: ${READ_LOAD.connections} connections, ${READ_LOAD.durationSeconds} s each after a ` +
      `${READ_LOAD.warmupSeconds} s warm-up, one after the other`,
  );
  const rows = [['target', 'req/s', 'p99 ms', 'requests', 'goal', 'verdict']];
  if (postgres) {
    const { read, referenceRead, readThroughput, readP99, health, healthFromMemory } = postgres;
    rows.push(
      row('PostgreSQL: GET /keycloak/user', read, `≥ 60% req/s, p99 ≤ 1.5×`, readThroughput.met && readP99.met),
      row('  reference (jose + pg)', referenceRead),
      row('PostgreSQL: GET /health', health, `≥ 100 calls per transaction`, healthFromMemory.met),
    );
  }
  rows.push(
    row('embedded: GET /keycloak/user', embedded.read, `p99 < ${GOALS.embeddedReadP99Ms} ms`, embedded.readP99.met),
    row('embedded: GET /health', embedded.health),
  );
  printTable(log, rows);
  if (postgres) {
    const { readThroughput, readP99, healthFromMemory, healthTransactions, idleRss } = postgres;
    log(
      `  /keycloak/user: ${fmt(readThroughput.ratio * 100, 1)}% of the reference's req/s, p99 ` +
        `${fmt(readP99.factor, 2)}× the reference's`,
    );
    log(
      `  /health: ${fmt(healthTransactions)} database transactions for ${fmt(postgres.health.requests)} calls ` +
        `(${fmt(healthFromMemory.requestsPerTransaction)} calls each)`,
    );
    log(
      `  idle memory (RSS) on PostgreSQL: ${fmt(idleRss.mb, 1)} MB   goal ≤ ${GOALS.idleRssMb} MB   ` +
        verdict(idleRss.met),
    );
  }
  const loads = [postgres, embedded].filter(Boolean).map((m) => `${fmt(m.loadBefore, 1)} → ${fmt(m.loadAfter, 1)}`);
  log(`  1-minute load average ${loads.join(', ')} on ${os.cpus().length} cores`);
}

/** The section's verdicts on one line, for the summary at the end of `npm run bench`. */
export function serverVerdicts({ postgres, embedded }) {
  const parts = [];
  if (postgres && !postgres.skipped)
    parts.push(
      `/keycloak/user ${verdict(postgres.readThroughput.met && postgres.readP99.met)}`,
      `/health ${verdict(postgres.healthFromMemory.met)}`,
      `idle memory ${verdict(postgres.idleRss.met)}`,
    );
  parts.push(`embedded /keycloak/user ${verdict(embedded.readP99.met)}`);
  return parts.join('   ');
}

/**
 * Measures everything and returns the section of `.bench/latest.json`, with `failures` (requests that failed).
 * Without PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the default bench server) only the
 * embedded database's figures are taken, and `postgres` says why not.
 */
export async function benchServer({ log }) {
  const failures = [];
  const databaseUrl = sectionDatabaseUrl('_server');
  const unreachable = await postgresUnreachable(databaseUrl);
  let postgres;
  if (unreachable) {
    log();
    log(`Server on PostgreSQL: skipped, PostgreSQL at ${new URL(databaseUrl).host} does not answer (${unreachable}).`);
    log('  Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server where the bench may create its own database.');
  } else {
    log();
    log(`Measuring the server on PostgreSQL (${new URL(databaseUrl).pathname.slice(1)}) and on the embedded database…`);
    try {
      postgres = await measurePostgres(databaseUrl, failures);
    } finally {
      await dropBenchDatabase(databaseUrl).catch((error) => failures.push(`dropping ${databaseUrl}: ${error.message}`));
    }
  }
  const embedded = await measureEmbedded(failures);
  const result = judge(postgres, embedded);
  report(log, result);
  if (unreachable) result.postgres = { skipped: true, reason: `PostgreSQL does not answer: ${unreachable}` };
  return { ...result, goals: GOALS, load: READ_LOAD, failures };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // Alone: `node scripts/bench/server-speed.mjs` measures this section only and writes nothing.
  const result = await benchServer({ log: (line = '') => process.stdout.write(`${line}\n`) });
  for (const failure of result.failures) process.stderr.write(`FAILED: ${failure}\n`);
  if (result.failures.length) process.exitCode = 1;
}
