import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

/** The built-in dashboards: figures drawn from the portal's own data, never a participant's identity. */
export const DASHBOARD_IDS = ['withdrawals', 'survey-window-open-users', 'email-analytics'] as const;
export const ZDashboardId = z.enum(DASHBOARD_IDS);
export type DashboardId = z.infer<typeof ZDashboardId>;

/** The header that carries a dashboard token to the dashboard's own data calls. */
export const DASHBOARD_TOKEN_HEADER = 'x-dashboard-token';

/** How long a dashboard token opens its dashboard: one hour. */
export const DASHBOARD_TOKEN_SECONDS = 3600;

export const GET_DOMO = call('GET', '/domo');

/** `GET /domo?dashBoardId=`. */
export const ZDashboardTokenQuery = z.object({ dashBoardId: ZDashboardId });

/** A signed token that opens one dashboard until `expiresAt`, and the page that shows it. */
export const ZDashboardToken = z.object({
  dashboardId: ZDashboardId,
  token: z.string(),
  expiresAt: z.iso.datetime(),
  /** The dashboard's full-screen page; the token follows it in the fragment, which browsers never send. */
  path: z.string(),
});
export type TDashboardToken = z.infer<typeof ZDashboardToken>;
export const ZDashboardTokenReply = envelope(ZDashboardToken);

/** The full-screen page of a dashboard. */
export const dashboardPath = (id: DashboardId) => `/dashboards/${id}`;
