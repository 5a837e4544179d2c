import { lazy, Suspense, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { CONSENT_DIALOG_RELOAD_MS } from '@portal/shared/constants';
import { useSession } from '../../../lib/session';

// react-pdf and signature_pad load only when the ceremony opens.
const SigningDialog = lazy(() => import('./SigningDialog'));

interface ConsentCeremonyProps {
  open: boolean;
  onClose(): void;
}

/**
 * The signing ceremony: the form to read, fill and sign; on signing, a
 * success dialog whose closing reloads the page after a second, with a new token that says consent is signed.
 */
export function ConsentCeremony({ open, onClose }: ConsentCeremonyProps) {
  const { t } = useTranslation();
  const { extend } = useSession();
  const [signedOpen, setSignedOpen] = useState(false);
  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <SigningDialog
            open
            onClose={onClose}
            onSigned={() => {
              onClose();
              setSignedOpen(true);
              // A new token now says isConsentSigned: the reload after the dialog starts from it.
              void extend();
            }}
          />
        </Suspense>
      )}
      <Dialog open={signedOpen} aria-labelledby="consent-signed-title" aria-describedby="consent-signed-body">
        <DialogTitle id="consent-signed-title">{t('consent.sign.successTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="consent-signed-body">{t('consent.sign.successBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            variant="contained"
            autoFocus
            onClick={() => {
              setSignedOpen(false);
              window.setTimeout(() => window.location.reload(), CONSENT_DIALOG_RELOAD_MS);
            }}
          >
            {t('consent.sign.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
