import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { z } from 'zod';
import { DASHBOARD_TOKEN_HEADER } from '@portal/shared/analytics-dashboards/analytics-dashboards';
import { apiRequest, authorizedRequest } from '../../lib/api-client';

/** The dashboard token of the full-screen view; undefined inside System Options, where the session is used. */
export const DashboardTokenContext = createContext<string | undefined>(undefined);

export interface DashboardQuery<S> {
  /** What the figures depend on besides the token (the call and its filters). */
  key: readonly unknown[];
  /** The call, with its query string. */
  path: string;
  schema: S;
  refetchInterval?: number;
}

/**
 * A dashboard's figures: with the dashboard token when it is shown on its own, else with the administrator's
 * session. A refused token is not tried again: its message says to open the dashboard anew.
 */
export function useDashboardQuery<S extends z.core.$ZodType<{ status: boolean; message?: string; data?: unknown }>>({
  key,
  path,
  schema,
  refetchInterval,
}: DashboardQuery<S>) {
  const token = useContext(DashboardTokenContext);
  return useQuery({
    queryKey: ['dashboards', token ? 'token' : 'session', ...key],
    queryFn: async () => {
      const reply = token
        ? await apiRequest(path, schema, { headers: { [DASHBOARD_TOKEN_HEADER]: token } })
        : await authorizedRequest(path, schema);
      return reply.data as NonNullable<z.infer<S>['data']>;
    },
    refetchInterval,
    // A new range or filter keeps the figures in view until its own come.
    placeholderData: keepPreviousData,
    ...(token && { retry: false }),
  });
}
