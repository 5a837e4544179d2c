import { useState } from 'react';
import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
} from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import defaultProfile from '../../assets/default-profile.svg';
import { useProfilePictureUrl } from '../../lib/profile-picture';
import { useUserDetails } from '../../lib/user-details';
import { WithdrawDialog } from '../../features/consent/components/WithdrawDialog';
import { useSession } from '../../lib/session';
import { STAFF_ACCOUNT_MENU } from './navigation';

/**
 * User name; Account Settings, My Informed Consent and Withdraw (patients), or Your security (staff); and Logout, with
 * a confirmation.
 */
export function ProfileMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, signOut } = useSession();
  const { data: user } = useUserDetails(session?.claims.sub);
  const picture = useProfilePictureUrl(user?.profilePicture);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  if (!session) return null;
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    void navigate(to);
  };
  const name = user ? `${user.firstName} ${user.lastName}` : session.claims.name;

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
        <Avatar src={picture ?? defaultProfile} alt="" sx={{ width: 40, height: 40 }} />
      </IconButton>
      <Menu
        id="profile-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': 'profile-menu-button' } }}
      >
        <MenuItem disabled divider>
          <ListItemText primary={name} />
        </MenuItem>
        {!session.isAdmin && [
          <MenuItem key="settings" onClick={() => go('/profile-settings')}>
            {t('shell.accountSettings')}
          </MenuItem>,
          <MenuItem key="consent" onClick={() => go('/profile-settings?tab=consent')}>
            {t('shell.myInformedConsent')}
          </MenuItem>,
          <MenuItem
            key="withdraw"
            onClick={() => {
              close();
              setWithdrawing(true);
            }}
          >
            {t('shell.withdraw')}
          </MenuItem>,
        ]}
        {session.isAdmin &&
          STAFF_ACCOUNT_MENU.map((item) => (
            <MenuItem key={item.to} onClick={() => go(item.to)}>
              {t(item.labelKey)}
            </MenuItem>
          ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setConfirming(true);
          }}
        >
          {t('shell.logout')}
        </MenuItem>
      </Menu>
      {!session.isAdmin && <WithdrawDialog open={withdrawing} onClose={() => setWithdrawing(false)} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-describedby="logout-confirm-body">
        <DialogTitle>{t('shell.logoutConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="logout-confirm-body">{t('shell.logoutConfirmBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {t('shell.logoutCancel')}
          </Button>
          <Button
            variant="contained"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut('/');
            }}
          >
            {t('shell.logout')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
