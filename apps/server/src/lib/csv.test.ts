import { describe, expect, it } from 'vitest';
import { csvCell, quotedCell } from './csv';

describe('CSV cells', () => {
  it('are quoted, their quotes doubled, only when they hold a comma, quote or line break', () => {
    expect(quotedCell('plain')).toBe('plain');
    expect(quotedCell('a,b')).toBe('"a,b"');
    expect(quotedCell('say "hi"')).toBe('"say ""hi"""');
    expect(quotedCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('keep a leading = + - @ as it is when only quoted, and get an apostrophe before it as spreadsheet cells', () => {
    expect(quotedCell('=cramps, at night')).toBe('"=cramps, at night"');
    expect(quotedCell('-1')).toBe('-1');
    expect(csvCell('=cramps, at night')).toBe('"\'=cramps, at night"');
    expect(csvCell('-1')).toBe("'-1");
  });
});
