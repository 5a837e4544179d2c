import { i18n } from '../../../lib/i18n';
import { describe, expect, it } from 'vitest';
import type { TInputFieldSettings } from '@portal/shared/health-systems/consent-form-settings';
import { consentDraftProblems, initialConsentDrafts, type ConsentDraft } from './consent-drafts';
import { pickedFileProblem } from './picked-file';

const NAMES = { en: 'English', sp: 'Spanish' } as const;
const languageName = (l: 'en' | 'sp') => NAMES[l];

const FIELD: TInputFieldSettings = {
  description: 'Participant signature',
  type: 'signature',
  coordinates: { page: 1, x: 72, y: 600 },
  dimensions: { width: 200, height: 40 },
  isRequired: true,
};
const pdf = (name = 'consent.pdf', size = 1000, type = 'application/pdf') =>
  new File([`%PDF-1.7\n${'x'.repeat(Math.max(0, size - 9))}`], name, { type });
const custom = (language: 'en' | 'sp', change: Partial<ConsentDraft>): ConsentDraft => ({
  language,
  useDefault: false,
  file: pdf(),
  inputFields: [FIELD],
  ...change,
});
const texts = (drafts: ConsentDraft[]) =>
  consentDraftProblems(drafts, languageName).map((p) => i18n.t(p.message, p.values));

describe('consent drafts', () => {
  it('start with English and Spanish on the default form', () => {
    expect(initialConsentDrafts()).toEqual([
      { language: 'en', useDefault: true, file: null, inputFields: [] },
      { language: 'sp', useDefault: true, file: null, inputFields: [] },
    ]);
    expect(consentDraftProblems(initialConsentDrafts(), languageName)).toEqual([]);
  });

  it('need a PDF and at least one input field for a custom form', () => {
    expect(texts([custom('en', { file: null, inputFields: [] }), custom('sp', {})])).toEqual([
      'Please upload a PDF file for English consent form.',
      'No input fields configured for English consent form. Consider adding at least one input field or using the default form.',
    ]);
  });

  it('name the wrong type, extension and size of a file', () => {
    const file = new File(['x'.repeat(6_000_000)], 'consent.docx', { type: 'application/msword' });
    expect(consentDraftProblems([custom('sp', { file })], languageName)).toEqual([
      { message: 'healthSystems.consent.fileType', values: { language: 'Spanish', type: 'application/msword' } },
      { message: 'healthSystems.consent.fileExtension', values: { language: 'Spanish', file: 'consent.docx' } },
      { message: 'healthSystems.consent.fileTooLarge', values: { language: 'Spanish', size: '5.72' } },
    ]);
    expect(texts([custom('sp', { file })])).toEqual([
      'File for Spanish must be a PDF file. Current format: application/msword',
      'File for Spanish must have .pdf extension. Current file: consent.docx',
      'File for Spanish must be less than 5MB. Current size: 5.72 MB',
    ]);
  });

  it('take a PDF of exactly 5 MB (5,242,880 bytes) and refuse one byte more', () => {
    expect(texts([custom('en', { file: pdf('a.pdf', 5_242_880) })])).toEqual([]);
    expect(texts([custom('en', { file: pdf('a.PDF', 5_242_881) })])).toEqual([
      'File for English must be less than 5MB. Current size: 5.00 MB',
    ]);
  });

  it('say so when there is no consent form data at all', () => {
    expect(texts([])).toEqual(['No consent form data available for validation.']);
  });
});

describe('a picked file', () => {
  const said = async (file: File) => {
    const problem = await pickedFileProblem(file, 'English');
    return problem && i18n.t(problem.message, problem.values);
  };

  it('is taken when it is a PDF of at most 5 MB', async () => {
    expect(await said(pdf('Consent Form.PDF'))).toBeUndefined();
  });

  it('is refused when not of the PDF type, not named .pdf, too large, or not starting as a PDF', async () => {
    expect(await said(pdf('consent.pdf', 100, 'text/plain'))).toBe(
      'Only PDF files are allowed. Please select a PDF file.',
    );
    expect(await said(pdf('consent.txt'))).toBe(
      'Only PDF files are allowed. Please select a file with .pdf extension.',
    );
    expect(await said(pdf('consent.pdf', 5_242_881))).toBe(
      'File size must be less than 5MB. Please select a smaller PDF file.',
    );
    expect(await said(new File(['<html>not a pdf'], 'consent.pdf', { type: 'application/pdf' }))).toBe(
      'The file for English is not a PDF document.',
    );
  });
});
