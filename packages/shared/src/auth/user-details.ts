import { z } from 'zod';
import { envelope } from '../api/envelope';
import { LANGUAGES } from '../constants';
import { call } from '../api/call';

export const GET_KEYCLOAK_USER = call('GET', '/keycloak/user');

/** `GET /keycloak/user`: the signed-in user's details. */
export const ZUserDetails = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  /** MM/DD/YYYY, or null for an account without one (administrators). */
  birthDate: z.string().nullable(),
  gender: z.string().nullable(),
  profilePicture: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  isPatient: z.boolean(),
  isPractitioner: z.boolean(),
});
export type TUserDetails = z.infer<typeof ZUserDetails>;
export const ZUserDetailsReply = envelope(ZUserDetails);
