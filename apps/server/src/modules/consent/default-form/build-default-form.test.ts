import { describe, expect, it } from 'vitest';
import { OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPdf } from '../../../../test/pdf-text';
import { buildDefaultConsentForm, type DefaultFormField } from './build-default-form';
import en from './content.en.json';
import sp from './content.sp.json';

interface Line {
  text: string;
  left: number;
  right: number;
}

/** Each page's text as a reader (pdfjs-dist) extracts it, with where each piece starts and ends. */
function readPages(bytes: Uint8Array) {
  return readPdf(bytes, async (document) => {
    const pages: { text: string; lines: Line[]; shapes: Box[]; width: number; height: number }[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const [, , width, height] = page.view as [number, number, number, number];
      const lines = (await page.getTextContent()).items
        .filter((item) => 'str' in item && item.str.trim() !== '')
        .map((item) => {
          const { str, transform, width: itemWidth } = item as { str: string; transform: number[]; width: number };
          return { text: str, left: transform[4]!, right: transform[4]! + itemWidth };
        });
      pages.push({
        text: lines
          .map((line) => line.text)
          .join(' ')
          .replace(/\s+/g, ' '),
        lines,
        shapes: await strokedShapes(page),
        width,
        height,
      });
    }
    return pages;
  });
}

/** x0, y0, x1, y1 in PDF points from the page's bottom-left corner. */
type Box = [number, number, number, number];
type Matrix = [number, number, number, number, number, number];

/** The bounds of every path drawn on a page (box outlines and lines), in page space. */
async function strokedShapes(page: PDFPageProxy): Promise<Box[]> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const saved: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  const apply = (m: Matrix, x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
  const shapes: Box[] = [];
  fnArray.forEach((fn, index) => {
    const args = argsArray[index];
    if (fn === OPS.save) saved.push(matrix);
    else if (fn === OPS.restore) matrix = saved.pop() ?? matrix;
    else if (fn === OPS.transform) {
      const [a, b, c, d, e, f] = args as Matrix;
      const [m0, m1, m2, m3, m4, m5] = matrix;
      matrix = [
        m0 * a + m2 * b,
        m1 * a + m3 * b,
        m0 * c + m2 * d,
        m1 * c + m3 * d,
        m0 * e + m2 * f + m4,
        m1 * e + m3 * f + m5,
      ];
    } else if (fn === OPS.constructPath) {
      // pdfjs gives a path's bounds as [x0, y0, x1, y1] before the current transform.
      // The library may draw a box in a y-flipped space, so the corners are sorted again after the transform.
      const [x0, y0, x1, y1] = (args as [unknown, unknown, ArrayLike<number>])[2] as unknown as Box;
      const [ax, ay] = apply(matrix, x0, y0) as [number, number];
      const [bx, by] = apply(matrix, x1, y1) as [number, number];
      shapes.push([Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)]);
    }
  });
  return shapes;
}

/** Where a field's outline (checkbox, signature) or writing line (text, date) is drawn, from the bottom-left. */
function drawnAt(field: DefaultFormField, pageHeight: number): Box {
  const bottom = pageHeight - field.y - field.height;
  const top = field.type === 'text' || field.type === 'date' ? bottom : bottom + field.height;
  return [field.x, bottom, field.x + field.width, top];
}

const overlap = (a: DefaultFormField, b: DefaultFormField) =>
  a.page === b.page && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each([
  { language: 'en' as const, content: en, pageOf: (n: number, total: number) => `Page ${n} of ${total}` },
  { language: 'sp' as const, content: sp, pageOf: (n: number, total: number) => `Página ${n} de ${total}` },
])('the default consent form in $language', ({ language, content, pageOf }) => {
  it('is a US Letter document of 4 to 6 pages with the title, every heading and a numbered footer', async () => {
    const form = await buildDefaultConsentForm(language);
    expect(form.fileName).toBe(`kidney-study-consent-${language}.pdf`);
    const pages = await readPages(form.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.length).toBeLessThanOrEqual(6);
    expect(pages[0]!.text).toContain(content.title);
    const all = pages.map((page) => page.text).join(' ');
    for (const section of content.sections) expect(all).toContain(section.heading);
    expect(all).toContain(content.consent.heading);
    pages.forEach((page, index) => {
      expect([page.width, page.height]).toEqual([612, 792]);
      expect(page.text).toContain(pageOf(index + 1, pages.length));
      expect(page.text).toContain(content.footer.formId);
    });
  });

  it('keeps every line of text within the side margins', async () => {
    const pages = await readPages((await buildDefaultConsentForm(language)).bytes);
    for (const line of pages.flatMap((page) => page.lines)) {
      expect(line.left, line.text).toBeGreaterThanOrEqual(72 - 0.01);
      expect(line.right, line.text).toBeLessThanOrEqual(612 - 72 + 0.01);
    }
  });

  it('has four required checkboxes, a printed name, a date and a signature, together on the last page', async () => {
    const form = await buildDefaultConsentForm(language);
    const pages = await readPages(form.bytes);
    const last = pages.at(-1)!;
    const { fields } = form;
    expect(fields.map((field) => field.type)).toEqual([
      'checkbox',
      'checkbox',
      'checkbox',
      'checkbox',
      'text',
      'date',
      'signature',
    ]);
    expect(new Set(fields.map((field) => field.name)).size).toBe(fields.length);
    for (const field of fields) {
      expect(field.isRequired).toBe(true);
      expect(field.description.length).toBeGreaterThanOrEqual(5);
      expect(field.page).toBe(pages.length);
      expect(field.width).toBeGreaterThan(0);
      expect(field.height).toBeGreaterThan(0);
      expect(field.x).toBeGreaterThanOrEqual(0);
      expect(field.y).toBeGreaterThanOrEqual(0);
      expect(field.x + field.width).toBeLessThanOrEqual(last.width);
      expect(field.y + field.height).toBeLessThanOrEqual(last.height);
    }
    fields.forEach((a, i) =>
      fields.slice(i + 1).forEach((b) => expect(overlap(a, b), `${a.name}/${b.name}`).toBe(false)),
    );
    for (const field of fields) {
      const expected = drawnAt(field, last.height);
      const drawn = last.shapes.find((shape) => shape.every((value, i) => Math.abs(value - expected[i]!) < 0.01));
      expect(drawn, `${field.name} is drawn where it is placed`).toBeDefined();
    }
    for (const statement of content.consent.statements) expect(last.text).toContain(statement);
    for (const label of [content.consent.printedName, content.consent.date, content.consent.signature])
      expect(last.text).toContain(label.label);
  });

  it('gives the same bytes every time it is built', async () => {
    const [first, second] = await Promise.all([buildDefaultConsentForm(language), buildDefaultConsentForm(language)]);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(second.fields).toEqual(first.fields);
  });
});

describe('the Spanish default consent form', () => {
  it('writes accented letters as they are', async () => {
    const text = (await readPages((await buildDefaultConsentForm('sp')).bytes)).map((page) => page.text).join(' ');
    for (const word of ['Participación', 'información', 'Página', 'Teléfono', 'diálisis', 'años'])
      expect(text).toContain(word);
  });
});
