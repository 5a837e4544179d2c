import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchaRedemptions } from '../../db/schema';

/** Records a solved challenge; false when it was already redeemed. */
export async function redeemChallenge(db: Database, challengeId: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(captchaRedemptions)
    .values({ challengeId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: captchaRedemptions.challengeId });
  return inserted.length === 1;
}

export function purgeExpiredRedemptions(db: Database, now: Date) {
  return db.delete(captchaRedemptions).where(lt(captchaRedemptions.expiresAt, now));
}
