import type { TDowntime } from '@portal/shared/settings/downtime';

export type DowntimeState = 'off' | 'scheduled' | 'showing' | 'down' | 'over';

/**
 * Where the window stands, from the server's reading of it: off when not enabled; down during the window;
 * showing while the banner is up before it; scheduled before the banner's first day; over after the end.
 */
export function downtimeState(downtime: TDowntime, now: Date): DowntimeState {
  if (!downtime.enableDowntime) return 'off';
  if (downtime.inDowntime) return 'down';
  if (downtime.show) return 'showing';
  const end = downtime.effectiveEndDate ? Date.parse(downtime.effectiveEndDate) : NaN;
  return end > now.getTime() ? 'scheduled' : 'over';
}

/** Each state's words, written out for the catalogs. */
export const DOWNTIME_STATE_LABELS: Record<DowntimeState, string> = {
  off: 'downtimeEditor.states.off',
  scheduled: 'downtimeEditor.states.scheduled',
  showing: 'downtimeEditor.states.showing',
  down: 'downtimeEditor.states.down',
  over: 'downtimeEditor.states.over',
};
