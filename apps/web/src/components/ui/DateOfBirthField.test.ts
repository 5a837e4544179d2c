import { describe, expect, it } from 'vitest';
import { formatDateDigits } from './DateOfBirthField';

describe('formatDateDigits', () => {
  it('adds the slashes of MM/DD/YYYY as the digits come', () => {
    expect(formatDateDigits('0')).toBe('0');
    expect(formatDateDigits('051')).toBe('05/1');
    expect(formatDateDigits('05171')).toBe('05/17/1');
    expect(formatDateDigits('05171960')).toBe('05/17/1960');
  });

  it('keeps only digits, eight at most, whatever is typed or pasted', () => {
    expect(formatDateDigits('05/17/1960')).toBe('05/17/1960');
    expect(formatDateDigits('5-17-1960x99')).toBe('51/71/9609');
    expect(formatDateDigits('ab')).toBe('');
  });

  it('lets a slash be deleted with the digit before it', () => {
    expect(formatDateDigits('05/')).toBe('05');
  });
});
