import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LANGUAGES } from '@portal/shared/constants';
import { CONSENT_PDF_MAX_BYTES } from '@portal/shared/health-systems/consent-form-settings';
import { HEALTH_SYSTEM_MESSAGES } from '@portal/shared/health-systems/health-system-info';
import { readMultipart, registerMultipart, type UploadedFile } from '../../lib/multipart';
import { refused, type DataOutcome, type FieldProblem } from '../../lib/outcome';
import { zodProblems } from './field-errors';
import { fieldRefusal } from './system-change';

/** One JSON part (which may come as a JSON file) and a PDF per language at most, with a little room. */
const LIMITS = {
  fileSize: CONSENT_PDF_MAX_BYTES,
  files: LANGUAGES.length + 1,
  fields: 4,
  fieldSize: 1_048_576,
  parts: LANGUAGES.length + 4,
};

/** Multipart reading for the calls that upload consent PDFs (registered inside their routes' scope). */
export async function registerConsentMultipart(app: FastifyInstance) {
  await registerMultipart(app, LIMITS);
}

const malformed = () => refused(400, HEALTH_SYSTEM_MESSAGES.malformed);

/** The JSON text part read as JSON; undefined when it is missing or not JSON. */
function jsonOf(text: string | undefined): { raw: unknown } | undefined {
  if (text === undefined) return undefined;
  try {
    return { raw: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

export interface UploadSpec<T extends z.ZodType> {
  /** The JSON part and its schema. */
  jsonPart: string;
  schema: T;
  fileParts: readonly string[];
  /** The field a problem of the JSON part belongs to, by its path (`raw` is the JSON as sent). */
  errorField: (raw: unknown) => (path: readonly PropertyKey[]) => string;
  /** The problem of a file part over the size limit (`json` is the JSON part when it came first). */
  tooLarge: (part: string, json: unknown) => FieldProblem;
}

/**
 * Reads a multipart call of a JSON part and PDFs: a request that cannot be read or whose JSON part is missing
 * or not JSON is malformed; a file over the size limit or a JSON part against its schema answers field problems.
 */
export async function readJsonUpload<T extends z.ZodType>(
  request: FastifyRequest,
  spec: UploadSpec<T>,
): Promise<DataOutcome<{ data: z.output<T>; files: Map<string, UploadedFile> }>> {
  const read = await readMultipart(request, spec.fileParts);
  if (!read.ok) {
    if (read.tooLarge === undefined) return malformed();
    return fieldRefusal(400, [spec.tooLarge(read.tooLarge, jsonOf(read.fields[spec.jsonPart])?.raw)]);
  }
  const json = jsonOf(read.fields[spec.jsonPart]);
  if (!json) return malformed();
  const parsed = spec.schema.safeParse(json.raw);
  if (!parsed.success) return fieldRefusal(400, zodProblems(parsed.error, spec.errorField(json.raw)));
  return { ok: true, data: { data: parsed.data, files: read.files } };
}
