import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { COUNTDOWN_TICK_MS, IDLE_PROMPT_MS, IDLE_TIMEOUT_MS } from '@portal/shared/constants';
import { useClientConfig } from '../../lib/client-config';
import { useSession } from '../../lib/session';
import { markActivity, readLastActivity, watchActivity } from './idle-activity';

/**
 * 'Are you still there?': after the security policy's inactivity timeout less a minute, a prompt counts
 * down the last 60 seconds; Stay Logged In refreshes the token, and running out signs the user out to
 * /login-patient?rsn=iact. Only the button dismisses the prompt, so a stray touch cannot hide it unseen.
 */
export function IdlePrompt() {
  const { t } = useTranslation();
  const { session, endSession, extend } = useSession();
  const { data: config } = useClientConfig();
  const timeoutMs = config ? config.inactiveSessionTimeoutInMin * 60_000 : IDLE_TIMEOUT_MS;
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const prompting = useRef(false);
  const signedIn = session !== null;

  useEffect(() => {
    prompting.current = secondsLeft !== null;
  }, [secondsLeft]);

  useEffect(() => {
    if (!signedIn) return;
    markActivity();
    return watchActivity(() => prompting.current);
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    const tick = () => {
      const left = timeoutMs - (Date.now() - readLastActivity());
      if (left <= 0) return endSession('idle');
      setSecondsLeft(left <= IDLE_PROMPT_MS ? Math.ceil(left / 1000) : null);
    };
    tick();
    const timer = window.setInterval(tick, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [signedIn, timeoutMs, endSession]);

  const stay = () => {
    markActivity();
    setSecondsLeft(null);
    void extend();
  };

  return (
    <Dialog
      open={secondsLeft !== null}
      onClose={(_event, reason) => reason === 'escapeKeyDown' && stay()}
      aria-describedby="idle-countdown"
    >
      <DialogTitle>{t('session.stillThere')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-countdown" role="timer" aria-live="off">
          {t('session.countdown', { count: secondsLeft ?? 0 })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={stay} autoFocus>
          {t('session.stayLoggedIn')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
