import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiConfigOptions } from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '@portal/shared/constants';

const DOCS_PREFIX = `${API_BASE}/docs`;
/** The routes that hold the API description itself; the page around it is a static shell. */
const SPEC_ROUTES = new Set([`${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`]);

/**
 * Runs in the docs page, where it is sent as source text (so it names the web app's storage key `authorize`
 * literally and uses nothing from this module): every request the page makes, the description's included,
 * carries the bearer token the web app keeps for the signed-in user, unless one is set already.
 */
const sendStoredToken: NonNullable<FastifySwaggerUiConfigOptions['requestInterceptor']> = function sendStoredToken(
  request,
) {
  const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage;
  try {
    const stored = JSON.parse(storage.getItem('authorize') ?? '{}') as { access_token?: string };
    if (stored.access_token && !request.headers.Authorization)
      request.headers.Authorization = `Bearer ${stored.access_token}`;
  } catch {
    // Nothing readable is stored: the request goes without a token, and the description is refused.
  }
  return request;
};

/**
 * OpenAPI document generated from the same zod schemas that validate the routes. In production only a signed-in
 * administrator reads it: the description answers a bearer token of an administrator only, and the docs page
 * sends the one the web app stored when the administrator signed in on this browser.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kidney Research Study Portal API',
        description: 'Every reply has the envelope { status, message?, data? }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A health system's key to its push API (System Options → Health System Verification issues them).
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  const adminOnly = app.env.NODE_ENV === 'production';
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    ...(adminOnly && {
      uiConfig: { requestInterceptor: sendStoredToken },
      uiHooks: {
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
          if (SPEC_ROUTES.has(request.routeOptions.url ?? '')) await app.checkAccess(request, reply, 'staff');
        },
      },
    }),
  });
}
