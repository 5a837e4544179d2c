// The cached reference-data call of the speed section: `GET /common-server/externalization/registration-dropdowns`
// on the portal against a bare Fastify 5 route (no plugins, no logger) returning the very same bytes, in this
// process. Three rounds, each the portal then the bare route, 20 connections, a 2 s warm-up then 8 s.
// Goal: the portal's requests per second at least 0.80 of the bare route's, in the worst round, on each database.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOST, fmt, freePort } from './portal.mjs';
import { SPEED_SECONDS, loadSide, ratioRow, sideBySide } from './rounds.mjs';
import { root } from '../web-build.mjs';

export const DROPDOWNS_PATH = '/common-server/externalization/registration-dropdowns';
const LOAD = { connections: 20, warmupSeconds: SPEED_SECONDS.warmup, durationSeconds: SPEED_SECONDS.measured };
const GOAL = 0.8; // portal req/s ÷ bare req/s

/** Fastify as the server workspace resolves it (apps/server/node_modules, else the root). */
async function importFastify() {
  const requireFromServer = createRequire(path.join(root, 'apps/server/package.json'));
  const module = await import(pathToFileURL(requireFromServer.resolve('fastify')).href);
  return module.default;
}

/** The ceiling: a bare Fastify 5 route answering `body` (the portal's own reply, parsed), with no plugins. */
async function startBareServer(body) {
  const Fastify = await importFastify();
  const app = Fastify({ logger: false });
  app.get(DROPDOWNS_PATH, async () => body);
  await app.listen({ host: HOST, port: await freePort() });
  return app;
}

/** One GET outside the load test: the portal must answer the call correctly. */
async function fetchDropdowns(url) {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text);
  if (body.status !== true) throw new Error(`GET ${url} answered status ${body.status}: ${text.slice(0, 200)}`);
  return { body, bytes: Buffer.byteLength(text) };
}

/** The call's rounds on the portal at `portalUrl` (`database` names it); failed requests join `failures`. */
export async function measureCachedCall({ portalUrl, database, log, failures }) {
  const portalCall = `${portalUrl}${DROPDOWNS_PATH}`;
  const { body, bytes } = await fetchDropdowns(portalCall);
  const bare = await startBareServer(body);
  const bareCall = `http://${HOST}:${bare.server.address().port}${DROPDOWNS_PATH}`;
  log(
    `GET ${DROPDOWNS_PATH} on ${database} (${bytes}-byte reply on both), ${LOAD.connections} connections, ` +
      `${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s, portal then bare Fastify 5`,
  );
  try {
    const result = await sideBySide({
      portal: loadSide(`${database} portal GET registration-dropdowns`, portalCall, LOAD, failures),
      reference: loadSide(`${database} bare Fastify route`, bareCall, LOAD, failures),
      goal: GOAL,
      log,
      name: database,
    });
    return { ...result, replyBytes: bytes, load: LOAD };
  } finally {
    await bare.close();
  }
}

/** The summary's row: goal, worst, each round, reference, verdict. */
export function cachedCallRow(database, result) {
  const bare = result.rounds.map((round) => fmt(round.reference.perSecond)).join(' / ');
  return ratioRow(
    `cached call on ${database}: portal ÷ bare ≥ ${fmt(GOAL, 2)}`,
    result,
    `bare Fastify 5: ${bare} req/s`,
  );
}
