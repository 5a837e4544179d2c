// The Data Export memory section of `npm run bench`: an export run's memory is bounded by its window of rows, not by
// the rows it exports. On PostgreSQL, 200,000 participants with 5 survey rounds each answer one questionnaire
// version in every round (1,000,000 submitted responses); the portal, run as `npm start` runs it, writes a
// de-identified run of all three formats over a tenth of them (the reference, 100 days of submissions) and then over
// all of them, one after the other in the same process, while the server process's resident memory is sampled every
// 200 ms from /proc. Then the big archive is downloaded once through the API, counted and hashed, never kept.
// Goals: the 1,000,000-row run's peak RSS stays under idle + 256 MB and within 1.5× the reference run's peak.
//
//   node scripts/bench.mjs export            this section only; its figures replace `exportMemory` in .bench/latest.json
//   node scripts/bench/export-memory.mjs     this section only; writes nothing
//
// The database is BENCH_DATABASE_URL's name (else portal_bench) with `_export` added, created and dropped.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fmt, freePort, printTable, startPortal, stopPortal, verdict } from './portal.mjs';
import {
  DEFAULT_BENCH_DATABASE_URL,
  dropBenchDatabase,
  postgresUnreachable,
  seedVerification,
} from './seed-verification.mjs';
import { newAppSecret, signIn } from './sign-in.mjs';

