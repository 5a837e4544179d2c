import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { formatDate } from '@portal/shared/dates';
import { STATUS_LABELS, surveyActions, titleOf, type TSurveyEntry } from '@portal/shared/surveys/survey-entries';
import { entryId } from './survey-labels';

interface SurveyCardProps {
  entry: TSurveyEntry;
  /** Opens the questionnaire: starts it first when it has no response yet. */
  onOpen: (entry: TSurveyEntry) => void;
  busy: boolean;
}

/**
 * One questionnaire of the current round or a one-time survey: Start while not
 * started, Continue while started and open, View once submitted.
 */
export function SurveyCard({ entry, onOpen, busy }: SurveyCardProps) {
  const { t, i18n } = useTranslation();
  const actions = surveyActions(entry);
  const id = entryId(entry);
  const label = actions.canStart
    ? t('survey.start')
    : actions.canContinue
      ? t('survey.continue')
      : actions.canView
        ? t('survey.view')
        : undefined;
  return (
    <Card variant="outlined" component="li" aria-labelledby={id} sx={{ listStyle: 'none' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
          <Typography variant="h3" component="h2" id={id} sx={{ fontSize: '1.2rem' }}>
            {titleOf(entry, i18n.language)}
          </Typography>
          <Chip
            size="small"
            label={t(STATUS_LABELS[entry.status])}
            color={entry.status === 'submitted' ? 'success' : entry.status === 'started' ? 'primary' : 'default'}
            variant={entry.status === 'open' ? 'outlined' : 'filled'}
          />
        </Stack>
        <Typography color="text.secondary">
          {entry.kind === 'round' ? t('survey.round', { number: entry.roundNumber }) : t('survey.oneTimeLabel')}
          {' · '}
          {t('survey.openUntil', { date: formatDate(entry.closesAt) })}
          {entry.startedAt &&
            entry.status === 'started' &&
            ` · ${t('survey.startedOn', { date: formatDate(entry.startedAt) })}`}
        </Typography>
      </CardContent>
      {label && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant={actions.canView ? 'outlined' : 'contained'}
            aria-describedby={id}
            disabled={busy}
            onClick={() => onOpen(entry)}
          >
            {label}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
