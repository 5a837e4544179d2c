import { useQuery } from '@tanstack/react-query';
import { GET_EMAIL_ANALYTICS_BACKLOG, ZMailBacklogReply } from '@portal/shared/email-analytics/email-backlog';
import { MINUTE_MS } from '@portal/shared/durations';
import { authorizedRequest } from '../../../lib/api-client';

/** `GET /email-analytics/backlog`: the bulk mail waiting to go out, read again every minute while shown. */
export function useMailBacklog() {
  return useQuery({
    queryKey: ['email-analytics', 'backlog'],
    queryFn: async () => (await authorizedRequest(GET_EMAIL_ANALYTICS_BACKLOG.path, ZMailBacklogReply)).data!,
    refetchInterval: MINUTE_MS,
  });
}
