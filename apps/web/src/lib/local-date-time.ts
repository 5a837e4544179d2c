const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a date-time box holds it (`YYYY-MM-DDTHH:mm`), in the browser's time zone; empty for none.
 */
export function toLocalInput(iso: string | null | undefined): string {
  const at = iso ? new Date(iso) : undefined;
  if (!at || Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** What a date-time box holds, read in the browser's time zone, as an ISO instant in UTC; empty when it is no date. */
export function fromLocalInput(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return '';
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/** The browser's time zone, such as `America/Chicago`. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
