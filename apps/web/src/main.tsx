import { keepTypedBeforeTakeover } from './lib/typed-before-takeover';
import { loadPortal } from './start/load-portal';

/**
 * The page paints before the app's code even downloads: a pre-rendered page is on screen at once, with the network
 * left to it and its pictures, and the app starts after its first contentful paint, or after FIRST_PAINT_WAIT_MS
 * should the browser not report one. An empty page (not pre-rendered) or a hidden tab paints nothing first: the
 * app starts at once.
 */
const FIRST_PAINT_WAIT_MS = 2000;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void loadPortal().then((startPortal) => startPortal());
};

const root = document.getElementById('root');
const prerendered = root?.hasChildNodes() === true;
if (root && prerendered) keepTypedBeforeTakeover(root);
// A form of the pre-rendered page is the app's to send: before the app has taken the page over (while the root
// is aria-busy), Enter in a field must not send it the browser's own way.
document.addEventListener(
  'submit',
  (event) => {
    if (root?.getAttribute('aria-busy') === 'true') event.preventDefault();
  },
  true,
);
if (
  !prerendered ||
  document.visibilityState === 'hidden' ||
  !PerformanceObserver.supportedEntryTypes.includes('paint')
) {
  start();
} else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, FIRST_PAINT_WAIT_MS);
}
