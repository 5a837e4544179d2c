import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDate } from '@portal/shared/dates';
import type { TSurveyEntry, TSurveyWidget } from '@portal/shared/surveys/survey-entries';
import { serverMessage } from '../../../lib/api-client';
import { useMarkTourSeen, useStartSurvey, useSurveyWidget } from '../api/survey-api';
import { PastSurveysTable } from './PastSurveysTable';
import { SurveyCard } from './SurveyCard';
import { WelcomeTour } from './WelcomeTour';

const TABS = [
  { value: 'current', label: 'survey.tabs.current' },
  { value: 'past', label: 'survey.tabs.past' },
  { value: 'one-time', label: 'survey.tabs.oneTime' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function SurveyList({
  entries,
  empty,
  onOpen,
  busy,
}: {
  entries: TSurveyEntry[];
  empty: string;
  onOpen: (entry: TSurveyEntry) => void;
  busy: boolean;
}) {
  if (entries.length === 0) return <Typography>{empty}</Typography>;
  return (
    <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
      {entries.map((entry) => (
        <SurveyCard
          key={`${entry.roundId ?? entry.oneTimeSurveyId}-${entry.formKey}`}
          entry={entry}
          onOpen={onOpen}
          busy={busy}
        />
      ))}
    </Stack>
  );
}

function Lists({ widget }: { widget: TSurveyWidget }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartSurvey();
  const [tab, setTab] = useState<TabValue>('current');
  const open = async (entry: TSurveyEntry) => {
    const responseId =
      entry.responseId ??
      (await start
        .mutateAsync(
          entry.kind === 'round'
            ? { kind: 'round', roundId: entry.roundId!, formKey: entry.formKey! }
            : { kind: 'one-time', oneTimeSurveyId: entry.oneTimeSurveyId! },
        )
        .catch(() => undefined));
    if (responseId) void navigate(`/survey?survey=${responseId}`);
  };
  const panelProps = (value: TabValue) => ({
    role: 'tabpanel',
    id: `survey-panel-${value}`,
    'aria-labelledby': `survey-tab-${value}`,
    hidden: tab !== value,
    sx: { pt: 3 },
  });
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: TabValue) => setTab(value)}
          aria-label={t('survey.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map(({ value, label }) => (
            <Tab
              key={value}
              value={value}
              label={t(label)}
              id={`survey-tab-${value}`}
              aria-controls={`survey-panel-${value}`}
            />
          ))}
        </Tabs>
      </Box>
      {start.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverMessage(start.error) ?? t('survey.loadFailed')}
        </Alert>
      )}
      <Box {...panelProps('current')}>
        {tab === 'current' && (
          <Stack spacing={2}>
            <SurveyList entries={widget.current} empty={t('survey.noCurrent')} onOpen={open} busy={start.isPending} />
            {widget.current.length === 0 && widget.nextRoundOpensAt && (
              <Typography>{t('survey.nextRound', { date: formatDate(widget.nextRoundOpensAt) })}</Typography>
            )}
          </Stack>
        )}
      </Box>
      <Box {...panelProps('past')}>{tab === 'past' && <PastSurveysTable entries={widget.past} onView={open} />}</Box>
      <Box {...panelProps('one-time')}>
        {tab === 'one-time' && (
          <SurveyList entries={widget.oneTime} empty={t('survey.noOneTime')} onOpen={open} busy={start.isPending} />
        )}
      </Box>
    </>
  );
}

/** The Surveys screen: an introduction, the tour on a first visit, and the three lists. */
export function SurveyOverview() {
  const { t } = useTranslation();
  const widget = useSurveyWidget();
  const markTourSeen = useMarkTourSeen();
  const [tourClosed, setTourClosed] = useState(false);
  if (widget.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (widget.isError) return <Alert severity="error">{t('survey.loadFailed')}</Alert>;
  const data = widget.data;
  if (!data.consentSigned)
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/dashboard" color="inherit">
            {t('survey.signConsent')}
          </Button>
        }
      >
        {t('survey.error.consentRequired')}
      </Alert>
    );
  return (
    <Stack spacing={2}>
      <Typography>{t('survey.intro')}</Typography>
      <Box>
        <Lists widget={data} />
      </Box>
      {!data.tourSeen && !tourClosed && (
        <WelcomeTour
          onClose={() => {
            setTourClosed(true);
            markTourSeen.mutate();
          }}
        />
      )}
    </Stack>
  );
}
