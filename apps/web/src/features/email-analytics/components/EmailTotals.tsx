import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TEmailSummary } from '@portal/shared/email-analytics/email-summary';
import { rateText } from './labels';

/** The range's totals by where the messages stand, and the delivery rate, as a list of figures. */
export function EmailTotals({ totals }: { totals: TEmailSummary['totals'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const figures = [
    [t('emailAnalytics.status.sent'), String(totals.sent)],
    [t('emailAnalytics.status.failed'), String(totals.failed)],
    [t('emailAnalytics.status.bounced'), String(totals.bounced)],
    [t('emailAnalytics.status.suppressed'), String(totals.suppressed)],
    [t('emailAnalytics.status.queued'), String(totals.queued)],
    [t('emailAnalytics.status.deliveryRate'), rateText(t, totals.deliveryRate)],
  ];
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0 }}>
      <Typography id={titleId} component="figcaption" variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {t('emailAnalytics.totals')}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 2, m: 0 }}
      >
        {figures.map(([label, value]) => (
          <Box key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Typography component="dt">{label}</Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('emailAnalytics.deliveryRateHint')}
      </Typography>
    </Box>
  );
}
