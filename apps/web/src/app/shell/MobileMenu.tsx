import { Box, Drawer, List, ListItemButton, ListItemText } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher';
import { isActive, type NavItem } from './navigation';

/** The small screens' menu: a drawer with the header's links and the language choice. */
export function MobileMenu({
  open,
  onClose,
  menu,
  pathname,
}: {
  open: boolean;
  onClose(): void;
  menu: NavItem[];
  pathname: string;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('shell.mainNavigation')} sx={{ width: 280, p: 2 }}>
        <List>
          {menu.map((item) => (
            <ListItemButton
              key={item.to}
              component={RouterLink}
              to={item.to}
              selected={isActive(item, pathname)}
              aria-current={isActive(item, pathname) ? 'page' : undefined}
              onClick={onClose}
            >
              <ListItemText primary={t(item.labelKey)} />
            </ListItemButton>
          ))}
        </List>
        <Box sx={{ mt: 2 }}>
          <LanguageSwitcher id="language-switcher-mobile" />
        </Box>
      </Box>
    </Drawer>
  );
}
