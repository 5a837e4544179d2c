import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How much one upload call may carry. */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
}

/** Multipart reading for a module's upload calls, registered inside its routes' scope with their limits. */
export async function registerMultipart(app: FastifyInstance, limits: MultipartLimits) {
  await app.register(multipart, { limits, throwFileSizeLimit: true });
}

/** An uploaded file: its bytes (to be judged by content) and the name the client gave it (to be sanitized). */
export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

export type MultipartRead =
  | { ok: true; fields: Record<string, string>; files: Map<string, UploadedFile> }
  /** `tooLarge`: the part whose file went over the size limit; without it the request could not be read. */
  | { ok: false; fields: Record<string, string>; tooLarge?: string };

/** A part sent as a file whose content is text the call reads as a field (`curl -F 'data=@system.json;type=application/json'`). */
const TEXT_FILE = /^(application\/json|text\/plain)\s*(;|$)/i;

/**
 * A field part's text. A part sent with the JSON media type reaches here already parsed: a JSON string is read as
 * the string, any other JSON value as its JSON text, so each call reads a part the same whichever way it came.
 */
const fieldText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Reads a multipart request. Text parts are kept by name (the first of each), whether sent as plain text, as
 * JSON (`Content-Type: application/json`), or as a JSON or text file under a name that is not a file part's; a
 * part declared JSON that is not JSON makes the request unreadable. The file parts named in `fileParts` are
 * read (the first non-empty one of each name) and any other file is drained unread. A file over the size limit
 * stops the reading there, so nothing of the call is half-applied.
 */
export async function readMultipart(request: FastifyRequest, fileParts: readonly string[]): Promise<MultipartRead> {
  const fields: Record<string, string> = {};
  const files = new Map<string, UploadedFile>();
  let current = '';
  try {
    for await (const part of request.parts()) {
      current = part.fieldname;
      const first = !Object.hasOwn(fields, part.fieldname);
      if (part.type === 'field') {
        if (first) fields[part.fieldname] = fieldText(part.value);
      } else if (fileParts.includes(part.fieldname)) {
        if (files.has(part.fieldname)) part.file.resume();
        else {
          const bytes = await part.toBuffer();
          if (bytes.length > 0) files.set(part.fieldname, { bytes, fileName: part.filename });
        }
      } else if (first && TEXT_FILE.test(part.mimetype)) {
        fields[part.fieldname] = (await part.toBuffer()).toString('utf8');
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? current : undefined;
    return { ok: false, fields, tooLarge };
  }
  return { ok: true, fields, files };
}
