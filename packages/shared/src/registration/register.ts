import { z } from 'zod';
import { envelope, ZFieldError } from '../api/envelope';
import type { PlainPayload } from '../crypto/payload-envelope';
import type { TRegistrationValues } from './registration-form';
import { call } from '../api/call';

export const POST_REGISTER = call('POST', '/register');

/** Fields of `POST /register` that carry booleans, sealed as the strings "true"/"false". */
export const REGISTER_BOOLEAN_FIELDS = [
  'isAdult',
  'kidneyDiseaseStatus',
  'nkfRegistrationParticipation',
  'healthSystemConsent',
] as const;

/**
 * `POST /register` on the wire: the registration form's fields, every value sealed, plus
 * `healthSystemConsent` (the consent checkbox of a chosen health system) and `altcha` (the captcha
 * solution, required when the captcha is enabled).
 */
export const ZRegisterRequest = z
  .record(z.string(), z.string())
  .describe('Every value sealed with the payload envelope');
export const ZRegisterReply = envelope(z.array(ZFieldError));

export function toRegisterPayload(values: TRegistrationValues, altcha: string | undefined): PlainPayload {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
    language: values.language,
    isAdult: values.isAdult,
    kidneyDiseaseStatus: values.kidneyDiseaseStatus,
    nkfRegistrationParticipation: values.nkfRegistrationParticipation,
    birthDate: values.birthDate,
    postalCode: values.postalCode,
    country: values.country,
    gender: values.gender,
    healthSystem: values.healthSystem,
    healthSystemConsent: values.healthSystemConsent,
    ...(altcha ? { altcha } : {}),
  };
}

/** The opened payload with its boolean fields turned back into booleans; anything else stays as sent. */
export function fromOpenedPayload(opened: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...opened };
  for (const field of REGISTER_BOOLEAN_FIELDS) {
    if (opened[field] === 'true') values[field] = true;
    else if (opened[field] === 'false' || opened[field] === undefined) values[field] = false;
  }
  return values;
}
