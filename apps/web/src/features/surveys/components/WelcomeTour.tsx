import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';

const STEPS = [
  { title: 'survey.tour.welcomeTitle', body: 'survey.tour.welcomeBody' },
  { title: 'survey.tour.currentTitle', body: 'survey.tour.currentBody' },
  { title: 'survey.tour.saveTitle', body: 'survey.tour.saveBody' },
  { title: 'survey.tour.pastTitle', body: 'survey.tour.pastBody' },
] as const;

/**
 * The first-visit welcome tour of the Surveys screen: a few steps, skippable at any one of them; finishing or
 * skipping calls `onClose`, after which it is not shown again.
 */
export function WelcomeTour({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="survey-tour-title"
      aria-describedby="survey-tour-body"
      maxWidth="sm"
    >
      <DialogTitle id="survey-tour-title">{t(step.title)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('survey.tour.label')} · {t('survey.tour.step', { current: index + 1, total: STEPS.length })}
        </Typography>
        <DialogContentText id="survey-tour-body">{t(step.body)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
        {last ? <span /> : <Button onClick={onClose}>{t('survey.tour.skip')}</Button>}
        <span>
          {index > 0 && <Button onClick={() => setIndex(index - 1)}>{t('survey.tour.back')}</Button>}
          <Button variant="contained" autoFocus onClick={() => (last ? onClose() : setIndex(index + 1))}>
            {last ? t('survey.tour.finish') : t('survey.tour.next')}
          </Button>
        </span>
      </DialogActions>
    </Dialog>
  );
}
