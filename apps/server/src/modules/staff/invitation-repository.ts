import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oneUseCodes } from '../../db/one-use-codes';
import { staffInvitations, users } from '../../db/schema';

/** Invitation links: one works for its own account, once; a newer one, or a cancellation, ends the older ones. */
export const invitationLinks = oneUseCodes(staffInvitations, { key: staffInvitations.tokenHash });

/** The newest open invitation link with this token hash, with who it invites; expired or not. */
export async function findInvitation(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      expiresAt: staffInvitations.expiresAt,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      status: users.status,
    })
    .from(staffInvitations)
    .innerJoin(users, eq(users.id, staffInvitations.userId))
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.usedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt))
    .limit(1);
  return row;
}
