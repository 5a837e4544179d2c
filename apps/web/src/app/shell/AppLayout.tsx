import { Suspense, useEffect, useRef } from 'react';
import { Box, Link } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Outlet, useLocation } from 'react-router';
import { DowntimeBanner } from './DowntimeBanner';
import { DowntimeSignOut } from './DowntimeSignOut';
import { PageLoading } from '../../components/ui/PageLoading';
import { Footer } from './Footer';
import { PageTakenOver } from './PageTakenOver';
import { Header } from './Header';
import { useSession } from '../../lib/session';
import { IdlePrompt, StepUpPrompt, SurveyNotice } from './signed-in-parts';
import { lazyNamed } from '../lazy-named';

// The help assistant's toggle loads its own code beside the page's: the page is taken over without waiting for it.
const HelpAssistant = lazyNamed(() => import('../../features/help/HelpAssistant'), 'HelpAssistant');

/**
 * Route changes start at the top, unless they lead to a section, which brings itself into view. The page the app
 * opens on keeps its place: a reader may have scrolled a pre-rendered page before the app took it over.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) opened.current = true;
    else if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** Header, downtime banner, the page, and the footer (hidden on /survey); a staff member's step-up dialog. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session } = useSession();
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
      {session && (
        <Suspense fallback={null}>
          <SurveyNotice />
        </Suspense>
      )}
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <PageTakenOver />
        </Suspense>
      </Box>
      {showFooter && <Footer />}
      <Suspense fallback={null}>
        <HelpAssistant />
      </Suspense>
      {session && (
        <Suspense fallback={null}>
          <IdlePrompt />
        </Suspense>
      )}
      {session?.isAdmin && (
        <Suspense fallback={null}>
          <StepUpPrompt />
        </Suspense>
      )}
      <DowntimeSignOut />
    </Box>
  );
}
