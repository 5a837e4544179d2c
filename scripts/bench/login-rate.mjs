// Sign-in of the speed section: `POST /common-server/login` of a participant (no second factor, so the call answers
// the tokens at once) against a bare Fastify 5 route that verifies the participant's own hash with Argon2 and
// answers the portal's reply bytes (argon2-route.mjs), in a process of its own on as many threads as the portal's
// pool has under `npm start` (scripts/thread-pool-size.cjs, or the operator's UV_THREADPOOL_SIZE), loaded by the same
// client. Three rounds, each the portal's logins then the bare route's, 8 at once, a 2 s warm-up then 8 s. Goal: the
// portal's logins per second at least 0.90 of the bare route's, in the worst round, on each database: what a sign-in
// does beside the HTTP exchange and the hash (the sealed payload, its statements, the signature, the session write)
// costs under a tenth of them. Raw Argon2 in a process of its own (argon2-rate.mjs) is measured once beside them, to
// show what the HTTP exchange itself costs.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { HOST, fmt, freePort, startProcess, stopPortal } from './portal.mjs';
import { SPEED_SECONDS, loadSide, ratioRow, sideBySide } from './rounds.mjs';
import { LOGIN_PATH, sealedLoginBody } from './sign-in.mjs';
import { threadPoolSize } from '../thread-pool-size.cjs';

/** Logins at once: more than the pool's threads, so Argon2 always has work queued on every core. */
const LOAD = { connections: 8, warmupSeconds: SPEED_SECONDS.warmup, durationSeconds: SPEED_SECONDS.measured };
const GOAL = 0.9; // portal logins/s ÷ the bare route's logins/s
const LOGIN_REQUEST = { method: 'POST', headers: { 'content-type': 'application/json' } };
const script = (name) => fileURLToPath(new URL(`./${name}`, import.meta.url));

/** The portal's thread pool under `npm start`: the operator's UV_THREADPOOL_SIZE, else as thread-pool-size.cjs says. */
const portalThreads = () => Number(process.env.UV_THREADPOOL_SIZE) || threadPoolSize(os.availableParallelism());

/** One login outside the load test: it must answer the participant's tokens, not ask for a second step. */
async function checkLogin(url, body) {
  const response = await fetch(url, { ...LOGIN_REQUEST, body });
  const text = await response.text();
  let reply;
  try {
    reply = JSON.parse(text);
  } catch {
    // not JSON: told below
  }
  if (!response.ok || !reply?.data?.accessTokenResponse)
    throw new Error(`POST ${url} did not answer tokens: HTTP ${response.status} ${text.slice(0, 200)}`);
  return text;
}

/**
 * One round of the bare route (argon2-route.mjs) verifying `account`'s hash on `threads` threads and answering
 * `reply`, under the same load as the portal; its process is started for the round and stopped after it.
 */
const bareRoute = (account, reply, body, threads, failures) => async () => {
  const port = await freePort();
  const args = [port, LOGIN_PATH, account.passwordHash, account.password, Buffer.from(reply).toString('base64')];
  const env = { ...process.env, UV_THREADPOOL_SIZE: String(threads) };
  const route = startProcess([script('argon2-route.mjs'), ...args.map(String)], env, `listening on ${port}`);
  try {
    await route.ready;
    const url = `http://${HOST}:${port}${LOGIN_PATH}`;
    return await loadSide('bare Argon2 route', url, { ...LOAD, ...LOGIN_REQUEST, body }, failures)();
  } finally {
    const problem = await stopPortal(route);
    if (problem) failures.push(problem);
  }
};

/** Raw Argon2's verifications per second of `hash`, in a process of its own on `threads` threads. */
async function rawArgon2(hash, password, threads) {
  const args = [hash, password, LOAD.connections, LOAD.warmupSeconds, LOAD.durationSeconds].map(String);
  const env = { ...process.env, UV_THREADPOOL_SIZE: String(threads) };
  const { stdout } = await promisify(execFile)(process.execPath, [script('argon2-rate.mjs'), ...args], { env });
  return { threads, ...JSON.parse(stdout) };
}

/**
 * The rounds on the portal at `portalUrl` (`database` names it), signing in `account` ({ email, password,
 * passwordHash }) with the portal's `payloadKey`, then raw Argon2 once; failed requests join `failures`.
 */
export async function measureLogin({ portalUrl, payloadKey, account, database, log, failures }) {
  const url = `${portalUrl}${LOGIN_PATH}`;
  const body = await sealedLoginBody(payloadKey, account.email, account.password);
  const reply = await checkLogin(url, body);
  const threads = portalThreads();
  log(
    `POST /login of a participant on ${database}, ${LOAD.connections} at once, ${LOAD.warmupSeconds} s warm-up + ` +
      `${LOAD.durationSeconds} s, portal then a bare Fastify 5 route verifying with Argon2 on ${threads} threads`,
  );
  const result = await sideBySide({
    portal: loadSide(`${database} POST /login`, url, { ...LOAD, ...LOGIN_REQUEST, body }, failures),
    reference: bareRoute(account, reply, body, threads, failures),
    goal: GOAL,
    log,
    name: database,
  });
  const raw = await rawArgon2(account.passwordHash, account.password, threads);
  log(`  ${database}: raw Argon2 without HTTP, ${fmt(raw.perSecond, 1)} verifications/s`);
  return { ...result, threads, rawArgon2: raw, load: LOAD };
}

/** The summary's row: goal, worst, each round, reference (the bare route's rates, then raw Argon2's), verdict. */
export function loginRow(database, result) {
  const bare = result.rounds.map((round) => fmt(round.reference.perSecond, 1)).join(' / ');
  return ratioRow(
    `sign-in on ${database}: portal ÷ bare Argon2 route ≥ ${fmt(GOAL, 2)}`,
    result,
    `bare route on ${result.threads} threads: ${bare}/s (raw Argon2 ${fmt(result.rawArgon2.perSecond, 1)}/s)`,
  );
}
