import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZAuditPageReply,
  ZTimelineReply,
  type TAuditSearchInput,
  GET_AUDIT_PARTICIPANTS_TIMELINE,
  POST_AUDIT_LOG,
  POST_AUDIT_LOG_EXPORT,
} from '@portal/shared/audit-log/audit-log';
import { authorizedDownload, authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/blob-files';
import { pagingQuery, type PageRequest } from '../../../lib/paging';
import { pathOf } from '@portal/shared/api/call';

const AUDIT_KEY = ['audit-log'];

/** `POST /audit/log?page&size`: one page of the search, newest first (addresses travel in the body). */
export function useAuditRecords(search: TAuditSearchInput, request: PageRequest) {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'records', search, request.page, request.size],
    queryFn: async () =>
      (
        await authorizedRequest(
          `${POST_AUDIT_LOG.path}?${pagingQuery({ page: request.page, size: request.size })}`,
          ZAuditPageReply,
          jsonRequest(POST_AUDIT_LOG.method, search),
        )
      ).data!,
    placeholderData: keepPreviousData,
  });
}

/** `POST /audit/log/export`: every record of the search as a CSV file, saved under the range's name. */
export async function downloadAuditCsv(search: TAuditSearchInput) {
  const blob = await authorizedDownload(POST_AUDIT_LOG_EXPORT.path, jsonRequest(POST_AUDIT_LOG_EXPORT.method, search));
  saveBlob(blob, `audit-log-${search.from}-${search.to}.csv`);
}

/** `GET /audit/participants/:id/timeline`: one participant's history, oldest first. */
export function useParticipantTimeline(userId: string) {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'timeline', userId],
    queryFn: async () =>
      (await authorizedRequest(pathOf(GET_AUDIT_PARTICIPANTS_TIMELINE.path, { id: userId }), ZTimelineReply)).data!,
  });
}
