import { lazy, Suspense, useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { CircularProgress, Paper } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { toLanguage } from '@portal/shared/i18n/language';
import { loadHelpAssistant } from '@portal/shared/help/load-help-assistant';
import { useSession } from '../../lib/session';
import { useClientConfig } from '../../lib/client-config';
import { chatReducer, cleanQuestion, type FocusAfterClose } from './components/chat-conversation';
import { chatWindowPlacement } from './components/chat-styles';
import { HelpToggle } from './components/HelpToggle';

// The window and the answers (each language's content) load on first open, not with every page.
const ChatWindow = lazy(() => import('./components/ChatWindow'));

/**
 * The help assistant on every page: a toggle that opens a chat window answering from the FAQ and content pages. The
 * conversation lives only in this component's state: it follows the person from page to page and is gone on reload;
 * nothing of it is stored in the browser or sent to the server.
 */
export function HelpAssistant() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const { data: config } = useClientConfig();
  const { session } = useSession();
  const windowId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const [turns, dispatch] = useReducer(chatReducer, []);
  const nextTurnId = useRef(0);
  const focusAfterClose = useRef<FocusAfterClose | null>(null);

  const show = () => {
    setStarted(true);
    setOpen(true);
    // Fetch the answers while the window opens, so the first reply does not wait for them.
    void loadHelpAssistant(language).catch(() => undefined);
  };

  const close = useCallback((focus: FocusAfterClose) => {
    focusAfterClose.current = focus;
    setOpen(false);
  }, []);

  useEffect(() => {
    const focus = focusAfterClose.current;
    if (open || !focus) return;
    focusAfterClose.current = null;
    if (focus === 'toggle') {
      toggleRef.current?.focus();
      return;
    }
    // After following an answer link: to the page, unless the page already took focus (a linked FAQ does).
    const active = document.activeElement;
    if (!active || active === document.body || document.getElementById(windowId)?.contains(active))
      document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [open, windowId]);

  const ask = useCallback(
    (text: string) => {
      const question = cleanQuestion(text);
      if (!question) return;
      const id = ++nextTurnId.current;
      dispatch({ type: 'asked', id, question });
      loadHelpAssistant(language).then(
        (assistant) => dispatch({ type: 'answered', id, reply: assistant.reply(question) }),
        () => dispatch({ type: 'failed', id }),
      );
    },
    [language],
  );

  return (
    <>
      <HelpToggle ref={toggleRef} open={open} windowId={windowId} onClick={() => (open ? close('toggle') : show())} />
      {started && (
        <Suspense
          fallback={
            open && (
              <Paper id={windowId} elevation={8} sx={{ ...chatWindowPlacement, justifyContent: 'center', p: 4 }}>
                <CircularProgress aria-label={t('common.loading')} sx={{ alignSelf: 'center' }} />
              </Paper>
            )
          }
        >
          <ChatWindow
            id={windowId}
            open={open}
            language={language}
            turns={turns}
            contact={config?.contact}
            audience={!session ? 'visitor' : session.isAdmin ? 'admin' : 'participant'}
            onAsk={ask}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
