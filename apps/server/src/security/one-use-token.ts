import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** The SHA-256 of a secret, as stored: a copy of the database opens no link and signs nobody in. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A fresh 256-bit token: the raw value goes into the e-mail, only its hash into the database. */
export function newOneUseToken(now: Date, lifetimeMs: number) {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token), expiresAt: new Date(now.getTime() + lifetimeMs) };
}

/** The portal page an e-mailed link opens, with the token and the account id (`?token=&id=`). */
export function emailedLink(publicUrl: string, page: string, token: string, userId: string): string {
  const url = new URL(page, publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('id', userId);
  return url.toString();
}

/** An e-mailed code of `length` digits, every digit uniformly random. */
export function newEmailCode(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

/** Whether an offered e-mailed code is the one stored as `codeHash`; spaces around it do not count. */
export function codeMatches(codeHash: string, offered: string): boolean {
  return sameHash(codeHash, hashSecret(offered.trim()));
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
