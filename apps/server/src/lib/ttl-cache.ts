import type { Clock } from '../providers/clock/clock';

/**
 * Keeps one loaded value for a short time. Reference data is read on every page load but changes
 * rarely; a write in this process calls `invalidate`, other processes see it within `ttlMs`.
 */
export function ttlCache<T>(loader: () => Promise<T>, ttlMs: number, clock: Clock) {
  let value: Promise<T> | undefined;
  /** What `value` resolved to, once it has. */
  let loaded: { value: T } | undefined;
  let loadedAt = 0;
  return {
    get(): Promise<T> {
      const now = clock.now().getTime();
      if (!value || now - loadedAt >= ttlMs) {
        loadedAt = now;
        loaded = undefined;
        const loading: Promise<T> = loader().then(
          (result) => {
            if (value === loading) loaded = { value: result };
            return result;
          },
          (error: unknown) => {
            if (value === loading) value = undefined;
            throw error;
          },
        );
        value = loading;
      }
      return value;
    },
    /** The loaded value while it is fresh, without waiting; undefined while it loads, once stale, or never loaded. */
    current(): T | undefined {
      return loaded && clock.now().getTime() - loadedAt < ttlMs ? loaded.value : undefined;
    },
    invalidate() {
      value = undefined;
      loaded = undefined;
    },
  };
}
