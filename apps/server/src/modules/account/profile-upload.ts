import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PICTURE_MAX_BYTES } from '@portal/shared/account/profile';
import { readMultipart, registerMultipart } from '../../lib/multipart';
import type { ProfileUpload } from './service';

/** The parts `PUT /keycloak/user` may carry: four text fields and one file, and a little room for extras. */
const LIMITS = { fileSize: PICTURE_MAX_BYTES, files: 2, fields: 12, fieldSize: 1024, parts: 14 };

/** Multipart reading for the profile call only (registered inside the account routes' scope). */
export async function registerProfileMultipart(app: FastifyInstance) {
  await registerMultipart(app, LIMITS);
}

/**
 * Reads the profile form. Text parts are kept by name (the service picks the ones it allows); only the part
 * named `file` is read as the picture, and any other file is drained unread. A picture over the size limit
 * stops the reading there: the whole update is refused, so nothing is half-applied.
 */
export async function readProfileUpload(request: FastifyRequest): Promise<ProfileUpload | 'malformed'> {
  const read = await readMultipart(request, ['file']);
  if (!read.ok) return read.tooLarge === undefined ? 'malformed' : { fields: read.fields, picture: 'tooLarge' };
  return { fields: read.fields, picture: read.files.get('file')?.bytes };
}
