import { useEffect } from 'react';

/**
 * Rendered with the page (after it) and with the error page: once the app has taken over a pre-rendered page, or
 * replaced it, the page, which took no taps until then (aria-busy, no pointer events), responds to them.
 */
export function PageTakenOver() {
  useEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('aria-busy');
    root?.style.removeProperty('pointer-events');
  }, []);
  return null;
}
