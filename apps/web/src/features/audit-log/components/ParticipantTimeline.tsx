import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { serverMessage } from '../../../lib/api-client';
import { TIMELINE_KIND_LABELS } from '../../../lib/labels';
import { browserTimeZone } from '../../../lib/local-date-time';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { Moment } from '../../../components/ui/Moment';
import { PageLoading } from '../../../components/ui/PageLoading';
import { focusRing } from '../../../components/ui/styles';
import { useParticipantTimeline } from '../api/audit-log-api';

/** One participant's history on one page, oldest first: when, what kind, and what happened. */
export function ParticipantTimeline({ userId, onBack }: { userId: string; onBack(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useParticipantTimeline(userId);
  const timeZone = browserTimeZone();
  const back = (
    <Box>
      <Button variant="outlined" onClick={onBack}>
        {t('auditLog.timeline.back')}
      </Button>
    </Box>
  );
  if (query.isError) {
    return (
      <>
        {back}
        <LoadFailedAlert
          message={serverMessage(query.error) ?? t('admin.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  if (!query.data) return <PageLoading />;
  const { participant, entries } = query.data;
  return (
    <Box>
      {back}
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.25rem', mt: 3, mb: 1, overflowWrap: 'anywhere' }}>
        {t('auditLog.timeline.title', { email: participant.email })}
      </Typography>
      <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t('auditLog.timeline.summary', participant)} {t('auditLog.table.timeZone', { timeZone })}
      </Typography>
      {entries.length === 0 ? (
        <Typography>{t('auditLog.timeline.empty')}</Typography>
      ) : (
        <TableContainer role="region" aria-labelledby={titleId} tabIndex={0} sx={focusRing}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
                  {t('auditLog.timeline.when')}
                </TableCell>
                <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
                  {t('auditLog.timeline.kind')}
                </TableCell>
                <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
                  {t('auditLog.timeline.description')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry, index) => (
                <TableRow key={index}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Moment at={entry.at} withTime />
                  </TableCell>
                  <TableCell>{t(TIMELINE_KIND_LABELS[entry.kind])}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.text}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
