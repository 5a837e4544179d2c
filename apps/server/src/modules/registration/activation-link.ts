import { createHash, randomBytes } from 'node:crypto';

const DAY_MS = 86_400_000;

/** A fresh activation token: the raw value goes into the e-mail, only its hash into the database. */
export function newActivationToken(now: Date, expiryDays: number) {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashActivationToken(token), expiresAt: new Date(now.getTime() + expiryDays * DAY_MS) };
}

export function hashActivationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function activationLink(publicUrl: string, token: string, userId: string): string {
  const url = new URL('/registration-confirm', publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('id', userId);
  return url.toString();
}
