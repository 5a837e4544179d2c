import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { CONSENT_FORM_MESSAGES, ZConsentFormEntryInput } from './consent-form-settings';
import { ZBasicInfo, ZLoadedRevision, ZRevisionReply, ZSystemInfo } from './health-system-info';
import { call } from '../api/call';

export const POST_HEALTH_SYSTEM_REGISTER = call('POST', '/health-system/register');

/**
 * The JSON part `data` of `POST /health-system/register` (multipart, with `file_en` / `file_sp` PDFs for custom
 * forms): basic information, system configuration and one consent form entry per language (default forms carry
 * an empty field list). `PUT /health-system/update` sends the same with the system's `id` and `revision`.
 */
export const ZHealthSystemRegistration = z.object({
  basicInfo: ZBasicInfo,
  systemInfo: ZSystemInfo,
  consentForms: z
    .array(ZConsentFormEntryInput)
    .refine(
      (forms) => LANGUAGES.every((code) => forms.filter((f) => f.language === code).length === 1),
      CONSENT_FORM_MESSAGES.noData,
    ),
});
export type THealthSystemRegistration = z.output<typeof ZHealthSystemRegistration>;

export const ZHealthSystemUpdate = ZHealthSystemRegistration.extend({
  id: z.uuid(),
  revision: ZLoadedRevision,
  isActive: z.boolean().optional(),
  reconsent: z.boolean().default(false),
});
export type THealthSystemUpdate = z.output<typeof ZHealthSystemUpdate>;

/** Registration answers as every change of a system does: its id and revision. */
export const ZRegisteredReply = ZRevisionReply;
