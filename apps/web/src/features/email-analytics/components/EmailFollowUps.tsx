import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TFollowUp, TFollowUpKind } from '@portal/shared/email-analytics/email-summary';
import { CHART_COLORS, ChartFigure } from '../../../components/admin/ChartFigure';
import { MEASURE } from '../../../components/ui/styles';
import { rateText } from './labels';

const KIND_KEYS: Record<TFollowUpKind, string> = {
  activationReminder: 'emailAnalytics.followUps.kinds.activationReminder',
  icfReminder: 'emailAnalytics.followUps.kinds.icfReminder',
  surveyReminder: 'emailAnalytics.followUps.kinds.surveyReminder',
  oneTimeInvitation: 'emailAnalytics.followUps.kinds.oneTimeInvitation',
};

/** Each reminder type and one-time invitations side by side with what followed within 7 days: a table and a chart. */
export function EmailFollowUps({ followUps }: { followUps: TFollowUp[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const rated = followUps.filter((row) => row.rate !== null);
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="p" variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {t('emailAnalytics.followUps.title')}
      </Typography>
      <Typography sx={{ maxWidth: MEASURE, mb: 1 }}>{t('emailAnalytics.followUps.intro')}</Typography>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('emailAnalytics.followUps.kind')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('emailAnalytics.followUps.sent')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('emailAnalytics.followUps.followed')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('emailAnalytics.followUps.rate')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {followUps.map((row) => (
            <TableRow key={row.kind}>
              <TableCell component="th" scope="row">
                {t(KIND_KEYS[row.kind])}
              </TableCell>
              <TableCell align="right">{row.sent}</TableCell>
              <TableCell align="right">{row.followed}</TableCell>
              <TableCell align="right">{rateText(t, row.rate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ChartFigure
        title={t('emailAnalytics.followUps.chartTitle')}
        summary={t('emailAnalytics.followUps.summary')}
        kind="bar"
        rows={rated}
        category={{ key: 'kind', label: t('emailAnalytics.followUps.kind') }}
        formatCategory={(value) => t(KIND_KEYS[value as TFollowUpKind])}
        series={[{ key: 'rate', label: t('emailAnalytics.followUps.rate'), color: CHART_COLORS[0] }]}
        domain={[0, 100]}
        emptyText={t('emailAnalytics.empty')}
      />
    </Box>
  );
}
