import { auditActionLabel, type TTimelineEntry, type TTimelineKind } from '@portal/shared/audit-log/audit-log';
import type { Language } from '@portal/shared/constants';
import type { Translate } from '../../lib/localize';
import type { findParticipant, TimelineSources } from './timeline-repository';

/** The account a participant's history is told from. */
export type TimelineParticipant = NonNullable<Awaited<ReturnType<typeof findParticipant>>>;

const VERIFICATION_STATUS = {
  true: 'verification.status.verified',
  false: 'verification.status.rejected',
  null: 'verification.status.pending',
} as const;
const statusKey = (status: boolean | null) => VERIFICATION_STATUS[String(status) as keyof typeof VERIFICATION_STATUS];

const EMAIL_TEXT = {
  queued: 'auditLog.timeline.emailQueued',
  sending: 'auditLog.timeline.emailQueued',
  sent: 'auditLog.timeline.emailSent',
  failed: 'auditLog.timeline.emailFailed',
  suppressed: 'auditLog.timeline.emailSuppressed',
} as const;

const SUPPRESSED_REASON = {
  withdrawn: 'auditLog.timeline.suppressedWithdrawn',
  emailsOff: 'auditLog.timeline.suppressedEmailsOff',
  alreadyDone: 'auditLog.timeline.suppressedAlreadyDone',
  unsubscribed: 'auditLog.timeline.suppressedUnsubscribed',
  addressSuppressed: 'auditLog.timeline.suppressedAddressSuppressed',
} as const;

/**
 * A participant's history as one list, oldest first: the account, every e-mail (why one was not sent), sign-ins,
 * consent signatures and re-consent requests, questionnaires started and submitted, verification changes and
 * the withdrawal. Events of the same moment keep the order of that list.
 */
export function buildTimeline(
  participant: TimelineParticipant,
  sources: TimelineSources,
  t: (key: string, values?: Record<string, string | number>) => string,
): TTimelineEntry[] {
  const entries: { at: Date; kind: TTimelineKind; text: string }[] = [];
  const add = (at: Date | null, kind: TTimelineKind, text: string) => {
    if (at) entries.push({ at, kind, text });
  };
  add(participant.createdAt, 'account', t('auditLog.timeline.registered'));
  add(participant.activatedAt, 'account', t('auditLog.timeline.activated'));
  for (const email of sources.emails) {
    const key = EMAIL_TEXT[email.status as keyof typeof EMAIL_TEXT] ?? EMAIL_TEXT.queued;
    const reasonKey = SUPPRESSED_REASON[email.suppressedReason as keyof typeof SUPPRESSED_REASON];
    const reason = reasonKey ? t(reasonKey) : (email.smtpReply ?? email.error ?? email.suppressedReason ?? '');
    add(email.at, 'email', t(key, { subject: email.subject, reason }));
  }
  for (const audit of sources.audits) {
    const label = auditActionLabel(audit.action);
    const what = label ? t(label) : audit.action;
    const kind = audit.action.startsWith('login.') ? 'signIn' : 'withdrawal';
    add(audit.at, kind, audit.ip ? t('auditLog.timeline.fromIp', { what, ip: audit.ip }) : what);
  }
  for (const signature of sources.signatures) {
    add(signature.at, 'consent', t('auditLog.timeline.consentSigned', { version: signature.version }));
  }
  add(participant.reconsentRequestedAt, 'reconsent', t('auditLog.timeline.reconsentRequested'));
  for (const response of sources.responses) {
    add(response.startedAt, 'survey', t('auditLog.timeline.surveyStarted', { form: response.formKey }));
    add(response.submittedAt, 'survey', t('auditLog.timeline.surveySubmitted', { form: response.formKey }));
  }
  for (const record of sources.verification) {
    add(record.at, 'verification', t('auditLog.timeline.verificationCreated', { healthSystem: record.healthSystem }));
  }
  for (const change of sources.changes) {
    const values = { from: t(statusKey(change.oldStatus)), to: t(statusKey(change.newStatus)) };
    add(change.at, 'verification', t('auditLog.timeline.verificationChanged', values));
  }
  for (const withdrawal of sources.withdrawal) {
    const key =
      withdrawal.source === 'manual' ? 'auditLog.timeline.withdrawnManual' : 'auditLog.timeline.withdrawnParticipant';
    add(withdrawal.at, 'withdrawal', t(key, { reason: withdrawal.reason }));
  }
  return entries
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((entry) => ({ ...entry, at: entry.at.toISOString() }));
}

/**
 * What a participant's history shows a role that does not read the audit trail: their account, e-mails, consent,
 * surveys and withdrawal, without the addresses they signed in from or the health system's verification decisions.
 */
export function historyWithoutAuditDetail(sources: TimelineSources): TimelineSources {
  return {
    ...sources,
    audits: sources.audits.map((audit) => ({ ...audit, ip: null })),
    verification: [],
    changes: [],
  };
}

/** The translator of one reader's language, as `buildTimeline` takes it. */
export const inLanguage =
  (translate: Translate, language: Language) => (key: string, values?: Record<string, string | number>) =>
    translate(language, key, values);
