import type { SystemOptionsTab } from '../features/system-options/SystemOptionsPage';
import { lazyNamed as named } from './lazy-named';

const ActivationRemindersPanel = named(
  () => import('../features/settings/components/ActivationRemindersPanel'),
  'ActivationRemindersPanel',
);
const IcfRemindersPanel = named(() => import('../features/settings/components/IcfRemindersPanel'), 'IcfRemindersPanel');
const SurveySettingsPanel = named(
  () => import('../features/settings/components/SurveySettingsPanel'),
  'SurveySettingsPanel',
);
const DowntimeBannerPanel = named(
  () => import('../features/settings/components/DowntimeBannerPanel'),
  'DowntimeBannerPanel',
);
const OneTimeSurveysPanel = named(
  () => import('../features/one-time-surveys/components/OneTimeSurveysPanel'),
  'OneTimeSurveysPanel',
);
const SurveyWindowOpenUsersPanel = named(
  () => import('../features/survey-window/components/SurveyWindowOpenUsersPanel'),
  'SurveyWindowOpenUsersPanel',
);
const WithdrawalsPanel = named(() => import('../features/withdrawals/components/WithdrawalsPanel'), 'WithdrawalsPanel');
const EmailAnalyticsPanel = named(
  () => import('../features/email-analytics/components/EmailAnalyticsPanel'),
  'EmailAnalyticsPanel',
);
const HealthSystemVerificationPanel = named(
  () => import('../features/health-system-verification/components/HealthSystemVerificationPanel'),
  'HealthSystemVerificationPanel',
);
const HealthSystemManagementPanel = named(
  () => import('../features/health-system-management/components/HealthSystemManagementPanel'),
  'HealthSystemManagementPanel',
);
const SecurityPolicyPanel = named(
  () => import('../features/settings/components/SecurityPolicyPanel'),
  'SecurityPolicyPanel',
);
const DataExportPanel = named(() => import('../features/data-export/components/DataExportPanel'), 'DataExportPanel');

const AuditLogPanel = named(() => import('../features/audit-log/components/AuditLogPanel'), 'AuditLogPanel');
/** The System Options tabs that exist, in the sidebar's order; each panel belongs to its feature. */
export const SYSTEM_OPTIONS_TABS: SystemOptionsTab[] = [
  {
    slug: 'account-activation-reminders',
    labelKey: 'systemOptions.tabs.accountActivationReminders',
    panel: <ActivationRemindersPanel />,
  },
  { slug: 'icf-reminders', labelKey: 'systemOptions.tabs.icfReminders', panel: <IcfRemindersPanel /> },
  { slug: 'survey', labelKey: 'systemOptions.tabs.survey', panel: <SurveySettingsPanel /> },
  { slug: 'downtime-banner', labelKey: 'systemOptions.tabs.downtimeBanner', panel: <DowntimeBannerPanel /> },
  { slug: 'one-time-surveys', labelKey: 'systemOptions.tabs.oneTimeSurveys', panel: <OneTimeSurveysPanel /> },
  {
    slug: 'survey-window-open-users',
    labelKey: 'systemOptions.tabs.surveyWindowOpenUsers',
    panel: <SurveyWindowOpenUsersPanel />,
  },
  { slug: 'withdrawals', labelKey: 'systemOptions.tabs.withdrawals', panel: <WithdrawalsPanel /> },
  {
    slug: 'health-system-verification',
    labelKey: 'systemOptions.tabs.healthSystemVerification',
    panel: <HealthSystemVerificationPanel />,
  },
  {
    slug: 'health-system-management',
    labelKey: 'systemOptions.tabs.healthSystemManagement',
    panel: <HealthSystemManagementPanel />,
  },
  { slug: 'security-policy', labelKey: 'systemOptions.tabs.securityPolicy', panel: <SecurityPolicyPanel /> },
  { slug: 'emails-insight', labelKey: 'systemOptions.tabs.emailsInsight', panel: <EmailAnalyticsPanel /> },
  { slug: 'data-export', labelKey: 'systemOptions.tabs.dataExport', panel: <DataExportPanel /> },
  { slug: 'audit-log', labelKey: 'systemOptions.tabs.auditLog', panel: <AuditLogPanel /> },
];
