import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { ZDateRangeQuery } from '../api/date-range';
import { EMAIL_MAX_LENGTH } from '../registration/registration-form';
import { call } from '../api/call';

/** Every action the portal writes to the audit trail, with the catalog key of its label. */
export const AUDIT_ACTION_LABELS = {
  'account.registered': 'auditLog.action.accountRegistered',
  'account.activated': 'auditLog.action.accountActivated',
  'account.profileUpdated': 'auditLog.action.accountProfileUpdated',
  'account.communicationPreferencesUpdated': 'auditLog.action.accountCommunicationPreferencesUpdated',
  'mail.categoryLeft': 'auditLog.action.mailCategoryLeft',
  'mail.categoryRejoined': 'auditLog.action.mailCategoryRejoined',
  'login.succeeded': 'auditLog.action.loginSucceeded',
  'login.failed': 'auditLog.action.loginFailed',
  'login.locked': 'auditLog.action.loginLocked',
  'login.refusedLocked': 'auditLog.action.loginRefusedLocked',
  'login.codeSent': 'auditLog.action.loginCodeSent',
  'login.codeExpired': 'auditLog.action.loginCodeExpired',
  logout: 'auditLog.action.logout',
  'session.endedAll': 'auditLog.action.sessionEndedAll',
  'session.refreshReuse': 'auditLog.action.sessionRefreshReuse',
  'password.resetRequested': 'auditLog.action.passwordResetRequested',
  'password.reset': 'auditLog.action.passwordReset',
  'password.changed': 'auditLog.action.passwordChanged',
  'password.changeRefused': 'auditLog.action.passwordChangeRefused',
  'consent.signed': 'auditLog.action.consentSigned',
  'consent.withdrawn': 'auditLog.action.consentWithdrawn',
  'consent.published': 'auditLog.action.consentPublished',
  'withdrawal.request.recorded': 'auditLog.action.withdrawalRequestRecorded',
  'withdrawal.request.deleted': 'auditLog.action.withdrawalRequestDeleted',
  'withdrawal.request.carriedOut': 'auditLog.action.withdrawalRequestCarriedOut',
  'withdrawal.request.skipped': 'auditLog.action.withdrawalRequestSkipped',
  'survey.submitted': 'auditLog.action.surveySubmitted',
  'one-time-survey.created': 'auditLog.action.oneTimeSurveyCreated',
  'one-time-survey.updated': 'auditLog.action.oneTimeSurveyUpdated',
  'setting.changed': 'auditLog.action.settingChanged',
  'survey-period.updated': 'auditLog.action.surveyPeriodUpdated',
  'verification.single': 'auditLog.action.verificationSingle',
  'verification.bulk': 'auditLog.action.verificationBulk',
  'verification.push': 'auditLog.action.verificationPush',
  'verification.undo': 'auditLog.action.verificationUndo',
  'verification.apiKey.issued': 'auditLog.action.verificationApiKeyIssued',
  'verification.apiKey.revoked': 'auditLog.action.verificationApiKeyRevoked',
  'healthSystem.registered': 'auditLog.action.healthSystemRegistered',
  'healthSystem.updated': 'auditLog.action.healthSystemUpdated',
  'dashboard.linkIssued': 'auditLog.action.dashboardLinkIssued',
  'email.retried': 'auditLog.action.emailRetried',
  'emailSuppression.lifted': 'auditLog.action.emailSuppressionLifted',
  'dataExport.downloaded': 'auditLog.action.dataExportDownloaded',
  'dataExport.runRequested': 'auditLog.action.dataExportRunRequested',
  'dataExport.runCompleted': 'auditLog.action.dataExportRunCompleted',
  'dataExport.runFailed': 'auditLog.action.dataExportRunFailed',
  'dataExport.archiveDownloaded': 'auditLog.action.dataExportArchiveDownloaded',
  'auditLog.exported': 'auditLog.action.auditLogExported',
  'staff.invited': 'auditLog.action.staffInvited',
  'staff.invitationResent': 'auditLog.action.staffInvitationResent',
  'staff.invitationCancelled': 'auditLog.action.staffInvitationCancelled',
  'staff.invitationAccepted': 'auditLog.action.staffInvitationAccepted',
  'staff.updated': 'auditLog.action.staffUpdated',
  'staff.deactivated': 'auditLog.action.staffDeactivated',
  'staff.reactivated': 'auditLog.action.staffReactivated',
  'secondFactor.enrolled': 'auditLog.action.secondFactorEnrolled',
  'secondFactor.added': 'auditLog.action.secondFactorAdded',
  'secondFactor.removed': 'auditLog.action.secondFactorRemoved',
  'secondFactor.reset': 'auditLog.action.secondFactorReset',
  'secondFactor.failed': 'auditLog.action.secondFactorFailed',
  'recoveryCodes.made': 'auditLog.action.recoveryCodesMade',
  'recoveryCode.used': 'auditLog.action.recoveryCodeUsed',
  'stepUp.succeeded': 'auditLog.action.stepUpSucceeded',
  'session.ended': 'auditLog.action.sessionEnded',
  'participant.searched': 'auditLog.action.participantSearched',
  'participant.viewed': 'auditLog.action.participantViewed',
  'participant.signedCopyDownloaded': 'auditLog.action.participantSignedCopyDownloaded',
  'participant.activationResent': 'auditLog.action.participantActivationResent',
  'participant.unlocked': 'auditLog.action.participantUnlocked',
  'studyNotice.posted': 'auditLog.action.studyNoticePosted',
} as const;
export type TAuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [TAuditAction, ...TAuditAction[]];

