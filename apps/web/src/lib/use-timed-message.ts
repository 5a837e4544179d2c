import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself after `ms` (a success shows for 2 s, an upload error for 5 s).
 * Showing a new one restarts the time.
 */
export function useTimedMessage<T>(ms: number): [T | undefined, (value: T | undefined) => void] {
  const [value, setValue] = useState<T>();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T | undefined) => {
      window.clearTimeout(timer.current);
      setValue(next);
      if (next !== undefined) timer.current = window.setTimeout(() => setValue(undefined), ms);
    },
    [ms],
  );
  return [value, show];
}
