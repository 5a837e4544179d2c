import type { DashboardId } from '@portal/shared/analytics-dashboards/analytics-dashboards';
import type { DashboardView } from '../features/analytics-dashboards/DashboardViewPage';
import { lazyNamed } from './lazy-named';

/** The built-in dashboards, each the very component System Options embeds. */
export const DASHBOARD_VIEWS: Record<DashboardId, DashboardView> = {
  withdrawals: {
    titleKey: 'dashboards.titles.withdrawals',
    View: lazyNamed(() => import('../features/withdrawals/components/WithdrawalsDashboard'), 'WithdrawalsDashboard'),
  },
  'survey-window-open-users': {
    titleKey: 'dashboards.titles.surveyWindowOpenUsers',
    View: lazyNamed(
      () => import('../features/survey-window/components/SurveyWindowDashboard'),
      'SurveyWindowDashboard',
    ),
  },
  'email-analytics': {
    titleKey: 'dashboards.titles.emailAnalytics',
    View: lazyNamed(
      () => import('../features/email-analytics/components/EmailAnalyticsDashboard'),
      'EmailAnalyticsDashboard',
    ),
  },
};
