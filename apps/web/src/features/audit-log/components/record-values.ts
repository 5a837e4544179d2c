/** A value a record changed: what it was (undefined: not recorded) and what it became. */
export interface ValueChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** What a record keeps: the values it changed, old and new, and everything else it noted. */
export interface RecordValues {
  changes: ValueChange[];
  others: { field: string; value: unknown }[];
}

/** The one action that kept its change as `{ from, to }` (the survey period's days, before settings shared one). */
const FROM_TO_ACTIONS = new Set(['survey-period.updated']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Old and new of each field that differs, when both sides are sets of fields; else the whole value. */
function compare(field: string, old: unknown, next: unknown): ValueChange[] {
  if (!isObject(old) || !isObject(next)) return [{ field, old, new: next }];
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])];
  return fields
    .filter((name) => !same(old[name], next[name]))
    .map((name) => ({ field: name, old: old[name], new: next[name] }));
}

/** A `changes` list or map: `[{ field, from|before|old, to|after|new }]` or `{ field: { from, to } }`. */
function listedChanges(changes: unknown): ValueChange[] {
  const entries = Array.isArray(changes)
    ? changes.filter(isObject).map((change) => [String(change.field ?? change.name ?? ''), change] as const)
    : isObject(changes)
      ? Object.entries(changes).map(([field, change]) => [field, isObject(change) ? change : { to: change }] as const)
      : [];
  return entries.map(([field, change]) => ({
    field,
    old: change.from ?? change.before ?? change.old,
    new: change.to ?? change.after ?? change.new,
  }));
}

/**
 * Reads a record's details as old and new values: `before`/`after` (field by field when both are sets of fields),
 * a `changes` list, or the survey period's `from`/`to`; the other details as they are.
 */
export function recordValues(action: string, details: Record<string, unknown>): RecordValues {
  const { before, after, changes, from, to, ...rest } = details;
  const found: ValueChange[] = [];
  const others: Record<string, unknown> = rest;
  if ('before' in details || 'after' in details)
    found.push(...compare(String(details.setting ?? 'value'), before, after));
  if ('changes' in details) {
    const listed = listedChanges(changes);
    if (listed.length > 0) found.push(...listed);
    else others.changes = changes;
  }
  if (FROM_TO_ACTIONS.has(action)) found.push({ field: 'value', old: from, new: to });
  else {
    if ('from' in details) others.from = from;
    if ('to' in details) others.to = to;
  }
  return { changes: found, others: Object.entries(others).map(([field, value]) => ({ field, value })) };
}

/** A kept value as text: text as it is, anything else as JSON; `undefined` when it was not recorded. */
export function valueText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
