/**
 * The sentence about the hold, in its largest whole unit: hours when it is a whole number of them, else minutes
 * (rounded) from a minute up, else seconds; one of a unit is said in the singular.
 */
export function holdText(holdSeconds: number): { key: string; count: number } {
  if (holdSeconds >= 3600 && holdSeconds % 3600 === 0) {
    const count = holdSeconds / 3600;
    return { key: count === 1 ? 'withdrawals.manual.holdOneHour' : 'withdrawals.manual.holdHours', count };
  }
  if (holdSeconds >= 60) {
    const count = Math.round(holdSeconds / 60);
    return { key: count === 1 ? 'withdrawals.manual.holdOneMinute' : 'withdrawals.manual.holdMinutes', count };
  }
  return {
    key: holdSeconds === 1 ? 'withdrawals.manual.holdOneSecond' : 'withdrawals.manual.holdSeconds',
    count: holdSeconds,
  };
}
