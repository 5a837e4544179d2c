import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { describe, it, type TestContext } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../src/db/client';
import { users } from '../src/db/schema';
import { DEMO_PATIENT } from '../src/db/seed-data';
import { verifyPassword } from '../src/security/password-hash';
import { createPostgresDatabase } from './helpers';

/** `npm start` runs this from the repository root. */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * Five of these tests start servers at once, each compiling the server's TypeScript, beside the other test files:
 * on two busy cores a start has taken over a minute. A start that succeeds is seen as soon as it is listening.
 */
const START_TIMEOUT_MS = 150_000;
const SHUTDOWN_LIMIT_MS = 10_000;
/** Several starts of a process that compiles TypeScript and opens a database; generous on a busy machine. */
const PROCESS_TEST_TIMEOUT_MS = 400_000;
const ADMIN_LINE = /^Administrator account created: (\S+) \/ (\S+) \(shown only this once\)$/;

interface RunningServer {
  child: ChildProcess;
  port: number;
  stdout: string[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nothing listens on right now (the system picks it, so never 8080 or 8099). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Cleanup for the test that owns a resource (the context's own hook, as the tests run concurrently). */
type OnFinished = TestContext['onTestFinished'];

/**
 * Spawns the server as `npm start` does; only PATH and HOME are inherited, so the test's own environment
 * cannot leak in. Whatever is still running when the owning test finishes is killed.
 */
function spawnServer(onFinished: OnFinished, env: Record<string, string>): Omit<RunningServer, 'port'> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => stdout.push(line));
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout, stderr, exited };
}

/** Starts the server and waits for its `Portal listening on …` line. */
async function startServer(onFinished: OnFinished, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const server = { ...spawnServer(onFinished, { HOST: '127.0.0.1', PORT: String(port), ...env }), port };
  const listening = `Portal listening on http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void server.exited.then((e) => (exit = e));
  while (!server.stdout.includes(listening)) {
    const output = () => [...server.stdout, ...server.stderr].join('\n');
    if (exit) throw new Error(`The server exited (${JSON.stringify(exit)}) before listening:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server;
}

/** Sends SIGTERM and waits for the exit; gives up after the 10 s a clean stop may take. */
async function stopServer(server: RunningServer) {
  const sentAt = Date.now();
  server.child.kill('SIGTERM');
  const result = await Promise.race([
    server.exited,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), SHUTDOWN_LIMIT_MS)),
  ]);
  return { result, elapsedMs: Date.now() - sentAt };
}

async function health(server: RunningServer) {
  const response = await fetch(`http://127.0.0.1:${server.port}/common-server/health`);
  return { status: response.status, body: (await response.json()) as unknown };
}

function adminLines(server: RunningServer) {
  return server.stdout.filter((line) => line.includes('Administrator account created'));
}

/** A temporary DATA_DIR, removed when the current test finishes. */
function temporaryDataDir(onFinished: OnFinished) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-process-'));
  onFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function readStoredUsers(target: DatabaseTarget) {
  const database = await openDatabase(target);
  try {
    const admins = await database.db.select().from(users).where(eq(users.role, 'admin'));
    const patients = await database.db.select().from(users).where(eq(users.role, 'patient'));
    return { admins, patients };
  } finally {
    await database.close();
  }
}

