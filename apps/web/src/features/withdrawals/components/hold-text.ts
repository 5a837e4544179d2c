/** The sentence about the hold: in whole minutes from a minute up, in seconds below. */
export function holdText(holdSeconds: number): { key: string; count: number } {
  return holdSeconds >= 60
    ? { key: 'withdrawals.manual.holdMinutes', count: Math.round(holdSeconds / 60) }
    : { key: 'withdrawals.manual.holdSeconds', count: holdSeconds };
}
