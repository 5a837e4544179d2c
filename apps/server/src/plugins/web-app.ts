import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@portal/shared/constants';
import { requestLanguage } from '../lib/localize';
import { statusMessage } from './http-envelope';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * client route (including unknown ones, which the app renders as its 404 page) answered with index.html.
 * API paths that match nothing answer a JSON 404 in the envelope.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`);
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ status: false, message: statusMessage(requestLanguage(request), 404) });
  });
}
