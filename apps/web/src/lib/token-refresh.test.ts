import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshStoredTokens } from './token-refresh';

const NOW_MS = Date.parse('2026-11-22T12:00:00Z');

function jwt(expSeconds: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const claims = {
    sub: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
    email: 'rose@example.org',
    name: 'Rose Walker',
    given_name: 'Rose',
    family_name: 'Walker',
    isConsentSigned: false,
    language: 'en',
    exp: expSeconds,
    iat: expSeconds - 300,
    azp: 'portal',
    realm_access: { roles: ['patient'] },
  };
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

function storeSession(refreshToken: string, expiresInMs: number) {
  const expiresAt = NOW_MS + expiresInMs;
  localStorage.setItem(
    'authorize',
    JSON.stringify({ access_token: jwt(expiresAt / 1000), refresh_token: refreshToken, expires_at: expiresAt }),
  );
}

const stored = () => JSON.parse(localStorage.getItem('authorize') ?? '{}') as { refresh_token?: string };

/** The refresh call's reply with a new pair whose refresh token is 'new'. */
const NEW_PAIR = () => ({
  status: true,
  data: { access_token: jwt(NOW_MS / 1000 + 300), refresh_token: 'new', expires_in: 300, token_type: 'Bearer' },
});

function serverAnswers(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('refreshStoredTokens', () => {
  it('trades the stored refresh token for a new pair once the token is within a minute of expiry', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
    storeSession('old', 30_000);
    const fetchMock = serverAnswers(200, NEW_PAIR());
    expect(await refreshStoredTokens()).toBe('refreshed');
    expect(fetchMock).toHaveBeenCalledOnce();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'old' });
    expect(stored().refresh_token).toBe('new');
  });

  it('spends nothing when another tab already stored a fresh token', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
    storeSession('fresh-from-other-tab', 290_000);
    const fetchMock = serverAnswers(200, {});
    expect(await refreshStoredTokens()).toBe('refreshed');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes a fresh token when asked to (Stay Logged In)', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
    storeSession('old', 290_000);
    const fetchMock = serverAnswers(200, NEW_PAIR());
    expect(await refreshStoredTokens({ force: true })).toBe('refreshed');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it.each([
    ['a refused token', 401, { status: false, message: 'x', data: { errorCode: 'INVALID_CREDENTIALS' } }, 'refused'],
    ['downtime', 503, { status: false, message: 'x', data: { errorCode: 'SYSTEM_DOWN' } }, 'refused'],
    ['a server failure', 500, { status: false, message: 'x' }, 'unreachable'],
    ['too many requests', 429, { status: false, message: 'x' }, 'unreachable'],
  ])('answers %s with %s', async (_case, status, body, expected) => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
    storeSession('old', 30_000);
    serverAnswers(status, body);
    expect(await refreshStoredTokens()).toBe(expected);
    expect(stored().refresh_token).toBe('old');
  });

  it('counts a lost connection as unreachable, to try again', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
    storeSession('old', 30_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await refreshStoredTokens()).toBe('unreachable');
  });

  it('shares a refresh under way: the session timer firing while Stay Logged In waits spends nothing more', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
    storeSession('old', 30_000);
    const fetchMock = serverAnswers(200, NEW_PAIR());
    const results = await Promise.all([refreshStoredTokens({ force: true }), refreshStoredTokens()]);
    expect(results).toEqual(['refreshed', 'refreshed']);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(stored().refresh_token).toBe('new');
  });

  it('spends nothing when another tab spent the token while the lock was asked for', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
    storeSession('old', 30_000);
    const fetchMock = serverAnswers(200, {});
    const request = vi.fn(async (_name: string, _options: object, callback: (lock: object) => Promise<void>) => {
      storeSession('from-other-tab', 300_000);
      await callback({});
    });
    vi.stubGlobal('navigator', { locks: { request } });
    expect(await refreshStoredTokens({ force: true })).toBe('refreshed');
    expect(request).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stored().refresh_token).toBe('from-other-tab');
  });

  it('keeps no new pair that comes back after the tab signed out', async () => {
    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
    storeSession('old', 30_000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        localStorage.clear();
        return new Response(JSON.stringify(NEW_PAIR()));
      }),
    );
    expect(await refreshStoredTokens()).toBe('refused');
    expect(localStorage.getItem('authorize')).toBeNull();
  });

  it('has nothing to refresh when signed out', async () => {
    const fetchMock = serverAnswers(200, {});
    expect(await refreshStoredTokens()).toBe('refused');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