// The scenarios wait on child processes, so they run side by side.
describe.concurrent('the server process', () => {
  it(
    'starts on a DATA_DIR, serves, stops on SIGTERM with code 0, and restarts there without seeding again',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async ({ expect, onTestFinished }) => {
      const dataDir = temporaryDataDir(onTestFinished);
      const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD: 'Process#Admin1' };
      const first = await startServer(onTestFinished, env);
      expect(await health(first)).toEqual({ status: 200, body: { status: true } });
      expect(adminLines(first)).toEqual([]);
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(true);

      // A second process on the same data directory is refused while the first runs.
      const intruder = spawnServer(onTestFinished, { ...env, HOST: '127.0.0.1', PORT: String(await freePort()) });
      expect((await intruder.exited).code).toBe(1);
      expect(intruder.stderr.join('\n')).toContain(`Another portal process (pid ${first.child.pid})`);
      expect(await health(first)).toEqual({ status: 200, body: { status: true } });

      const stopped = await stopServer(first);
      expect(stopped.result).toEqual({ code: 0, signal: null });
      expect(stopped.elapsedMs).toBeLessThan(SHUTDOWN_LIMIT_MS);
      expect(existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

      const second = await startServer(onTestFinished, env);
      expect(await health(second)).toEqual({ status: 200, body: { status: true } });
      expect(adminLines(second)).toEqual([]);
      expect((await stopServer(second)).result).toEqual({ code: 0, signal: null });
    },
  );

  it(
    'prints a generated admin password once, on the first start only, never in the JSON log',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async ({ expect, onTestFinished }) => {
      const dataDir = temporaryDataDir(onTestFinished);
      const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
      const first = await startServer(onTestFinished, env);
      expect(adminLines(first)).toHaveLength(1);
      const [, email, password = ''] = ADMIN_LINE.exec(adminLines(first)[0] ?? '') ?? [];
      expect(email).toBe('admin@example.org');
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect((await stopServer(first)).result).toEqual({ code: 0, signal: null });

      const jsonLog = first.stdout.filter((line) => line.startsWith('{'));
      expect(jsonLog.length).toBeGreaterThan(0);
      for (const line of jsonLog) {
        expect(() => JSON.parse(line) as unknown).not.toThrow();
        expect(line).not.toContain('Administrator account created');
        expect(line).not.toContain(password);
      }
      expect(first.stderr.join('\n')).not.toContain(password);

      const second = await startServer(onTestFinished, env);
      expect(await health(second)).toEqual({ status: 200, body: { status: true } });
      expect(adminLines(second)).toEqual([]);
      expect((await stopServer(second)).result).toEqual({ code: 0, signal: null });

      // The administrator of the first start is still there, with the password printed then.
      const stored = await readStoredUsers({ kind: 'pglite', dataDir });
      expect(stored.admins).toHaveLength(1);
      expect(stored.admins[0]?.email).toBe('admin@example.org');
      expect(await verifyPassword(stored.admins[0]?.passwordHash ?? '', password)).toBe(true);
      expect(stored.patients).toHaveLength(0);
    },
  );

  it(
    'refuses to start in production on the development key, saying why on stderr, with a non-zero code',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async ({ expect, onTestFinished }) => {
      const refused = spawnServer(onTestFinished, {
        NODE_ENV: 'production',
        DATA_DIR: temporaryDataDir(onTestFinished),
        SEED_DEMO: 'false',
        PUBLIC_URL: 'https://portal.example.org',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
      });
      expect((await refused.exited).code).toBe(1);
      expect(refused.stderr).toEqual([
        'Refusing to start in production: PAYLOAD_KEY is the public development key; set a secret one (openssl rand -base64 32)',
      ]);
      expect(refused.stdout).toEqual([]);
    },
  );

  it(
    'a server killed while an e-mail is with the mail server sends it once, when it starts again',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async ({ expect, onTestFinished }) => {
      // The mail server takes in the first message whole but never answers it: its sender is killed meanwhile,
      // so that message was never accepted. It accepts every message after that.
      let held = 0;
      let heldMessage = '';
      const accepted: string[] = [];
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const message = Buffer.concat(chunks).toString('utf8');
            if (held === 0) {
              held += 1;
              heldMessage = message;
              return;
            }
            accepted.push(message);
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      onTestFinished(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
      const smtpPort = (smtp.server.address() as AddressInfo).port;
      const env = {
        DATA_DIR: temporaryDataDir(onTestFinished),
        SEED_DEMO: 'true',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      };

      const first = await startServer(onTestFinished, env);
      const reset = await fetch(
        `http://127.0.0.1:${first.port}/common-server/reset-password/init?email=${encodeURIComponent(DEMO_PATIENT.email)}`,
      );
      expect(reset.status).toBe(200);
      await expect.poll(() => held, { timeout: 20_000 }).toBe(1);
      first.child.kill('SIGKILL');
      await first.exited;

      const second = await startServer(onTestFinished, env);
      await expect.poll(() => accepted.length, { timeout: 30_000 }).toBe(1);
      // The same message (the demo participant reads Spanish), from the same ledger record.
      const messageId = (text: string) => /^Message-ID: (<[^>]+>)/m.exec(text)?.[1];
      expect(accepted[0]).toContain('To: demo.patient@example.org');
      expect(accepted[0]).toContain('Subject: =?UTF-8?Q?Restablezca_su_contrase=C3=B1a');
      expect(messageId(accepted[0]!)).toBe(messageId(heldMessage));
      expect((await stopServer(second)).result).toEqual({ code: 0, signal: null });
      expect(accepted).toHaveLength(1);
    },
  );

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!serverUrl)(
    'runs on PostgreSQL (TEST_DATABASE_URL): migrates, seeds once, serves and stops with code 0',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async ({ expect, onTestFinished }) => {
      const database = await createPostgresDatabase(serverUrl ?? '');
      onTestFinished(() => database.drop());
      const env = { DATABASE_URL: database.url, DATA_DIR: temporaryDataDir(onTestFinished), SEED_DEMO: 'true' };
      const first = await startServer(onTestFinished, env);
      expect(await health(first)).toEqual({ status: 200, body: { status: true } });
      expect(adminLines(first)).toHaveLength(1);
      const password = ADMIN_LINE.exec(adminLines(first)[0] ?? '')?.[2] ?? '';
      expect((await stopServer(first)).result).toEqual({ code: 0, signal: null });

      const second = await startServer(onTestFinished, env);
      expect(await health(second)).toEqual({ status: 200, body: { status: true } });
      expect(adminLines(second)).toEqual([]);
      expect((await stopServer(second)).result).toEqual({ code: 0, signal: null });

      const stored = await readStoredUsers({ kind: 'postgres', url: database.url });
      expect(stored.admins).toHaveLength(1);
      expect(await verifyPassword(stored.admins[0]?.passwordHash ?? '', password)).toBe(true);
      expect(stored.patients).toHaveLength(1);
    },
  );
});
