import { useEffect } from 'react';
import { restoreTypedBeforeTakeover } from '../../lib/typed-before-takeover';

/**
 * Rendered with the page (after it) and with the error page: once the app has taken over a pre-rendered page, or
 * replaced it, the page, which took no taps until then (aria-busy, no pointer events), responds to them, and
 * what was typed in its fields meanwhile is put back.
 */
export function PageTakenOver() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (root?.getAttribute('aria-busy') !== 'true') return;
    root.removeAttribute('aria-busy');
    root.style.removeProperty('pointer-events');
    restoreTypedBeforeTakeover(root);
  }, []);
  return null;
}