const API = '/common-server';
const RUNS_PATH = `${API}/data-export/runs`;
/** EXPORT_BENCH_PARTICIPANTS makes a smaller trial of the same section (a tenth of it is the reference). */
const PARTICIPANTS = Number(process.env.EXPORT_BENCH_PARTICIPANTS ?? 200_000);
const ROUNDS = 5; // one response per round and form: 200,000 × 5 = 1,000,000
/** Round r of participant p opens on day (p % 200) + (r - 1) × 200 after the first: 1,000 openings a day. */
const SPREAD_DAYS = 200;
const DAYS = SPREAD_DAYS * ROUNDS;
/** The reference run's range: 100 of the 1,000 days, so about 100,000 responses. */
const REFERENCE_DAYS = { first: 400, last: 499 };
const FORM = { formKey: 'bench_kidney_health', version: 1 };
const FORMATS = ['dataPackage', 'redcap', 'fhir'];
const SAMPLE_MS = 200;
const POLL_MS = 1000;
const RUN_TIMEOUT_MS = 90 * 60_000; // a loaded 2-core machine took 10 min for the reference run alone
const IDLE_SETTLE_MS = 3000;
/** Two sign-ins of one person must use two different app codes (30 s each). */
const APP_CODE_MS = 31_000;
/** An access token lasts 5 minutes: a new sign-in after 4. */
const TOKEN_REUSE_MS = 4 * 60_000;
const GOALS = { growthMB: 256, peakRatio: 1.5 };
const ADMIN_EMAIL = 'bench.export.admin@example.org';
const MB = 1024 * 1024;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The database of this section: BENCH_DATABASE_URL's name (else portal_bench) with `_export` added. */
function exportDatabaseUrl() {
  const url = new URL(process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}_export`;
  return url.toString();
}

/** A text in English and Spanish, as SurveyJS keeps it. */
const both = (en, es) => ({ default: en, es });
const choices = (list) => list.map(([value, en, es]) => ({ value, text: both(en, es) }));

/**
 * A quarterly kidney-health questionnaire as the form builder saves it: three pages, 15 questions of the kinds the
 * study uses (single and multiple choice, yes/no, ratings, numbers, a 3-row matrix, one comment).
 */
const DEFINITION = {
  locale: 'en',
  title: both('Kidney health check-in', 'Control de salud renal'),
  pages: [
    {
      name: 'general',
      elements: [
        {
          type: 'radiogroup',
          name: 'general_health',
          title: both('In general, how is your health?', 'En general, ¿cómo es su salud?'),
          isRequired: true,
          choices: choices([
            ['excellent', 'Excellent', 'Excelente'],
            ['very_good', 'Very good', 'Muy buena'],
            ['good', 'Good', 'Buena'],
            ['fair', 'Fair', 'Regular'],
            ['poor', 'Poor', 'Mala'],
          ]),
        },
        {
          type: 'checkbox',
          name: 'symptoms',
          title: both('Which of these have you had in the past week?', '¿Cuáles de estos ha tenido la última semana?'),
          choices: choices([
            ['fatigue', 'Fatigue', 'Cansancio'],
            ['swelling', 'Swelling', 'Hinchazón'],
            ['itching', 'Itching', 'Picazón'],
            ['nausea', 'Nausea', 'Náuseas'],
            ['cramps', 'Muscle cramps', 'Calambres'],
            ['shortness_of_breath', 'Shortness of breath', 'Falta de aire'],
          ]),
        },
        { type: 'boolean', name: 'on_dialysis', title: both('Are you on dialysis?', '¿Está en diálisis?') },
        {
          type: 'rating',
          name: 'fatigue',
          title: both('How tired have you felt?', '¿Qué tan cansado se ha sentido?'),
          rateMin: 1,
          rateMax: 5,
        },
        {
          type: 'rating',
          name: 'pain',
          title: both('How much pain have you had (0–10)?', '¿Cuánto dolor ha tenido (0–10)?'),
          rateMin: 0,
          rateMax: 10,
        },
      ],
    },
    {
      name: 'measures',
      elements: [
        { type: 'text', inputType: 'number', name: 'weight_kg', title: both('Weight (kg)', 'Peso (kg)') },
        { type: 'text', inputType: 'number', name: 'systolic', title: both('Systolic pressure', 'Presión sistólica') },
        {
          type: 'text',
          inputType: 'number',
          name: 'diastolic',
          title: both('Diastolic pressure', 'Presión diastólica'),
        },
        {
          type: 'text',
          inputType: 'number',
          name: 'medications',
          title: both('How many medicines do you take?', '¿Cuántos medicamentos toma?'),
        },
        {
          type: 'radiogroup',
          name: 'sleep_quality',
          title: both('How have you slept?', '¿Cómo ha dormido?'),
          choices: choices([
            ['well', 'Well', 'Bien'],
            ['fairly', 'Fairly well', 'Más o menos'],
            ['badly', 'Badly', 'Mal'],
            ['very_badly', 'Very badly', 'Muy mal'],
          ]),
        },
      ],
    },
    {
      name: 'living',
      elements: [
        {
          type: 'matrix',
          name: 'diet',
          title: both('How often do you…', '¿Con qué frecuencia…'),
          columns: choices([
            ['1', 'Never', 'Nunca'],
            ['2', 'Rarely', 'Rara vez'],
            ['3', 'Sometimes', 'A veces'],
            ['4', 'Often', 'A menudo'],
            ['5', 'Always', 'Siempre'],
          ]),
          rows: choices([
            ['salt', 'limit salt', 'limita la sal'],
            ['protein', 'watch protein', 'controla la proteína'],
            ['fluids', 'limit fluids', 'limita los líquidos'],
          ]),
        },
        {
          type: 'boolean',
          name: 'transplant_list',
          title: both('Are you on a transplant waiting list?', '¿Está en lista de espera de trasplante?'),
        },
        {
          type: 'radiogroup',
          name: 'activity',
          title: both('How active have you been?', '¿Qué tan activo ha estado?'),
          choices: choices([
            ['none', 'Not at all', 'Nada'],
            ['light', 'Lightly', 'Poco'],
            ['moderate', 'Moderately', 'Moderadamente'],
            ['vigorous', 'Vigorously', 'Mucho'],
          ]),
        },
        { type: 'rating', name: 'mood', title: both('How has your mood been?', '¿Cómo ha estado su ánimo?') },
        { type: 'comment', name: 'comments', title: both('Anything else?', '¿Algo más?') },
      ],
    },
  ],
};

/** Each participant's rounds; the participant's number is the one in their seeded e-mail address. */
const ROUNDS_SQL = `
  insert into survey_rounds (user_id, number, opens_at, closes_at, created_at)
  select u.id, r, opens, opens + interval '30 days', opens
  from users u
  cross join generate_series(1, ${ROUNDS}) as r
  cross join lateral (
    select $1::timestamptz
      + make_interval(days => (split_part(split_part(u.email, '@', 1), '.', 3)::int % ${SPREAD_DAYS})
        + (r - 1) * ${SPREAD_DAYS}) as opens
  ) as o
  where u.role = 'patient'`;

/**
 * One submitted response per round, its answers built from k (participant × 5 + round) so they vary like real
 * ones; one in five has a comment. Submitted within 20 hours of the round's opening.
 */
const RESPONSES_SQL = `
  insert into survey_responses (user_id, form_id, form_key, round_id, answers, page_no, started_at, updated_at,
    submitted_at)
  select r.user_id, $1, $2, r.id, answers, 2, submitted - interval '12 minutes', submitted, submitted
  from (
    select r.*, split_part(split_part(u.email, '@', 1), '.', 3)::bigint * ${ROUNDS} + r.number as k
    from survey_rounds r join users u on u.id = r.user_id
  ) as r
  cross join lateral (
    select r.opens_at + make_interval(secs => ((r.k * 7919) % 72000)::double precision) as submitted,
      jsonb_build_object(
        'general_health', (array['excellent', 'very_good', 'good', 'fair', 'poor'])[1 + (r.k * 7) % 5],
        'symptoms', '[[], ["fatigue"], ["swelling"], ["fatigue", "itching"], ["nausea"],
          ["fatigue", "swelling", "cramps"], ["shortness_of_breath"], ["itching", "nausea", "cramps"]]'::jsonb
          -> ((r.k * 11) % 8)::int,
        'on_dialysis', r.k % 4 = 0,
        'fatigue', 1 + (r.k * 13) % 5,
        'pain', (r.k * 17) % 11,
        'weight_kg', 50 + (r.k * 19) % 70,
        'systolic', 100 + (r.k * 23) % 60,
        'diastolic', 60 + (r.k * 29) % 40,
        'medications', (r.k * 31) % 12,
        'sleep_quality', (array['well', 'fairly', 'badly', 'very_badly'])[1 + (r.k * 37) % 4],
        'diet', jsonb_build_object('salt', (1 + (r.k * 3) % 5)::text, 'protein', (1 + (r.k * 5) % 5)::text,
          'fluids', (1 + (r.k * 9) % 5)::text),
        'transplant_list', r.k % 7 = 0,
        'activity', (array['none', 'light', 'moderate', 'vigorous'])[1 + (r.k * 41) % 4],
        'mood', 1 + (r.k * 43) % 5
      ) || case when r.k % 5 = 0
        then jsonb_build_object('comments', 'Felt more tired after the clinic visit; asked about my potassium.')
        else '{}'::jsonb end as answers
  ) as a`;

/** Runs `load` with the table's indexes other than its primary key dropped, then builds them again. */
async function withoutSecondaryIndexes(client, table, load) {
  const { rows } = await client.query(
    `select indexname, indexdef from pg_indexes
     where schemaname = current_schema() and tablename = $1 and indexname not in (select conname from pg_constraint)`,
    [table],
  );
  for (const row of rows) await client.query(`drop index "${row.indexname}"`);
  await load();
  for (const row of rows) await client.query(row.indexdef);
}

/**
 * The participants (seed-verification's, 200,000 of them, with their verification records), then the form, 5 rounds
 * each and one submitted response per round, in one transaction. Returns the day the first round opened and timings.
 */
export async function seedExport(url, log) {
  const started = performance.now();
  const participants = await seedVerification(url, { participants: PARTICIPANTS, log });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings = { participantsMs: participants.timings.totalMs };
  try {
    await client.query('set synchronous_commit = off');
    await client.query(`set maintenance_work_mem = '256MB'`);
    // Day 0 of the rounds: the last round has closed 30 days before today (UTC midnight).
    const day0 = (await client.query(`select date_trunc('day', now()) - interval '${DAYS + 30} days' as day0`)).rows[0]
      .day0;
    await client.query('begin');
    const form = await client.query(
      `insert into survey_forms (key, version, kind, title_en, title_sp, sort_order, definition)
       values ($1, $2, 'round', 'Kidney health check-in', 'Control de salud renal', 0, $3) returning id`,
      [FORM.formKey, FORM.version, JSON.stringify(DEFINITION)],
    );
    let since = performance.now();
    await withoutSecondaryIndexes(client, 'survey_rounds', () => client.query(ROUNDS_SQL, [day0]));
    timings.roundsMs = Math.round(performance.now() - since);
    since = performance.now();
    await withoutSecondaryIndexes(client, 'survey_responses', () =>
      client.query(RESPONSES_SQL, [form.rows[0].id, FORM.formKey]),
    );
    timings.responsesMs = Math.round(performance.now() - since);
    await client.query('commit');
    since = performance.now();
    for (const table of ['survey_rounds', 'survey_responses']) await client.query(`vacuum analyze ${table}`);
    timings.vacuumAnalyzeMs = Math.round(performance.now() - since);
    const counts = (
      await client.query(`select count(*)::int as responses, pg_total_relation_size('survey_responses') as bytes
        from survey_responses where submitted_at is not null`)
    ).rows[0];
    log(
      `  ${fmt(PARTICIPANTS * ROUNDS)} rounds (${fmt(timings.roundsMs)} ms), ${fmt(counts.responses)} submitted ` +
        `responses (${fmt(timings.responsesMs)} ms, ${fmt(Number(counts.bytes) / MB)} MB with indexes), ` +
        `VACUUM ANALYZE (${fmt(timings.vacuumAnalyzeMs)} ms)`,
    );
    timings.totalMs = Math.round(performance.now() - started);
    return { day0: new Date(day0), responses: counts.responses, tableBytes: Number(counts.bytes), timings };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** A process's resident set now and its high-water mark, in bytes, from /proc/<pid>/status. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kB('VmRSS'), hwm: kB('VmHWM') };
}

/** Samples the process's RSS every 200 ms until stopped; the peak seen (and the high-water mark at the end). */
function sampleRss(pid) {
  let peak = memoryOf(pid).rss;
  let samples = 1;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
      samples += 1;
    } catch {
      // the process has gone; the run's own check reports it
    }
  }, SAMPLE_MS);
  return () => {
    clearInterval(timer);
    const last = memoryOf(pid);
    return { peakRss: Math.max(peak, last.rss), samples: samples + 1, hwm: last.hwm, endRss: last.rss };
  };
}

/**
 * The administrator signed in as the web app does, again once the access token is 4 minutes old (the bench keeps no
 * refresh token) or when a fresh second factor is needed; never twice within one app code's 30 s.
 */
function staffSession(portal, { payloadKey, email, password, appSecret }) {
  let token;
  let signedInAt = -Infinity;
  return {
    async token({ fresh = false } = {}) {
      const age = performance.now() - signedInAt;
      if (token && !fresh && age < TOKEN_REUSE_MS) return token;
      await sleep(Math.max(0, APP_CODE_MS - age));
      signedInAt = performance.now();
      token = await signIn(portal.url, payloadKey, email, password, appSecret);
      return token;
    },
  };
}

async function api(baseUrl, session, method, urlPath, body) {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${await session.token()}`,
      ...(body && { 'Content-Type': 'application/json' }),
    },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${urlPath} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
}

