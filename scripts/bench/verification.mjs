// The Health System Verification section of `npm run bench`: with 1,000,000 participants of 10 health systems and
// their records on PostgreSQL, a search by user ID answers in under 10 ms and a filtered, sorted page in under
// 50 ms (p95), for the administrator and for coordinators scoped to one and to two health systems alike, and a
// bulk update of 100,000 IDs completes in under 10 s. Everything goes over real HTTP to the portal as `npm start`
// runs it, signed in as each of them; latency is each request's wall time seen by the client.
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
  addCoordinator,
  dropBenchDatabase,
  postgresUnreachable,
  seedVerification,
} from './seed-verification.mjs';
import { newAppSecret, signIn } from './sign-in.mjs';

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
/** The coordinators measured beside the administrator: one of a mid-sized system, one of the largest and smallest. */
const COORDINATORS = [
  { label: 'coordinator, 1 system', email: 'bench.coordinator.1@example.org', healthSystems: ['summit'] },
  {
    label: 'coordinator, 2 systems',
    email: 'bench.coordinator.2@example.org',
    healthSystems: ['geisinger', 'redrock'],
  },
];
/** IDs of other health systems each coordinator searches once, untimed: every one must find nothing. */
const OUT_OF_SCOPE_CHECKS = 5;

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
    const coordinators = [];
    for (const coordinator of COORDINATORS) {
      const { healthSystems } = coordinator;
      const within = await client.query(
        `select user_id from health_system_verifications where health_system = any($1::text[])
         order by random() limit ${SAMPLES + WARMUP_REQUESTS}`,
        [healthSystems],
      );
      const outside = await client.query(
        `select user_id from health_system_verifications where health_system <> all($1::text[])
         order by random() limit ${OUT_OF_SCOPE_CHECKS}`,
        [healthSystems],
      );
      const own = Object.fromEntries(healthSystems.map((system) => [system, byHealthSystem[system]]));
      own[ALL_HEALTH_SYSTEMS] = healthSystems.reduce((sum, system) => sum + byHealthSystem[system], 0);
      coordinators.push({
        ...coordinator,
        searchIds: within.rows.map((row) => row.user_id),
        outsideIds: outside.rows.map((row) => row.user_id),
        totals: own,
      });
    }
    return {
      searchIds: searched.rows.map((row) => row.user_id),
      bulkIds: bulk.rows.map((row) => row.user_id),
      totals: byHealthSystem,
      coordinators,
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

/**
 * A caller's search by user ID and filtered, sorted pages, sampled: each search must find its one record, and each
 * page hold the records of `healthSystems` only, as many as `totals` says, in order.
 */
async function measureSearches(baseUrl, token, { searchIds, totals, healthSystems, seed }) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const allowed = new Set(healthSystems);
  const random = randomSource(seed);
  const choices = [...healthSystems, ALL_HEALTH_SYSTEMS];
  const search = await sampled(async (index) => {
    const userId = searchIds[index];
    const { ms, body } = await timedCall(`${baseUrl}${RECORDS_PATH}?page=0&size=10`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userIds: [userId] }),
    });
    if (body.data.totalElements !== 1 || body.data.content[0]?.userId !== userId)
      throw new Error(`the search for ${userId} found ${body.data.totalElements} records`);
    return ms;
  });
  const page = await sampled(async () => {
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
    const outside = content.filter((record) => !allowed.has(record.healthSystem)).length;
    if (totalElements !== totals[healthSystem] || content.length !== size || outside > 0 || !inOrder(content, sort))
      throw new Error(
        `${healthSystem} ${query}: ${content.length} records of ${totalElements}, ${outside} of other health ` +
          `systems (expected ${size} of ${totals[healthSystem]}, sorted by ${sort.field} ${sort.direction})`,
      );
    return result.ms;
  });
  return { search, page };
}

