import type { ChangeNotices } from '../db/change-notices';

/** At most this many rows are kept; when full, the cache starts again empty. */
const MAX_ROWS = 10_000;

/**
 * A lookup by key whose found rows are kept in memory until `topic` is announced, when the notices are immediate
 * (one process on the embedded database, where every query runs in the server's own thread and costs far more than
 * a map read); otherwise the lookup itself. A row not found is never kept. A lookup that was under way when the
 * topic was announced does not keep its row: it may have been read before the change.
 */
export function cachedUntilChanged<K, A extends unknown[], V>(
  lookup: (key: K, ...rest: A) => Promise<V>,
  changes: ChangeNotices,
  topic: string,
): (key: K, ...rest: A) => Promise<V> {
  if (!changes.immediate) return lookup;
  const rows = new Map<K, V>();
  let generation = 0;
  changes.on(topic, () => {
    generation++;
    rows.clear();
  });
  return async (key, ...rest) => {
    const kept = rows.get(key);
    if (kept !== undefined) return kept;
    const startedIn = generation;
    const row = await lookup(key, ...rest);
    if (row !== undefined && startedIn === generation) {
      if (rows.size >= MAX_ROWS) rows.clear();
      rows.set(key, row);
    }
    return row;
  };
}
