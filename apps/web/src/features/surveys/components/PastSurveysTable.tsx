import { Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { surveyActions, titleOf, type TSurveyEntry } from '@portal/shared/surveys/survey-entries';
import { Moment } from '../../../components/ui/Moment';
import { entryId, PAST_STATUS_LABELS } from './survey-labels';

const COLUMNS = [
  'survey.past.survey',
  'survey.past.round',
  'survey.past.opened',
  'survey.past.closed',
  'survey.past.submitted',
  'survey.past.status',
  'survey.past.action',
] as const;

/** Surveys submitted or whose time is over, newest first, with their dates and status. */
export function PastSurveysTable({
  entries,
  onView,
}: {
  entries: TSurveyEntry[];
  onView: (entry: TSurveyEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <Typography>{t('survey.noPast')}</Typography>;
  return (
    // Wider than a phone: the table scrolls sideways, and the keyboard can scroll it too.
    <TableContainer role="region" aria-label={t('survey.past.caption')} tabIndex={0}>
      <Table size="small">
        <caption>{t('survey.past.caption')}</caption>
        <TableHead>
          <TableRow>
            {COLUMNS.map((key) => (
              <TableCell key={key} component="th" scope="col">
                {t(key)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const id = entryId(entry);
            return (
              <TableRow key={id}>
                <TableCell component="th" scope="row" id={id}>
                  {titleOf(entry, i18n.language)}
                </TableCell>
                <TableCell>
                  {entry.kind === 'round' ? t('survey.round', { number: entry.roundNumber }) : t('survey.oneTimeLabel')}
                </TableCell>
                <TableCell>
                  <Moment at={entry.opensAt} timeZone="UTC" />
                </TableCell>
                <TableCell>
                  <Moment at={entry.closesAt} timeZone="UTC" />
                </TableCell>
                <TableCell>
                  <Moment at={entry.submittedAt} timeZone="UTC" empty={t('survey.past.notSubmitted')} />
                </TableCell>
                <TableCell>{t(PAST_STATUS_LABELS[entry.status])}</TableCell>
                <TableCell>
                  {surveyActions(entry).canView && (
                    <Button size="small" variant="outlined" aria-describedby={id} onClick={() => onView(entry)}>
                      {t('survey.view')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
