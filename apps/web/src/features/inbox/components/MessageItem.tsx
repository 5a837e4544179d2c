import { useId, useState } from 'react';
import { Box, Button, ButtonBase, Chip, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router';
import { toLanguage } from '@portal/shared/i18n/language';
import type { TInboxMessage } from '@portal/shared/inbox/messages';
import { Moment } from '../../../components/ui/Moment';
import { focusRing, MEASURE, READING } from '../../../components/ui/styles';
import { useTranslation } from '../../../lib/use-translation';
import { messageText } from './message-text';

/**
 * One message: a disclosure button with its title and date, an unread one marked "New" and in bold (not by colour
 * alone); opening it shows its text and a link to what it asks for, and marks it read.
 */
export function MessageItem({ message, onOpen }: { message: TInboxMessage; onOpen(id: string): void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const text = messageText(message, toLanguage(i18n.language), t);
  const toggle = () => {
    if (!open && !message.read) onOpen(message.id);
    setOpen(!open);
  };

  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Typography component="h2" sx={{ m: 0, fontSize: 'inherit' }}>
        <ButtonBase
          aria-expanded={open}
          aria-controls={`${id}-text`}
          onClick={toggle}
          sx={{
            width: '100%',
            justifyContent: 'flex-start',
            textAlign: 'left',
            gap: 1.5,
            py: 2,
            px: 1,
            minHeight: 56,
            ...focusRing,
          }}
        >
          <ExpandMoreIcon
            aria-hidden
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms', flexShrink: 0 }}
          />
          {!message.read && (
            // A span: a button holds phrasing content only (the Chip is a div by default).
            <Chip component="span" label={t('inbox.new')} color="primary" size="small" sx={{ fontWeight: 700 }} />
          )}
          <Box
            component="span"
            sx={{ flexGrow: 1, fontSize: '1.125rem', fontWeight: message.read ? 400 : 700, overflowWrap: 'anywhere' }}
          >
            {text.title}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            <Moment at={message.createdAt} />
          </Box>
        </ButtonBase>
      </Typography>
      <Box id={`${id}-text`} hidden={!open} sx={{ px: 1, pb: 2, pl: 6, maxWidth: MEASURE }}>
        {open && (
          <>
            {text.body.map((paragraph, index) => (
              <Typography key={index} sx={{ ...READING, mb: 1.5, whiteSpace: 'pre-line' }}>
                {paragraph}
              </Typography>
            ))}
            {text.link && (
              <Button component={RouterLink} to={text.link.to} variant="contained" sx={{ minHeight: 44, ...focusRing }}>
                {text.link.label}
              </Button>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
