import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZIdIssuesReply,
  ZVerificationBatchesReply,
  ZVerificationHealthSystemsReply,
  ZVerificationRecordsReply,
  ZVerificationUndoReply,
  ZVerificationUpdateReply,
  type TVerificationFilter,
  type TVerificationUpdateInput,
  GET_HEALTH_SYSTEM_VERIFICATION_BATCHES,
  GET_HEALTH_SYSTEM_VERIFICATION_BATCHES_RESULT_CSV,
  GET_HEALTH_SYSTEM_VERIFICATION_HEALTH_SYSTEMS,
  POST_HEALTH_SYSTEM_VERIFICATION,
  POST_HEALTH_SYSTEM_VERIFICATION_BATCHES_UNDO,
  POST_HEALTH_SYSTEM_VERIFICATION_NOT_EXISTS,
  PUT_HEALTH_SYSTEM_VERIFICATION,
} from '@portal/shared/health-system-verification/verification-records';
import { authorizedDownload, authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/blob-files';
import { pagingQuery, type PageRequest } from '../../../lib/paging';
import { pathOf } from '@portal/shared/api/call';

/** Every query of the tab starts with this key, so an update or an undo refreshes the records and the history. */
const VERIFICATION_KEY = ['health-system-verification'];

export type VerificationSortField = 'userId' | 'healthSystem' | 'updatedAt';

/** `GET /health-system-verification/health-systems`: the onboarded health systems, for the search's select. */
export function useVerificationHealthSystems() {
  return useQuery({
    queryKey: [...VERIFICATION_KEY, 'health-systems'],
    queryFn: async () =>
      (await authorizedRequest(GET_HEALTH_SYSTEM_VERIFICATION_HEALTH_SYSTEMS.path, ZVerificationHealthSystemsReply))
        .data!,
    staleTime: Infinity,
  });
}

/** `POST /health-system-verification?page&size[&sort]`: one page of the records the filter finds. */
export function useVerificationRecords(filter: TVerificationFilter, request: PageRequest<VerificationSortField>) {
  return useQuery({
    queryKey: [...VERIFICATION_KEY, 'records', filter, request.page, request.size, request.sort],
    queryFn: async () =>
      (
        await authorizedRequest(
          `${POST_HEALTH_SYSTEM_VERIFICATION.path}?${pagingQuery(request)}`,
          ZVerificationRecordsReply,
          jsonRequest(POST_HEALTH_SYSTEM_VERIFICATION.method, filter),
        )
      ).data!,
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /health-system-verification/not-exists?page&size`: one page of the IDs of a list that cannot be updated.
 * A list is known by its version (a new one for each list read), not by its up to 100,000 IDs.
 */
export function useIdIssues(list: { version: number; ids: string[] } | undefined, request: PageRequest) {
  return useQuery({
    queryKey: [...VERIFICATION_KEY, 'id-issues', list?.version, request.page, request.size],
    queryFn: async () =>
      (
        await authorizedRequest(
          `${POST_HEALTH_SYSTEM_VERIFICATION_NOT_EXISTS.path}?${pagingQuery(request)}`,
          ZIdIssuesReply,
          jsonRequest(POST_HEALTH_SYSTEM_VERIFICATION_NOT_EXISTS.method, { userIds: list!.ids }),
        )
      ).data!,
    enabled: list !== undefined,
    // Another page of the same list keeps the last one on screen meanwhile; a new list starts afresh.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === list?.version ? previous : undefined),
  });
}

/** `PUT /health-system-verification`: sets a status on records; the reply says how many were set and left out. */
export function useUpdateVerification() {
  return useMutation({
    mutationFn: async (update: TVerificationUpdateInput) =>
      await authorizedRequest(
        PUT_HEALTH_SYSTEM_VERIFICATION.path,
        ZVerificationUpdateReply,
        jsonRequest(PUT_HEALTH_SYSTEM_VERIFICATION.method, update),
      ),
  });
}

/** Reloads the records and the history (after a dialog closes, or an undo), or the records alone (a search). */
export function useReloadVerification() {
  const client = useQueryClient();
  return (part?: 'records') =>
    void client.invalidateQueries({ queryKey: part ? [...VERIFICATION_KEY, part] : VERIFICATION_KEY });
}

/** `GET /health-system-verification/batches`: one page of the bulk updates, pushes and undos, newest first. */
export function useVerificationBatches(request: PageRequest) {
  return useQuery({
    queryKey: [...VERIFICATION_KEY, 'batches', request.page, request.size, request.sort],
    queryFn: async () =>
      (
        await authorizedRequest(
          `${GET_HEALTH_SYSTEM_VERIFICATION_BATCHES.path}?${pagingQuery(request)}`,
          ZVerificationBatchesReply,
        )
      ).data!,
    placeholderData: keepPreviousData,
  });
}

/** `POST /health-system-verification/batches/:id/undo`: restores what a batch set, unless changed since. */
export function useUndoBatch() {
  const reload = useReloadVerification();
  return useMutation({
    mutationFn: async (id: string) =>
      await authorizedRequest(
        pathOf(POST_HEALTH_SYSTEM_VERIFICATION_BATCHES_UNDO.path, { id }),
        ZVerificationUndoReply,
        jsonRequest(POST_HEALTH_SYSTEM_VERIFICATION_BATCHES_UNDO.method),
      ),
    onSuccess: () => reload(),
  });
}

/** `GET /health-system-verification/batches/:id/result.csv`, saved to the device. */
export async function downloadBatchResult(id: string) {
  const blob = await authorizedDownload(pathOf(GET_HEALTH_SYSTEM_VERIFICATION_BATCHES_RESULT_CSV.path, { id }));
  saveBlob(blob, `verification-batch-${id}.csv`);
}
