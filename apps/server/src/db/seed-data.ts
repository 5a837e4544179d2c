import { FALLBACK_FIELD_TYPES } from '@portal/shared/reference/supported-fields';
import { FALLBACK_LANGUAGES } from '@portal/shared/reference/languages';
import { FALLBACK_REGISTRATION_DROPDOWNS } from '@portal/shared/reference/registration-dropdowns';

/** The study's default settings, seeded on first start; administrators may change most of them later. */

export const DEFAULT_SECURITY_POLICY = {
  otpLength: 6,
  otpExpiryInMin: 10,
  otpEnabledForPatient: true,
  otpRequiredBeforeIcfSign: false,
  minLength: 8,
  maxLength: 15,
  upperCaseCharCount: 1,
  lowerCaseCharCount: 1,
  digitCharCount: 1,
  specialCharCount: 1,
  resetPasswordAgainLimitInHrs: 24,
  registrationTokenExpiryInDays: 90,
  failedAttemptLimit: 5,
  unlockAccountTimeInMin: 15,
  inactiveSessionTimeoutInMin: 30,
};

export const DEFAULT_SURVEY_PERIOD = {
  value: 90,
  description: 'Days a survey round stays open after it starts',
};
export const DEFAULT_SURVEY_ROUND_INTERVAL_MONTHS = 12;

/** Gender, country and language options, plus the 'none' health-system choice, in both languages. */
export function defaultDropdownOptions() {
  const { en, sp } = FALLBACK_REGISTRATION_DROPDOWNS;
  const categories = ['gender', 'country', 'language'] as const;
  const rows: { category: string; value: string; labelEn: string; labelSp: string; sortOrder: number }[] =
    categories.flatMap((category) =>
      en[category].map((option, index) => ({
        category,
        value: option.value,
        labelEn: option.label,
        labelSp: sp[category].find((o) => o.value === option.value)?.label ?? option.label,
        sortOrder: index,
      })),
    );
  const none = en.healthSystems.find((o) => o.value === 'none');
  const noneSp = sp.healthSystems.find((o) => o.value === 'none');
  if (none && noneSp) {
    rows.push({
      category: 'healthSystems',
      value: 'none',
      labelEn: none.label,
      labelSp: noneSp.label,
      sortOrder: 1000,
    });
  }
  return rows;
}

export const DEFAULT_LANGUAGES = FALLBACK_LANGUAGES.map((l, sortOrder) => ({ ...l, sortOrder }));
export const DEFAULT_FIELD_TYPES = FALLBACK_FIELD_TYPES.map((t, sortOrder) => ({ ...t, sortOrder }));

export const GEISINGER = {
  databaseValue: 'geisinger',
  name: 'Geisinger',
  description: 'Integrated health system serving central and northeastern Pennsylvania.',
  dropdownLabels: { en: 'Geisinger', sp: 'Geisinger' },
};

export const DEMO_HEALTH_SYSTEM = {
  databaseValue: 'riverside',
  name: 'Riverside Kidney Care (demo)',
  description: 'A fictional health system created for the demo content.',
  dropdownLabels: { en: 'Riverside Kidney Care', sp: 'Riverside Kidney Care' },
};

export const DEMO_PATIENT = {
  email: 'demo.patient@example.org',
  password: 'Demo#Pass1',
  firstName: 'Maria',
  lastName: 'Demo',
  language: 'sp' as const,
  birthDate: '1961-04-12',
  gender: 'female',
  country: 'USA',
  postalCode: '60601',
  healthSystem: 'geisinger',
};
