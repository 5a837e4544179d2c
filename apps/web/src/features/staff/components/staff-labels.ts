import type { Permission, StaffRole } from '@portal/shared/staff/roles';
import type { StaffStatus } from '@portal/shared/staff/staff';

/** Each role's name. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  studyAdmin: 'staff.roles.studyAdmin',
  coordinator: 'staff.roles.coordinator',
  helpDesk: 'staff.roles.helpDesk',
  analyst: 'staff.roles.analyst',
  auditor: 'staff.roles.auditor',
};

/** What each role is for, in a sentence, under the role's choice. */
export const ROLE_SUMMARIES: Record<StaffRole, string> = {
  studyAdmin: 'staff.roleSummaries.studyAdmin',
  coordinator: 'staff.roleSummaries.coordinator',
  helpDesk: 'staff.roleSummaries.helpDesk',
  analyst: 'staff.roleSummaries.analyst',
  auditor: 'staff.roleSummaries.auditor',
};

/** What each permission lets a member see or do; a new permission does not compile until it has one. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'staff.manage': 'staff.permissions.staffManage',
  'settings.view': 'staff.permissions.settingsView',
  'settings.edit': 'staff.permissions.settingsEdit',
  'apiKeys.view': 'staff.permissions.apiKeysView',
  'apiKeys.manage': 'staff.permissions.apiKeysManage',
  'verification.view': 'staff.permissions.verificationView',
  'verification.edit': 'staff.permissions.verificationEdit',
  'withdrawals.view': 'staff.permissions.withdrawalsView',
  'withdrawals.record': 'staff.permissions.withdrawalsRecord',
  'withdrawals.delete': 'staff.permissions.withdrawalsDelete',
  'surveyWindow.view': 'staff.permissions.surveyWindowView',
  'participants.view': 'staff.permissions.participantsView',
  'participants.signedCopies': 'staff.permissions.participantsSignedCopies',
  'participants.resendActivation': 'staff.permissions.participantsResendActivation',
  'participants.unlock': 'staff.permissions.participantsUnlock',
  'dashboards.view': 'staff.permissions.dashboardsView',
  'dashboards.share': 'staff.permissions.dashboardsShare',
  'emails.figures': 'staff.permissions.emailsFigures',
  'emails.failures': 'staff.permissions.emailsFailures',
  'emails.retry': 'staff.permissions.emailsRetry',
  'export.deidentified': 'staff.permissions.exportDeidentified',
  'export.identified': 'staff.permissions.exportIdentified',
  'auditLog.view': 'staff.permissions.auditLogView',
  'consent.integrity': 'staff.permissions.consentIntegrity',
  'notices.view': 'staff.permissions.noticesView',
  'notices.post': 'staff.permissions.noticesPost',
};

export const STATUS_LABELS: Record<StaffStatus, string> = {
  invited: 'staff.status.invited',
  active: 'staff.status.active',
  deactivated: 'staff.status.deactivated',
};
