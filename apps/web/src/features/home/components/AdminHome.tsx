import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import type { TAdminDashboard } from '@portal/shared/home/home';

/** A group of figures as a description list: what each counts, then the number. */
function Figures({ id, title, figures }: { id: string; title: string; figures: [label: string, value: number][] }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h5" id={id}>
          {title}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, m: 0, mt: 2 }}>
          {figures.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt">{label}</Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
                {value.toLocaleString('en-US')}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The administrator's home: the study in figures, and the way into System Options. */
export function AdminHome({ summary }: { summary: TAdminDashboard }) {
  const { t } = useTranslation();
  const { participants, questionnaires } = summary;
  return (
    <>
      <Typography sx={{ fontSize: '1.15rem', mb: 3 }}>{t('dashboard.admin.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Figures
          id="participants-title"
          title={t('dashboard.admin.participants')}
          figures={[
            [t('dashboard.admin.registered'), participants.registered],
            [t('dashboard.admin.awaitingActivation'), participants.awaitingActivation],
            [t('dashboard.admin.awaitingConsent'), participants.awaitingConsent],
            [t('dashboard.admin.consented'), participants.consented],
            [t('dashboard.admin.withdrawn'), participants.withdrawn],
          ]}
        />
        <Figures
          id="questionnaires-title"
          title={t('dashboard.admin.questionnaires')}
          figures={[
            [t('dashboard.admin.submittedLast30Days'), questionnaires.submittedLast30Days],
            [t('dashboard.admin.inProgress'), questionnaires.inProgress],
          ]}
        />
      </Box>
      <Button variant="contained" size="large" component={RouterLink} to="/system-options" sx={{ mt: 4 }}>
        {t('dashboard.admin.openSystemOptions')}
      </Button>
    </>
  );
}
