import { PDFDocument, StandardFonts, rgb, type Color, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

/** US Letter with one-inch margins, in PDF points. */
export const PAGE = { width: 612, height: 792, margin: 72 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const CONTENT_BOTTOM = PAGE.height - PAGE.margin;

const INK = rgb(0.1, 0.1, 0.1);
const ACCENT = rgb(0.08, 0.22, 0.45);
const MUTED = rgb(0.35, 0.35, 0.35);

/** Body text at about 1.4 line height, for older readers. */
export const BODY = { size: 11.5, lineHeight: 16 } as const;
export const LABEL = { size: 10.5, lineHeight: 16 } as const;
const TITLE = { size: 18, lineHeight: 24 } as const;
const HEADING = { size: 13.5, lineHeight: 18 } as const;
const PARAGRAPH_GAP = 8;
const BULLET_INDENT = 20;
/** Helvetica's capital letters are 0.718 of the font size tall; a line's text is centred on them. */
const CAP_HEIGHT = 0.718;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A stretch of text in one font. */
interface Run {
  text: string;
  font: PDFFont;
}

/** A rectangle on a page: points from the page's top-left corner, y growing downward. */
export interface Rect {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface TextStyle {
  size: number;
  lineHeight: number;
  /** Distance from the left margin. */
  indent?: number;
  color?: Color;
}

interface Word extends Run {
  width: number;
}

/**
 * How wide text is drawn. pdf-lib's own measure subtracts kerning that its drawText does not apply, so it
 * comes out a little short; the glyphs are measured one by one instead.
 */
function textWidth(font: PDFFont, text: string, size: number): number {
  return [...text].reduce((width, char) => width + font.widthOfTextAtSize(char, size), 0);
}

/** Breaks runs of text into lines no wider than `width`, at spaces; each line is a list of runs. */
function wrapRuns(runs: readonly Run[], size: number, width: number): Run[][] {
  const words: Word[] = runs.flatMap(({ text, font }) =>
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ text: word, font, width: textWidth(font, word, size) })),
  );
  const lines: Word[][] = [];
  let line: Word[] = [];
  let lineWidth = 0;
  for (const word of words.flatMap((w) => splitWide(w, size, width))) {
    const space = line.length > 0 ? textWidth(word.font, ' ', size) : 0;
    if (line.length > 0 && lineWidth + space + word.width > width) {
      lines.push(line);
      line = [];
      lineWidth = 0;
    } else lineWidth += space;
    lineWidth += word.width;
    line.push(word);
  }
  if (line.length > 0) lines.push(line);
  return lines.map(joinWords);
}

