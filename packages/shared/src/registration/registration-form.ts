import { z } from 'zod';
import type { TPasswordPolicy } from '../reference/password-policy';
import { NAME_MIN_LETTERS } from '../constants';
import type { IsoDate } from '../dates';
import { birthDateProblem, type BirthDateProblem } from './birth-date';
import { meetsPasswordPolicy } from './password-rules';

/**
 * Text, an at sign, and a domain whose suffix has two or more letters. Control characters
 * are never part of an address (and PostgreSQL refuses NUL in text).
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[A-Za-z]{2,}$/u;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
/** US ZIP codes: five digits (the only country offered is the USA). */
export const ZIP_LENGTH = 5;
export const NO_HEALTH_SYSTEM = 'none';

/**
 * Letters of any alphabet (José, Núñez), with single spaces, hyphens or apostrophes between them so that
 * names such as "De la Cruz" or "O'Brien" are accepted; numbers and other symbols are not.
 */
const NAME_PATTERN = /^\p{L}\p{M}*(?:[\p{L}\p{M}]|[ '’-](?=\p{L}))*$/u;

export function isValidName(text: string): boolean {
  return NAME_PATTERN.test(text) && (text.match(/\p{L}/gu)?.length ?? 0) >= NAME_MIN_LETTERS;
}

/** Message keys of the registration rules (en.json / sp.json). */
export const REGISTRATION_MESSAGES = {
  criteria: 'error.register.criteria',
  emailInvalid: 'error.register.emailInvalid',
  emailExists: 'error.register.emailExists',
  passwordRequired: 'error.register.passwordRequired',
  passwordPolicy: 'error.register.passwordPolicy',
  nameLetters: 'error.register.nameLetters',
  firstNameRequired: 'error.register.firstNameRequired',
  lastNameRequired: 'error.register.lastNameRequired',
  genderRequired: 'error.register.genderRequired',
  countryRequired: 'error.register.countryRequired',
  zipLetters: 'error.register.zipLetters',
  zipInvalid: 'error.register.zipInvalid',
  languageRequired: 'error.register.languageRequired',
  healthSystemRequired: 'error.register.healthSystemRequired',
  healthSystemConsent: 'error.register.healthSystemConsent',
  captcha: 'error.register.captcha',
} as const;

const BIRTH_DATE_MESSAGES: Record<BirthDateProblem, string> = {
  required: 'error.register.birthDateRequired',
  invalid: 'error.register.birthDateInvalid',
  future: 'error.register.birthDateFuture',
  underage: 'error.register.birthDate18yrsOrAbove',
};

/** What the rules depend on: the security policy, the day, and the server's option lists. */
export interface RegistrationRules {
  policy: TPasswordPolicy;
  today: IsoDate;
  choices: { gender: string[]; country: string[]; language: string[]; healthSystems: string[] };
}

const M = REGISTRATION_MESSAGES;
// A value that is missing or of the wrong type gets the field's own message too, never zod's default text.
const mustBeTicked = z.boolean({ error: M.criteria }).refine((v) => v, M.criteria);
/** One of the server's option values (gender, country, language, health system), else the field's message. */
export const oneOf = (values: string[], message: string) =>
  z.string({ error: message }).refine((v) => values.includes(v), message);

/** A date of birth as MM/DD/YYYY on `today`: a real date, not in the future, at least 18 years ago. */
export const birthDateField = (today: IsoDate) =>
  z.string({ error: BIRTH_DATE_MESSAGES.required }).superRefine((value, ctx) => {
    const problem = birthDateProblem(value, today);
    if (problem) ctx.addIssue({ code: 'custom', message: BIRTH_DATE_MESSAGES[problem] });
  });
const personName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(NAME_MAX_LENGTH, M.nameLetters)
    .refine((v) => v === '' || isValidName(v), M.nameLetters);

/** Step 1: the three participation criteria. */
export const ZParticipationCriteria = z.object({
  isAdult: mustBeTicked,
  kidneyDiseaseStatus: mustBeTicked,
  nkfRegistrationParticipation: mustBeTicked,
});

/** Step 2: e-mail and password under the security policy. */
export function accountInformationSchema(policy: TPasswordPolicy) {
  return z.object({
    email: z
      .string({ error: M.emailInvalid })
      .trim()
      .max(EMAIL_MAX_LENGTH, M.emailInvalid)
      .regex(EMAIL_PATTERN, M.emailInvalid),
    password: z
      .string({ error: M.passwordRequired })
      .min(1, M.passwordRequired)
      .refine((v) => v === '' || meetsPasswordPolicy(policy, v), M.passwordPolicy),
  });
}

/** Step 3: personal information, the health system and, for a real system, consent to confirm care there. */
export function personalInformationSchema(rules: RegistrationRules) {
  return z
    .object({
      firstName: personName(M.firstNameRequired),
      lastName: personName(M.lastNameRequired),
      birthDate: birthDateField(rules.today),
      gender: oneOf(rules.choices.gender, M.genderRequired),
      country: oneOf(rules.choices.country, M.countryRequired),
      postalCode: z
        .string({ error: M.zipInvalid })
        .trim()
        .superRefine((value, ctx) => {
          if (/\p{L}/u.test(value)) ctx.addIssue({ code: 'custom', message: M.zipLetters });
          else if (!new RegExp(`^\\d{${ZIP_LENGTH}}$`).test(value))
            ctx.addIssue({ code: 'custom', message: M.zipInvalid });
        }),
      language: oneOf(rules.choices.language, M.languageRequired),
      healthSystem: oneOf(rules.choices.healthSystems, M.healthSystemRequired),
      healthSystemConsent: z.boolean({ error: M.healthSystemConsent }),
    })
    .superRefine((values, ctx) => {
      const realSystem =
        values.healthSystem !== NO_HEALTH_SYSTEM && rules.choices.healthSystems.includes(values.healthSystem);
      if (realSystem && !values.healthSystemConsent) {
        ctx.addIssue({ code: 'custom', path: ['healthSystemConsent'], message: M.healthSystemConsent });
      }
    });
}

/** Every step together: what `POST /register` accepts once the envelope is opened. */
export function registrationSchema(rules: RegistrationRules) {
  return z
    .object({
      ...ZParticipationCriteria.shape,
      ...accountInformationSchema(rules.policy).shape,
    })
    .and(personalInformationSchema(rules));
}
export type TRegistrationValues = z.infer<ReturnType<typeof registrationSchema>>;
