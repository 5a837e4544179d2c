import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Language } from '@portal/shared/constants';
import type { LeavableMailCategory } from '@portal/shared/mail/categories';
import { PageHeading } from '../../components/ui/PageHeading';
import { serverMessage } from '../../lib/api-client';
import { chooseLanguage, isLanguage } from '../../lib/language';
import { useTranslation } from '../../lib/use-translation';
import { useUnsubscribe, useUnsubscribeLink } from './api/unsubscribe-api';

const TEXTS: Record<LeavableMailCategory, { stops: string; button: string; done: string }> = {
  reminders: {
    stops: 'unsubscribe.stops.reminders',
    button: 'unsubscribe.button.reminders',
    done: 'unsubscribe.done.reminders',
  },
  invitations: {
    stops: 'unsubscribe.stops.invitations',
    button: 'unsubscribe.button.invitations',
    done: 'unsubscribe.done.invitations',
  },
  news: { stops: 'unsubscribe.stops.news', button: 'unsubscribe.button.news', done: 'unsubscribe.done.news' },
};

/** Account Settings, where Communication Preferences is one tab away (any `?tab=` opens the consent). */
const SETTINGS = '/profile-settings';

/**
 * The e-mail's language (`?lang=`), taken once: the page opens in it, and the parameter leaves the address, so a
 * language chosen afterwards in the header is kept.
 */
function useEmailLanguage() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const url = new URL(window.location.href);
    const wanted = url.searchParams.get('lang');
    if (!wanted) return;
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url);
    if (isLanguage(wanted)) void chooseLanguage(wanted, i18n.language as Language);
  }, [i18n]);
}

/**
 * /unsubscribe?token=…: an e-mail's link to stop one kind of e-mail, without signing in. It says what the link stops
 * and that this is not withdrawing, stops them with one button, and says how to get them again.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  useEmailLanguage();
  const [params] = useSearchParams();
  const token = params.get('token');
  const link = useUnsubscribeLink(token);
  const stop = useUnsubscribe(token);
  const left = stop.data ?? (link.data?.alreadyLeft ? link.data : undefined);

  const backToSettings = (text: string) => (
    <Typography sx={{ mt: 2 }}>
      {text}{' '}
      <Link component={RouterLink} to={SETTINGS}>
        {t('unsubscribe.signIn')}
      </Link>
    </Typography>
  );

  return (
    <PageHeading title={t('pages.unsubscribe')}>
      <Box sx={{ maxWidth: 640 }} aria-live="polite">
        {!token && (
          <>
            <Alert severity="error">{t('unsubscribe.refused.invalid')}</Alert>
            {backToSettings(t('unsubscribe.choose'))}
          </>
        )}
        {token && link.isPending && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('unsubscribe.checking')}</Typography>
          </Box>
        )}
        {link.isError && (
          <>
            <Alert severity="error">{serverMessage(link.error) ?? t('error.generic')}</Alert>
            {backToSettings(t('unsubscribe.choose'))}
          </>
        )}
        {left && (
          <>
            <Alert severity="success">{t(TEXTS[left.category].done)}</Alert>
            <Typography sx={{ mt: 2 }}>{t('unsubscribe.notWithdrawing')}</Typography>
            {backToSettings(t('unsubscribe.changeBack'))}
          </>
        )}
        {link.data && !left && (
          <>
            <Typography sx={{ mb: 2 }}>{t(TEXTS[link.data.category].stops)}</Typography>
            <Typography sx={{ mb: 3 }}>{t('unsubscribe.notWithdrawing')}</Typography>
            {stop.isError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {serverMessage(stop.error) ?? t('unsubscribe.failed')}
              </Alert>
            )}
            <Button variant="contained" size="large" disabled={stop.isPending} onClick={() => stop.mutate()}>
              {t(TEXTS[link.data.category].button)}
            </Button>
          </>
        )}
      </Box>
    </PageHeading>
  );
}