/** A word wider than the column (a long address or hash) is cut into pieces that fit. */
function splitWide(word: Word, size: number, width: number): Word[] {
  if (word.width <= width) return [word];
  const pieces: Word[] = [];
  let piece = '';
  for (const char of word.text) {
    if (piece && textWidth(word.font, piece + char, size) > width) {
      pieces.push({ ...word, text: piece, width: textWidth(word.font, piece, size) });
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push({ ...word, text: piece, width: textWidth(word.font, piece, size) });
  return pieces;
}

/** Joins a line's words into one run per change of font; the space before a change ends the run before it. */
function joinWords(line: Word[]): Run[] {
  const runs: Run[] = [];
  for (const word of line) {
    const last = runs.at(-1);
    if (last?.font === word.font) last.text += ` ${word.text}`;
    else {
      if (last) last.text += ' ';
      runs.push({ text: word.text, font: word.font });
    }
  }
  return runs;
}

export async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  return {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
}

/**
 * Writes from the top of the first page down, starting a new page when the next lines do not fit above the
 * bottom margin. Positions are kept from the page's top-left corner, as fields are, and turned into pdf-lib's
 * bottom-left ones only when drawing.
 */
export class Flow {
  private page: PDFPage;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    private top: number = PAGE.margin,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
  }

  /** The current page, counted from 1. */
  get pageNumber(): number {
    return this.pdf.getPageCount();
  }

  get cursor(): number {
    return this.top;
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.top = PAGE.margin;
  }

  /** Starts a new page unless `height` points still fit below the cursor. */
  keep(height: number): void {
    if (this.top + height > CONTENT_BOTTOM) this.newPage();
  }

  /** Moves the cursor down, without passing the bottom margin. */
  space(height: number): void {
    this.top = Math.min(this.top + height, CONTENT_BOTTOM);
  }

  /** Takes `height` points below the cursor (on a new page if needed) and returns where they start. */
  take(height: number): number {
    this.keep(height);
    const top = this.top;
    this.top += height;
    return top;
  }

  title(text: string): void {
    this.text([{ text, font: this.fonts.bold }], { ...TITLE, color: ACCENT });
    this.space(6);
    const y = PAGE.height - this.take(1);
    this.page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.margin + CONTENT_WIDTH, y }, color: MUTED });
    this.space(10);
  }

  heading(text: string): void {
    this.space(6);
    // A heading never ends a page: it stays with the first lines of what follows it.
    this.keep(HEADING.lineHeight + 4 + 3 * BODY.lineHeight);
    this.text([{ text, font: this.fonts.bold }], { ...HEADING, color: ACCENT });
    this.space(4);
  }

  paragraph(text: string): void {
    this.text([{ text, font: this.fonts.regular }], BODY);
    this.space(PARAGRAPH_GAP);
  }

  /** A bulleted item that opens with a few words in bold. */
  bullet(lead: string, text: string): void {
    const runs = [
      { text: lead, font: this.fonts.bold },
      { text, font: this.fonts.regular },
    ];
    const first = this.text(runs, { ...BODY, indent: BULLET_INDENT });
    this.write('•', { ...BODY, ...first, x: PAGE.margin + 6 });
    this.space(PARAGRAPH_GAP / 2);
  }

  /**
   * Writes wrapped text; returns where its first line starts. A page never ends with a lone first line of
   * the text, nor starts with a lone last line.
   */
  text(runs: readonly Run[], style: TextStyle): { page: number; top: number } {
    const indent = style.indent ?? 0;
    const lines = wrapRuns(runs, style.size, CONTENT_WIDTH - indent);
    let room = Math.floor((CONTENT_BOTTOM - this.top) / style.lineHeight);
    if (lines.length > room && (room < 2 || (lines.length === 3 && room === 2))) {
      this.newPage();
      room = Infinity;
    }
    const breakAt = lines.length - room === 1 ? room - 1 : -1;
    const first = { page: this.pageNumber, top: this.top };
    lines.forEach((line, index) => {
      if (index === breakAt) this.newPage();
      const top = this.take(style.lineHeight);
      let x = PAGE.margin + indent;
      for (const run of line) {
        this.write(run.text, { ...style, x, top, font: run.font });
        x += textWidth(run.font, run.text, style.size);
      }
    });
    return first;
  }

  /** Writes one line of text centred in the line box that starts at `top`, on the current page unless told. */
  write(text: string, at: TextStyle & { x: number; top: number; page?: number; font?: PDFFont }): void {
    const baseline = at.top + (at.lineHeight + CAP_HEIGHT * at.size) / 2;
    const page = at.page ? this.pdf.getPage(at.page - 1) : this.page;
    page.drawText(text, {
      x: at.x,
      y: PAGE.height - baseline,
      size: at.size,
      font: at.font ?? this.fonts.regular,
      color: at.color ?? INK,
    });
  }

  /** Outlines a rectangle: a box to tick or sign in. */
  outline(rect: Rect): void {
    this.pdf.getPage(rect.page - 1).drawRectangle({
      x: rect.x,
      y: PAGE.height - rect.y - rect.height,
      width: rect.width,
      height: rect.height,
      borderWidth: 1,
      borderColor: INK,
    });
  }

  /** Draws a rectangle's bottom edge: the line a value is written on. */
  underline(rect: Rect): void {
    const y = PAGE.height - rect.y - rect.height;
    this.pdf.getPage(rect.page - 1).drawLine({
      start: { x: rect.x, y },
      end: { x: rect.x + rect.width, y },
      thickness: 0.75,
      color: INK,
    });
  }
}

/**
 * Whether `write` fits below the flow's cursor without starting a page: it is tried on a scratch document
 * first, since what pdf-lib has drawn cannot be taken back.
 */
export async function fitsOnPage(flow: Flow, write: (flow: Flow) => void): Promise<boolean> {
  const scratch = await PDFDocument.create();
  write(new Flow(scratch, await embedFonts(scratch), flow.cursor));
  return scratch.getPageCount() === 1;
}

/** Writes the form identifier and "Page N of M" at the foot of every page. */
export function drawFooters(pdf: PDFDocument, font: PDFFont, footer: { formId: string; pageOf: string }): void {
  const pages = pdf.getPages();
  const size = 9;
  const y = 40;
  pages.forEach((page, index) => {
    const pageOf = footer.pageOf.replace('{page}', String(index + 1)).replace('{total}', String(pages.length));
    page.drawText(footer.formId, { x: PAGE.margin, y, size, font, color: MUTED });
    const x = PAGE.margin + CONTENT_WIDTH - textWidth(font, pageOf, size);
    page.drawText(pageOf, { x, y, size, font, color: MUTED });
  });
}
