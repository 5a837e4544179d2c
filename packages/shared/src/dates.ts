/** Dates show as MM/DD/YYYY everywhere (spec section 9), in UTC unless a local date is meant. */
export function formatDate(value: Date | string, timeZone = 'UTC'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}
