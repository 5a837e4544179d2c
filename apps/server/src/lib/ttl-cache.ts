import type { Clock } from '../providers/clock/clock';

/**
 * Keeps one loaded value for a short time. Reference data is read on every page load but changes
 * rarely; a write in this process calls `invalidate`, other processes see it within `ttlMs`.
 */
export function ttlCache<T>(loader: () => Promise<T>, ttlMs: number, clock: Clock) {
  let value: Promise<T> | undefined;
  let loadedAt = 0;
  return {
    get(): Promise<T> {
      const now = clock.now().getTime();
      if (!value || now - loadedAt >= ttlMs) {
        loadedAt = now;
        value = loader().catch((error: unknown) => {
          value = undefined;
          throw error;
        });
      }
      return value;
    },
    invalidate() {
      value = undefined;
    },
  };
}