/** The label key of an action; an action this list does not know (yet) shows as written. */
export const auditActionLabel = (action: string): string | undefined => AUDIT_ACTION_LABELS[action as TAuditAction];

export const AUDIT_LOG_PAGE_SIZES = [10, 25, 50] as const;
/**
 * The count of a search stops here: past it the screen says "more than", so counting never reads a large trail.
 * Paging stops here too; a narrower search (or the export, which has no limit) reaches older records.
 */
export const AUDIT_COUNT_LIMIT = 10_000;

export const AUDIT_MESSAGES = {
  pageBeyondLimit: 'auditLog.search.pageBeyondLimit',
  participantNotFound: 'auditLog.timeline.notFound',
} as const;

/** A participant or an actor: an e-mail address (any letter case) or a user ID. */
const ZWho = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .optional()
  .transform((value) => (value ? value : undefined));

export const POST_AUDIT_LOG_EXPORT = call('POST', '/audit/log/export');

export const POST_AUDIT_LOG = call('POST', '/audit/log');

/**
 * `POST /audit/log?page&size` and `POST /audit/log/export`: the search, in the body so that e-mail addresses never
 * reach an access log. `from` and `to` are calendar days of the study's time zone, both included.
 */
export const ZAuditSearch = ZDateRangeQuery.extend({
  participant: ZWho,
  actor: ZWho,
  action: z.enum(AUDIT_ACTIONS).optional(),
});
export type TAuditSearch = z.output<typeof ZAuditSearch>;
export type TAuditSearchInput = z.input<typeof ZAuditSearch>;

/** `?page&size` of a search; the newest record first, always (no other order is offered). */
export const ZAuditPageQuery = pageQuery({
  sizes: AUDIT_LOG_PAGE_SIZES,
  sortFields: ['at'],
  defaultSort: { field: 'at', direction: 'desc' },
}).omit({ sort: true });
export type TAuditPageQuery = z.output<typeof ZAuditPageQuery>;

/** One record of the trail: who (null: the system), what, when, from where, about whom, and what it kept. */
export const ZAuditRecord = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** The participant's e-mail when the subject is a user; null for a health system or no subject. */
  subjectEmail: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditRecord = z.infer<typeof ZAuditRecord>;

/** A page of records; `totalElements` stops at the count limit, and `moreThanTotal` then says there are more. */
export const ZAuditPage = pageOf(ZAuditRecord).extend({ moreThanTotal: z.boolean() });
export type TAuditPage = z.infer<typeof ZAuditPage>;
export const ZAuditPageReply = envelope(ZAuditPage);

export const ZTimelineParams = z.object({ id: z.uuid({ error: AUDIT_MESSAGES.participantNotFound }) });

export const TIMELINE_KINDS = [
  'account',
  'email',
  'signIn',
  'consent',
  'reconsent',
  'survey',
  'verification',
  'withdrawal',
] as const;
export const ZTimelineKind = z.enum(TIMELINE_KINDS);
export type TTimelineKind = z.infer<typeof ZTimelineKind>;

/** One moment of a participant's history: when, what kind, and a short description in the reader's language. */
export const ZTimelineEntry = z.object({ at: z.string(), kind: ZTimelineKind, text: z.string() });
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

export const GET_AUDIT_PARTICIPANTS_TIMELINE = call('GET', '/audit/participants/:id/timeline');

/** `GET /audit/participants/:id/timeline`: the participant and their history, oldest first. */
export const ZTimeline = z.object({
  participant: z.object({ id: z.string(), email: z.string(), name: z.string(), status: z.string() }),
  entries: z.array(ZTimelineEntry),
});
export type TTimeline = z.infer<typeof ZTimeline>;
export const ZTimelineReply = envelope(ZTimeline);
