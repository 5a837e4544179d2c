// The Health System Verification section of `npm run bench`: with 1,000,000 participants and their records on
// PostgreSQL, a search by user ID answers in under 10 ms and a filtered, sorted page in under 50 ms (p95), and
// a bulk update of 100,000 IDs completes in under 10 s. Everything goes over real HTTP to the portal as
// `npm start` runs it, signed in as the administrator; latency is each request's wall time seen by the client.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fmt, freePort, percentiles, printTable, startPortal, stopPortal, verdict } from './portal.mjs';
import {
  DEFAULT_BENCH_DATABASE_URL,
  PARTICIPANTS,
  dropBenchDatabase,
  postgresUnreachable,
  seedVerification,
} from './seed-verification.mjs';
import { signIn } from './sign-in.mjs';

const API = '/common-server';
const RECORDS_PATH = `${API}/health-system-verification`;
const SAMPLES = 200;
const WARMUP_REQUESTS = 20; // per kind, not counted: JIT, connection pool and caches
const BULK_IDS = 100_000;
const GOALS = { searchP95Ms: 10, pageP95Ms: 50, bulkMs: 10_000 };
const PAGE_SIZES = [10, 25, 50, 100];
const FIRST_PAGES = 100;
const SORT_FIELDS = ['userId', 'updatedAt', 'healthSystem'];
const ALL_HEALTH_SYSTEMS = 'none';
const ADMIN_EMAIL = 'bench.admin@example.org';

/** A small seeded generator (mulberry32), so two runs ask the same questions. */
function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { pick: (list) => list[Math.floor(next() * list.length)], below: (n) => Math.floor(next() * n) };
}

/** What the measurement needs from the seeded database, read before the portal starts. */
async function readFixtures(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select setseed(0.20)');
    const searched = await client.query(
      `select user_id from health_system_verifications order by random() limit ${SAMPLES + WARMUP_REQUESTS}`,
    );
    // Pending records of active participants: every one of them changes, whatever the update counts.
    const bulk = await client.query(
      `select v.user_id from health_system_verifications v join users u on u.id = v.user_id
       where v.is_verified is null and u.status = 'active' order by random() limit ${BULK_IDS}`,
    );
    const totals = await client.query(
      'select health_system, count(*)::int as total from health_system_verifications group by health_system',
    );
    const byHealthSystem = Object.fromEntries(totals.rows.map((row) => [row.health_system, row.total]));
    byHealthSystem[ALL_HEALTH_SYSTEMS] = Object.values(byHealthSystem).reduce((sum, n) => sum + n, 0);
    return {
      searchIds: searched.rows.map((row) => row.user_id),
      bulkIds: bulk.rows.map((row) => row.user_id),
      totals: byHealthSystem,
    };
  } finally {
    await client.end();
  }
}

/** How many of the IDs now have the status, with one audit row each in the batch. */
async function readBulkOutcome(databaseUrl, ids, status, batchId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const records = await client.query(
      'select count(*)::int as n from health_system_verifications where user_id = any($1::uuid[]) and is_verified = $2',
      [ids, status],
    );
    const changes = await client.query(
      'select count(*)::int as n from verification_changes where batch_id = $1 and new_status = $2',
      [batchId, status],
    );
    return { recordsWithStatus: records.rows[0].n, changesInBatch: changes.rows[0].n };
  } finally {
    await client.end();
  }
}

