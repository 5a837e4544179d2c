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

/**
 * Whether a change was made from an editor opened on another version than the stored one (null: none stored);
 * a change without a version is not checked. Settings and consent forms are guarded by this one rule.
 */
export function isStale<T extends string | number>(sent: T | undefined, current: T | null): boolean {
  return sent !== undefined && sent !== current;
}

/** Whether a save was made from an editor opened on another value; a save without a version is not checked. */
export function isStaleVersion(sent: string | undefined, current: unknown): boolean {
  return isStale(sent, settingVersion(current));
}

/**
 * The numbered version an editor loaded, as a call carries it: its own `version`, else the version its `If-Match`
 * header names (`"3"`, `W/"3"` or `3`; `*` asks for no check). A tag that is no version is stale.
 */
export function loadedVersion(sent: number | undefined, ifMatch: string | undefined): number | undefined {
  if (sent !== undefined) return sent;
  const tag = ifMatchVersion(ifMatch);
  if (tag === undefined) return undefined;
  return /^[1-9]\d{0,9}$/.test(tag) ? Number(tag) : Number.NaN;
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
