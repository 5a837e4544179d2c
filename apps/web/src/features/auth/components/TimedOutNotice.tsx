import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';

/** Shown on /login-patient?rsn=iact after an idle sign-out. */
export function TimedOutNotice({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-describedby="timed-out-body">
      <DialogTitle>{t('session.timedOutTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="timed-out-body">
          {t('session.timedOut')} {t('session.logInToContinue')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('session.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