/** The rows of each file of a done run, as its completion audit record states them. */
async function fileRows(url, runId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select details from audit_log where action = 'dataExport.runCompleted' and details ->> 'run' = $1`,
      [runId],
    );
    return rows[0]?.details.rows ?? {};
  } finally {
    await client.end();
  }
}

/** Queues a run, samples the server's RSS until it is done, and returns its figures. */
async function measureRun(portal, session, url, { label, from, to }) {
  const pid = portal.child.pid;
  const before = memoryOf(pid).rss;
  const stop = sampleRss(pid);
  const started = performance.now();
  let run;
  let memory;
  try {
    run = await api(portal.url, session, 'POST', RUNS_PATH, {
      forms: [FORM],
      registers: [],
      formats: FORMATS,
      deidentified: true,
      ...(from && { from, to }),
    });
    while (run.status === 'queued' || run.status === 'running') {
      if (performance.now() - started > RUN_TIMEOUT_MS) throw new Error(`${label}: not done after 90 minutes`);
      await sleep(POLL_MS);
      run = await api(portal.url, session, 'GET', `${RUNS_PATH}/${run.id}`);
    }
  } finally {
    memory = stop();
  }
  const ms = performance.now() - started;
  if (run.status !== 'done') throw new Error(`${label}: the run ended ${run.status} (${run.failure})`);
  const rows = await fileRows(url, run.id);
  const answers = (prefix) => Object.entries(rows).find(([file]) => file.startsWith(prefix))?.[1];
  return {
    label,
    id: run.id,
    from: from ?? null,
    to: to ?? null,
    ms,
    rows: {
      answers: answers('data/survey-answers-'),
      redcap: answers('redcap/records-'),
      fhir: answers('fhir/QuestionnaireResponse'),
      total: run.progress.rows,
    },
    archive: run.archive,
    rssBefore: before,
    ...memory,
  };
}

/** Downloads the run's archive through the API, counting and hashing it; RSS sampled meanwhile. */
async function measureDownload(portal, token, run) {
  const stop = sampleRss(portal.child.pid);
  const started = performance.now();
  let bytes = 0;
  const hash = createHash('sha256');
  let memory;
  try {
    const response = await fetch(`${portal.url}${RUNS_PATH}/${run.id}/archive`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok)
      throw new Error(`GET the archive answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      hash.update(chunk);
    }
  } finally {
    memory = stop();
  }
  return { ms: performance.now() - started, bytes, sha256: hash.digest('hex'), ...memory };
}

