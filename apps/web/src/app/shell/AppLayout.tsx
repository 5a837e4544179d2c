import { Suspense, useEffect } from 'react';
import { Box, CircularProgress, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { DowntimeBanner } from './DowntimeBanner';
import { DowntimeSignOut } from './DowntimeSignOut';
import { IdlePrompt } from './IdlePrompt';
import { Footer } from './Footer';
import { Header } from './Header';

/** Route changes start at the top (spec section 2), unless they lead to a section, which brings itself into view. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/** Header, downtime banner, the page, and the footer (hidden on /survey). */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const showFooter = !pathname.startsWith('/survey');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <ScrollToTop />
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: 2000,
          '&:focus': { left: 8, top: 8, bgcolor: 'background.paper', p: 1 },
        }}
      >
        {t('shell.skipToContent')}
      </Link>
      <DowntimeBanner />
      <Header />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      {showFooter && <Footer />}
      <IdlePrompt />
      <DowntimeSignOut />
    </Box>
  );
}
