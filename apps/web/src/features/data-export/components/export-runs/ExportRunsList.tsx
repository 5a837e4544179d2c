import { Alert, Box, Button, CircularProgress, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  EXPORT_ARCHIVE_DAYS,
  EXPORT_RUN_MESSAGES,
  type TExportRun,
  type TExportRunStatus,
} from '@portal/shared/data-export/export-runs';
import { formatDate, toUsDate } from '@portal/shared/dates';
import { DetailsList, type Detail } from '../../../../components/ui/DetailsList';
import { LoadFailedAlert } from '../../../../components/ui/LoadFailedAlert';
import { Moment } from '../../../../components/ui/Moment';
import { PageLoading } from '../../../../components/ui/PageLoading';
import { serverMessage } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/use-translation';
import { browserTimeZone } from '../../../../lib/local-date-time';
import { downloadExportArchive, EXPORT_RUNS_KEY, useExportRuns } from '../../api/export-runs-api';

const STATUS_LABELS: Record<TExportRunStatus, string> = {
  queued: 'dataExport.archive.run.status.queued',
  running: 'dataExport.archive.run.status.running',
  done: 'dataExport.archive.run.status.done',
  failed: 'dataExport.archive.run.status.failed',
  expired: 'dataExport.archive.run.status.expired',
};

/** Numbers as the portal writes them (1,234), in either language. */
const number = (value: number) => value.toLocaleString('en-US');

