import type { TTimelineKind } from '@portal/shared/audit-log/audit-log';
import type { Language } from '@portal/shared/constants';

/** Each language's name, in the reader's language. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'common.languages.en',
  sp: 'common.languages.sp',
};

/** What kind of event a line of a participant's history tells. */
export const TIMELINE_KIND_LABELS: Record<TTimelineKind, string> = {
  account: 'auditLog.timeline.kinds.account',
  email: 'auditLog.timeline.kinds.email',
  signIn: 'auditLog.timeline.kinds.signIn',
  consent: 'auditLog.timeline.kinds.consent',
  reconsent: 'auditLog.timeline.kinds.reconsent',
  survey: 'auditLog.timeline.kinds.survey',
  verification: 'auditLog.timeline.kinds.verification',
  withdrawal: 'auditLog.timeline.kinds.withdrawal',
};
