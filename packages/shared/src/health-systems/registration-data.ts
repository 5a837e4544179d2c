import { z } from 'zod';
import { envelope } from '../api/envelope';
import { LANGUAGES } from '../constants';
import { ZConsentFormEntryInput } from './consent-form-settings';
import { ZBasicInfo, ZSystemInfo } from './health-system-info';

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
    .refine((forms) => LANGUAGES.every((code) => forms.filter((f) => f.language === code).length === 1), {
      message: 'healthSystems.consent.noData',
    }),
});
export type THealthSystemRegistration = z.output<typeof ZHealthSystemRegistration>;

export const ZHealthSystemUpdate = ZHealthSystemRegistration.extend({
  id: z.uuid(),
  revision: z.number().int().positive().optional(),
  isActive: z.boolean().optional(),
  reconsent: z.boolean().default(false),
});
export type THealthSystemUpdate = z.output<typeof ZHealthSystemUpdate>;

export const ZRegisteredReply = envelope(z.object({ id: z.string(), revision: z.number() }));
