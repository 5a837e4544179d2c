import { Box, Button, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { PageTakenOver } from './PageTakenOver';
import { contentColumn } from '../../components/ui/styles';

/**
 * Shown instead of a page that failed to render or load (a network drop while a page's code downloads, say):
 * a plain explanation and a way out, in the reader's language, never a stack trace.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('routeError.title')} | ${t('shell.studyName')}`;
  }, [t]);
  return (
    <Box component="main" sx={{ ...contentColumn('sm'), py: 6 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('routeError.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('routeError.body')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>{' '}
      <Button href="/" sx={{ ml: 1 }}>
        {t('notFound.home')}
      </Button>
      <PageTakenOver />
    </Box>
  );
}
