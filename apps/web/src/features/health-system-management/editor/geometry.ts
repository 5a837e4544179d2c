import type { ConsentFieldType } from '@portal/shared/consent/ceremony';
import type { PageSize } from '@portal/shared/health-systems/consent-form-settings';

/** A field's box in PDF points from its page's top-left corner, y growing downward. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The smallest box a field may have, in points on each side. */
export const MIN_FIELD_SIZE = 8;
/** An arrow key moves or resizes a box by one point; with Shift, by ten. */
export const KEY_STEP = 1;
export const KEY_STEP_LARGE = 10;

/** The box a field gets when added without drawing it, by type. */
export const DEFAULT_FIELD_SIZES: Record<ConsentFieldType, { width: number; height: number }> = {
  text: { width: 180, height: 20 },
  date: { width: 100, height: 20 },
  signature: { width: 200, height: 40 },
  checkbox: { width: 14, height: 14 },
};

/** CSS pixels on the drawn page to points, at `scale` pixels per point. */
export const toPoints = (pixels: number, scale: number) => pixels / scale;
/** Points to CSS pixels on the drawn page, at `scale` pixels per point. */
export const toPixels = (points: number, scale: number) => points * scale;

/** Places and sizes are whole points. */
export const snap = (points: number) => Math.round(points);

const within = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * A box snapped to whole points and kept on its page: at least MIN_FIELD_SIZE on each side, at most the page,
 * moved back inside when it runs past an edge (its size kept where the page allows).
 */
export function clampRect(rect: Rect, page: PageSize): Rect {
  const width = within(snap(rect.width), MIN_FIELD_SIZE, Math.floor(page.width));
  const height = within(snap(rect.height), MIN_FIELD_SIZE, Math.floor(page.height));
  return {
    x: within(snap(rect.x), 0, Math.floor(page.width - width)),
    y: within(snap(rect.y), 0, Math.floor(page.height - height)),
    width,
    height,
  };
}

/** The box moved by (dx, dy) points, kept on its page. */
export function moveRect(rect: Rect, dx: number, dy: number, page: PageSize): Rect {
  return clampRect({ ...rect, x: rect.x + dx, y: rect.y + dy }, page);
}

/** The box grown by (dw, dh) points from its top-left corner, which stays put; it never passes the page's edge. */
export function resizeRect(rect: Rect, dw: number, dh: number, page: PageSize): Rect {
  const x = within(snap(rect.x), 0, Math.floor(page.width - MIN_FIELD_SIZE));
  const y = within(snap(rect.y), 0, Math.floor(page.height - MIN_FIELD_SIZE));
  return {
    x,
    y,
    width: within(snap(rect.width + dw), MIN_FIELD_SIZE, Math.floor(page.width - x)),
    height: within(snap(rect.height + dh), MIN_FIELD_SIZE, Math.floor(page.height - y)),
  };
}

/** The box a drag from `start` to `end` (points, any direction) spans, kept on the page. */
export function rectBetween(start: Point, end: Point, page: PageSize): Rect {
  const left = within(Math.min(start.x, end.x), 0, page.width);
  const top = within(Math.min(start.y, end.y), 0, page.height);
  const right = within(Math.max(start.x, end.x), 0, page.width);
  const bottom = within(Math.max(start.y, end.y), 0, page.height);
  return clampRect({ x: left, y: top, width: right - left, height: bottom - top }, page);
}

/** Where a pointer is on a drawn page (its client position, the page's client box), in points. */
export function pointOnPage(client: Point, pageBox: { left: number; top: number }, scale: number): Point {
  return { x: toPoints(client.x - pageBox.left, scale), y: toPoints(client.y - pageBox.top, scale) };
}

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * The box after an arrow key: moved one point (Shift: ten); with Alt (Option) resized instead, Right and Down
 * growing it, Left and Up shrinking it. Undefined for any other key.
 */
export function rectAfterKey(
  rect: Rect,
  key: { key: string; shiftKey: boolean; altKey: boolean },
  page: PageSize,
): Rect | undefined {
  const direction = ARROWS[key.key];
  if (!direction) return undefined;
  const step = key.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
  return key.altKey
    ? resizeRect(rect, direction.x * step, direction.y * step, page)
    : moveRect(rect, direction.x * step, direction.y * step, page);
}
