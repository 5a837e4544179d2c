import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { NOT_SENT_REASONS, TNotSent } from '@portal/shared/email-analytics/email-summary';
import { MEASURE } from '../../../components/ui/styles';

const REASON_KEYS: Record<(typeof NOT_SENT_REASONS)[number], string> = {
  withdrawn: 'emailAnalytics.notSent.reasons.withdrawn',
  emailsOff: 'emailAnalytics.notSent.reasons.emailsOff',
  unsubscribed: 'emailAnalytics.notSent.reasons.unsubscribed',
  addressRefused: 'emailAnalytics.notSent.reasons.addressRefused',
  addressSuppressed: 'emailAnalytics.notSent.reasons.addressSuppressed',
  alreadyDone: 'emailAnalytics.notSent.reasons.alreadyDone',
  superseded: 'emailAnalytics.notSent.reasons.superseded',
};
const reasonKey = (reason: string): string | undefined => REASON_KEYS[reason as keyof typeof REASON_KEYS];

/**
 * Why e-mails of the range were not sent, as a table: messages held back and reminders skipped for each reason,
 * among them participants who unsubscribed from the category. A reason this screen does not know shows as written.
 */
export function EmailNotSent({ notSent }: { notSent: TNotSent[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonLabel = (reason: string) => {
    const key = reasonKey(reason);
    return key ? t(key) : reason;
  };
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="p" variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {t('emailAnalytics.notSent.title')}
      </Typography>
      <Typography sx={{ maxWidth: MEASURE, mb: 1 }}>{t('emailAnalytics.notSent.intro')}</Typography>
      {notSent.length === 0 ? (
        <Typography>{t('emailAnalytics.notSent.empty')}</Typography>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('emailAnalytics.notSent.reason')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('emailAnalytics.notSent.suppressed')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('emailAnalytics.notSent.remindersSkipped')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {notSent.map((row) => (
              <TableRow key={row.reason}>
                <TableCell component="th" scope="row">
                  {reasonLabel(row.reason)}
                </TableCell>
                <TableCell align="right">{row.suppressed}</TableCell>
                <TableCell align="right">{row.remindersSkipped}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
