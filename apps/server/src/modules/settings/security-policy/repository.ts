import { eq } from 'drizzle-orm';
import type { TSecurityPolicyValues } from '@portal/shared/settings/security-policy';
import type { Database } from '../../../db/client';
import { securityPolicy } from '../../../db/schema';

export async function updateSecurityPolicy(db: Pick<Database, 'update'>, values: TSecurityPolicyValues, now: Date) {
  const { otpRequiredBeforeICFSign, ...rest } = values;
  await db
    .update(securityPolicy)
    .set({ ...rest, otpRequiredBeforeIcfSign: otpRequiredBeforeICFSign, updatedAt: now })
    .where(eq(securityPolicy.id, 1));
}
