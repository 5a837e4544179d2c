import { createContext, useContext, useState } from 'react';
import type { TDateRange } from '@portal/shared/api/date-range';
import { lastDays } from '../../../lib/recent-days';

/** How many days the screen shows at first, today last. */
const DEFAULT_DAYS = 30;

/** The last 30 days of the device's calendar, today included. */
export const defaultRange = (): TDateRange => lastDays(DEFAULT_DAYS);

/** The range and its setter, shared by the tab's dashboard and failures table so one filter moves both. */
export const EmailRangeContext = createContext<[TDateRange, (range: TDateRange) => void] | undefined>(undefined);

/** The tab's shared range, or (the dashboard shown on its own) a range of the caller's own. */
export function useEmailRange() {
  const shared = useContext(EmailRangeContext);
  const own = useState(defaultRange);
  return shared ?? own;
}
