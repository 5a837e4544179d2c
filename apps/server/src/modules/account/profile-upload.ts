import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PICTURE_MAX_BYTES } from '@portal/shared/account/profile';
import type { ProfileUpload } from './service';

/** The parts `PUT /keycloak/user` may carry: four text fields and one file, and a little room for extras. */
const LIMITS = { fileSize: PICTURE_MAX_BYTES, files: 2, fields: 12, fieldSize: 1024, parts: 14 };

/** Multipart reading for the profile call only (registered inside the account routes' scope). */
export async function registerProfileMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: true });
}

/**
 * Reads the profile form. Text parts are kept by name (the service picks the ones it allows); only the part
 * named `file` is read as the picture, and any other file is drained unread. A picture over the size limit
 * stops the reading there: the whole update is refused, so nothing is half-applied.
 */
export async function readProfileUpload(request: FastifyRequest): Promise<ProfileUpload | 'malformed'> {
  const fields: Record<string, string> = {};
  let picture: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
          fields[part.fieldname] = part.value;
        }
      } else if (part.fieldname === 'file' && picture === undefined) {
        const bytes = await part.toBuffer();
        if (bytes.length > 0) picture = bytes;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { fields, picture: 'tooLarge' };
    return 'malformed';
  }
  return { fields, picture };
}
