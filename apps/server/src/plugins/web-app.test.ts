import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const SPANISH = { cookie: 'preferredLanguage=sp' };
const distDir = mkdtempSync(path.join(os.tmpdir(), 'web-app-test-'));
let app: FastifyInstance;

/** A build: index.html, a hashed asset, and pre-rendered pages in both languages (one stored compressed). */
function writeBuild() {
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
    writeFileSync(path.join(distDir, file), content);
  };
  write('index.html', 'app shell');
  write('assets/app-1a2b.js', 'console.log(1)');
  write('prerendered/en/index.html', 'landing en');
  write('prerendered/sp/index.html', 'landing sp');
  write('prerendered/en/login-patient.html', 'login en');
  write('prerendered/sp/login-patient.html', 'login sp');
  write('prerendered/sp/login-patient.html.br', brotliCompressSync('login sp, compressed'));
}

beforeAll(async () => {
  writeBuild();
  app = Fastify();
  await app.register(cookie);
  await registerWebApp(app, distDir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('registerWebApp', () => {
  it('answers a page with its pre-rendered HTML in the language of the preferredLanguage cookie, English by default', async () => {
    const english = await app.inject({ url: '/' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toBe('landing en');
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers['cache-control']).toBe('no-cache');
    expect(english.headers.vary).toBe('Cookie, accept-encoding');

    expect((await app.inject({ url: '/', headers: SPANISH })).body).toBe('landing sp');
    expect((await app.inject({ url: '/login-patient', headers: SPANISH })).body).toBe('login sp');
    expect((await app.inject({ url: '/login-patient', headers: { cookie: 'preferredLanguage=fr' } })).body).toBe(
      'login en',
    );
  });

  it('answers index.html where nothing is pre-rendered: another page, an address with a query, an unknown path', async () => {
    for (const url of ['/forgot-password', '/login-patient?rsn=iact', '/no/such/page', '/prerendered']) {
      const reply = await app.inject({ url, headers: SPANISH });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toBe('app shell');
      expect(reply.headers.vary, url).toBe('accept-encoding');
    }
  });

  it('sends the stored Brotli copy to a browser that accepts it, and the plain file to one that does not', async () => {
    const compressed = await app.inject({
      url: '/login-patient',
      headers: { ...SPANISH, 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('Cookie, accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('login sp, compressed');

    const plain = await app.inject({ url: '/login-patient', headers: { ...SPANISH, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('login sp');
  });

  it('caches hashed assets for a year and answers an unknown API path with a JSON 404 in the envelope', async () => {
    const asset = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');

    const api = await app.inject({ url: '/common-server/no-such-call', headers: SPANISH });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: false, message: expect.any(String) });
  });
});
