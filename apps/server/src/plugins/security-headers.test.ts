import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

const EVERY_REPLY = {
  'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};
const DOCUMENT = {
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

async function appWithHeaders() {
  const app = Fastify({ trustProxy: true });
  registerSecurityHeaders(app);
  app.get('/common-server/json', async () => ({ status: true }));
  app.get('/common-server/page', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
  app.get('/common-server/pdf', async (_request, reply) =>
    reply.header('content-security-policy', "sandbox; default-src 'none'").type('application/pdf').send('%PDF'),
  );
  app.get('/login-patient', async (_request, reply) => reply.type('text/html').send('<p>app</p>'));
  await app.ready();
  return app;
}

describe('security headers', () => {
  it('give a JSON reply of the API the headers of every reply, no-store, and none of the document headers', async () => {
    const app = await appWithHeaders();
    const reply = await app.inject('/common-server/json');
    expect(reply.headers).toMatchObject({ ...EVERY_REPLY, 'cache-control': 'no-store' });
    for (const name of Object.keys(DOCUMENT)) expect(reply.headers[name], name).toBeUndefined();
    expect(reply.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('give every reply that is not JSON the document headers too, keeping a route’s own CSP', async () => {
    const app = await appWithHeaders();
    expect((await app.inject('/common-server/page')).headers).toMatchObject({
      ...EVERY_REPLY,
      ...DOCUMENT,
      'cache-control': 'no-store',
    });
    expect((await app.inject('/common-server/pdf')).headers).toMatchObject({
      ...DOCUMENT,
      'content-security-policy': "sandbox; default-src 'none'",
    });
    const page = await app.inject('/login-patient');
    expect(page.headers).toMatchObject({ ...EVERY_REPLY, ...DOCUMENT });
    expect(page.headers['cache-control']).toBeUndefined();
    await app.close();
  });

  it('add HSTS when the request came over HTTPS', async () => {
    const app = await appWithHeaders();
    const secure = await app.inject({ url: '/common-server/json', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});
