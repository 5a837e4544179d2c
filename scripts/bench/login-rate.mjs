// Sign-in of the speed section: `POST /common-server/login` of a participant (no second factor, so the call answers
// the tokens at once) against raw Argon2 verifying the participant's own hash in a process of its own
// (argon2-rate.mjs) on as many threads as the portal's pool has under `npm start` (scripts/thread-pool-size.cjs,
// or the operator's UV_THREADPOOL_SIZE). Three rounds, each the portal's logins then raw Argon2, 8 at once, a 2 s
// warm-up then 8 s. Goal: the portal's logins per second at least 0.90 of the verifications, in the worst round, on
// each database: what a sign-in does beside the hash costs under a tenth of it.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { fmt } from './portal.mjs';
import { SPEED_SECONDS, loadSide, ratioRow, sideBySide } from './rounds.mjs';
import { LOGIN_PATH, sealedLoginBody } from './sign-in.mjs';
import { threadPoolSize } from '../thread-pool-size.cjs';

/** Logins at once: more than the pool's threads, so Argon2 always has work queued on every core. */
const LOAD = { connections: 8, warmupSeconds: SPEED_SECONDS.warmup, durationSeconds: SPEED_SECONDS.measured };
const GOAL = 0.9; // portal logins/s ÷ raw Argon2 verifications/s
const LOGIN_REQUEST = { method: 'POST', headers: { 'content-type': 'application/json' } };

/** The portal's thread pool under `npm start`: the operator's UV_THREADPOOL_SIZE, else as thread-pool-size.cjs says. */
const portalThreads = () => Number(process.env.UV_THREADPOOL_SIZE) || threadPoolSize(os.availableParallelism());

/** One login outside the load test: it must answer the participant's tokens, not ask for a second step. */
async function checkLogin(url, body) {
  const response = await fetch(url, { ...LOGIN_REQUEST, body });
  const reply = await response.json().catch(() => undefined);
  if (!response.ok || !reply?.data?.accessTokenResponse)
    throw new Error(
      `POST ${url} did not answer tokens: HTTP ${response.status} ${JSON.stringify(reply)?.slice(0, 200)}`,
    );
}

/** Raw Argon2's verifications per second of `hash`, in a process of its own on `threads` threads. */
async function rawArgon2(hash, password, threads) {
  const script = fileURLToPath(new URL('./argon2-rate.mjs', import.meta.url));
  const args = [hash, password, LOAD.connections, LOAD.warmupSeconds, LOAD.durationSeconds].map(String);
  const env = { ...process.env, UV_THREADPOOL_SIZE: String(threads) };
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], { env });
  return { threads, ...JSON.parse(stdout) };
}

/**
 * The rounds on the portal at `portalUrl` (`database` names it), signing in `account` ({ email, password,
 * passwordHash }) with the portal's `payloadKey`; failed requests join `failures`.
 */
export async function measureLogin({ portalUrl, payloadKey, account, database, log, failures }) {
  const url = `${portalUrl}${LOGIN_PATH}`;
  const body = await sealedLoginBody(payloadKey, account.email, account.password);
  await checkLogin(url, body);
  const threads = portalThreads();
  log(
    `POST /login of a participant on ${database}, ${LOAD.connections} at once, ${LOAD.warmupSeconds} s warm-up + ` +
      `${LOAD.durationSeconds} s, portal then raw Argon2 on ${threads} threads`,
  );
  const result = await sideBySide({
    portal: loadSide(`${database} POST /login`, url, { ...LOAD, ...LOGIN_REQUEST, body }, failures),
    reference: () => rawArgon2(account.passwordHash, account.password, threads),
    goal: GOAL,
    log,
    name: database,
  });
  return { ...result, threads, load: LOAD };
}

/** The summary's row: goal, worst, each round, reference, verdict. */
export function loginRow(database, result) {
  const argon2 = result.rounds.map((round) => fmt(round.reference.perSecond, 1)).join(' / ');
  return ratioRow(
    `sign-in on ${database}: portal ÷ raw Argon2 ≥ ${fmt(GOAL, 2)}`,
    result,
    `Argon2 on ${result.threads} threads: ${argon2}/s`,
  );
}
