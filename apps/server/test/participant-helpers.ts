import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Language } from '@portal/shared/constants';
import type { PlainPayload } from '@portal/shared/crypto/payload-envelope';
import type { TestApp } from './helpers';
import { signIn, type Tokens } from './auth-helpers';
import { API, confirm, registerParticipant, userByEmail } from './registration-helpers';

export interface SignedInParticipant {
  email: string;
  userId: string;
  tokens: Tokens;
}

/** Registers, activates and signs in a participant of its own. */
export async function signedInParticipant(t: TestApp, overrides: PlainPayload = {}): Promise<SignedInParticipant> {
  const registered = await registerParticipant(t, overrides);
  expect((await confirm(t, registered)).statusCode).toBe(200);
  const tokens = await signIn(t, registered.email);
  t.mail.delivered.length = 0;
  return { email: registered.email, userId: (await userByEmail(t, registered.email))!.id, tokens };
}

/** An authenticated call; `language` sets the preferredLanguage cookie, `headers` adds request headers. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string | undefined,
  options: { payload?: unknown; language?: Language; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: path.startsWith(API) ? path : `${API}${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      'user-agent': 'ConsentTest/1.0',
      ...options.headers,
    },
    ...(options.payload !== undefined ? { payload: JSON.stringify(options.payload) } : {}),
    cookies: options.language ? { preferredLanguage: options.language } : {},
  });
}
