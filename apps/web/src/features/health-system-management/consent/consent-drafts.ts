import type { Language } from '@portal/shared/constants';
import { LANGUAGES } from '@portal/shared/constants';
import {
  CONSENT_FORM_MESSAGES,
  CONSENT_PDF_MAX_BYTES,
  type TInputFieldSettings,
} from '@portal/shared/health-systems/consent-form-settings';

/** A language's consent form while a system is being registered. */
export interface ConsentDraft {
  language: Language;
  useDefault: boolean;
  file: File | null;
  inputFields: TInputFieldSettings[];
}

/** A problem of the consent step: a catalog key and its placeholder values. */
export interface ConsentProblem {
  message: string;
  values?: Record<string, string | number>;
}

/** Each language's name in the reader's language. */
export const LANGUAGE_NAME_KEYS: Record<Language, string> = {
  en: 'healthSystems.languageNames.en',
  sp: 'healthSystems.languageNames.sp',
};

/** Every language starts on the study's default form. */
export function initialConsentDrafts(): ConsentDraft[] {
  return LANGUAGES.map((language) => ({ language, useDefault: true, file: null, inputFields: [] }));
}

export const PDF_TYPE = 'application/pdf';
const BYTES_PER_MB = 1024 * 1024;

/** A file's size in megabytes with two decimals, as the size message shows it. */
export const megabytes = (bytes: number) => (bytes / BYTES_PER_MB).toFixed(2);

/** Whether a file's name ends in .pdf (any case). */
export const hasPdfExtension = (name: string) => name.toLowerCase().endsWith('.pdf');

/**
 * The rules of a custom consent form in one language: a PDF file (type application/pdf, name ending in .pdf,
 * at most 5 MB) and at least one input field. A language on the default form has none.
 */
export function draftProblems(draft: ConsentDraft, languageName: (l: Language) => string): ConsentProblem[] {
  if (draft.useDefault) return [];
  const language = languageName(draft.language);
  const problems: ConsentProblem[] = [];
  const { file } = draft;
  if (!file) problems.push({ message: CONSENT_FORM_MESSAGES.fileRequired, values: { language } });
  else {
    if (file.type !== PDF_TYPE)
      problems.push({ message: CONSENT_FORM_MESSAGES.fileType, values: { language, type: file.type } });
    if (!hasPdfExtension(file.name))
      problems.push({ message: CONSENT_FORM_MESSAGES.fileExtension, values: { language, file: file.name } });
    if (file.size > CONSENT_PDF_MAX_BYTES)
      problems.push({ message: CONSENT_FORM_MESSAGES.fileTooLarge, values: { language, size: megabytes(file.size) } });
  }
  if (draft.inputFields.length === 0)
    problems.push({ message: CONSENT_FORM_MESSAGES.fieldsRequired, values: { language } });
  return problems;
}

/** The consent step's rules over every language; no drafts at all is a problem of its own. */
export function consentDraftProblems(drafts: ConsentDraft[], languageName: (l: Language) => string): ConsentProblem[] {
  if (drafts.length === 0) return [{ message: CONSENT_FORM_MESSAGES.noData }];
  return drafts.flatMap((draft) => draftProblems(draft, languageName));
}
