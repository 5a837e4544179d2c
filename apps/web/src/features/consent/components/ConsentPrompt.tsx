import { lazy, Suspense, useState, type ReactNode } from 'react';
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

/** A card of the home page about the consent, with its one action. */
function PromptCard({ title, body, children }: { title: string; body: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="consent-prompt-title">
      <CardContent>
        <Typography variant="h5" component="h2" id="consent-prompt-title">
          {title}
        </Typography>
        <Typography sx={{ mt: 1 }}>{body}</Typography>
      </CardContent>
      <CardActions>{children}</CardActions>
    </Card>
  );
}

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
      <PromptCard title={t('consent.prompt.signedTitle')} body={t('consent.prompt.signedBody')}>
        <Button component={RouterLink} to="/profile-settings?tab=consent">
          {t('consent.prompt.viewCopy')}
        </Button>
      </PromptCard>
    );

  return (
    <>
      <PromptCard title={t('consent.prompt.title')} body={t('consent.prompt.body')}>
        <Button variant="contained" onClick={() => setSigningOpen(true)}>
          {t('consent.prompt.button')}
        </Button>
      </PromptCard>
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
