import { useEffect } from 'react';
import { useDowntime } from '../../lib/downtime';
import { useSession } from '../../lib/session';

/** The longest delay a browser timer accepts; a later start is looked at again when the settings reload. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Downtime for signed-in non-administrators: signed out at once when it is on now,
 * else at its start. Start times are instants (UTC), so the device's time zone does not matter.
 */
export function DowntimeSignOut() {
  const { session, endSession } = useSession();
  const { data } = useDowntime();
  const applies = session !== null && !session.isAdmin && data?.enableDowntime === true;
  const inDowntime = data?.inDowntime === true;
  const startMs = data?.effectiveStartDate ? Date.parse(data.effectiveStartDate) : NaN;

  useEffect(() => {
    if (!applies) return;
    if (inDowntime) return endSession('expired');
    const untilStart = startMs - Date.now();
    if (!Number.isFinite(untilStart) || untilStart < 0 || untilStart > MAX_TIMER_MS) return;
    const timer = window.setTimeout(() => endSession('expired'), untilStart);
    return () => window.clearTimeout(timer);
  }, [applies, inDowntime, startMs, endSession]);

  return null;
}
