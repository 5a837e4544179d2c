import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@portal/shared/api/call';
import {
  DOWNLOAD_EXPORT_RUN,
  LIST_EXPORT_RUNS,
  runHasEnded,
  START_EXPORT_RUN,
  ZExportRunReply,
  ZExportRunsReply,
  type TExportRun,
  type TStartExportRun,
} from '@portal/shared/data-export/export-runs';
import { authorizedDownload, authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/blob-files';

export const EXPORT_RUNS_KEY = ['data-export', 'runs'];
/** How often the list looks again while a run is queued or running: progress moves by the second. */
export const EXPORT_RUNS_POLL_MS = 1_000;

/**
 * `GET /data-export/runs`: the caller's runs of the last 7 days, newest first; polled while one is under way. A
 * failed look stops the polling (the list offers Try again) rather than asking every second on stale data.
 */
export function useExportRuns() {
  return useQuery({
    queryKey: EXPORT_RUNS_KEY,
    queryFn: async () => (await authorizedRequest(LIST_EXPORT_RUNS.path, ZExportRunsReply)).data!,
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.some((run) => !runHasEnded(run.status))
        ? EXPORT_RUNS_POLL_MS
        : false,
  });
}

/** `POST /data-export/runs`: queues a run; the list shows it at once and follows it from there. */
export function useStartExportRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TStartExportRun) =>
      (await authorizedRequest(START_EXPORT_RUN.path, ZExportRunReply, jsonRequest('POST', body))).data!,
    onSuccess: (run) => {
      client.setQueryData<TExportRun[]>(EXPORT_RUNS_KEY, (runs = []) => [
        run,
        ...runs.filter((other) => other.id !== run.id),
      ]);
      void client.invalidateQueries({ queryKey: EXPORT_RUNS_KEY });
    },
    // A refusal such as "still being prepared" names a run the list may not show yet.
    onError: () => void client.invalidateQueries({ queryKey: EXPORT_RUNS_KEY }),
  });
}

/** `GET /data-export/runs/:id/archive` (after "Confirm it's you" when asked): saves the zip under its own name. */
export async function downloadExportArchive(run: TExportRun & { archive: NonNullable<TExportRun['archive']> }) {
  const blob = await authorizedDownload(pathOf(DOWNLOAD_EXPORT_RUN.path, { id: run.id }));
  saveBlob(blob, run.archive.fileName);
}
