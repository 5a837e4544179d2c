import { ACTIVITY_THROTTLE_MS } from '@portal/shared/constants';

/** Shared by every tab, so reading in one tab keeps the others signed in too. */
const LAST_ACTIVITY_KEY = 'lastActivity';
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

export function readLastActivity(): number {
  const stored = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : Date.now();
}

export function markActivity(at: number = Date.now()) {
  localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
}

/** Records activity at most once per ACTIVITY_THROTTLE_MS (500 ms); returns the clean-up. */
export function watchActivity(isPaused: () => boolean): () => void {
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (isPaused() || now - last < ACTIVITY_THROTTLE_MS) return;
    last = now;
    markActivity(now);
  };
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
  return () => {
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
  };
}
