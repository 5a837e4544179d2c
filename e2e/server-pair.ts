/**
 * Two portal processes on one fresh PostgreSQL database behind one address, as a deployment runs several: each
 * started as `npm start` starts it, with the same DATABASE_URL, TOKEN_SIGNING_KEY and PAYLOAD_KEY and a data
 * directory of its own, and a round-robin proxy in front that sends each request to the next process in turn.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { startArguments } from '../scripts/start-command.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 120_000;

/** Runs one statement on the server's maintenance connection (creating or dropping a database). */
async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the PostgreSQL server of `serverUrl`; `drop` removes it with its connections. */
export async function createJourneyDatabase(serverUrl: string) {
  const name = `portal_e2e_two_servers_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`) };
}

/** The secrets every process of one portal must share: the token signing key (PKCS#8 PEM) and the payload key. */
export function sharedSecrets() {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { TOKEN_SIGNING_KEY: privateKey, PAYLOAD_KEY: randomBytes(32).toString('base64') };
}

export interface PortalProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed, to explain a failure. */
  output: string[];
  /** SIGTERM, then the exit; the data directory is removed. */
  stop(): Promise<void>;
}

/**
 * Starts the portal as `npm start` does (node with its flags, then scripts/start.mjs) on a port the system picks (PORT=0) and resolves once it prints its listening
 * line. Only PATH and HOME come from this process, so nothing of the journeys' own portal leaks in.
 */
export async function startPortalProcess(env: Record<string, string>): Promise<PortalProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-pair-'));
  const child = spawn(process.execPath, startArguments(), {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no listening line within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const listening = /^Portal listening on (http:\/\/\S+)$/.exec(line);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the portal exited before listening:\n${output.join('\n')}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, child, output, stop };
}

export interface RoundRobinProxy {
  url: string;
  /** Where requests go, in turn; set once the processes listen. */
  backends: string[];
  /** API requests each backend answered, by its URL. */
  apiCalls: Map<string, number>;
  close(): Promise<void>;
}

/** The header the proxy adds to each reply, naming the backend that answered. */
export const BACKEND_HEADER = 'x-journey-backend';

/**
 * A reverse proxy that sends each request to the next backend in turn. It passes the client's address on in
 * `X-Forwarded-For` (kept when the client sent one, as a proxy in front of it would have) and names the backend
 * that answered in BACKEND_HEADER.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let next = 0;
  const proxy: RoundRobinProxy = {
    url: '',
    backends: [],
    apiCalls: new Map(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((incoming, outgoing) => {
    const backend = proxy.backends[next++ % proxy.backends.length]!;
    if (incoming.url?.startsWith('/common-server/'))
      proxy.apiCalls.set(backend, (proxy.apiCalls.get(backend) ?? 0) + 1);
    const target = new URL(incoming.url ?? '/', backend);
    const headers = {
      ...incoming.headers,
      host: target.host,
      'x-forwarded-for': incoming.headers['x-forwarded-for'] ?? incoming.socket.remoteAddress ?? '127.0.0.1',
    };
    const upstream = forward(target, { method: incoming.method, headers }, (reply) => {
      outgoing.writeHead(reply.statusCode ?? 502, { ...reply.headers, [BACKEND_HEADER]: backend });
      reply.pipe(outgoing);
    });
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
