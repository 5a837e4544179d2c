import type { DashboardId } from '@portal/shared/analytics-dashboards/analytics-dashboards';
import { recordAudit } from '../../db/audit';
import type { Database } from '../../db/client';
import type { Clock } from '../../providers/clock/clock';
import type { DashboardTokens } from './dashboard-tokens';

/** Full-screen links of the built-in dashboards: each one issued is kept in the audit log. */
export function createDashboardLinkService({
  db,
  clock,
  tokens,
}: {
  db: Database;
  clock: Clock;
  tokens: DashboardTokens;
}) {
  return {
    /** A token that opens one dashboard for an hour, issued to an administrator. */
    async issue(dashboardId: DashboardId, adminId: string, ip: string) {
      const now = clock.now();
      const { token, expiresAt } = await tokens.issue(dashboardId, adminId, now);
      await recordAudit(db, {
        at: now,
        action: 'dashboard.linkIssued',
        actorId: adminId,
        details: { dashboardId, expiresAt: expiresAt.toISOString() },
        ip,
      });
      return { token, expiresAt };
    },
  };
}
export type DashboardLinkService = ReturnType<typeof createDashboardLinkService>;
