import {
  concatTransformationMatrix,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFPage,
} from '@cantoo/pdf-lib';
import type { TConsentInputField, TSignatureMark } from '@portal/shared/consent/ceremony';
import { pageFrame, shownToPage } from '../../lib/pdf-page-frame';

const INK = rgb(0.05, 0.1, 0.35);
const PADDING = 2;

/**
 * What pdf-lib's standard fonts (WinAnsi) can write: a letter they lack is written without its accent where
 * that helps (ş as s), else as '?'. The record keeps every value exactly as given.
 */
export function writableText(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char;
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return [...base].every((c) => supported.has(c.codePointAt(0)!)) && base ? base : '?';
    })
    .join('');
}

/** The largest size up to `max` at which the text fits the width. */
function fittingSize(font: PDFFont, text: string, width: number, max: number): number {
  const measured = font.widthOfTextAtSize(text, max);
  return measured <= width ? max : Math.max(4, (max * width) / measured);
}

interface Box {
  page: PDFPage;
  x: number;
  /** The box's bottom edge on the page as shown, measured upward from its bottom-left corner. */
  bottom: number;
  width: number;
  height: number;
  /** Takes the page as shown to the page's own space. */
  toPage: [number, number, number, number, number, number];
}

/** The field's box on its page as shown (visible box, rotation applied), where the editor and the ceremony put it. */
function boxOf(pages: PDFPage[], field: TConsentInputField): Box {
  const page = pages[field.coordinates.page - 1];
  if (!page) throw new Error(`field ${field.id} is on page ${field.coordinates.page}, beyond the document`);
  const frame = pageFrame(page);
  const { width, height } = field.dimensions;
  const bottom = frame.height - field.coordinates.y - height;
  return { page, x: field.coordinates.x, bottom, width, height, toPage: shownToPage(frame) };
}

/** Draws in the page as shown, so a cropped, offset or rotated page gets its values where they were placed, upright. */
function drawShown(box: Box, draw: () => void) {
  box.page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...box.toPage));
  draw();
  box.page.pushOperators(popGraphicsState());
}

function writeInBox(box: Box, text: string, font: PDFFont, maxSize = 12) {
  const written = writableText(font, text);
  const size = fittingSize(font, written, box.width - 2 * PADDING, Math.min(maxSize, box.height * 0.75));
  box.page.drawText(written, {
    x: box.x + PADDING,
    y: box.bottom + (box.height - size) / 2 + size * 0.2,
    size,
    font,
    color: INK,
  });
}

function tick(box: Box) {
  const side = Math.min(box.width, box.height);
  const left = box.x + (box.width - side) / 2;
  const bottom = box.bottom + (box.height - side) / 2;
  const thickness = Math.max(1, side / 8);
  const at = (fx: number, fy: number) => ({ x: left + fx * side, y: bottom + fy * side });
  box.page.drawLine({ start: at(0.18, 0.5), end: at(0.42, 0.22), thickness, color: INK });
  box.page.drawLine({ start: at(0.42, 0.22), end: at(0.85, 0.85), thickness, color: INK });
}

export interface StampInput {
  original: Uint8Array;
  fields: readonly TConsentInputField[];
  /** Normalized values by field id (shared `normalizedFieldValues`). */
  values: Readonly<Record<string, string | boolean>>;
  signature: TSignatureMark;
}

/** Stamps the participant's values and signature into the form's pages. */
export async function stampFields(input: StampInput): Promise<PDFDocument> {
  const pdf = await PDFDocument.load(input.original);
  const pages = pdf.getPages();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const script = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const drawn =
    input.signature.method === 'drawn'
      ? await pdf.embedPng(Buffer.from(input.signature.image.split(',')[1]!, 'base64'))
      : undefined;

  for (const field of input.fields) {
    const box = boxOf(pages, field);
    const value = input.values[field.id];
    drawShown(box, () => {
      if (field.type === 'checkbox' && value === true) tick(box);
      if ((field.type === 'text' || field.type === 'date') && typeof value === 'string') writeInBox(box, value, font);
      if (field.type === 'signature') {
        if (drawn) {
          const scale = Math.min(box.width / drawn.width, box.height / drawn.height);
          const width = drawn.width * scale;
          const height = drawn.height * scale;
          box.page.drawImage(drawn, {
            x: box.x + (box.width - width) / 2,
            y: box.bottom + (box.height - height) / 2,
            width,
            height,
          });
        } else if (input.signature.method === 'typed') {
          writeInBox(box, input.signature.text, script, 24);
        }
      }
    });
  }
  return pdf;
}
