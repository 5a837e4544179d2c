import { useCallback, useEffect, useRef, useState } from 'react';
import type { SurveyModel } from 'survey-core';
import { serverMessage } from '../../../lib/api-client';
import { onBeforeLanguageReload } from '../../../lib/language';
import { saveSurveyAnswers, saveSurveyAnswersOnLeaving } from '../api/survey-api';

/** How long after the last change the answers are saved, when the participant stays on the page. */
const AUTOSAVE_DELAY_MS = 1_500;

export type AutosaveState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; message?: string };

/**
 * Saves the answers as the participant goes, so a survey can be resumed: on every page turn, a
 * moment after each change, when the tab is hidden, before a language change reloads the page, and (with a
 * keepalive request) when the page is closed. Saves go one after another, so the last one wins.
 */
export function useAutosave(responseId: string, model: SurveyModel, enabled: boolean) {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const snapshot = useCallback(
    () => ({ answers: model.data as Record<string, unknown>, pageNo: model.currentPageNo }),
    [model],
  );
  const lastSaved = useRef(JSON.stringify(snapshot()));
  const queue = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<number | undefined>(undefined);
  const stopped = useRef(!enabled);

  const flush = useCallback((): Promise<void> => {
    window.clearTimeout(timer.current);
    const body = snapshot();
    const text = JSON.stringify(body);
    if (stopped.current || text === lastSaved.current) return queue.current;
    lastSaved.current = text;
    setState({ kind: 'saving' });
    queue.current = queue.current.then(() =>
      saveSurveyAnswers(responseId, body).then(
        () => setState({ kind: 'saved' }),
        (error: unknown) => {
          // Not saved: the next change or page turn tries again.
          if (lastSaved.current === text) lastSaved.current = '';
          setState({ kind: 'failed', message: serverMessage(error) });
        },
      ),
    );
    return queue.current;
  }, [responseId, snapshot]);

  useEffect(() => {
    if (!enabled) return undefined;
    const later = () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    };
    const now = () => void flush();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onLeaving = () => {
      const body = snapshot();
      if (!stopped.current && JSON.stringify(body) !== lastSaved.current) saveSurveyAnswersOnLeaving(responseId, body);
    };
    model.onValueChanged.add(later);
    model.onCurrentPageChanged.add(now);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeaving);
    const removeBeforeReload = onBeforeLanguageReload(flush);
    return () => {
      model.onValueChanged.remove(later);
      model.onCurrentPageChanged.remove(now);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeaving);
      removeBeforeReload();
      // Leaving the questionnaire inside the portal (Back to surveys, the menu): save what is new.
      void flush();
    };
  }, [enabled, flush, model, responseId, snapshot]);

  /** After submission nothing more is saved. */
  const stop = useCallback(() => {
    window.clearTimeout(timer.current);
    stopped.current = true;
  }, []);

  return { state, flush, stop };
}
