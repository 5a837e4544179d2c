import { CONSENT_FORM_MESSAGES, CONSENT_PDF_MAX_BYTES } from '@portal/shared/health-systems/consent-form-settings';
import { hasPdfExtension, PDF_TYPE, type ConsentProblem } from './consent-drafts';

/** Every PDF document starts with these five bytes. */
const PDF_SIGNATURE = '%PDF-';

/** A small blob's text, through FileReader (which the test DOM has as well as every browser). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

/**
 * Why a picked file cannot be a language's consent form: not of the PDF type, not named *.pdf, over 5 MB, or
 * not starting as a PDF document does. The server judges the whole content again on upload.
 */
export async function pickedFileProblem(file: File, language: string): Promise<ConsentProblem | undefined> {
  if (file.type !== PDF_TYPE) return { message: 'healthSystems.consentStep.pickNotPdf' };
  if (!hasPdfExtension(file.name)) return { message: 'healthSystems.consentStep.pickNotPdfExtension' };
  if (file.size > CONSENT_PDF_MAX_BYTES) return { message: 'healthSystems.consentStep.pickTooLarge' };
  // A file the browser cannot read is no PDF it could upload either.
  const head = await readText(file.slice(0, PDF_SIGNATURE.length)).catch(() => '');
  if (head !== PDF_SIGNATURE) return { message: CONSENT_FORM_MESSAGES.notPdf, values: { language } };
  return undefined;
}
