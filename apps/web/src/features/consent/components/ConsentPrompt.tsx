import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONSENT_DIALOG_RELOAD_MS } from '@portal/shared/constants';
import { useSession } from '../../../app/session';

// react-pdf and signature_pad load only when the ceremony opens.
const SigningDialog = lazy(() => import('./SigningDialog'));

/**
 * The participant's consent on the home page (spec section 4, "Electronic consent"): while the token says it
 * is not signed, the signing ceremony opens, and can be reopened from here; once signed, the copy is a link away.
 */
export function ConsentPrompt() {
  const { t } = useTranslation();
  const { session, extend } = useSession();
  const unsigned = Boolean(session && !session.isAdmin && !session.claims.isConsentSigned);
  const [signingOpen, setSigningOpen] = useState(unsigned);
  const [signedOpen, setSignedOpen] = useState(false);
  if (!session || session.isAdmin) return null;

  if (!unsigned && !signedOpen)
    return (
      <Card variant="outlined" component="section" aria-labelledby="consent-prompt-title">
        <CardContent>
          <Typography variant="h5" component="h2" id="consent-prompt-title">
            {t('consent.prompt.signedTitle')}
          </Typography>
          <Typography sx={{ mt: 1 }}>{t('consent.prompt.signedBody')}</Typography>
        </CardContent>
        <CardActions>
          <Button component={RouterLink} to="/profile-settings?tab=consent">
            {t('consent.prompt.viewCopy')}
          </Button>
        </CardActions>
      </Card>
    );

  return (
    <>
      <Card variant="outlined" component="section" aria-labelledby="consent-prompt-title">
        <CardContent>
          <Typography variant="h5" component="h2" id="consent-prompt-title">
            {t('consent.prompt.title')}
          </Typography>
          <Typography sx={{ mt: 1 }}>{t('consent.prompt.body')}</Typography>
        </CardContent>
        <CardActions>
          <Button variant="contained" onClick={() => setSigningOpen(true)}>
            {t('consent.prompt.button')}
          </Button>
        </CardActions>
      </Card>
      {signingOpen && (
        <Suspense fallback={null}>
          <SigningDialog
            open
            onClose={() => setSigningOpen(false)}
            onSigned={() => {
              setSigningOpen(false);
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