/** One timed call; the reply must be HTTP 200 with status true. */
async function timedCall(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = performance.now() - started;
  const body = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  if (response.status !== 200 || body?.status !== true)
    throw new Error(`${init.method} ${url} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return { ms, body };
}

/** Whether the page's records come in the order asked for (on the sort field; the user ID breaks ties). */
function inOrder(content, sort) {
  for (let i = 1; i < content.length; i++) {
    const [a, b] = [content[i - 1][sort.field], content[i][sort.field]];
    if (sort.direction === 'asc' ? a > b : a < b) return false;
  }
  return true;
}

/** Runs a timed call WARMUP_REQUESTS + SAMPLES times, one after the other; the percentiles of the last SAMPLES. */
async function sampled(call) {
  const kept = [];
  for (let index = 0; index < WARMUP_REQUESTS + SAMPLES; index++) {
    const ms = await call(index);
    if (index >= WARMUP_REQUESTS) kept.push(ms);
  }
  return percentiles(kept);
}

async function measure(baseUrl, token, fixtures, healthSystems) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const search = (userId) =>
    timedCall(`${baseUrl}${RECORDS_PATH}?page=0&size=10`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userIds: [userId] }),
    });
  const random = randomSource(20_260_515);
  const choices = [...healthSystems, ALL_HEALTH_SYSTEMS];
  const page = async () => {
    const healthSystem = random.pick(choices);
    const sort = { field: random.pick(SORT_FIELDS), direction: random.pick(['asc', 'desc']) };
    const size = random.pick(PAGE_SIZES);
    const number = random.below(FIRST_PAGES);
    const query = `page=${number}&size=${size}&sort=${sort.field},${sort.direction}`;
    const result = await timedCall(`${baseUrl}${RECORDS_PATH}?${query}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ healthSystem }),
    });
    const { content, totalElements } = result.body.data;
    if (totalElements !== fixtures.totals[healthSystem] || content.length !== size || !inOrder(content, sort))
      throw new Error(
        `${healthSystem} ${query}: ${content.length} records of ${totalElements} (expected ${size} of ` +
          `${fixtures.totals[healthSystem]}, sorted by ${sort.field} ${sort.direction})`,
      );
    return result.ms;
  };

  // The floor: the lightest administrators' call of the tab (sign-in check and one tiny query), same client.
  const floor = await sampled(
    async () => (await timedCall(`${baseUrl}${RECORDS_PATH}/health-systems`, { method: 'GET', headers })).ms,
  );
  const searched = await sampled(async (index) => {
    const userId = fixtures.searchIds[index];
    const { ms, body } = await search(userId);
    if (body.data.totalElements !== 1 || body.data.content[0]?.userId !== userId)
      throw new Error(`the search for ${userId} found ${body.data.totalElements} records`);
    return ms;
  });
  const paged = await sampled(page);

  const bulk = await timedCall(`${baseUrl}${RECORDS_PATH}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ userIds: fixtures.bulkIds, status: true, skipIdIssues: false, source: 'bulk' }),
  });
  return {
    floor,
    search: searched,
    page: paged,
    bulk: { ms: bulk.ms, reply: bulk.body.data },
  };
}

function report(log, seed, measured) {
  const { floor, search, page, bulk } = measured;
  log();
  log(
    `Health System Verification on PostgreSQL: ${fmt(seed.participants)} participants and records ` +
      `(seeded in ${fmt(seed.timings.totalMs / 1000, 1)} s), over HTTP, one request at a time`,
  );
  const ms = (n) => fmt(n, 1);
  printTable(log, [
    ['call', 'samples', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'goal', 'verdict'],
    [
      '(floor: GET health-systems)',
      fmt(floor.samples),
      ms(floor.p50Ms),
      ms(floor.p95Ms),
      ms(floor.p99Ms),
      ms(floor.maxMs),
      '',
      '',
    ],
    ...[
      ['search by user ID', search, GOALS.searchP95Ms],
      ['filtered, sorted page', page, GOALS.pageP95Ms],
    ].map(([name, p, goal]) => [
      name,
      fmt(p.samples),
      ms(p.p50Ms),
      ms(p.p95Ms),
      ms(p.p99Ms),
      ms(p.maxMs),
      `p95 < ${goal} ms`,
      verdict(p.p95Ms < goal),
    ]),
    [
      `bulk update of ${fmt(BULK_IDS)} IDs`,
      '1',
      '',
      '',
      '',
      ms(bulk.ms),
      `< ${GOALS.bulkMs / 1000} s`,
      verdict(bulk.ms < GOALS.bulkMs),
    ],
  ]);
  log(`  bulk update: ${fmt(bulk.reply.applied)} applied, ${fmt(bulk.reply.skipped)} skipped`);
  log(
    `  1-minute load average ${fmt(measured.loadBefore, 1)} before, ${fmt(measured.loadAfter, 1)} after, on ` +
      `${os.cpus().length} cores${measured.loadBefore > 1 ? ': other processes competed for the CPU' : ''}`,
  );
}

/**
 * Seeds the database, starts the portal on it, measures, and drops the database again. Returns the section of
 * `.bench/latest.json`: `{ skipped, reason }` when PostgreSQL does not answer, else the figures, the goals and
 * `failures` (a wrong answer is a failure, a slow one only a missed goal).
 */
export async function benchVerification({ log, databaseUrl = process.env.BENCH_DATABASE_URL }) {
  const url = databaseUrl || DEFAULT_BENCH_DATABASE_URL;
  const unreachable = await postgresUnreachable(url);
  if (unreachable) {
    log();
    log(`Health System Verification: skipped, PostgreSQL at ${new URL(url).host} does not answer (${unreachable}).`);
    log('  Set BENCH_DATABASE_URL to a server where the bench may create and drop its own database.');
    return { skipped: true, reason: `PostgreSQL does not answer: ${unreachable}` };
  }

  log();
  log(`Seeding ${fmt(PARTICIPANTS)} participants into ${new URL(url).pathname.slice(1)}…`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-verification-'));
  let portal;
  const failures = [];
  try {
    const seed = await seedVerification(url, { log });
    const fixtures = await readFixtures(url);
    const adminPassword = randomBytes(18).toString('base64url');
    const payloadKey = randomBytes(32).toString('base64');
    const port = await freePort();
    portal = startPortal({ port, dataDir, databaseUrl: url, adminEmail: ADMIN_EMAIL, adminPassword, payloadKey });
    await portal.ready;
    const token = await signIn(portal.url, payloadKey, ADMIN_EMAIL, adminPassword);
    log(`Measuring over ${portal.url}…`);
    const loadBefore = os.loadavg()[0];
    const measured = {
      ...(await measure(portal.url, token, fixtures, seed.healthSystems)),
      loadBefore,
      loadAfter: os.loadavg()[0],
    };
    const outcome = await readBulkOutcome(url, fixtures.bulkIds, true, measured.bulk.reply.batchId);
    const expected = fixtures.bulkIds.length;
    if (measured.bulk.reply.applied !== expected || measured.bulk.reply.skipped !== 0)
      failures.push(`bulk update: ${measured.bulk.reply.applied} applied, ${measured.bulk.reply.skipped} skipped`);
    if (outcome.recordsWithStatus !== expected || outcome.changesInBatch !== expected)
      failures.push(
        `bulk update: ${outcome.recordsWithStatus} records Verified, ${outcome.changesInBatch} audit rows ` +
          `(expected ${expected} of each)`,
      );
    report(log, seed, measured);
    const { floor, search, page, bulk, loadAfter } = measured;
    return {
      skipped: false,
      database: 'PostgreSQL',
      seed,
      samples: SAMPLES,
      warmupRequests: WARMUP_REQUESTS,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      floor,
      search: { ...search, goalP95Ms: GOALS.searchP95Ms, met: search.p95Ms < GOALS.searchP95Ms },
      page: { ...page, goalP95Ms: GOALS.pageP95Ms, met: page.p95Ms < GOALS.pageP95Ms },
      bulkUpdate: {
        ids: BULK_IDS,
        ms: bulk.ms,
        applied: bulk.reply.applied,
        skipped: bulk.reply.skipped,
        ...outcome,
        goalMs: GOALS.bulkMs,
        met: bulk.ms < GOALS.bulkMs,
      },
      failures,
    };
  } finally {
    if (portal) {
      const problem = await stopPortal(portal);
      if (problem) failures.push(problem);
    }
    await dropBenchDatabase(url).catch((error) => failures.push(`dropping the bench database: ${error.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // Alone: `node scripts/bench/verification.mjs` measures this section only and writes nothing.
  const result = await benchVerification({ log: (line = '') => process.stdout.write(`${line}\n`) });
  for (const failure of result.failures ?? []) process.stderr.write(`FAILED: ${failure}\n`);
  if (result.failures?.length) process.exitCode = 1;
}
