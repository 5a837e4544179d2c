import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { TConsentInputField, TSignatureMark } from '@portal/shared/consent/ceremony';
import type { Language } from '@portal/shared/constants';
import { formatDate } from '@portal/shared/dates';
import { translate } from '../../lib/localize';
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

const MARGIN = 56;
const PAGE = { width: 612, height: 792 } as const;

/** Splits text into lines no wider than `width` (long words, such as hashes, are cut). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

const utcTime = (at: Date) => `${formatDate(at)} ${at.toISOString().slice(11, 19)} UTC`;

/** Appends the signature certificate page (DECISIONS.md) to the stamped document, in the form's language. */
export async function appendCertificate(pdf: PDFDocument, evidence: SigningEvidence): Promise<void> {
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(evidence.language, `consent.certificate.${key}`, values);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const width = PAGE.width - 2 * MARGIN;

  const write = (text: string, font: PDFFont, size: number, indent = 0) => {
    for (const line of wrap(font, writableText(font, text), size, width - indent)) {
      if (y < MARGIN + size) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN;
      }
      y -= size * 1.35;
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: rgb(0, 0, 0) });
    }
  };
  const row = (label: string, value: string, font = regular) => {
    write(label, bold, 10);
    write(value, font, 10, 12);
    y -= 4;
  };

  write(t('title'), bold, 18);
  y -= 6;
  write(t('intro'), regular, 10);
  y -= 10;
  const signature = evidence.signature;
  row(t('signer'), evidence.signerName);
  row(t('email'), evidence.signerEmail);
  row(t('signedAt'), `${utcTime(evidence.signedAt)} (${evidence.signedAt.toISOString()})`);
  row(t('meaning'), t('meaningText'));
  row(t('method'), signature.method === 'drawn' ? t('methodDrawn') : t('methodTyped', { name: signature.text }));
  row(t('form'), t('formValue', { version: evidence.formVersion, fileName: evidence.formFileName }));
  row(t('formHash'), evidence.formSha256, mono);
  row(t('stampedHash'), evidence.stampedSha256, mono);
  row(t('ip'), evidence.ip);
  row(t('userAgent'), evidence.userAgent || '-');
  y -= 6;
  write(t('answers'), bold, 12);
  for (const field of evidence.fields) {
    if (field.type === 'signature') continue;
    const value = evidence.values[field.id];
    const shown =
      field.type === 'checkbox' ? t(value === true ? 'yes' : 'no') : typeof value === 'string' ? value : '-';
    row(field.description, shown);
  }
  y -= 6;
  write(t('footer'), regular, 9);
}
