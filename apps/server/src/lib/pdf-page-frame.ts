import { PDFArray, PDFNumber, type PDFObject, type PDFPage } from '@cantoo/pdf-lib';

/**
 * A page as a viewer shows it: the part of the page's own space (bottom-left origin) that is visible, and the
 * quarter turns it is shown rotated by (clockwise). Field places are measured on the page as shown: points from
 * its top-left corner, y growing downward, as pdf.js draws it for the editor and the ceremony.
 */
export interface PageFrame {
  left: number;
  bottom: number;
  right: number;
  top: number;
  rotation: 0 | 90 | 180 | 270;
  /** The shown size: the visible box, its sides swapped when it is turned a quarter. */
  width: number;
  height: number;
}

/** A box array as [left, bottom, right, top], whichever corners it names. */
function box(value: PDFObject | undefined): [number, number, number, number] | undefined {
  if (!(value instanceof PDFArray) || value.size() !== 4) return undefined;
  const [x0, y0, x1, y1] = value.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : NaN)) as [
    number,
    number,
    number,
    number,
  ];
  if (![x0, y0, x1, y1].every(Number.isFinite)) return undefined;
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/** The visible box is the crop box within the media box (the media box alone when no usable crop box is set). */
export function pageFrame(page: PDFPage): PageFrame {
  const media = box(page.node.MediaBox());
  if (!media) throw new Error('A page without a media box');
  const crop = box(page.node.CropBox());
  const clipped: [number, number, number, number] | undefined = crop && [
    Math.max(crop[0], media[0]),
    Math.max(crop[1], media[1]),
    Math.min(crop[2], media[2]),
    Math.min(crop[3], media[3]),
  ];
  const [left, bottom, right, top] = clipped && clipped[2] > clipped[0] && clipped[3] > clipped[1] ? clipped : media;
  // As pdf.js reads /Rotate: a multiple of 90 degrees, anything else is no rotation.
  const angle = page.getRotation().angle;
  const rotation = (angle % 90 === 0 ? ((angle % 360) + 360) % 360 : 0) as PageFrame['rotation'];
  const [width, height] = rotation % 180 === 90 ? [top - bottom, right - left] : [right - left, top - bottom];
  return { left, bottom, right, top, rotation, width, height };
}

/**
 * The matrix [a b c d e f] that takes a point of the page as shown, with its origin at the shown bottom-left
 * corner and y upward, to the page's own space: drawing under it, a box at (x, shown height − y − box height)
 * lands where the editor placed it, upright to the reader.
 */
export function shownToPage(frame: PageFrame): [number, number, number, number, number, number] {
  const { left, bottom, right, top } = frame;
  switch (frame.rotation) {
    case 90:
      return [0, 1, -1, 0, right, bottom];
    case 180:
      return [-1, 0, 0, -1, right, top];
    case 270:
      return [0, -1, 1, 0, left, top];
    default:
      return [1, 0, 0, 1, left, bottom];
  }
}
