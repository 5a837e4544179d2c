import { PDFDocument } from '@cantoo/pdf-lib';
import type { ConsentFieldType } from '@portal/shared/consent/ceremony';
import type { Language } from '@portal/shared/constants';
import en from './content.en.json';
import sp from './content.sp.json';
import { BODY, Flow, LABEL, PAGE, drawFooters, embedFonts, fitsOnPage, type Rect } from '../pdf-layout';

export interface DefaultFormField {
  name: string;
  /** Shown beside the input in the signing screen, in the form's language. */
  description: string;
  type: ConsentFieldType;
  /** Counted from 1. */
  page: number;
  /** Points from the page's top-left corner, y growing downward. */
  x: number;
  y: number;
  width: number;
  height: number;
  isRequired: boolean;
}

export interface DefaultConsentForm {
  fileName: string;
  bytes: Uint8Array;
  fields: DefaultFormField[];
}

interface Bullet {
  lead: string;
  text: string;
}

interface Section {
  heading: string;
  paragraphs: string[];
  bullets?: Bullet[];
  after?: string[];
}

interface LabelledField {
  label: string;
  description: string;
}

interface ConsentContent {
  languageTag: string;
  title: string;
  subject: string;
  intro: string[];
  sections: Section[];
  consent: {
    heading: string;
    paragraphs: string[];
    statements: string[];
    closing: string[];
    printedName: LabelledField;
    date: LabelledField;
    signature: LabelledField;
  };
  footer: { formId: string; pageOf: string };
}

const CONTENTS: Record<Language, ConsentContent> = { en, sp };

/** One checkbox per consent statement, in the order the statements are written. */
const STATEMENT_FIELDS = ['readAndUnderstood', 'questionsAnswered', 'agreeToTakePart', 'mayWithdraw'] as const;

/** Fixed so that building the form twice gives the same bytes, and so the same recorded hash. */
const FORM_DATE = new Date('2026-01-01T00:00:00Z');
const AUTHOR = 'Kidney Research Study';

const CHECKBOX = { side: 14, textIndent: 26 } as const;
const NAME_LINE = { x: PAGE.margin, width: 250, height: 20 } as const;
const DATE_LINE = { x: PAGE.margin + NAME_LINE.width + 40, width: 120, height: 20 } as const;
const SIGNATURE_BOX = { x: PAGE.margin, width: 250, height: 50 } as const;

function writeSection(flow: Flow, section: Section) {
  flow.heading(section.heading);
  for (const text of section.paragraphs) flow.paragraph(text);
  for (const item of section.bullets ?? []) flow.bullet(item.lead, item.text);
  if (section.bullets) flow.space(4);
  for (const text of section.after ?? []) flow.paragraph(text);
}

/** Writes a field's label at `top`; the field itself lies just below it. */
function labelledRect(flow: Flow, label: string, at: Omit<Rect, 'page' | 'y'> & { top: number }): Rect {
  flow.write(label, { ...LABEL, x: at.x, top: at.top, font: flow.fonts.bold });
  return { page: flow.pageNumber, x: at.x, y: at.top + LABEL.lineHeight, width: at.width, height: at.height };
}

/** The statement of consent: a checkbox beside each statement, then printed name, date and signature. */
function writeStatementOfConsent(flow: Flow, consent: ConsentContent['consent']): DefaultFormField[] {
  if (consent.statements.length !== STATEMENT_FIELDS.length) throw new Error('one checkbox per consent statement');
  const fields: DefaultFormField[] = [];
  const field = (name: string, type: DefaultFormField['type'], description: string, rect: Rect) =>
    fields.push({ name, description, type, ...rect, isRequired: true });

  flow.heading(consent.heading);
  for (const text of consent.paragraphs) flow.paragraph(text);
  flow.space(4);
  consent.statements.forEach((statement, index) => {
    const first = flow.text([{ text: statement, font: flow.fonts.regular }], { ...BODY, indent: CHECKBOX.textIndent });
    const y = first.top + (BODY.lineHeight - CHECKBOX.side) / 2;
    const box = { page: first.page, x: PAGE.margin, y, width: CHECKBOX.side, height: CHECKBOX.side };
    flow.outline(box);
    field(STATEMENT_FIELDS[index]!, 'checkbox', statement, box);
    flow.space(10);
  });
  flow.space(4);
  for (const text of consent.closing) flow.paragraph(text);
  flow.space(16);

  const top = flow.take(LABEL.lineHeight + NAME_LINE.height);
  const name = labelledRect(flow, consent.printedName.label, { ...NAME_LINE, top });
  const date = labelledRect(flow, consent.date.label, { ...DATE_LINE, top });
  flow.underline(name);
  flow.underline(date);
  field('printedName', 'text', consent.printedName.description, name);
  field('signatureDate', 'date', consent.date.description, date);

  flow.space(24);
  const signatureTop = flow.take(LABEL.lineHeight + SIGNATURE_BOX.height);
  const signature = labelledRect(flow, consent.signature.label, { ...SIGNATURE_BOX, top: signatureTop });
  flow.outline(signature);
  field('signature', 'signature', consent.signature.description, signature);
  return fields;
}

function setMetadata(pdf: PDFDocument, content: ConsentContent) {
  pdf.setTitle(content.title, { showInWindowTitleBar: true });
  pdf.setAuthor(AUTHOR);
  pdf.setSubject(content.subject);
  pdf.setCreator(AUTHOR);
  pdf.setProducer(AUTHOR);
  pdf.setCreationDate(FORM_DATE);
  pdf.setModificationDate(FORM_DATE);
  pdf.setLanguage(content.languageTag);
}

/** The study's default informed consent form in a language, with the input fields the participant fills in. */
export async function buildDefaultConsentForm(language: Language): Promise<DefaultConsentForm> {
  const content = CONTENTS[language];
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setMetadata(pdf, content);
  const fonts = await embedFonts(pdf);
  const flow = new Flow(pdf, fonts);

  flow.title(content.title);
  for (const text of content.intro) flow.paragraph(text);
  for (const section of content.sections) writeSection(flow, section);
  // The statement of consent and every field stay together, on the last page.
  if (!(await fitsOnPage(flow, (scratch) => writeStatementOfConsent(scratch, content.consent)))) flow.newPage();
  const page = flow.pageNumber;
  const fields = writeStatementOfConsent(flow, content.consent);
  if (flow.pageNumber !== page) throw new Error('the statement of consent does not fit on one page');
  drawFooters(pdf, fonts.regular, content.footer);

  const bytes = await pdf.save({ useObjectStreams: false });
  return { fileName: `kidney-study-consent-${language}.pdf`, bytes, fields };
}