const mb = (bytes) => fmt(bytes / MB, 1);
const day = (day0, offset) => new Date(day0.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

function report(log, seed, measured) {
  const { idleRss, reference, big, download, goals } = measured;
  log();
  log(
    `Data Export memory on PostgreSQL: ${fmt(seed.responses)} submitted responses of one 15-question form ` +
      `(${fmt(PARTICIPANTS)} participants × ${ROUNDS} rounds, seeded in ${fmt(seed.timings.totalMs / 1000, 1)} s); ` +
      `de-identified runs of ${FORMATS.join(', ')}, one after the other; server RSS sampled every ${SAMPLE_MS} ms`,
  );
  const runRow = (run) => [
    run.label,
    fmt(run.rows.answers ?? 0),
    fmt(run.ms / 1000, 1),
    mb(run.archive.bytes),
    mb(run.peakRss),
    mb(run.peakRss - idleRss),
    mb(run.hwm),
  ];
  printTable(log, [
    ['run', 'answer rows', 'wall s', 'archive MB', 'peak RSS MB', 'over idle MB', 'VmHWM MB'],
    ['idle (after sign-in)', '', '', '', mb(idleRss), '', ''],
    runRow(reference),
    runRow(big),
    [
      'download of the full archive',
      '',
      fmt(download.ms / 1000, 1),
      mb(download.bytes),
      mb(download.peakRss),
      mb(download.peakRss - idleRss),
      mb(download.hwm),
    ],
  ]);
  log(
    `  reference: ${reference.from} to ${reference.to}; rows per format (data, REDCap, FHIR): ` +
      `${[reference, big].map((r) => [r.rows.answers, r.rows.redcap, r.rows.fhir].map((n) => fmt(n ?? 0)).join(' / ')).join(' and ')}`,
  );
  log(
    `  growth over idle, full ÷ reference: ${fmt(goals.growthRatio, 2)}   download: ${fmt(download.bytes)} bytes, ` +
      `${download.bytes === big.archive.bytes && download.sha256 === big.archive.sha256 ? 'same size and SHA-256 as the run states' : 'NOT the archive the run states'}`,
  );
  log(
    `  full run's peak ${mb(big.peakRss)} MB ≤ idle + ${GOALS.growthMB} MB (${mb(idleRss + GOALS.growthMB * MB)} MB)   ` +
      verdict(goals.growthMet),
  );
  log(
    `  full run's peak ≤ ${GOALS.peakRatio} × the reference run's peak (${fmt(goals.peakRatio, 2)}×)   ${verdict(goals.peakRatioMet)}`,
  );
  log(
    `  1-minute load average ${fmt(measured.loadBefore, 1)} before, ${fmt(measured.loadAfter, 1)} after, on ` +
      `${os.cpus().length} cores${measured.loadBefore > 1 ? ': other processes competed for the CPU' : ''}`,
  );
}

/**
 * Seeds the database, starts the portal on it, measures the two runs and the download, and drops the database.
 * Returns the section of `.bench/latest.json`: `{ skipped, reason }` when PostgreSQL does not answer, else the
 * figures (bytes), the goals and `failures` (a wrong archive is a failure, too much memory only a missed goal).
 */
export async function benchExportMemory({ log, databaseUrl = exportDatabaseUrl() }) {
  const unreachable = await postgresUnreachable(databaseUrl);
  if (unreachable) {
    log();
    log(`Data Export memory: skipped, PostgreSQL at ${new URL(databaseUrl).host} does not answer (${unreachable}).`);
    return { skipped: true, reason: `PostgreSQL does not answer: ${unreachable}` };
  }
  log();
  log(`Seeding ${fmt(PARTICIPANTS * ROUNDS)} survey responses into ${new URL(databaseUrl).pathname.slice(1)}…`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-export-'));
  let portal;
  const failures = [];
  try {
    const seed = await seedExport(databaseUrl, log);
    const adminPassword = randomBytes(18).toString('base64url');
    const adminAppSecret = newAppSecret();
    const payloadKey = randomBytes(32).toString('base64');
    portal = startPortal({
      port: await freePort(),
      dataDir,
      databaseUrl,
      adminEmail: ADMIN_EMAIL,
      adminPassword,
      adminAppSecret,
      payloadKey,
    });
    await portal.ready;
    const session = staffSession(portal, {
      payloadKey,
      email: ADMIN_EMAIL,
      password: adminPassword,
      appSecret: adminAppSecret,
    });
    await session.token();
    await sleep(IDLE_SETTLE_MS);
    const idleRss = memoryOf(portal.child.pid).rss;
    const loadBefore = os.loadavg()[0];
    log(`Measuring over ${portal.url} (server pid ${portal.child.pid}, idle RSS ${mb(idleRss)} MB)…`);

    const reference = await measureRun(portal, session, databaseUrl, {
      label: 'reference: 100 days',
      from: day(seed.day0, REFERENCE_DAYS.first),
      to: day(seed.day0, REFERENCE_DAYS.last),
    });
    log(`  reference run done in ${fmt(reference.ms / 1000, 1)} s, peak RSS ${mb(reference.peakRss)} MB`);
    const big = await measureRun(portal, session, databaseUrl, { label: `all ${fmt(seed.responses)}` });
    log(`  full run done in ${fmt(big.ms / 1000, 1)} s, peak RSS ${mb(big.peakRss)} MB`);

    // The download needs a second factor of the last 5 minutes: a fresh sign-in, with a new app code.
    const download = await measureDownload(portal, await session.token({ fresh: true }), big);
    const loadAfter = os.loadavg()[0];

    if (big.rows.answers !== seed.responses || big.rows.redcap !== seed.responses || big.rows.fhir !== seed.responses)
      failures.push(`the full run wrote ${JSON.stringify(big.rows)} rows of ${seed.responses} responses`);
    if (download.bytes !== big.archive.bytes || download.sha256 !== big.archive.sha256)
      failures.push(
        `the download was ${download.bytes} bytes (SHA-256 ${download.sha256}), the run states ` +
          `${big.archive.bytes} (${big.archive.sha256})`,
      );
    const goals = {
      growthMB: GOALS.growthMB,
      growthMet: big.peakRss < idleRss + GOALS.growthMB * MB,
      peakRatioGoal: GOALS.peakRatio,
      peakRatio: big.peakRss / reference.peakRss,
      peakRatioMet: big.peakRss <= GOALS.peakRatio * reference.peakRss,
      growthRatio: (big.peakRss - idleRss) / (reference.peakRss - idleRss),
    };
    const measured = { idleRss, reference, big, download, goals, loadBefore, loadAfter };
    report(log, seed, measured);
    return {
      skipped: false,
      database: 'PostgreSQL',
      seed,
      formats: FORMATS,
      sampleMs: SAMPLE_MS,
      ...measured,
      failures,
    };
  } finally {
    if (portal) {
      const problem = await stopPortal(portal);
      if (problem) failures.push(problem);
    }
    await dropBenchDatabase(databaseUrl).catch((error) =>
      failures.push(`dropping the bench database: ${error.message}`),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await benchExportMemory({ log: (line = '') => process.stdout.write(`${line}\n`) });
  for (const failure of result.failures ?? []) process.stderr.write(`FAILED: ${failure}\n`);
  if (result.failures?.length) process.exitCode = 1;
}
