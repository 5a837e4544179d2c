import { buildApp, type PortalApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { readEnv } from '../src/env';
import { fixedClock } from '../src/providers/clock/clock';
import {
  createPostgresDatabase,
  memoryMailTransport,
  TEST_ADMIN_APP_SECRET,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  TEST_START,
  testTokenSigningKey,
  type MemoryMailTransport,
} from './helpers';

export interface ServerProcesses {
  apps: PortalApp[];
  handles: DatabaseHandle[];
  /** Each process's own mail transport, in the order of `apps`. */
  transports: MemoryMailTransport[];
  clock: ReturnType<typeof fixedClock>;
  /** Closes every app and pool, then drops the database. */
  close(): Promise<void>;
}

/**
 * Two server processes on one fresh PostgreSQL database, as two deployments would run: each with its own pool
 * and mail transport, one clock, the database seeded once. The apps are built, not ready: a test may add work
 * before they start. With `scheduler`, each runs its scheduled jobs.
 */
export async function twoServerProcesses(
  serverUrl: string,
  options: { env?: Record<string, string>; scheduler?: boolean } = {},
): Promise<ServerProcesses> {
  const database = await createPostgresDatabase(serverUrl);
  const env = readEnv({
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ADMIN_TOTP_SECRET: TEST_ADMIN_APP_SECRET,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = fixedClock(TEST_START);
  const transports = [memoryMailTransport(), memoryMailTransport()];
  const handles: DatabaseHandle[] = [];
  const apps: PortalApp[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await database.drop();
  };
  try {
    for (const transport of transports) {
      const handle = await openDatabase({ kind: 'postgres', url: database.url });
      handles.push(handle);
      if (handles.length === 1) {
        await seedDatabase(handle.db, {
          adminEmail: env.ADMIN_EMAIL,
          adminPassword: env.ADMIN_PASSWORD,
          adminAppSecret: env.ADMIN_TOTP_SECRET,
          demo: false,
          clock,
        });
      }
      apps.push(
        await buildApp({
          env,
          db: handle.db,
          clock,
          logger: false,
          tokenSigningKey: await testTokenSigningKey(),
          mailTransport: transport,
          jobs: options.scheduler ? handle.jobs : undefined,
          changes: handle.changes,
        }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { apps, handles, transports, clock, close };
}
