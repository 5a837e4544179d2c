import { z } from 'zod';
import { envelope, ZFieldError } from '../api/envelope';
import { IMAGE_TYPES } from '../constants';
import type { IsoDate } from '../dates';
import { birthDateField, oneOf, REGISTRATION_MESSAGES } from '../registration/registration-form';
import { call } from '../api/call';

/** Message keys of the profile tab (en.json / sp.json). */
export const PROFILE_MESSAGES = {
  updated: 'account.profile.updated',
  failed: 'account.profile.failed',
  pictureType: 'account.profile.pictureType',
  pictureTooLarge: 'account.profile.pictureTooLarge',
  pictureUnreadable: 'account.profile.pictureUnreadable',
  patientsOnly: 'account.patientsOnly',
} as const;

/**
 * The largest picture accepted, in bytes: a full-resolution phone photo (HEIC or JPEG) fits; it is shrunk
 * to {@link PICTURE_MAX_EDGE} pixels before it is kept.
 */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side, in pixels, of a kept profile picture. */
export const PICTURE_MAX_EDGE = 512;

/** The file picker's `accept`: jpg, jpeg, png, svg, webp, heic and heif, by extension and media type. */
export const PICTURE_ACCEPT = [
  ...IMAGE_TYPES.map((type) => `.${type}`),
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/webp',
  'image/heic',
  'image/heif',
].join(',');

/** Whether a chosen file's name has one of the image extensions above (the server checks the content). */
export function hasPictureExtension(fileName: string): boolean {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return fileName.includes('.') && (IMAGE_TYPES as readonly string[]).includes(extension);
}

export const PUT_KEYCLOAK_USER = call('PUT', '/keycloak/user');

/**
 * The text parts of `PUT /keycloak/user` (multipart). Only these are read:
 * names, e-mail, role or anything else sent along is ignored.
 */
export function profileUpdateSchema(rules: { today: IsoDate; gender: string[]; language: string[] }) {
  return z.object({
    language: oneOf(rules.language, REGISTRATION_MESSAGES.languageRequired),
    birthDate: birthDateField(rules.today),
    gender: oneOf(rules.gender, REGISTRATION_MESSAGES.genderRequired),
    isRemoveProfilePicture: z.enum(['true', 'false']).default('false'),
  });
}
export type TProfileUpdate = z.infer<ReturnType<typeof profileUpdateSchema>>;

/** The fields the participant edits on the profile tab, as the form holds them. */
export interface TProfileForm {
  language: string;
  birthDate: string;
  gender: string;
}

/** Reply of `PUT /keycloak/user`: field problems are `data: [{ errorField, message }]`. */
export const ZProfileUpdateReply = envelope(z.array(ZFieldError));

/** `GET /keycloak/user/picture`: the signed-in user's own picture, always WebP once kept. */
export const GET_KEYCLOAK_USER_PICTURE = call('GET', '/keycloak/user/picture');
