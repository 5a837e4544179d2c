/**
 * The sentence about the hold, in its largest whole unit: hours when it is a whole number of them, else minutes
 * (rounded) from a minute up, else seconds; `count` picks the sentence's plural form.
 */
export function holdText(holdSeconds: number): { key: string; count: number } {
  if (holdSeconds >= 3600 && holdSeconds % 3600 === 0) {
    return { key: 'withdrawals.manual.holdHours', count: holdSeconds / 3600 };
  }
  if (holdSeconds >= 60) return { key: 'withdrawals.manual.holdMinutes', count: Math.round(holdSeconds / 60) };
  return { key: 'withdrawals.manual.holdSeconds', count: holdSeconds };
}