/** An archive's size in bytes, kB or MB. */
function sizeText(bytes: number, t: ReturnType<typeof useTranslation>['t']) {
  if (bytes < 1000) return t('dataExport.archive.run.bytes', { count: bytes, bytes: number(bytes) });
  const [unit, divisor] = bytes < 1_000_000 ? ['kB', 1000] : ['MB', 1_000_000];
  const size = (bytes / (divisor as number)).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${size} ${unit as string}`;
}

/** The longest wait a browser timer takes (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A ready archive past its last day is expired, though the list (no longer polled) still says ready. */
function asOf(run: TExportRun, now: number): TExportRun {
  return run.status === 'done' && run.expiresAt && Date.parse(run.expiresAt) <= now
    ? { ...run, status: 'expired' }
    : run;
}

/**
 * The time the runs are shown at, moved on when the next ready archive expires: nothing else renders the list
 * again once no run is under way.
 */
function useTimeOfExpiries(runs: TExportRun[] | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = Math.min(
      ...(runs ?? [])
        .filter((run) => run.status === 'done' && run.expiresAt)
        .map((run) => Date.parse(run.expiresAt!))
        .filter((at) => at > now),
    );
    if (next === Infinity) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, next - Date.now()), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [runs, now]);
  return now;
}

/**
 * Your archives: the runs asked for in the last 7 days, newest first, each with what it holds and how far it has
 * come; looked at again every second while one is queued or running.
 */
export function ExportRunsList() {
  const { t } = useTranslation();
  const titleId = useId();
  const runs = useExportRuns();
  const now = useTimeOfExpiries(runs.data);
  return (
    <Stack spacing={2} component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h4" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {t('dataExport.archive.runs.title')}
      </Typography>
      {runs.isPending && <PageLoading text={t('dataExport.archive.runs.loading')} />}
      {runs.isError && (
        <LoadFailedAlert message={t('dataExport.archive.runs.loadFailed')} onRetry={() => void runs.refetch()} />
      )}
      {runs.isSuccess && runs.data.length === 0 && (
        <Typography>{t('dataExport.archive.runs.none', { count: EXPORT_ARCHIVE_DAYS })}</Typography>
      )}
      {runs.isSuccess && runs.data.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {runs.data.map((run) => (
            <li key={run.id}>
              <ExportRunCard run={asOf(run, now)} />
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** One run: when it was asked for, what it holds, its status and progress, then its archive or why there is none. */
function ExportRunCard({ run }: { run: TExportRun }) {
  const { t } = useTranslation();
  const headingId = useId();
  const statusId = useId();
  const under = run.status === 'queued' || run.status === 'running';

  const holds = [
    run.forms.length > 0 && t('dataExport.archive.run.forms', { count: run.forms.length }),
    run.registers.length > 0 && t('dataExport.archive.run.registers', { count: run.registers.length }),
    t('dataExport.archive.run.formats', { count: run.formats.length }),
  ].filter(Boolean);
  const details: Detail[] = [
    { label: t('dataExport.archive.run.holds'), value: holds.join(', ') },
    {
      label: t('dataExport.archive.run.dates'),
      value:
        run.from && run.to
          ? t('dataExport.archive.run.range', { from: toUsDate(run.from), to: toUsDate(run.to) })
          : t('dataExport.archive.run.allDates'),
    },
    {
      label: t('dataExport.archive.run.participants'),
      value: t(run.deidentified ? 'dataExport.identity.deidentified' : 'dataExport.identity.identified'),
    },
    {
      label: t('dataExport.archive.run.statusLabel'),
      // Announced when it changes (Running, then Ready), not at every file written.
      value: (
        <span id={statusId} role="status">
          {t(STATUS_LABELS[run.status])}
        </span>
      ),
    },
  ];
  if (run.status === 'done' && run.archive) {
    details.push(
      { label: t('dataExport.archive.run.size'), value: sizeText(run.archive.bytes, t) },
      {
        label: t('dataExport.archive.run.sha256'),
        value: (
          <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
            {run.archive.sha256}
          </Box>
        ),
      },
    );
  }

  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h5" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('dataExport.archive.run.requested')} <Moment at={run.requestedAt} withTime />
      </Typography>
      <DetailsList details={details} />
      {under && <RunProgress run={run} />}
      {run.status === 'done' && run.archive && (
        <ArchiveDownload run={{ ...run, archive: run.archive }} describedBy={headingId} />
      )}
      {/* Part of the card, read with it: the change to Failed or Expired is announced by the status above. */}
      {run.status === 'failed' && (
        <Alert severity="error" role="note" sx={{ mt: 2 }}>
          {t(run.failure ?? EXPORT_RUN_MESSAGES.failed, {
            defaultValue: t(EXPORT_RUN_MESSAGES.failed),
          })}
        </Alert>
      )}
      {run.status === 'expired' && (
        <Alert severity="info" role="note" sx={{ mt: 2 }}>
          {t(EXPORT_RUN_MESSAGES.expired)}
        </Alert>
      )}
    </Paper>
  );
}

/** Files written of all, as a progress bar with its value in words, and the rows written so far. */
function RunProgress({ run }: { run: TExportRun }) {
  const { t } = useTranslation();
  const { filesDone, filesTotal, rows } = run.progress;
  const started = run.status === 'running' && filesTotal > 0;
  const files = started
    ? t('dataExport.archive.run.files', { count: filesTotal, done: number(filesDone), total: number(filesTotal) })
    : t('dataExport.archive.run.waiting');
  return (
    <Box sx={{ mt: 2 }}>
      <LinearProgress
        variant={started ? 'determinate' : 'indeterminate'}
        value={started ? Math.min(100, (filesDone / filesTotal) * 100) : undefined}
        aria-label={t('dataExport.archive.run.progress')}
        aria-valuetext={files}
      />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {started ? `${files} · ${t('dataExport.archive.run.rows', { count: rows, rows: number(rows) })}` : files}
      </Typography>
    </Box>
  );
}

/** Download archive (after "Confirm it's you" when the second factor is not recent), its size and until when. */
function ArchiveDownload({
  run,
  describedBy,
}: {
  run: TExportRun & { archive: NonNullable<TExportRun['archive']> };
  describedBy: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const download = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await downloadExportArchive(run);
    } catch (error) {
      setFailure(serverMessage(error) ?? t('dataExport.downloadFailed'));
      // An archive past its days is shown as expired from now on.
      void client.invalidateQueries({ queryKey: EXPORT_RUNS_KEY });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={download}
          disabled={busy}
          aria-busy={busy}
          aria-describedby={describedBy}
          sx={{ minHeight: 44 }}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('dataExport.archive.run.download')}
        </Button>
        {run.expiresAt && (
          <Typography>
            {t('dataExport.archive.run.availableUntil', { date: formatDate(run.expiresAt, browserTimeZone()) })}
          </Typography>
        )}
        {/* Always there, so that screen readers already watch it when the text comes. */}
        <Typography role="status">{busy ? t('dataExport.archive.run.downloading') : ''}</Typography>
      </Box>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t(failure, { defaultValue: failure })}
        </Alert>
      )}
    </Box>
  );
}
