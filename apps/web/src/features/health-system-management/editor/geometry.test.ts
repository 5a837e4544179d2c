import { describe, expect, it } from 'vitest';
import {
  clampRect,
  moveRect,
  pointOnPage,
  rectAfterKey,
  rectBetween,
  resizeRect,
  snap,
  toPixels,
  toPoints,
} from './geometry';

const LETTER = { width: 612, height: 792 };
const A4 = { width: 595.28, height: 841.89 };
const key = (name: string, modifiers: { shiftKey?: boolean; altKey?: boolean } = {}) => ({
  key: name,
  shiftKey: modifiers.shiftKey ?? false,
  altKey: modifiers.altKey ?? false,
});

describe('screen pixels and PDF points', () => {
  it('converts at the drawn scale', () => {
    expect(toPoints(150, 1.5)).toBe(100);
    expect(toPixels(100, 1.5)).toBe(150);
    expect(toPoints(72, 1)).toBe(72);
  });

  it('reads a pointer position relative to the drawn page', () => {
    expect(pointOnPage({ x: 260, y: 340 }, { left: 110, top: 40 }, 1.5)).toEqual({ x: 100, y: 200 });
  });

  it('snaps to whole points', () => {
    expect(snap(72.4)).toBe(72);
    expect(snap(72.5)).toBe(73);
    expect(snap(599.6)).toBe(600);
  });
});

describe('clampRect', () => {
  it('keeps a box that fits, snapped', () => {
    expect(clampRect({ x: 72.2, y: 599.7, width: 200.4, height: 30 }, LETTER)).toEqual({
      x: 72,
      y: 600,
      width: 200,
      height: 30,
    });
  });

  it('moves a box running past the right and bottom edges back onto the page', () => {
    expect(clampRect({ x: 500, y: 780, width: 200, height: 30 }, LETTER)).toEqual({
      x: 412,
      y: 762,
      width: 200,
      height: 30,
    });
  });

  it('never lets a box start off the page', () => {
    expect(clampRect({ x: -20, y: -5, width: 50, height: 20 }, LETTER)).toEqual({ x: 0, y: 0, width: 50, height: 20 });
  });

  it('gives a box at least 8 × 8 points and at most the page', () => {
    expect(clampRect({ x: 10, y: 10, width: 0, height: 3 }, LETTER)).toEqual({ x: 10, y: 10, width: 8, height: 8 });
    expect(clampRect({ x: 10, y: 10, width: 700, height: 900 }, LETTER)).toEqual({
      x: 0,
      y: 0,
      width: 612,
      height: 792,
    });
  });

  it('stays inside a page whose size is not a whole number of points', () => {
    expect(clampRect({ x: 495.6, y: 811.5, width: 100, height: 30 }, A4)).toEqual({
      x: 495,
      y: 811,
      width: 100,
      height: 30,
    });
  });
});

describe('moveRect and resizeRect', () => {
  it('moves by points and stops at the edge', () => {
    expect(moveRect({ x: 100, y: 150, width: 200, height: 30 }, 12, -20, LETTER)).toEqual({
      x: 112,
      y: 130,
      width: 200,
      height: 30,
    });
    expect(moveRect({ x: 400, y: 10, width: 200, height: 30 }, 40, -40, LETTER)).toEqual({
      x: 412,
      y: 0,
      width: 200,
      height: 30,
    });
  });

  it('resizes from the top-left corner, never below 8 points nor past the page', () => {
    expect(resizeRect({ x: 100, y: 150, width: 200, height: 30 }, 20.4, -10, LETTER)).toEqual({
      x: 100,
      y: 150,
      width: 220,
      height: 20,
    });
    expect(resizeRect({ x: 100, y: 150, width: 200, height: 30 }, -300, -300, LETTER)).toEqual({
      x: 100,
      y: 150,
      width: 8,
      height: 8,
    });
    expect(resizeRect({ x: 500, y: 700, width: 100, height: 30 }, 100, 200, LETTER)).toEqual({
      x: 500,
      y: 700,
      width: 112,
      height: 92,
    });
  });
});

describe('rectBetween', () => {
  it('spans a drag in any direction', () => {
    expect(rectBetween({ x: 300.2, y: 180 }, { x: 100, y: 150.4 }, LETTER)).toEqual({
      x: 100,
      y: 150,
      width: 200,
      height: 30,
    });
  });

  it('cuts a drag at the page edge and makes a click an 8-point box', () => {
    expect(rectBetween({ x: 580, y: 760 }, { x: 700, y: 900 }, LETTER)).toEqual({
      x: 580,
      y: 760,
      width: 32,
      height: 32,
    });
    expect(rectBetween({ x: 50, y: 60 }, { x: 51, y: 60 }, LETTER)).toEqual({ x: 50, y: 60, width: 8, height: 8 });
  });
});

describe('rectAfterKey', () => {
  const box = { x: 72, y: 600, width: 150, height: 20 };

  it('moves one point per arrow, ten with Shift', () => {
    expect(rectAfterKey(box, key('ArrowRight'), LETTER)).toEqual({ x: 73, y: 600, width: 150, height: 20 });
    expect(rectAfterKey(box, key('ArrowUp'), LETTER)).toEqual({ x: 72, y: 599, width: 150, height: 20 });
    expect(rectAfterKey(box, key('ArrowLeft', { shiftKey: true }), LETTER)).toEqual({
      x: 62,
      y: 600,
      width: 150,
      height: 20,
    });
    expect(rectAfterKey(box, key('ArrowDown', { shiftKey: true }), LETTER)).toEqual({
      x: 72,
      y: 610,
      width: 150,
      height: 20,
    });
  });

  it('resizes with Alt: Right and Down grow, Left and Up shrink', () => {
    expect(rectAfterKey(box, key('ArrowRight', { altKey: true }), LETTER)).toEqual({
      x: 72,
      y: 600,
      width: 151,
      height: 20,
    });
    expect(rectAfterKey(box, key('ArrowUp', { altKey: true, shiftKey: true }), LETTER)).toEqual({
      x: 72,
      y: 600,
      width: 150,
      height: 10,
    });
  });

  it('stops at the page edge and ignores other keys', () => {
    expect(rectAfterKey({ x: 0, y: 0, width: 20, height: 20 }, key('ArrowLeft'), LETTER)).toEqual({
      x: 0,
      y: 0,
      width: 20,
      height: 20,
    });
    expect(rectAfterKey(box, key('Enter'), LETTER)).toBeUndefined();
  });
});
