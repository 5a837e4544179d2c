import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp, type PortalApp } from '../src/app';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { emailMessages } from '../src/db/schema';
import { seedDatabase, type SeedResult } from '../src/db/seed';
import { readEnv, type Env } from '../src/env';
import { fixedClock } from '../src/providers/clock/clock';
import type { Mailer, SendMailRequest } from '../src/providers/mail/mailer';
import type { MailTransport, OutgoingMail } from '../src/providers/mail/mail-transport';
import { generateTokenSigningKey, type TokenSigningKey } from '../src/security/token-signing-key';
import { createPostgresDatabase } from './postgres-databases';

export { createPostgresDatabase };

export interface MemoryMailTransport extends MailTransport {
  readonly delivered: OutgoingMail[];
  /** The messages sent to an address, oldest first. */
  to(address: string): OutgoingMail[];
}

/** A mail transport that keeps what it delivers, for assertions. */
export function memoryMailTransport(): MemoryMailTransport {
  const delivered: OutgoingMail[] = [];
  return {
    kind: 'outbox',
    delivered,
    to: (address) => delivered.filter((m) => m.to.toLowerCase() === address.toLowerCase()),
    async deliver(mail) {
      delivered.push(mail);
      return {};
    },
    async close() {},
  };
}

/** Records a message with no other change and starts delivering it, as a service does after its transaction. */
export async function sendNow(mailer: Mailer, db: Database, request: SendMailRequest): Promise<string> {
  const id = await mailer.queue(db, request);
  mailer.deliverNow([id]);
  return id;
}

/** An earlier e-mail to the address that the mail server refused for good (a 550 reply to RCPT TO) at `at`. */
export async function recordRefusedAddress(db: Database, recipient: string, at: Date) {
  await db.insert(emailMessages).values({
    recipient,
    template: 'password-changed',
    language: 'en',
    subject: 'Your password was changed',
    transport: 'smtp',
    status: 'failed',
    smtpCode: 550,
    recipientRefused: true,
    error: 'EENVELOPE: 550 5.1.1 Mailbox unavailable',
    lastAttemptAt: at,
  });
}

let testSigningKey: Promise<TokenSigningKey> | undefined;
/** One RSA key for every test app of a test file (generating one takes a moment). */
export function testTokenSigningKey(): Promise<TokenSigningKey> {
  testSigningKey ??= generateTokenSigningKey().then((generated) => generated.key);
  return testSigningKey;
}

/** The administrator password every test app is seeded with. */
export const TEST_ADMIN_PASSWORD = 'Admin#Test1';
export const TEST_ADMIN_EMAIL = 'admin@example.org';
/** The seeded administrator's authenticator-app secret (`ADMIN_TOTP_SECRET`): base32 of 160 bits. */
export const TEST_ADMIN_APP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** Where the fixed clock of a test app starts, unless a test says otherwise. */
export const TEST_START = '2026-03-01T12:00:00.000Z';

/**
 * A database the integration tests run against. `PGlite` is an in-memory embedded database;
 * `PostgreSQL` is the server at TEST_DATABASE_URL, on which every opened test database is a fresh
 * `portal_test_<hex>` database, dropped again when the test database is closed.
 */
export type TestDatabaseTarget =
  { name: 'PGlite'; kind: 'pglite-memory' } | { name: 'PostgreSQL'; kind: 'postgres'; serverUrl: string };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabases(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: 'PGlite', kind: 'pglite-memory' }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) targets.push({ name: 'PostgreSQL', kind: 'postgres', serverUrl });
  return targets;
}

/**
 * The database of tests whose behaviour is the same on both: PostgreSQL, production's, when TEST_DATABASE_URL is
 * set, else PGlite (docs/decisions/024-tests-on-one-database.md).
 */
export function oneTestDatabase(): TestDatabaseTarget {
  return testDatabases().at(-1)!;
}

/** `describe` on the one test database (`oneTestDatabase`), with its name in the title. */
export function describeOnDatabase(title: string, body: (target: TestDatabaseTarget) => void) {
  const target = oneTestDatabase();
  describe(`${title} on ${target.name}`, () => body(target));
}

/**
 * `describe.each` over every test database, with the database name in each title: for behaviour that differs
 * between them (locks and concurrency, limits counted in memory or in a table, the embedded database's caches
 * and change notices, the scheduler's claims, migrations, seed, storage). Each use says why.
 */
export function describeEachDatabase(title: string, body: (target: TestDatabaseTarget) => void) {
  const cases = testDatabases().map((target) => [target.name, target] as const);
  describe.each(cases)(`${title} on %s`, (_name, target) => body(target));
}

