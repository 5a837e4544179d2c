import { StandardFonts, type PDFDocument, type PDFFont } from '@cantoo/pdf-lib';
import type { TConsentInputField, TSignatureMark } from '@portal/shared/consent/ceremony';
import type { Language } from '@portal/shared/constants';
import { formatDate } from '@portal/shared/dates';
import { translate } from '../../lib/localize';
import { Flow, LABEL, embedFonts } from './pdf-layout';

/** A certificate value: a little smaller than body text, under its label. */
const VALUE = { size: 10, lineHeight: 14, indent: 12 } as const;
import { writableText } from './stamp';

/** The evidence of a signing, printed on the certificate page appended to the signed copy. */
export interface SigningEvidence {
  language: Language;
  signerName: string;
  signerEmail: string;
  signedAt: Date;
  signature: TSignatureMark;
  formVersion: number;
  formFileName: string;
  formSha256: string;
  /** SHA-256 of the stamped pages, before this certificate page is added. */
  stampedSha256: string;
  ip: string;
  userAgent: string;
  fields: readonly TConsentInputField[];
  values: Readonly<Record<string, string | boolean>>;
}

const utcTime = (at: Date) => `${formatDate(at)} ${at.toISOString().slice(11, 19)} UTC`;

/** Appends the signature certificate page to the stamped document, in the form's language. */
export async function appendCertificate(pdf: PDFDocument, evidence: SigningEvidence): Promise<void> {
  const t = (key: string, values?: Record<string, string | number>) => translate(evidence.language, key, values);
  const fonts = await embedFonts(pdf);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const flow = new Flow(pdf, fonts);
  const row = (label: string, value: string, font: PDFFont = fonts.regular) => {
    flow.text([{ text: writableText(fonts.bold, label), font: fonts.bold }], LABEL);
    flow.text([{ text: writableText(font, value), font }], VALUE);
    flow.space(4);
  };

  flow.title(t('consent.certificate.title'));
  flow.paragraph(t('consent.certificate.intro'));
  const signature = evidence.signature;
  row(t('consent.certificate.signer'), evidence.signerName);
  row(t('consent.certificate.email'), evidence.signerEmail);
  row(t('consent.certificate.signedAt'), `${utcTime(evidence.signedAt)} (${evidence.signedAt.toISOString()})`);
  row(t('consent.certificate.meaning'), t('consent.certificate.meaningText'));
  row(
    t('consent.certificate.method'),
    signature.method === 'drawn'
      ? t('consent.certificate.methodDrawn')
      : t('consent.certificate.methodTyped', { name: signature.text }),
  );
  row(
    t('consent.certificate.form'),
    t('consent.certificate.formValue', { version: evidence.formVersion, fileName: evidence.formFileName }),
  );
  row(t('consent.certificate.formHash'), evidence.formSha256, mono);
  row(t('consent.certificate.stampedHash'), evidence.stampedSha256, mono);
  row(t('consent.certificate.ip'), evidence.ip);
  row(t('consent.certificate.userAgent'), evidence.userAgent || '-');
  flow.heading(t('consent.certificate.answers'));
  for (const field of evidence.fields) {
    if (field.type === 'signature') continue;
    const value = evidence.values[field.id];
    const shown =
      field.type === 'checkbox'
        ? value === true
          ? t('consent.certificate.yes')
          : t('consent.certificate.no')
        : typeof value === 'string'
          ? value
          : '-';
    row(field.description, shown);
  }
  flow.paragraph(t('consent.certificate.footer'));
}
