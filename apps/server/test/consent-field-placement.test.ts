import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import type { TConsentInputField } from '@portal/shared/consent/ceremony';
import { stampFields } from '../src/modules/consent/stamp';
import { pdfPageSizes } from '../src/modules/health-systems/pdf-upload';
import { readPdf } from './pdf-text';

/** A field the visual editor placed: 100 points from the left, 150 from the top, 200 × 30, on page 1. */
const PRINTED_NAME: TConsentInputField = {
  id: 'printed-name',
  name: 'printedName',
  description: 'Printed name',
  type: 'text',
  coordinates: { page: 1, x: 100, y: 150 },
  dimensions: { width: 200, height: 30 },
  isRequired: true,
};
const VALUE = 'Ana Example';

interface PageShape {
  media: [number, number, number, number];
  crop?: [number, number, number, number];
  rotation?: number;
}

async function formPdf({ media, crop, rotation = 0 }: PageShape): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage();
  page.setMediaBox(...media);
  if (crop) page.setCropBox(...crop);
  page.setRotation(degrees(rotation));
  return document.save();
}

/**
 * The stamped value as a reader (pdfjs-dist) finds it: where its baseline starts in the page's own space (bottom-
 * left origin), the same place on the page as shown (top-left origin, y downward, as the editor measures), where
 * the text ends as shown, and the page's shown size.
 */
async function stampedValue(original: Uint8Array) {
  const stamped = await (
    await stampFields({
      original,
      fields: [PRINTED_NAME],
      values: { [PRINTED_NAME.id]: VALUE },
      signature: { method: 'typed', text: VALUE },
    })
  ).save();
  const { viewport, item } = await readPdf(stamped, async (document) => {
    const page = await document.getPage(1);
    const found = (await page.getTextContent()).items.find((i) => 'str' in i && i.str === VALUE) as
      { transform: number[]; width: number } | undefined;
    return { viewport: page.getViewport({ scale: 1 }), item: found };
  });
  if (!item) throw new Error('The value is not on the page');
  const [a, b, , , e, f] = item.transform as [number, number, number, number, number, number];
  const length = Math.hypot(a, b);
  const [shownX, shownY] = viewport.convertToViewportPoint(e, f) as [number, number];
  const [endX, endY] = viewport.convertToViewportPoint(
    e + (a / length) * item.width,
    f + (b / length) * item.width,
  ) as [number, number];
  return {
    page: { x: e, y: f },
    shown: { x: shownX, y: shownY },
    shownEnd: { x: endX, y: endY },
    shownSize: { width: viewport.width, height: viewport.height },
  };
}

/**
 * On the page as shown, the value starts 2 points into the box (x 102 of 100..300) on a baseline 168.6 points from
 * the top (within 150..180: a 12-point line centred in the 30-point box, 2.4 points above its bottom) and runs left
 * to right on that baseline, ending inside the box.
 */
function expectUprightInBox(found: Awaited<ReturnType<typeof stampedValue>>) {
  expect(found.shown.x).toBeCloseTo(102, 5);
  expect(found.shown.y).toBeCloseTo(168.6, 5);
  expect(found.shownEnd.y).toBeCloseTo(168.6, 5);
  expect(found.shownEnd.x).toBeGreaterThan(150);
  expect(found.shownEnd.x).toBeLessThanOrEqual(300);
}

describe('A field placed in the editor, stamped into the signed copy', () => {
  it('lands inside its rectangle on a US Letter page (612 × 792)', async () => {
    const original = await formPdf({ media: [0, 0, 612, 792] });
    expect(await pdfPageSizes(original)).toEqual([{ width: 612, height: 792 }]);

    const found = await stampedValue(original);
    expect(found.shownSize).toEqual({ width: 612, height: 792 });
    // The rectangle in the page's own space: x 100..300, y 792-180..792-150 = 612..642.
    expect(found.page.x).toBeGreaterThanOrEqual(100);
    expect(found.page.x).toBeLessThanOrEqual(300);
    expect(found.page.y).toBeGreaterThanOrEqual(612);
    expect(found.page.y).toBeLessThanOrEqual(642);
    // 2 points of padding; a 12-point line centred in the 30-point box, its baseline 2.4 points above its bottom.
    expect(found.page.x).toBeCloseTo(102, 5);
    expect(found.page.y).toBeCloseTo(623.4, 5);
    expectUprightInBox(found);
  });

  it('lands at the same place on the page as shown when the page is cropped away from its origin', async () => {
    // A 700 × 900 sheet of which 612 × 792 is shown, from (50, 60).
    const original = await formPdf({ media: [0, 0, 700, 900], crop: [50, 60, 612, 792] });
    expect(await pdfPageSizes(original)).toEqual([{ width: 612, height: 792 }]);

    const found = await stampedValue(original);
    expect(found.shownSize).toEqual({ width: 612, height: 792 });
    expect(found.page.x).toBeCloseTo(152, 5);
    expect(found.page.y).toBeCloseTo(683.4, 5);
    expectUprightInBox(found);
  });

  it('lands at the same place, reading left to right, on a page shown turned a quarter (Rotate 90)', async () => {
    // A 612 × 792 sheet shown turned clockwise: 792 wide, 612 high.
    const original = await formPdf({ media: [0, 0, 612, 792], rotation: 90 });
    expect(await pdfPageSizes(original)).toEqual([{ width: 792, height: 612 }]);

    const found = await stampedValue(original);
    expect(found.shownSize).toEqual({ width: 792, height: 612 });
    expectUprightInBox(found);
  });

  it('lands at the same place on a page turned upside down (Rotate 180)', async () => {
    const original = await formPdf({ media: [0, 0, 612, 792], rotation: 180 });
    expect(await pdfPageSizes(original)).toEqual([{ width: 612, height: 792 }]);

    const found = await stampedValue(original);
    expectUprightInBox(found);
  });

  it('lands at the same place on a cropped page turned three quarters (Rotate 270)', async () => {
    // 612 × 792 shown from (50, 60) of a 700 × 900 sheet, turned: 792 wide, 612 high.
    const original = await formPdf({ media: [0, 0, 700, 900], crop: [50, 60, 612, 792], rotation: 270 });
    expect(await pdfPageSizes(original)).toEqual([{ width: 792, height: 612 }]);

    const found = await stampedValue(original);
    expect(found.shownSize).toEqual({ width: 792, height: 612 });
    expectUprightInBox(found);
  });
});
