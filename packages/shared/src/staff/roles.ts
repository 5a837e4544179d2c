/**
 * Study staff: the five roles and what each may do. This is the one statement of who may do what: the server
 * enforces it on every call and the web app shows only what it allows.
 */

export const STAFF_ROLES = ['studyAdmin', 'coordinator', 'helpDesk', 'analyst', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles limited to the participants of named health systems. */
export const SCOPED_ROLES: readonly StaffRole[] = ['coordinator'];
export const isScopedRole = (role: StaffRole) => SCOPED_ROLES.includes(role);

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** Every permission, each one thing a staff member may see or do. */
export const PERMISSIONS = [
  // Staff accounts.
  'staff.manage',
  // Settings editors: reminders, survey period, downtime, security policy, one-time surveys, health systems.
  'settings.view',
  'settings.edit',
  // Health system API keys.
  'apiKeys.view',
  'apiKeys.manage',
  // Health System Verification, within the caller's health systems.
  'verification.view',
  'verification.edit',
  // Withdrawals: the tab and its list, recording a request, deleting a pending one.
  'withdrawals.view',
  'withdrawals.record',
  'withdrawals.delete',
  // Survey Window Open Users.
  'surveyWindow.view',
  // The participant view and the help it offers.
  'participants.view',
  'participants.signedCopies',
  'participants.resendActivation',
  'participants.unlock',
  // Built-in dashboards and shared dashboard links.
  'dashboards.view',
  'dashboards.share',
  // Emails Insight: its figures; the failed e-mails with their addresses; sending one again.
  'emails.figures',
  'emails.failures',
  'emails.retry',
  // Data Export: the de-identified form; the identified form.
  'export.deidentified',
  'export.identified',
  // Audit Log and participant timelines; stored consent checked against its hashes.
  'auditLog.view',
  'consent.integrity',
  // Study notices: the posted ones; posting one to participants.
  'notices.view',
  'notices.post',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING: readonly Permission[] = PERMISSIONS;

/** What each role may do, and nothing else. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  studyAdmin: EVERYTHING,
  coordinator: [
    'verification.view',
    'verification.edit',
    'withdrawals.view',
    'withdrawals.record',
    'withdrawals.delete',
    'surveyWindow.view',
    'participants.view',
    'participants.signedCopies',
  ],
  helpDesk: ['participants.view', 'participants.resendActivation', 'participants.unlock', 'withdrawals.record'],
  analyst: ['dashboards.view', 'emails.figures', 'export.deidentified'],
  auditor: [
    'settings.view',
    'apiKeys.view',
    'verification.view',
    'withdrawals.view',
    'surveyWindow.view',
    'participants.view',
    'participants.signedCopies',
    'dashboards.view',
    'emails.figures',
    'emails.failures',
    'auditLog.view',
    'consent.integrity',
    'notices.view',
  ],
};

export const can = (role: StaffRole | undefined, permission: Permission) =>
  role !== undefined && ROLE_PERMISSIONS[role].includes(permission);

/** The one study administrator role: the only one that manages staff, and the one `ADMIN_EMAIL` creates. */
export const STUDY_ADMIN: StaffRole = 'studyAdmin';
