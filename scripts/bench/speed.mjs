// The speed section of `npm run bench`: each speed goal with its reference, measured in the same run, three times,
// and judged on the worst of the three:
// - the cached reference-data call on the embedded database and on PostgreSQL: at least 0.80 of a bare Fastify 5
//   route's requests per second returning the same bytes (cached-call.mjs);
// - sign-in on both databases: at least 0.90 of raw Argon2's verifications per second on the portal's threads
//   (login-rate.mjs);
// - Lighthouse 12's mobile defaults on `/`, `/login-patient` and `/register-patient`: performance ≥ 95, total blocking
//   time < 150 ms, LCP ≤ 1.3 s, CLS ≤ 0.031, accessibility 100 (lighthouse.mjs);
// - a throttled phone types in the registration form within 1,000 ms of its first text field showing (typing.mjs).
// Each database has a portal of its own (`npm start`), with a participant put in its database before it starts and
// a security policy that asks participants for no e-mailed code, so the password alone signs them in. PostgreSQL's
// database is BENCH_DATABASE_URL's name with `_speed` added (else portal_bench_speed), created and dropped. The
// browsers measure the embedded database's portal. At the end, one table: goal | measured (worst of 3) | each run |
// reference | verdict, with the hour (UTC) and the 1-minute load average at the start and end of the section.
//
//   npm run bench -- speed    this section only; its figures replace `speed` in .bench/latest.json
//
// BENCH_SPEED_SECONDS=2 shortens each load to 2 s after its warm-up (a trial of the bench, not a measurement);
// BENCH_PORTS (`first-last`) chooses the ports, CHROMIUM_PATH the browser.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cachedCallRow, measureCachedCall } from './cached-call.mjs';
import { lighthouseRows, measureLighthouse } from './lighthouse.mjs';
import { LOAD_PASSWORD, insertReadyParticipants, participantEmail } from './load-participants.mjs';
import { loginRow, measureLogin } from './login-rate.mjs';
import { freePort, printTable, startPortal, stopPortal } from './portal.mjs';
import { RUNS, describeMoment, moment } from './rounds.mjs';
import {
  dropBenchDatabase,
  postgresUnreachable,
  recreateBenchDatabase,
  sectionDatabaseUrl,
} from './seed-verification.mjs';
import { typingRow, measureTyping } from './typing.mjs';

/**
 * Runs `measure(portal)` on a portal of its own on `database` ('embedded' or 'PostgreSQL' at `databaseUrl`), whose
 * database holds one ready participant who signs in with a password alone; stops it and removes its data afterwards.
 */
async function withPortal({ database, databaseUrl, failures }, measure) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-speed-'));
  let portal;
  let stopping = false;
  try {
    if (databaseUrl) await recreateBenchDatabase(databaseUrl);
    const passwordHash = await insertReadyParticipants(
      databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
      1,
      { passwordOnly: true },
    );
    const payloadKey = randomBytes(32).toString('base64');
    const adminPassword = randomBytes(18).toString('base64url');
    portal = startPortal({ port: await freePort(), dataDir, databaseUrl, adminPassword, payloadKey });
    await portal.ready;
    // A portal that stops before it is stopped makes every later figure of this database an error: say why.
    portal.exited.then(({ code, signal }) => {
      if (!stopping)
        failures.push(
          `the ${database} portal exited (code ${code}, signal ${signal}): ${portal.output.slice(-10).join('\n')}`,
        );
    });
    const account = { email: participantEmail(0), password: LOAD_PASSWORD, passwordHash };
    return await measure({ database, portalUrl: portal.url, payloadKey, account, failures });
  } finally {
    stopping = true;
    const problem = portal && (await stopPortal(portal));
    if (problem) failures.push(problem);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl)
      await dropBenchDatabase(databaseUrl).catch((error) => failures.push(`dropping ${databaseUrl}: ${error.message}`));
  }
}

/** A part's figures, or `{ error }` when it could not be measured (the error joins `failures`). */
async function attempt(name, failures, measure) {
  try {
    return await measure();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    failures.push(`${name}: ${message}`);
    return { error: message };
  }
}

/** The server's goals on one database's portal: the cached call, then sign-in. */
const serverGoals = (log) => async (context) => ({
  cachedCall: await attempt(`cached call on ${context.database}`, context.failures, () =>
    measureCachedCall({ ...context, log }),
  ),
  login: await attempt(`sign-in on ${context.database}`, context.failures, () => measureLogin({ ...context, log })),
});

/** The summary's rows of one part; a part that failed or was skipped says so on a row of its own. */
function rowsOf(name, result, rows) {
  if (result.error) return [[name, 'failed', '', result.error.split('\n')[0].slice(0, 60), '*** FAILED ***']];
  if (result.skipped) return [[name, 'skipped', '', result.reason, '']];
  return rows(result);
}

/** One part of a database's figures; the database's own failure or skip when it has no figures. */
const part = (database, key) => (database.error || database.skipped ? database : database[key]);

/** The table of the speed goals, to end the bench's output with. */
export function printSpeedSummary(log, { start, end, embedded, postgres }) {
  const databases = [
    ['embedded', embedded],
    ['PostgreSQL', postgres],
  ];
  const rows = [
    ['goal', `measured (worst of ${RUNS})`, 'each run', 'reference', 'verdict'],
    ...databases.flatMap(([name, database]) =>
      rowsOf(`cached call on ${name}`, part(database, 'cachedCall'), (r) => [cachedCallRow(name, r)]),
    ),
    ...databases.flatMap(([name, database]) =>
      rowsOf(`sign-in on ${name}`, part(database, 'login'), (r) => [loginRow(name, r)]),
    ),
    ...rowsOf('Lighthouse', part(embedded, 'lighthouse'), lighthouseRows),
    ...rowsOf('typing', part(embedded, 'typing'), (r) => [typingRow(r)]),
  ];
  log();
  log(
    `Speed goals, the worst of ${RUNS} runs each: started ${describeMoment(start)}, ended ${describeMoment(end)} ` +
      `(1-minute load average, ${os.cpus().length} cores)`,
  );
  printTable(log, rows);
}

/** Measures the section and returns its part of `.bench/latest.json`, with `failures` (printSpeedSummary prints it). */
export async function benchSpeed({ log }) {
  const failures = [];
  const start = moment();
  log();
  log(`Speed section: started ${describeMoment(start)}`);
  const embedded = await attempt('embedded portal', failures, () =>
    withPortal({ database: 'embedded', failures }, async (context) => ({
      ...(await serverGoals(log)(context)),
      lighthouse: await attempt('Lighthouse', failures, () => measureLighthouse({ baseUrl: context.portalUrl, log })),
      typing: await attempt('typing', failures, () => measureTyping({ baseUrl: context.portalUrl, log })),
    })),
  );
  const databaseUrl = sectionDatabaseUrl('_speed');
  const unreachable = await postgresUnreachable(databaseUrl);
  const postgres = unreachable
    ? { skipped: true, reason: 'PostgreSQL does not answer (set BENCH_DATABASE_URL)', cause: unreachable }
    : await attempt('PostgreSQL portal', failures, () =>
        withPortal({ database: 'PostgreSQL', databaseUrl, failures }, serverGoals(log)),
      );
  const end = moment();
  return { start, end, cpus: os.cpus().length, embedded, postgres, failures };
}