let snapshot: Promise<Blob> | undefined;
/** The migrated, empty embedded database the run's global set-up saved (read once per test file). */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= readFile(inject('migratedPgliteSnapshot')).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/** Opens (and migrates) a fresh, empty database of the target; `close` also drops a PostgreSQL one. */
export async function openTestDatabase(target: TestDatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite-memory')
    return openDatabase({ kind: 'pglite-memory', snapshot: await migratedSnapshot() });
  const created = await createPostgresDatabase(target.serverUrl, inject('migratedPostgresTemplate'));
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ kind: 'postgres', url: created.url });
  } catch (error) {
    await created.drop();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await created.drop();
      }
    },
  };
}

/**
 * Empties every table of the application schema, so one migrated database serves several scenarios that
 * each need a fresh start (opening a new PGlite costs a second or more; this costs milliseconds).
 */
export async function resetDatabase(db: Database): Promise<void> {
  // The audit trail refuses TRUNCATE by design, and no scenario depends on it being empty.
  const result = await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'audit_log'`,
  );
  const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"public"."${r.tablename}"`);
  if (tables.length > 0) await db.execute(sql.raw(`truncate table ${tables.join(', ')} restart identity cascade`));
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (a high RATE_LIMIT_FACTOR, the test admin password). */
  env?: Record<string, string>;
  /** Where the fixed clock starts. */
  start?: string;
  /** Seed the demo content (default true). */
  demo?: boolean;
  /** Logger options for Fastify (default: no logging). */
  logger?: FastifyServerOptions['logger'];
  /**
   * Where e-mail goes (default: a memory transport the test can read, `mail`); `null` leaves the choice to
   * the app, as in production: SMTP when SMTP_URL is set, else the database outbox.
   */
  mailTransport?: MailTransport | null;
  /** Run the scheduler (its jobs start with the app) instead of leaving the test to run jobs itself. */
  scheduler?: boolean;
  /** How the server GETs outside URLs (SNS certificates and subscription links); by default fetch. */
  fetchText?: (url: string) => Promise<string>;
  /** Runs after the app is built and before it is ready: the place to add throw-away routes. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp {
  app: PortalApp;
  db: Database;
  handle: DatabaseHandle;
  clock: ReturnType<typeof fixedClock>;
  env: Env;
  seed: SeedResult;
  /** Every e-mail delivered, once `app.services.mailer.idle()` has resolved. */
  mail: MemoryMailTransport;
  close(): Promise<void>;
}

/** A seeded database and the whole app on it, with a clock the test moves; requests go through `app.inject`. */
export async function buildTestApp(target: TestDatabaseTarget, options: TestAppOptions = {}): Promise<TestApp> {
  const env = readEnv({
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ADMIN_TOTP_SECRET: TEST_ADMIN_APP_SECRET,
    RATE_LIMIT_FACTOR: '1000',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = fixedClock(options.start ?? TEST_START);
  const handle = await openTestDatabase(target);
  try {
    const seed = await seedDatabase(handle.db, {
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      adminAppSecret: env.ADMIN_TOTP_SECRET,
      demo: options.demo ?? true,
      clock,
    });
    const mail = memoryMailTransport();
    const app = await buildApp({
      env,
      db: handle.db,
      clock,
      logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
      tokenSigningKey: await testTokenSigningKey(),
      mailTransport: options.mailTransport === null ? undefined : (options.mailTransport ?? mail),
      jobs: options.scheduler ? handle.jobs : undefined,
      changes: handle.changes,
      sharedRequestLimits: handle.kind === 'postgres',
      fetchText: options.fetchText,
    });
    try {
      await options.configure?.(app);
      await app.ready();
    } catch (error) {
      await app.close();
      throw error;
    }
    return {
      app,
      db: handle.db,
      handle,
      clock,
      env,
      seed,
      mail,
      close: async () => {
        try {
          await app.close();
        } finally {
          await handle.close();
        }
      },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Builds one test app for the enclosing describe block (beforeAll) and closes it afterwards (afterAll).
 * Returns an accessor, since the app exists only once the block's tests run.
 */
export function useTestApp(target: TestDatabaseTarget, options: TestAppOptions = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await buildTestApp(target, options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('The test app is not built yet (use it inside a test or hook).');
    return current;
  };
}

/** Like `useTestApp` for tests that need only a migrated, empty database. */
export function useTestDatabase(target: TestDatabaseTarget): () => DatabaseHandle {
  let current: DatabaseHandle | undefined;
  beforeAll(async () => {
    current = await openTestDatabase(target);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('The test database is not open yet (use it inside a test or hook).');
    return current;
  };
}

/**
 * The database's own error behind a failed query: drizzle wraps it (DrizzleQueryError) with the SQL text,
 * while PGlite and pg put the SQLSTATE `code` and the server's message on the cause.
 */
export async function databaseError(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      const code = (current as Error & { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, message: current.message };
      current = current.cause;
    }
    return { message: error instanceof Error ? error.message : String(error) };
  }
  throw new Error('Expected the query to fail, but it succeeded.');
}
