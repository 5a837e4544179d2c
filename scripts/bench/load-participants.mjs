// The participants of `npm run bench:load`, made ready with set-based SQL, and the check afterwards that every
// save the portal acknowledged is in the database.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { root } from '../web-build.mjs';

export const LOAD_PASSWORD = 'Load#Bench2026';
/** The questionnaire the participants save and the number question each save writes. */
export const FORM_KEY = 'health-status';
export const DAYS_QUESTION = 'physically-unhealthy-days';

export const participantEmail = (n) => `load.participant.${n}@example.org`;

const importServer = (file) => tsImport(pathToFileURL(path.join(root, 'apps/server/src', file)).href, import.meta.url);

async function withClient(databaseUrl, run) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Applies the portal's migrations to `database` (openDatabase's target: `{ kind: 'postgres', url }`, or
 * `{ kind: 'pglite', dataDir }` while no portal runs on that directory), then inserts `count` active participants
 * who signed the consent yesterday (so the first survey round is open), all with the password LOAD_PASSWORD: what
 * registration, activation and the consent ceremony would leave in `users`, without the signed copy, which saving
 * answers never reads. With `passwordOnly`, on a database the portal has not started on yet, the security policy
 * is the study's default but asks participants for no e-mailed code at sign-in (as an administrator may set it):
 * their password alone signs them in. Resolves their password hash.
 */
export async function insertReadyParticipants(database, count, { passwordOnly = false } = {}) {
  const { openDatabase } = await importServer('db/client.ts');
  const { hashPassword } = await importServer('security/password-hash.ts');
  const passwordHash = await hashPassword(LOAD_PASSWORD);
  const handle = await openDatabase(database);
  try {
    // The engine's own client (a pg pool or PGlite): both take a parameterized statement.
    await handle.db.$client.query(
      `insert into users (email, password_hash, role, status, first_name, last_name, language, birth_date, gender,
         country, postal_code, health_system, created_at, updated_at, activated_at, consent_signed_at)
       select 'load.participant.' || n || '@example.org', $2, 'patient', 'active', 'Load', 'Participant ' || n, 'en',
         date '1960-01-01' + n, 'female', 'USA', '60601', 'none', at, at, at, at + interval '1 day'
       from generate_series(0, $1::int - 1) as n, (select now() - interval '2 days' as at) as times`,
      [count, passwordHash],
    );
    if (passwordOnly) {
      // The first start's seed keeps a policy that is there already.
      const { DEFAULT_SECURITY_POLICY } = await importServer('db/seed-data.ts');
      const { securityPolicy } = await importServer('db/schema/settings.ts');
      await handle.db
        .insert(securityPolicy)
        .values({ id: 1, ...DEFAULT_SECURITY_POLICY, otpEnabledForPatient: false, updatedAt: new Date() });
    }
  } finally {
    await handle.close();
  }
  return passwordHash;
}

/**
 * Compares what each participant's last acknowledged save wrote with the database. A save is found when the
 * response's page number is at least the acknowledged one (a later save may have landed without its reply) and
 * its answer is the one written with that page number. Answers the e-mails of the participants whose save is
 * missing.
 */
export async function missingSaves(databaseUrl, acknowledged) {
  const rows = await withClient(
    databaseUrl,
    async (client) =>
      (
        await client.query(
          `select u.email, r.page_no, r.answers ->> $2 as days
           from survey_responses r join users u on u.id = r.user_id where u.email = any($1)`,
          [[...acknowledged.keys()], DAYS_QUESTION],
        )
      ).rows,
  );
  const stored = new Map(rows.map((row) => [row.email, row]));
  const missing = [];
  for (const [email, pageNo] of acknowledged) {
    const row = stored.get(email);
    if (!row || row.page_no < pageNo || Number(row.days) !== row.page_no % 31) missing.push(email);
  }
  return missing;
}
