import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '@portal/shared/constants';
import { requestLanguage } from '../lib/localize';
import { statusMessage } from './http-envelope';

/** Where the web build keeps the public pages pre-rendered per language: `<language>/<page>.html`, `/` as index.html. */
const PRERENDERED_DIR = 'prerendered';

/** The pre-rendered files that exist, read once: `en/login-patient.html`, `sp/index.html`… */
function prerenderedFiles(distDir: string): Set<string> {
  const dir = path.join(distDir, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Set();
  const languages = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return new Set(
    languages.flatMap((language) =>
      readdirSync(path.join(dir, language.name)).map((file) => `${language.name}/${file}`),
    ),
  );
}

/**
 * The page pre-rendered for this address in the language of the preferredLanguage cookie, if there is one.
 * An address with a query string is answered by the app alone: what the query asks for is not pre-rendered.
 */
function prerenderedPage(request: FastifyRequest, files: Set<string>): string | undefined {
  if (request.url.includes('?')) return undefined;
  const name = request.url === '/' ? 'index' : request.url.slice(1);
  const file = `${requestLanguage(request)}/${name}.html`;
  return files.has(file) ? `${PRERENDERED_DIR}/${file}` : undefined;
}

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached, each file compressed as the
 * build stored it (`.br`, `.gz`) when the browser accepts that. A client route is answered with its page
 * pre-rendered in the visitor's language when the build made one, else with index.html (the app renders
 * unknown routes as its 404 page). API paths that match nothing answer a JSON 404 in the envelope.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  const prerendered = hasWebApp ? prerenderedFiles(distDir) : new Set<string>();
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`);
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = prerenderedPage(request, prerendered);
      // The same address answers another language's page once the cookie changes.
      if (page) reply.header('Vary', 'Cookie');
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html')
        .sendFile(page ?? 'index.html');
    }
    return reply.status(404).send({ status: false, message: statusMessage(requestLanguage(request), 404) });
  });
}
