import { createHash } from 'node:crypto';

/** JSON with every object's keys in order, so equal values always read the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The version of a stored setting: the first 16 hex digits of the SHA-256 of its value. An editor sends back
 * the version it opened, and a save is refused when the stored value no longer has it.
 */
export function settingVersion(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);
}

/** Whether a save was made from an editor opened on another value; a save without a version is not checked. */
export function isStaleVersion(sent: string | undefined, current: unknown): boolean {
  return sent !== undefined && sent !== settingVersion(current);
}

/**
 * The version an `If-Match` header names: `abc`, `"abc"` and `W/"abc"` all name `abc`; none, or `*` (any
 * version), names none.
 */
export function ifMatchVersion(header: string | undefined): string | undefined {
  const value = header
    ?.trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
  return value && value !== '*' ? value : undefined;
}
