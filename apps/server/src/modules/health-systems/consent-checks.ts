import type { Language } from '@portal/shared/constants';
import {
  CONSENT_FIELDS_MAX,
  CONSENT_FORM_MESSAGES as M,
  type PageSize,
} from '@portal/shared/health-systems/consent-form-settings';
import type { FieldProblem } from '../../lib/outcome';
import type { FileStore } from '../../providers/storage/file-store';
import type { NewFormField } from '../../db/consent-forms';
import { placementProblems } from './consent-fields';
import { checkConsentPdf, pdfPageSizes } from './pdf-upload';
import type { Tx } from './system-change';

/** A custom form without its PDF. */
export const fileRequiredProblem = (language: Language, errorField: string): FieldProblem => ({
  errorField,
  message: M.fileRequired,
  values: { language },
});

/** The PDF judged by its bytes alone: its page sizes and the bytes to store, or the problem named by `errorField`. */
export async function judgeUploadedPdf(
  bytes: Uint8Array | undefined,
  language: Language,
  errorField: string,
): Promise<{ ok: true; pages: PageSize[]; bytes: Uint8Array } | { ok: false; problem: FieldProblem }> {
  if (!bytes) return { ok: false, problem: fileRequiredProblem(language, errorField) };
  const check = await checkConsentPdf(bytes);
  return check.ok ? check : { ok: false, problem: { errorField, message: check.message, values: { language } } };
}

/** A PDF part over the size limit. */
export const tooLargeProblem = (language: Language, errorField: string): FieldProblem => ({
  errorField,
  message: M.fileOverLimit,
  values: { language },
});

/**
 * The problems of a custom form's fields on its PDF: none at all, too many, or a field outside its page.
 * `names.list` names the list, `names.field(index)` one field.
 */
export function fieldListProblems(
  fields: readonly NewFormField[],
  pages: readonly PageSize[],
  language: Language,
  names: { list: string; field: (index: number) => string },
): FieldProblem[] {
  if (fields.length === 0) return [{ errorField: names.list, message: M.fieldsRequired, values: { language } }];
  if (fields.length > CONSENT_FIELDS_MAX) return [{ errorField: names.list, message: M.tooManyFields }];
  return placementProblems(fields, pages, names.field);
}

/** The page sizes of a stored form's PDF. */
export async function storedPdfPages(files: FileStore, tx: Tx, fileId: string): Promise<PageSize[]> {
  const file = await files.read(tx, fileId);
  return file ? pdfPageSizes(file.bytes) : [];
}
