// The scale of the Health System Verification benchmark: a fresh PostgreSQL database with the portal's schema
// (its own migrations) and 1,000,000 participants, each with a verification record, made with set-based SQL.
//
//   node scripts/bench/seed-verification.mjs [postgres://postgres@127.0.0.1:5432/portal_bench] [participants]
//
// The database is dropped and created again; its name must contain "bench", so no other database is ever
// dropped. Run alone, the seeded database is kept (for EXPLAIN); `npm run bench` drops it when it is done.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { root } from '../web-build.mjs';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/portal_bench';
export const PARTICIPANTS = 1_000_000;

/**
 * The health systems of the seeded participants: the two the portal ships (Geisinger, and the demo one) and
 * eight more, ten in all, with the share of participants (per cent) each one has: a coordinator scoped to one
 * or two of them searches among many other systems' records.
 */
const EXTRA_HEALTH_SYSTEMS = [
  { databaseValue: 'lakeshore', name: 'Lakeshore Renal Network (bench)' },
  { databaseValue: 'summit', name: 'Summit Kidney Partners (bench)' },
  { databaseValue: 'prairie', name: 'Prairie Health (bench)' },
  { databaseValue: 'harbor', name: 'Harbor Nephrology (bench)' },
  { databaseValue: 'valley', name: 'Valley Medical Group (bench)' },
  { databaseValue: 'northpine', name: 'North Pine Clinics (bench)' },
  { databaseValue: 'bayview', name: 'Bayview Kidney Center (bench)' },
  { databaseValue: 'redrock', name: 'Red Rock Health (bench)' },
];
const SHARES = [22, 16, 13, 11, 9, 8, 7, 6, 5, 3];
const VACUUM_ATTEMPTS = 30;

const importServer = (file) => tsImport(pathToFileURL(path.join(root, 'apps/server/src', file)).href, import.meta.url);

/** The database's name and the URL of the server's `postgres` database, from which it is created and dropped. */
function target(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]*bench[a-z0-9_]*$/.test(name))
    throw new Error(`the bench database's name must contain "bench" (lower case, digits, _): got "${name}"`);
  url.pathname = '/postgres';
  return { name, maintenanceUrl: url.toString() };
}

