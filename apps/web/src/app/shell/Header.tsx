import { lazy, Suspense, useState } from 'react';
import { Box, Button, IconButton } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ADMIN_MENU, PATIENT_MENU, STAFF_ACCOUNT_MENU, isActive, type NavItem } from './navigation';
import { MessagesLink, ProfileMenu } from './signed-in-parts';
import { StudyLogo } from './StudyLogo';
import { setHelpToggleSlot } from '../../features/help/toggle-slot';

const MobileMenu = lazy(() => import('./MobileMenu').then((module) => ({ default: module.MobileMenu })));

const PUBLIC_MENU: NavItem[] = [
  { to: '/login-patient', labelKey: 'nav.login' },
  { to: '/register-patient', labelKey: 'nav.signUp' },
];

/** The bar as MUI's sticky AppBar draws it: on paper, above the page, with the first elevation's shadow. */
const headerBar = {
  position: 'sticky',
  top: 0,
  zIndex: 'appBar',
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  boxSizing: 'border-box',
  flexShrink: 0,
  bgcolor: 'background.paper',
  color: 'inherit',
  boxShadow: 1,
} as const;

/** Its row, as MUI's Toolbar lays it out (its heights by width and orientation included). */
const toolbar = {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'nowrap',
  gap: { xs: 1, sm: 2 },
  px: { xs: 2, sm: 3 },
  minHeight: 72,
  '@media (orientation: landscape)': { minHeight: 48 },
  '@media (min-width: 600px)': { minHeight: 64 },
} as const;

export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const menu = session ? (session.isAdmin ? ADMIN_MENU : PATIENT_MENU) : PUBLIC_MENU;
  // The drawer also holds what a staff member's profile menu leads to, for a small screen's single menu.
  const drawerMenu = session?.isAdmin ? [...menu, ...STAFF_ACCOUNT_MENU] : menu;

  return (
    <Box component="header" sx={headerBar}>
      <Box sx={toolbar}>
        <IconButton
          edge="start"
          aria-label={t('shell.openMenu')}
          onClick={() => {
            setDrawerOpened(true);
            setDrawerOpen(true);
          }}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <StudyLogo to={session ? '/dashboard' : '/'} />
        <Box
          component="nav"
          aria-label={t('shell.mainNavigation')}
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2, flexGrow: 1 }}
        >
          {menu.map((item) => {
            const active = isActive(item, pathname);
            return (
              <Button
                key={item.to}
                component={RouterLink}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                variant={active ? 'contained' : 'text'}
                color="primary"
              >
                {t(item.labelKey)}
              </Button>
            );
          })}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <LanguageSwitcher />
        </Box>
        {/* Below `md` the help toggle (loaded with the assistant's code) sits here, its room kept from the start. */}
        <Box ref={setHelpToggleSlot} sx={{ display: { xs: 'flex', md: 'none' }, minWidth: 56 }} />
        {session && !session.isAdmin && (
          <Suspense fallback={null}>
            <MessagesLink />
          </Suspense>
        )}
        {session && (
          <Suspense fallback={null}>
            <ProfileMenu />
          </Suspense>
        )}
      </Box>
      {/* Its code loads when first opened; it then stays mounted, so it also closes with its slide. */}
      {drawerOpened && (
        <Suspense fallback={null}>
          <MobileMenu open={drawerOpen} onClose={() => setDrawerOpen(false)} menu={drawerMenu} pathname={pathname} />
        </Suspense>
      )}
    </Box>
  );
}
