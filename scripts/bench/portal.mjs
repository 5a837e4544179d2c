// The portal as the benchmarks run it: `npm start` in a child process on a free port of the bench range,
// stopped with SIGTERM. Shared by every section of `npm run bench`.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { startArguments } from '../start-command.mjs';
import { root } from '../web-build.mjs';

export const HOST = '127.0.0.1';
/** The ports the bench may listen on: BENCH_PORTS (`first-last`), else 18500-18599. */
const PORT_RANGE = (process.env.BENCH_PORTS ?? '18500-18599').split('-').map(Number);
const STARTUP_TIMEOUT_MS = 180_000; // start.mjs may have to build the web app first
const SHUTDOWN_TIMEOUT_MS = 15_000; // a clean stop takes at most 10 s; a little slack before SIGKILL

/** A port in our range that nothing listens on right now (other engineers share the machine). */
export async function freePort(exclude = []) {
  for (let port = PORT_RANGE[0]; port <= PORT_RANGE[1]; port++) {
    if (exclude.includes(port)) continue;
    const free = await new Promise((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, HOST, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between ${PORT_RANGE[0]} and ${PORT_RANGE[1]}`);
}

/**
 * Starts the portal exactly as `npm start` does and resolves `ready` once it prints its listening line.
 * Without `databaseUrl` it runs on the embedded database in `dataDir`; with it, on that PostgreSQL database.
 * `env` adds settings of its own (the shared keys of several processes, an SMTP server).
 */
export function startPortal({
  port,
  dataDir,
  databaseUrl,
  adminEmail,
  adminPassword,
  adminAppSecret,
  payloadKey,
  env: extra = {},
}) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: adminPassword,
    ...(adminAppSecret && { ADMIN_TOTP_SECRET: adminAppSecret }),
    LOG_LEVEL: 'warn', // request logging would otherwise dominate the measurement
    RATE_LIMIT_FACTOR: '100000', // one client IP sends everything; keep the per-IP limit out of the way
    ...extra,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (adminEmail) env.ADMIN_EMAIL = adminEmail;
  if (payloadKey) env.PAYLOAD_KEY = payloadKey;
  const started = startProcess(startArguments(), env, `Portal listening on http://${HOST}:${port}`);
  return { ...started, url: `http://${HOST}:${port}` };
}

/**
 * Runs `node <args>` from the repository's root and resolves `ready` once it prints the `expected` line on
 * stdout; `output` keeps the last lines, to explain a failure.
 */
export function startProcess(args, env, expected) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${args.at(-1)} did not start within ${STARTUP_TIMEOUT_MS / 1000} s`)),
      STARTUP_TIMEOUT_MS,
    );
    const collect = (stream, isStdout) => {
      let pending = '';
      stream.setEncoding('utf8').on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop();
        for (const line of lines) {
          output.push(line);
          if (output.length > 40) output.shift();
          if (isStdout && line.trim() === expected) {
            clearTimeout(timer);
            resolve();
          }
        }
      });
    };
    collect(child.stdout, true);
    collect(child.stderr, false);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${args.at(-1)} exited during start-up (code ${code}, signal ${signal})\n${output.join('\n')}`));
    });
  });
  return { child, ready, exited, output };
}

/** SIGTERM, then wait (a portal or any process of `startProcess`); a problem description, or undefined. */
export async function stopPortal(portal) {
  if (portal.child.exitCode !== null || portal.child.signalCode !== null) return undefined;
  portal.child.kill('SIGTERM');
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_TIMEOUT_MS, 'timeout')));
  const result = await Promise.race([portal.exited, timeout]);
  clearTimeout(timer);
  if (result === 'timeout') {
    portal.child.kill('SIGKILL');
    await portal.exited;
    return `${portal.child.spawnargs.at(-1)} did not exit within ${SHUTDOWN_TIMEOUT_MS / 1000} s of SIGTERM (killed)`;
  }
  if (result.code !== 0)
    return `${portal.child.spawnargs.at(-1)} exited with code ${result.code} (signal ${result.signal}) after SIGTERM`;
  return undefined;
}

export const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const verdict = (met) => (met ? 'MET' : '*** MISSED ***');

/** Prints rows as a table: the first column left-aligned, the others right-aligned. */
export function printTable(log, rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    log(`  ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('   ')}`);
}

/** Nearest-rank percentiles of durations in ms. */
export function percentiles(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50Ms: at(50), p95Ms: at(95), p99Ms: at(99), maxMs: sorted.at(-1), samples: sorted.length };
}
