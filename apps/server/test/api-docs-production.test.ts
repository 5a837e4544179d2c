import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { signInAdmin } from './auth-helpers';
import { describeOnDatabase, useTestApp } from './helpers';
import { call, signedInParticipant } from './participant-helpers';
import { expectAdminOnly } from './settings-helpers';

/** A configuration production accepts. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PAYLOAD_KEY: 'c2VjcmV0LWtleS1vZi1hLXJlYWwtZGVwbG95bWVudCE=',
  SEED_DEMO: 'false',
  PUBLIC_URL: 'https://portal.example.org',
  SMTP_URL: 'smtps://portal:secret@mail.example.org:465',
  CAPTCHA_ENABLED: 'false',
};

interface SwaggerConfig {
  requestInterceptor(request: { headers: Record<string, string> }): { headers: Record<string, string> };
}

/** Runs the docs page's start-up script as a browser would, with `stored` in local storage; returns its settings. */
function docsPageConfig(script: string, stored: Record<string, string>): SwaggerConfig {
  let config: SwaggerConfig | undefined;
  const bundle = Object.assign(
    (settings: SwaggerConfig) => {
      config = settings;
      return { initOAuth: () => undefined };
    },
    { presets: { apis: {} }, plugins: { DownloadUrl: {} } },
  );
  const window: { location: { href: string }; onload?: () => void } = {
    location: { href: 'https://portal.example.org/common-server/docs/' },
  };
  runInNewContext(`${script};window.onload()`, {
    window,
    document: { createElement: () => ({ href: '' }), querySelector: () => ({ appendChild: () => undefined }) },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    SwaggerUIBundle: bundle,
    SwaggerUIStandalonePreset: {},
  });
  if (!config) throw new Error('The docs page did not start Swagger UI');
  return config;
}

describeOnDatabase('the API docs in production', (target) => {
  const testApp = useTestApp(target, { env: PRODUCTION });

  it('give the description to an administrator only: 401 without a token, 403 to a participant', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    await expectAdminOnly(t, participant.tokens.access_token, [
      ['GET', '/docs/json'],
      ['GET', '/docs/yaml'],
    ]);

    const admin = (await signInAdmin(t)).access_token;
    const json = await call(t, 'GET', '/docs/json', admin);
    expect(json.statusCode).toBe(200);
    expect(json.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty(['/common-server/health', 'get']);
    const yaml = await call(t, 'GET', '/docs/yaml', admin);
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toMatch(/^openapi: 3\./);
  });

  it('serve the page itself, with its own security policy, sending the token the web app stored', async () => {
    const t = testApp();
    const page = await t.app.inject({ method: 'GET', url: '/common-server/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self';/);
    expect(page.headers['x-frame-options']).toBe('DENY');

    const script = await t.app.inject({ method: 'GET', url: '/common-server/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    const signedIn = docsPageConfig(script.body, {
      authorize: JSON.stringify({ access_token: 'header.claims.signature', refresh_token: 'r', expires_at: 1 }),
    });
    expect(signedIn.requestInterceptor({ headers: {} }).headers).toEqual({
      Authorization: 'Bearer header.claims.signature',
    });
    expect(signedIn.requestInterceptor({ headers: { Authorization: 'Bearer typed' } }).headers).toEqual({
      Authorization: 'Bearer typed',
    });
    for (const stored of [{}, { authorize: 'not json' }] as Record<string, string>[])
      expect(docsPageConfig(script.body, stored).requestInterceptor({ headers: {} }).headers).toEqual({});
  });
});
