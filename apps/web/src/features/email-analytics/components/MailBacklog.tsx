import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import {
  OTHER_DOMAINS_KEY,
  SMALL_DOMAIN_WAITING,
  type TMailBacklog,
} from '@portal/shared/email-analytics/email-backlog';
import { MINUTE_MS } from '@portal/shared/durations';
import { useTranslation } from '../../../lib/use-translation';
import type { TFunction } from '../../../lib/translator';
import { serverMessage } from '../../../lib/api-client';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { Moment } from '../../../components/ui/Moment';
import { PageLoading } from '../../../components/ui/PageLoading';
import { MEASURE } from '../../../components/ui/styles';
import { useMailBacklog } from '../api/mail-backlog-api';

const PROVIDER_KEYS: Record<string, string> = {
  microsoft: 'emailAnalytics.backlog.providers.microsoft',
  yahoo: 'emailAnalytics.backlog.providers.yahoo',
  google: 'emailAnalytics.backlog.providers.google',
};

/** A provider's name for people, the other domains together, or the domain itself. */
function paceKeyName(t: TFunction, paceKey: string) {
  if (paceKey === OTHER_DOMAINS_KEY) return t('emailAnalytics.backlog.otherDomains', { limit: SMALL_DOMAIN_WAITING });
  return PROVIDER_KEYS[paceKey] ? t(PROVIDER_KEYS[paceKey]) : paceKey;
}

/** "about 5 minutes", "about 3 hours", "about 2 days": a wait or what is left of one. */
export function aboutDuration(t: TFunction, minutes: number) {
  if (minutes < 90) return t('emailAnalytics.backlog.aboutMinutes', { count: Math.max(1, Math.round(minutes)) });
  if (minutes < 48 * 60) return t('emailAnalytics.backlog.aboutHours', { count: Math.round(minutes / 60) });
  return t('emailAnalytics.backlog.aboutDays', { count: Math.round(minutes / (24 * 60)) });
}

/** An hour of the study's day as the portal writes times: 09:00 AM, 07:00 PM (24 is midnight). */
const hourText = (hour: number) =>
  `${String(((hour + 11) % 12) + 1).padStart(2, '0')}:00 ${hour % 24 < 12 ? 'AM' : 'PM'}`;

/** When a key's mail should be out: the moment in the study's time zone, and how long after `readAt` (ms). */
function Clears({ at, timeZone, readAt }: { at: string | null; timeZone: string; readAt: number }) {
  const { t } = useTranslation();
  if (!at) return t('emailAnalytics.backlog.afterDowntime');
  const minutes = Math.ceil((Date.parse(at) - readAt) / MINUTE_MS);
  return (
    <>
      <Moment at={at} withTime timeZone={timeZone} /> (
      {t('emailAnalytics.backlog.inAbout', { wait: aboutDuration(t, minutes) })})
    </>
  );
}

/** The backlog per pace key; `readAt` is when it was read (ms), which the waits are counted from. */
function BacklogTable({ backlog, titleId, readAt }: { backlog: TMailBacklog; titleId: string; readAt: number }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-labelledby={titleId}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('emailAnalytics.backlog.paceKey')}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t('emailAnalytics.backlog.waiting')}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {t('emailAnalytics.backlog.perMinute')}
          </TableCell>
          <TableCell component="th" scope="col">
            {t('emailAnalytics.backlog.clearsAt')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {backlog.keys.map((row) => (
          <TableRow key={row.paceKey}>
            <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
              {paceKeyName(t, row.paceKey)}
            </TableCell>
            <TableCell align="right">{row.waiting}</TableCell>
            <TableCell align="right">
              {row.paceKey === OTHER_DOMAINS_KEY
                ? t('emailAnalytics.backlog.eachDomain', { rate: row.perMinute })
                : row.perMinute}
            </TableCell>
            <TableCell>
              <Clears at={row.clearsAt} timeZone={backlog.timeZone} readAt={readAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * "Mail waiting to go out": the reminders, invitations and news queued now, per mail provider or domain, with the
 * rate each leaves at and when it should clear within the hours bulk mail leaves. Read again every minute.
 */
export function MailBacklog() {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useMailBacklog();
  const backlog = query.data;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ my: 3 }}>
      <Typography id={titleId} component="h3" variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('emailAnalytics.backlog.title')}
      </Typography>
      {query.isError ? (
        <LoadFailedAlert
          message={serverMessage(query.error) ?? t('admin.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : !backlog ? (
        <PageLoading />
      ) : (
        <Stack spacing={1}>
          <Typography sx={{ maxWidth: MEASURE }}>
            {t('emailAnalytics.backlog.intro', {
              from: hourText(backlog.sendHours.from),
              to: hourText(backlog.sendHours.to),
              timeZone: backlog.timeZone,
            })}
          </Typography>
          {backlog.waiting === 0 ? (
            <Typography>{t('emailAnalytics.backlog.empty')}</Typography>
          ) : (
            <>
              <Typography sx={{ maxWidth: MEASURE }}>
                {t('emailAnalytics.backlog.total', { count: backlog.waiting })}{' '}
                {t('emailAnalytics.backlog.oldest', { wait: aboutDuration(t, backlog.oldestWaitingMinutes ?? 0) })}
              </Typography>
              {backlog.inDowntime && (
                <Typography sx={{ maxWidth: MEASURE }}>{t('emailAnalytics.backlog.downtime')}</Typography>
              )}
              <BacklogTable backlog={backlog} titleId={titleId} readAt={query.dataUpdatedAt} />
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
