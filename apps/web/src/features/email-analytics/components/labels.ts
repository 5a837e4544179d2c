import { LANGUAGE_LABELS } from '../../../lib/labels';
import { isLanguage } from '../../../lib/language';
import type { TFunction } from '../../../lib/translator';

/** The catalog key of each template's name; a template not listed shows as it is named. */
const TEMPLATE_KEYS: Record<string, string> = {
  activation: 'emailAnalytics.templates.activation',
  'activation-reminder': 'emailAnalytics.templates.activationReminder',
  'consent-reminder': 'emailAnalytics.templates.consentReminder',
  'survey-reminder': 'emailAnalytics.templates.surveyReminder',
  'one-time-invitation': 'emailAnalytics.templates.oneTimeInvitation',
  'study-notice': 'emailAnalytics.templates.studyNotice',
  'staff-invitation': 'emailAnalytics.templates.staffInvitation',
  'login-code': 'emailAnalytics.templates.loginCode',
  'consent-code': 'emailAnalytics.templates.consentCode',
  'consent-signed': 'emailAnalytics.templates.consentSigned',
  'password-changed': 'emailAnalytics.templates.passwordChanged',
  'password-reset': 'emailAnalytics.templates.passwordReset',
  withdrawn: 'emailAnalytics.templates.withdrawn',
};

export const templateName = (t: TFunction, template: string) =>
  TEMPLATE_KEYS[template] ? t(TEMPLATE_KEYS[template]) : template;

/** A language's name; a code that is not one of the portal's languages shows as it is. */
export const languageName = (t: TFunction, language: string) =>
  isLanguage(language) ? t(LANGUAGE_LABELS[language]) : language;

/** A rate in percent with one decimal, or 'n/a' when there was nothing to measure. */
export const rateText = (t: TFunction, rate: number | null) =>
  rate === null ? t('emailAnalytics.noRate') : t('emailAnalytics.percent', { rate: rate.toFixed(1) });
