import { Badge, Box, Button, IconButton, type Theme } from '@mui/material';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Link as RouterLink, useLocation } from 'react-router';
import { focusRing } from '../../../components/ui/styles';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { useUnreadCount } from '../api/inbox-api';

export const MESSAGES_PATH = '/messages';

/** The unread count beside the word: white on the theme's error red, as the phone's badge shows it. */
const countBubble = {
  minWidth: 22,
  height: 22,
  px: 0.75,
  borderRadius: 11,
  bgcolor: 'error.main',
  color: (theme: Theme) => theme.palette.error.contrastText,
  fontSize: '0.8rem',
  fontWeight: 700,
  lineHeight: '22px',
  textAlign: 'center',
} as const;

/**
 * The header's way to Messages, for a participant: "Messages" with the unread count beside it (the icon alone on a
 * phone). Its accessible name holds what it shows: "Messages, 2 unread".
 */
export function MessagesLink() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session } = useSession();
  const participant = Boolean(session && !session.isAdmin);
  const { data: unread = 0 } = useUnreadCount(participant);
  if (!participant) return null;
  const name = t('inbox.link', { count: unread });
  const current = pathname === MESSAGES_PATH ? 'page' : undefined;
  // No badge at all when nothing is unread: a hidden badge still holds its "0", which is not in the link's name.
  const badge =
    unread > 0 ? (
      <Badge badgeContent={unread} color="error" max={99} aria-hidden>
        <MailOutlineIcon />
      </Badge>
    ) : (
      <MailOutlineIcon />
    );
  return (
    <>
      <IconButton
        component={RouterLink}
        to={MESSAGES_PATH}
        aria-label={name}
        aria-current={current}
        sx={{ display: { xs: 'inline-flex', md: 'none' }, ...focusRing }}
      >
        {badge}
      </IconButton>
      {/* The count follows the word, so what shows ("Messages 2") reads in the same order in the name. */}
      <Button
        component={RouterLink}
        to={MESSAGES_PATH}
        aria-label={name}
        aria-current={current}
        startIcon={<MailOutlineIcon />}
        endIcon={
          unread > 0 ? (
            <Box component="span" sx={countBubble}>
              {unread > 99 ? '99+' : unread}
            </Box>
          ) : undefined
        }
        variant={current ? 'contained' : 'text'}
        sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap', ...focusRing }}
      >
        {t('inbox.title')}{' '}
      </Button>
    </>
  );
}
