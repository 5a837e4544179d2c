import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@portal/shared/constants';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) injects style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Computed once: building these per request (as helmet does) cost a third of a reference call's CPU. */
const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
export const API_HEADERS = { ...SECURITY_HEADERS, 'cache-control': 'no-store' };
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * CSP, nosniff, frame-ancestors and Referrer-Policy on every reply; HSTS only when the request came
 * over TLS (directly or, with TRUST_PROXY, through a proxy); API replies are never cached. A route may
 * still set its own Cache-Control (or, like the API docs page, its own CSP) after this hook.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`);
    reply.headers(isApi ? API_HEADERS : SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
