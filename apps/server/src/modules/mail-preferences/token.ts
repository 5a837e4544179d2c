import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DAY_MS } from '@portal/shared/durations';
import { MAIL_CATEGORIES, type MailCategory } from '@portal/shared/mail/categories';
import { UNSUBSCRIBE_TOKEN_DAYS } from '@portal/shared/mail/unsubscribe';
import type { Database } from '../../db/client';
import { loadAppSecret } from '../../db/app-secrets';

/** The secret unsubscribe tokens are signed with; replacing it ends every link already sent. */
const UNSUBSCRIBE_SECRET = 'mail-unsubscribe';
/** Kept apart from any other HMAC made with a secret of the portal. */
const DOMAIN = 'unsubscribe.v1.';
const TOKEN_MS = UNSUBSCRIBE_TOKEN_DAYS * DAY_MS;

const ZClaims = z.object({ u: z.uuid(), c: z.enum(MAIL_CATEGORIES), t: z.number().int().nonnegative() });

export interface UnsubscribeClaims {
  userId: string;
  category: MailCategory;
  issuedAt: Date;
}

export type TokenReading = { ok: true; claims: UnsubscribeClaims; expired: boolean } | { ok: false };

/**
 * The signed, expiring token of an e-mail's unsubscribe link: `payload.signature`, the payload the base64url JSON
 * of {userId, category, issuedAt}, the signature HMAC-SHA-256 of it under a secret kept in the database (so every
 * server process signs and checks alike), compared in constant time. Made when a message leaves, never stored.
 */
export function createUnsubscribeTokens(db: Database) {
  // Read for each use rather than kept, so a restored backup's secret applies at once.
  const keyOf = async () => Buffer.from(await loadAppSecret(db, UNSUBSCRIBE_SECRET), 'base64url');
  const sign = (key: Buffer, payload: string) =>
    createHmac('sha256', key)
      .update(DOMAIN + payload)
      .digest();

  return {
    async issue(userId: string, category: MailCategory, now: Date): Promise<string> {
      const payload = Buffer.from(JSON.stringify({ u: userId, c: category, t: now.getTime() })).toString('base64url');
      return `${payload}.${sign(await keyOf(), payload).toString('base64url')}`;
    },

    /** The token's claims if its signature holds, and whether it is past its 60 days at `now`. */
    async read(token: string, now: Date): Promise<TokenReading> {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return { ok: false };
      const expected = sign(await keyOf(), payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false };
      }
      const claims = ZClaims.safeParse(decoded);
      if (!claims.success) return { ok: false };
      const { u, c, t } = claims.data;
      return {
        ok: true,
        claims: { userId: u, category: c, issuedAt: new Date(t) },
        expired: now.getTime() - t > TOKEN_MS,
      };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