async function onMaintenance(databaseUrl, statement) {
  const { maintenanceUrl } = target(databaseUrl);
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The database of one section of the bench: BENCH_DATABASE_URL's name with `suffix` added, else `portal_bench` and
 * `suffix` on TEST_DATABASE_URL's server, else on the default bench server.
 */
export function sectionDatabaseUrl(suffix) {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const url = new URL(base);
  const name = process.env.BENCH_DATABASE_URL ? decodeURIComponent(url.pathname.slice(1)) : 'portal_bench';
  url.pathname = `/${name}${suffix}`;
  return url.toString();
}

/** Whether the PostgreSQL server answers; the reason when it does not. */
export async function postgresUnreachable(databaseUrl) {
  const client = new pg.Client({ connectionString: target(databaseUrl).maintenanceUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function dropBenchDatabase(databaseUrl) {
  await onMaintenance(databaseUrl, `drop database if exists "${target(databaseUrl).name}" with (force)`);
}

/** Drops the bench database if it is there and creates it again, empty. */
export async function recreateBenchDatabase(databaseUrl) {
  await dropBenchDatabase(databaseUrl);
  await onMaintenance(databaseUrl, `create database "${target(databaseUrl).name}"`);
}

/**
 * The participants: `users` rows with every NOT NULL column filled (one shared password hash nobody knows the
 * password of), 5% withdrawn, spread over the health systems by SHARES, registered and consented over the year
 * before last.
 */
function participantsSql(count, passwordHash, systems) {
  let total = 0;
  const cases = systems.map((system, index) => {
    total += SHARES[index];
    return `when (n * 7919) % 100 < ${total} then '${system}'`;
  });
  if (total !== 100) throw new Error('the shares of the health systems must add up to 100');
  return {
    text: `
      insert into users (email, password_hash, role, status, first_name, last_name, language, birth_date, gender,
        country, postal_code, health_system, created_at, updated_at, activated_at, consent_signed_at)
      select 'bench.participant.' || n || '@example.org', $2, 'patient',
        case when n % 20 = 0 then 'withdrawn' else 'active' end,
        'Bench', 'Participant ' || n, case when n % 4 = 0 then 'sp' else 'en' end,
        date '1940-01-01' + (n % 20000)::int, case when n % 2 = 0 then 'female' else 'male' end, 'USA',
        lpad((n % 100000)::text, 5, '0'), case ${cases.join(' ')} end,
        created, created, created + interval '1 hour', created + interval '2 hours'
      from (
        select n, date_trunc('second', now()) - interval '2 years' + make_interval(secs => n % 31449600) as created
        from generate_series(1, $1::bigint) as n
      ) as numbered`,
    values: [count, passwordHash],
  };
}

/**
 * Each participant's verification record: pending (50%), Verified (35%) or Rejected (15%), last updated at some
 * time of the past year; both come from the participant's random UUID.
 */
const RECORDS_SQL = `
  insert into health_system_verifications (user_id, health_system, is_verified, consented_at, created_at, updated_at)
  select id, health_system,
    case when get_byte(uuid_send(id), 0) < 128 then null when get_byte(uuid_send(id), 0) < 218 then true
      else false end,
    consent_signed_at, consent_signed_at,
    date_trunc('second', now()) - interval '1 year'
      + make_interval(secs => (('x' || substr(id::text, 1, 8))::bit(32)::bigint % 31536000)::double precision)
  from users
  where role = 'patient'`;

/**
 * Runs `load` with the tables' indexes that back no constraint dropped, then builds them again from their own
 * definitions (as the migrations made them): one sorted build per index is several times faster than a million
 * insertions into each.
 */
async function withoutSecondaryIndexes(client, tables, load) {
  const { rows } = await client.query(
    `select schemaname, indexname, indexdef from pg_indexes
     where schemaname = current_schema() and tablename = any($1::text[])
       and indexname not in (select conname from pg_constraint)`,
    [tables],
  );
  for (const row of rows) await client.query(`drop index "${row.schemaname}"."${row.indexname}"`);
  await load();
  for (const row of rows) await client.query(row.indexdef);
  return rows.map((row) => row.indexname);
}

/**
 * Drops and creates the database, applies the portal's migrations, then seeds in one transaction. The
 * statement trigger on the records keeps `health_system_verification_counts` as the records' INSERT … SELECT
 * writes them (one grouped change per statement); the seed then checks the counts. Returns the timings (ms).
 */
export async function seedVerification(
  databaseUrl = DEFAULT_BENCH_DATABASE_URL,
  { participants = PARTICIPANTS, log = () => {} } = {},
) {
  const timings = {};
  const started = performance.now();
  const lap = (name, since) => (timings[name] = Math.round(performance.now() - since));

  let since = performance.now();
  const { name } = target(databaseUrl);
  await recreateBenchDatabase(databaseUrl);
  const { openDatabase } = await importServer('db/client.ts');
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await handle.close();
  lap('createAndMigrateMs', since);
  log(`  database ${name} created, migrations applied (${timings.createAndMigrateMs} ms)`);

  const { GEISINGER, DEMO_HEALTH_SYSTEM } = await importServer('db/seed-data.ts');
  const { hashPassword } = await importServer('security/password-hash.ts');
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const systems = [
    GEISINGER,
    DEMO_HEALTH_SYSTEM,
    ...EXTRA_HEALTH_SYSTEMS.map((s) => ({
      ...s,
      description: 'A fictional health system created for the benchmark.',
      dropdownLabels: { en: s.name, sp: s.name },
    })),
  ];

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A lost seed is simply run again: no need to wait for each commit to reach the disk.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query('begin');
    for (const s of systems)
      await client.query(
        `insert into health_systems (database_value, name, description, dropdown_labels) values ($1, $2, $3, $4)
         on conflict (database_value) do nothing`,
        [s.databaseValue, s.name, s.description, JSON.stringify(s.dropdownLabels)],
      );
    const rebuilt = await withoutSecondaryIndexes(client, ['users', 'health_system_verifications'], async () => {
      since = performance.now();
      await client.query(
        participantsSql(
          participants,
          passwordHash,
          systems.map((s) => s.databaseValue),
        ),
      );
      lap('participantsMs', since);
      since = performance.now();
      await client.query(RECORDS_SQL);
      lap('recordsMs', since);
      since = performance.now();
    });
    lap('indexesMs', since);
    log(
      `  ${participants.toLocaleString('en-US')} participants (${timings.participantsMs} ms), their records (${timings.recordsMs} ms)`,
    );
    log(`  indexes built again: ${rebuilt.join(', ')} (${timings.indexesMs} ms)`);

    since = performance.now();
    await client.query(`
      insert into consent_withdrawals (user_id, withdrawn_at, reason, source)
      select id, created_at + interval '3 hours', 'Seeded by the benchmark.', 'participant'
      from users where status = 'withdrawn'`);
    await client.query('commit');
    lap('withdrawalsMs', since);

    // The planner's statistics, and the visibility map that lets index-only scans skip the table.
    since = performance.now();
    for (const table of [
      'users',
      'health_system_verifications',
      'health_system_verification_counts',
      'consent_withdrawals',
    ])
      await client.query(`vacuum analyze ${table}`);
    // VACUUM marks a page all-visible only when no transaction still running could miss its rows; one of
    // another database on the server (other tests, other engineers) can hold that back: wait and vacuum again.
    for (let attempt = 1; ; attempt++) {
      const { rows } = await client.query(`
        select relname, relpages, relallvisible from pg_class
        where relname in ('users', 'health_system_verifications') and relallvisible < relpages`);
      if (rows.length === 0) break;
      if (attempt > VACUUM_ATTEMPTS) {
        const pages = rows.map((r) => `${r.relname} ${r.relallvisible} of ${r.relpages}`).join(', ');
        throw new Error(`pages still not all-visible after ${VACUUM_ATTEMPTS} more VACUUMs: ${pages}`);
      }
      log(`  not all-visible yet (${rows.map((r) => r.relname).join(', ')}): VACUUM again in a second`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const row of rows) await client.query(`vacuum ${row.relname}`);
    }
    lap('vacuumAnalyzeMs', since);
    log(`  withdrawals (${timings.withdrawalsMs} ms), VACUUM ANALYZE (${timings.vacuumAnalyzeMs} ms)`);

    // The counts the trigger kept must be the records' own.
    const mismatch = await client.query(`
      select coalesce(c.health_system, r.health_system) as system, c.total, r.total as actual
      from health_system_verification_counts c
      full join (select health_system, count(*) as total from health_system_verifications group by 1) r
        on r.health_system = c.health_system
      where c.total is distinct from r.total`);
    if (mismatch.rows.length > 0) throw new Error(`wrong counts: ${JSON.stringify(mismatch.rows)}`);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  timings.totalMs = Math.round(performance.now() - started);
  return { participants, healthSystems: systems.map((s) => s.databaseValue), timings };
}

/**
 * A coordinator scoped to the health systems (database values), written as an accepted invitation leaves one:
 * an active staff account with a password, its role and its health systems.
 */
export async function addCoordinator(databaseUrl, { email, password, healthSystems }) {
  const { hashPassword } = await importServer('security/password-hash.ts');
  const passwordHash = await hashPassword(password);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      `insert into users (email, password_hash, role, status, first_name, last_name, activated_at)
       values ($1, $2, 'admin', 'active', 'Bench', 'Coordinator', now()) returning id`,
      [email, passwordHash],
    );
    const userId = rows[0].id;
    await client.query(`insert into staff_members (user_id, role) values ($1, 'coordinator')`, [userId]);
    const added = await client.query(
      `insert into staff_health_systems (user_id, health_system_id)
       select $1, id from health_systems where database_value = any($2::text[])`,
      [userId, healthSystems],
    );
    if (added.rowCount !== healthSystems.length) throw new Error(`unknown health systems in ${healthSystems}`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [url = DEFAULT_BENCH_DATABASE_URL, count] = process.argv.slice(2);
  const participants = count === undefined ? PARTICIPANTS : Number(count);
  if (!Number.isInteger(participants) || participants < 1) throw new Error(`not a number of participants: ${count}`);
  process.stdout.write(`Seeding ${url}…\n`);
  const result = await seedVerification(url, { participants, log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(`Seeded in ${(result.timings.totalMs / 1000).toFixed(1)} s; the database is kept.\n`);
}
