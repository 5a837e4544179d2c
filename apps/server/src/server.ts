import path from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { productionWarnings, readEnv } from './env';
import { serverDir } from './server-dir';
import { systemClock } from './providers/clock/clock';
import { fileStoreFor } from './providers/storage/file-store';
import { loadTokenSigningKey } from './security/token-signing-key';

const SHUTDOWN_GRACE_MS = 10_000;
const webDistDir = path.join(serverDir, '../web/dist');

/** Reads the configuration, opens and migrates the database, seeds it once, and serves the portal. */
async function main() {
  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) },
  );
  // Documents go to the bucket of S3_URL when it is set, the default consent forms of the first start included.
  const files = await fileStoreFor(env.S3_URL);
  const seed = await seedDatabase(database.db, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    adminAppSecret: env.ADMIN_TOTP_SECRET,
    demo: env.SEED_DEMO,
    clock: systemClock,
    files,
  });
  if (seed.generatedAdminPassword) {
    // Printed once, on the first start only; it is never written to the structured log.
    process.stdout.write(
      `Administrator account created: ${env.ADMIN_EMAIL} / ${seed.generatedAdminPassword} (shown only this once)\n`,
    );
  }

  const tokenSigningKey = await loadTokenSigningKey({
    dataDir: path.resolve(env.DATA_DIR),
    configuredPem: env.TOKEN_SIGNING_KEY,
  });
  const app = await buildApp({
    env,
    db: database.db,
    clock: systemClock,
    webDistDir,
    tokenSigningKey,
    files,
    jobs: database.jobs,
    changes: database.changes,
    sharedRequestLimits: database.kind === 'postgres',
  });
  for (const warning of productionWarnings(env)) app.log.warn(warning);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      files.bucket?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  process.stdout.write(`Portal listening on http://${host}:${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
