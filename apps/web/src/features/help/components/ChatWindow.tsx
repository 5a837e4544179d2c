import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Box, Button, IconButton, Link, Paper, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from '../../../lib/use-translation';
import type { TContactSettings } from '@portal/shared/client-config';
import type { Language } from '@portal/shared/constants';
import { FieldError } from '../../../components/ui/FieldError';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden';
import { cleanQuestion, QUESTION_MAX_LENGTH, type ChatTurn, type FocusAfterClose } from './chat-conversation';
import { focusRing } from '../../../components/ui/styles';
import { chatWindowPlacement } from './chat-styles';
import type { Audience } from '../../../lib/route-access';
import { Bubble, ChatTurnView, type ReplyContext } from './ChatMessage';

/** Questions offered at the start, picked because the assistant answers them well in both languages. */
const SUGGESTIONS = [
  'help.suggestions.password',
  'help.suggestions.kidneyDisease',
  'help.suggestions.withdraw',
  'help.suggestions.cost',
] as const;

interface ChatWindowProps {
  id: string;
  /** Closed, the window stays in the page, hidden, so a half-typed question is still there on reopening. */
  open: boolean;
  language: Language;
  turns: readonly ChatTurn[];
  contact: TContactSettings | undefined;
  /** Who is asking: answers link only to pages this person can open. */
  audience: Audience;
  onAsk(question: string): void;
  onClose(focus: FocusAfterClose): void;
}

/**
 * The help assistant's window: a non-modal dialog with a greeting, suggested questions, the conversation (a polite
 * log, so each reply is read out) and the question box. Escape or the close button closes it.
 */
export default function ChatWindow({ id, open, language, turns, contact, audience, onAsk, onClose }: ChatWindowProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState('');
  const [missing, setMissing] = useState(false);
  const ids = { title: `${id}-title`, greeting: `${id}-greeting`, error: `${id}-question-error` };
  const lastTurnId = turns.at(-1)?.id;

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    // The newest question comes to the top of the view (also on reopening), so a long answer reads from its start.
    const area = scrollRef.current;
    const turn = area?.querySelector<HTMLElement>(`[data-turn="${lastTurnId}"]`);
    if (open && area && turn) area.scrollTop = turn.offsetTop - 8;
  }, [lastTurnId, open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!cleanQuestion(draft)) {
      setMissing(true);
      inputRef.current?.focus();
      return;
    }
    setMissing(false);
    setDraft('');
    onAsk(draft);
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose('toggle');
  };

  const context: ReplyContext = {
    language,
    contact,
    audience,
    onFollow: () => {
      if (phone) onClose('page');
    },
  };

  return (
    <Paper
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={ids.title}
      aria-describedby={ids.greeting}
      hidden={!open}
      elevation={8}
      onKeyDown={closeOnEscape}
      sx={{ ...chatWindowPlacement, display: open ? 'flex' : 'none' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 2,
          pr: 1,
          py: 0.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography id={ids.title} component="h2" variant="h6" sx={{ flexGrow: 1, fontSize: '1.2rem' }}>
          {t('help.title')}
        </Typography>
        <IconButton
          aria-label={t('help.close')}
          onClick={() => onClose('toggle')}
          color="inherit"
          sx={{ '&:focus-visible, &.Mui-focusVisible': { outline: '3px solid #fff', outlineOffset: -3 } }}
        >
          <CloseIcon aria-hidden />
        </IconButton>
      </Box>

      <Box
        ref={scrollRef}
        sx={{ position: 'relative', flexGrow: 1, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column' }}
      >
        <Bubble from="assistant" id={ids.greeting}>
          <Typography component="p">{t('help.greeting')}</Typography>
        </Bubble>
        <Box role="group" aria-labelledby={`${id}-suggestions`} sx={{ mt: 1.5, mb: 2 }}>
          <Typography id={`${id}-suggestions`} variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {t('help.suggestionsLabel')}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.75 }}>
            {SUGGESTIONS.map((key) => (
              <Button
                key={key}
                variant="outlined"
                onClick={() => onAsk(t(key))}
                sx={{ textAlign: 'left', justifyContent: 'flex-start', borderRadius: 4, ...focusRing }}
              >
                {t(key)}
              </Button>
            ))}
          </Box>
        </Box>
        <Box
          role="log"
          aria-live="polite"
          aria-label={t('help.conversation')}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {turns.map((turn) => (
            <ChatTurnView key={turn.id} turn={turn} context={context} />
          ))}
        </Box>
      </Box>

      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ px: 2, pt: 1.5, pb: 1, borderTop: 1, borderColor: 'divider' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <TextField
            inputRef={inputRef}
            label={t('help.questionLabel')}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (missing) setMissing(false);
            }}
            error={missing}
            fullWidth
            autoComplete="off"
            slotProps={{
              htmlInput: {
                maxLength: QUESTION_MAX_LENGTH,
                enterKeyHint: 'send',
                'aria-describedby': missing ? ids.error : undefined,
              },
            }}
          />
          <Button type="submit" variant="contained" sx={{ minHeight: 56, flexShrink: 0, ...focusRing }}>
            {t('help.send')}
          </Button>
        </Box>
        <FieldError id={ids.error} message={missing ? 'help.questionRequired' : undefined} />
      </Box>

      {contact && (
        <Box sx={{ px: 2, pb: 1.5, textAlign: 'center' }}>
          {language === 'sp' ? (
            // The help desk answers in English only: Spanish speakers write to the study team.
            <Link href={`mailto:${contact.email}`} sx={{ display: 'inline-block', py: 0.5, ...focusRing }}>
              {t('help.emailUs', { email: contact.email })}
            </Link>
          ) : (
            <Link
              href={contact.helpDeskUrl}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, py: 0.5, ...focusRing }}
            >
              {t('help.helpDesk')}
              <OpenInNewIcon fontSize="small" aria-hidden />
              <VisuallyHidden> {t('help.opensInNewTab')}</VisuallyHidden>
            </Link>
          )}
        </Box>
      )}
    </Paper>
  );
}
