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
const StaffPanel = named(() => import('../features/staff/components/StaffPanel'), 'StaffPanel');
const StudyNoticesPanel = named(
  () => import('../features/study-notices/components/StudyNoticesPanel'),
  'StudyNoticesPanel',
);
const ParticipantsPanel = named(
  () => import('../features/participants/components/ParticipantsPanel'),
  'ParticipantsPanel',
);
/**
 * The System Options tabs that exist, in the sidebar's order; each panel belongs to its feature, and each tab names
 * the permission a staff member's role needs to open it.
 */
export const SYSTEM_OPTIONS_TABS: SystemOptionsTab[] = [
  {
    slug: 'account-activation-reminders',
    labelKey: 'systemOptions.tabs.accountActivationReminders',
    permissions: ['settings.view'],
    panel: <ActivationRemindersPanel />,
  },
  {
    slug: 'icf-reminders',
    labelKey: 'systemOptions.tabs.icfReminders',
    permissions: ['settings.view'],
    panel: <IcfRemindersPanel />,
  },
  {
    slug: 'survey',
    labelKey: 'systemOptions.tabs.survey',
    permissions: ['settings.view'],
    panel: <SurveySettingsPanel />,
  },
  {
    slug: 'downtime-banner',
    labelKey: 'systemOptions.tabs.downtimeBanner',
    permissions: ['settings.view'],
    panel: <DowntimeBannerPanel />,
  },
  {
    slug: 'one-time-surveys',
    labelKey: 'systemOptions.tabs.oneTimeSurveys',
    permissions: ['settings.view'],
    panel: <OneTimeSurveysPanel />,
  },
  {
    slug: 'survey-window-open-users',
    labelKey: 'systemOptions.tabs.surveyWindowOpenUsers',
    permissions: ['surveyWindow.view', 'dashboards.view'],
    panel: <SurveyWindowOpenUsersPanel />,
  },
  {
    slug: 'withdrawals',
    labelKey: 'systemOptions.tabs.withdrawals',
    permissions: ['withdrawals.view', 'dashboards.view'],
    panel: <WithdrawalsPanel />,
  },
  {
    slug: 'health-system-verification',
    labelKey: 'systemOptions.tabs.healthSystemVerification',
    permissions: ['verification.view'],
    panel: <HealthSystemVerificationPanel />,
  },
  {
    slug: 'health-system-management',
    labelKey: 'systemOptions.tabs.healthSystemManagement',
    permissions: ['settings.view'],
    panel: <HealthSystemManagementPanel />,
  },
  {
    slug: 'security-policy',
    labelKey: 'systemOptions.tabs.securityPolicy',
    permissions: ['settings.view'],
    panel: <SecurityPolicyPanel />,
  },
  {
    slug: 'emails-insight',
    labelKey: 'systemOptions.tabs.emailsInsight',
    permissions: ['emails.figures'],
    panel: <EmailAnalyticsPanel />,
  },
  {
    slug: 'data-export',
    labelKey: 'systemOptions.tabs.dataExport',
    permissions: ['export.deidentified'],
    panel: <DataExportPanel />,
  },
  {
    slug: 'audit-log',
    labelKey: 'systemOptions.tabs.auditLog',
    permissions: ['auditLog.view'],
    panel: <AuditLogPanel />,
  },
  { slug: 'staff', labelKey: 'systemOptions.tabs.staff', permissions: ['staff.manage'], panel: <StaffPanel /> },
  {
    slug: 'participants',
    labelKey: 'systemOptions.tabs.participants',
    permissions: ['participants.view'],
    panel: <ParticipantsPanel />,
  },
  {
    slug: 'study-notices',
    labelKey: 'systemOptions.tabs.studyNotices',
    permissions: ['notices.view'],
    panel: <StudyNoticesPanel />,
  },
];
