import { useState } from 'react';
import { Avatar, Divider, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import defaultProfile from '../../assets/default-profile.svg';
import { useSession } from '../session';

/** User name, Account Settings, My Informed Consent, Withdraw (patients only) and Logout. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, signOut } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!session) return null;
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    void navigate(to);
  };

  return (
    <>
      <IconButton
        id="profile-menu-button"
        aria-label={t('shell.profileMenu')}
        aria-controls={anchor ? 'profile-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar src={defaultProfile} alt="" sx={{ width: 40, height: 40 }} />
      </IconButton>
      <Menu
        id="profile-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': 'profile-menu-button' } }}
      >
        <MenuItem disabled divider>
          <ListItemText primary={session.claims.name} />
        </MenuItem>
        {!session.isAdmin && [
          <MenuItem key="settings" onClick={() => go('/profile-settings')}>
            {t('shell.accountSettings')}
          </MenuItem>,
          <MenuItem key="consent" onClick={() => go('/profile-settings?tab=consent')}>
            {t('shell.myInformedConsent')}
          </MenuItem>,
          <MenuItem key="withdraw" onClick={() => go('/profile-settings?tab=consent')}>
            {t('shell.withdraw')}
          </MenuItem>,
        ]}
        {!session.isAdmin && <Divider />}
        <MenuItem
          onClick={() => {
            close();
            signOut('/');
          }}
        >
          {t('shell.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
