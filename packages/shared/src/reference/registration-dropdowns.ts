import { z } from 'zod';
import { envelope } from '../api/envelope';
import { ZLabelledOption } from './labelled-option';
import { call } from '../api/call';

export const DROPDOWN_CATEGORIES = ['gender', 'country', 'language', 'healthSystems'] as const;
export type DropdownCategory = (typeof DROPDOWN_CATEGORIES)[number];

export const ZDropdownSet = z.object({
  gender: z.array(ZLabelledOption),
  country: z.array(ZLabelledOption),
  language: z.array(ZLabelledOption),
  healthSystems: z.array(ZLabelledOption),
});
export type TDropdownSet = z.infer<typeof ZDropdownSet>;

export const GET_EXTERNALIZATION_REGISTRATION_DROPDOWNS = call('GET', '/externalization/registration-dropdowns');

/** `GET /externalization/registration-dropdowns`: the option lists keyed by language. */
export const ZRegistrationDropdowns = z.object({ en: ZDropdownSet, sp: ZDropdownSet });
export type TRegistrationDropdowns = z.infer<typeof ZRegistrationDropdowns>;
export const ZRegistrationDropdownsReply = envelope(ZRegistrationDropdowns);

/** Built-in fallback when the call fails. */
export const FALLBACK_REGISTRATION_DROPDOWNS: TRegistrationDropdowns = {
  en: {
    gender: [
      { value: 'male', label: 'Male' },
      { value: 'female', label: 'Female' },
      { value: 'uncertain', label: 'Uncertain' },
      { value: 'preferNoAnswer', label: 'Prefer not to answer' },
    ],
    country: [{ value: 'USA', label: 'United States' }],
    language: [
      { value: 'en', label: 'English' },
      { value: 'sp', label: 'Spanish' },
    ],
    healthSystems: [
      { value: 'geisinger', label: 'Geisinger' },
      { value: 'none', label: 'None of the below' },
    ],
  },
  sp: {
    gender: [
      { value: 'male', label: 'Masculino' },
      { value: 'female', label: 'Femenino' },
      { value: 'uncertain', label: 'Incierto' },
      { value: 'preferNoAnswer', label: 'Prefiero no responder' },
    ],
    country: [{ value: 'USA', label: 'Estados Unidos' }],
    language: [
      { value: 'en', label: 'Inglés' },
      { value: 'sp', label: 'Español' },
    ],
    healthSystems: [
      { value: 'geisinger', label: 'Geisinger' },
      { value: 'none', label: 'Ninguna de las anteriores' },
    ],
  },
};
