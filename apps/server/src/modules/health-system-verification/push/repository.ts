import { and, asc, count, desc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { TPushParticipantsQuery } from '@portal/shared/health-system-verification/push-api';
import type { Executor } from '../../../db/client';
import { onePage } from '../../../db/paging';
import { healthSystemVerifications as hsv, users } from '../../../db/schema';

const STATUS_FILTER: Record<TPushParticipantsQuery['status'], SQL | undefined> = {
  // Matches the partial index hsv_pending_idx (health_system, consented_at, user_id) where is_verified is null.
  pending: isNull(hsv.isVerified),
  verified: eq(hsv.isVerified, true),
  rejected: eq(hsv.isVerified, false),
  all: undefined,
};

/**
 * One page of a health system's participants with a verification record of the status asked for, in order of
 * consent (the user ID breaks ties); participants who withdrew are left out.
 */
export async function listPushParticipants(db: Executor, healthSystem: string, query: TPushParticipantsQuery) {
  const by = query.sort.direction === 'asc' ? asc : desc;
  const where = and(eq(hsv.healthSystem, healthSystem), STATUS_FILTER[query.status], ne(users.status, 'withdrawn'));
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select({
          userId: hsv.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          birthDate: users.birthDate,
          email: users.email,
          postalCode: users.postalCode,
          consentedAt: hsv.consentedAt,
          isVerified: hsv.isVerified,
          updatedAt: hsv.updatedAt,
        })
        .from(hsv)
        .innerJoin(users, eq(users.id, hsv.userId))
        .where(where)
        .orderBy(by(hsv.consentedAt), by(hsv.userId))
        .$dynamic(),
      query,
    ),
    db.select({ total: count() }).from(hsv).innerJoin(users, eq(users.id, hsv.userId)).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