async function measure(baseUrl, tokens, fixtures, healthSystems) {
  const headers = { Authorization: `Bearer ${tokens.admin}`, 'Content-Type': 'application/json' };
  // The floor: the lightest administrators' call of the tab (sign-in check and one tiny query), same client.
  const floor = await sampled(
    async () => (await timedCall(`${baseUrl}${RECORDS_PATH}/health-systems`, { method: 'GET', headers })).ms,
  );
  const admin = await measureSearches(baseUrl, tokens.admin, {
    searchIds: fixtures.searchIds,
    totals: fixtures.totals,
    healthSystems,
    seed: 20_260_515,
  });
  const coordinators = [];
  for (const [index, coordinator] of fixtures.coordinators.entries()) {
    const token = tokens.coordinators[index];
    // Another health system's participant is not found, exactly like an unknown ID.
    for (const userId of coordinator.outsideIds) {
      const { body } = await timedCall(`${baseUrl}${RECORDS_PATH}?page=0&size=10`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ userIds: [userId] }),
      });
      if (body.data.totalElements !== 0)
        throw new Error(`${coordinator.label} found ${userId} of another health system`);
    }
    const measured = await measureSearches(baseUrl, token, { ...coordinator, seed: 20_260_516 + index });
    coordinators.push({ label: coordinator.label, healthSystems: coordinator.healthSystems, ...measured });
  }

  const bulk = await timedCall(`${baseUrl}${RECORDS_PATH}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ userIds: fixtures.bulkIds, status: true, skipIdIssues: false, source: 'bulk' }),
  });
  return {
    floor,
    search: admin.search,
    page: admin.page,
    coordinators,
    bulk: { ms: bulk.ms, reply: bulk.body.data },
  };
}

function report(log, seed, measured) {
  const { floor, search, page, coordinators, bulk } = measured;
  log();
  log(
    `Health System Verification on PostgreSQL: ${fmt(seed.participants)} participants and records of ` +
      `${seed.healthSystems.length} health systems (seeded in ${fmt(seed.timings.totalMs / 1000, 1)} s), over ` +
      'HTTP, one request at a time',
  );
  const ms = (n) => fmt(n, 1);
  const row = (name, p, goal) => [
    name,
    fmt(p.samples),
    ms(p.p50Ms),
    ms(p.p95Ms),
    ms(p.p99Ms),
    ms(p.maxMs),
    `p95 < ${goal} ms`,
    verdict(p.p95Ms < goal),
  ];
  const callers = [{ label: 'administrator', search, page }, ...coordinators];
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
    ...callers.map((caller) => row(`search by user ID (${caller.label})`, caller.search, GOALS.searchP95Ms)),
    ...callers.map((caller) => row(`filtered, sorted page (${caller.label})`, caller.page, GOALS.pageP95Ms)),
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
  for (const coordinator of coordinators) log(`  ${coordinator.label}: ${coordinator.healthSystems.join(', ')}`);
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
    const adminAppSecret = newAppSecret();
    const payloadKey = randomBytes(32).toString('base64');
    const port = await freePort();
    portal = startPortal({
      port,
      dataDir,
      databaseUrl: url,
      adminEmail: ADMIN_EMAIL,
      adminPassword,
      adminAppSecret,
      payloadKey,
    });
    await portal.ready;
    // Once the portal's first start has made the administrator: it does so only while no staff account exists.
    const coordinatorPassword = randomBytes(18).toString('base64url');
    for (const coordinator of COORDINATORS)
      await addCoordinator(url, { ...coordinator, password: coordinatorPassword });
    const tokens = {
      admin: await signIn(portal.url, payloadKey, ADMIN_EMAIL, adminPassword, adminAppSecret),
      coordinators: [],
    };
    for (const coordinator of COORDINATORS)
      tokens.coordinators.push(await signIn(portal.url, payloadKey, coordinator.email, coordinatorPassword));
    log(`Measuring over ${portal.url}…`);
    const loadBefore = os.loadavg()[0];
    const measured = {
      ...(await measure(portal.url, tokens, fixtures, seed.healthSystems)),
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
    const { floor, search, page, coordinators, bulk, loadAfter } = measured;
    const withGoals = (p, goal) => ({ ...p, goalP95Ms: goal, met: p.p95Ms < goal });
    return {
      skipped: false,
      database: 'PostgreSQL',
      seed,
      samples: SAMPLES,
      warmupRequests: WARMUP_REQUESTS,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      floor,
      search: withGoals(search, GOALS.searchP95Ms),
      page: withGoals(page, GOALS.pageP95Ms),
      coordinators: coordinators.map((coordinator) => ({
        label: coordinator.label,
        healthSystems: coordinator.healthSystems,
        search: withGoals(coordinator.search, GOALS.searchP95Ms),
        page: withGoals(coordinator.page, GOALS.pageP95Ms),
      })),
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
