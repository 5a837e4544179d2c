import { Box, FormLabel } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { API_BASE } from '@portal/shared/constants';
import { GET_CAPTCHA_CHALLENGE } from '@portal/shared/captcha/challenge';

/** The widget, its proof-of-work worker, styles and Spanish texts load only when the captcha is shown. */
async function loadAltcha() {
  const [{ default: PbkdfWorker }] = await Promise.all([
    import('altcha/workers/pbkdf2?worker'),
    import('altcha/external'),
    import('altcha/altcha.css'),
    import('altcha/i18n/es-419'),
  ]);
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new PbkdfWorker());
  await customElements.whenDefined('altcha-widget');
}

/**
 * The widget's height once drawn (its check row and its footer), kept free while it loads: otherwise the Register
 * button below it moves down as it appears, under the pointer of someone about to press it.
 */
const WIDGET_HEIGHT_PX = 68;

/** The challenge call answers in the API envelope; the widget expects the bare challenge. */
const unwrapEnvelope: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const body = (await response.json().catch(() => undefined)) as { data?: unknown } | undefined;
  return new Response(JSON.stringify(body?.data ?? null), {
    status: response.status,
    headers: { 'Content-Type': 'application/json' },
  });
};

/**
 * The self-hosted ALTCHA proof-of-work check. The screen does not block on it; the
 * server refuses a registration without a valid solution when the captcha is enabled.
 */
export function CaptchaField({ onChange }: { onChange(payload: string | undefined): void }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<AltchaWidgetElement>(null);

  useEffect(() => {
    let cancelled = false;
    void loadAltcha().then(() => !cancelled && setLoaded(true));
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    // A widget that fails to start leaves the form usable; the server then explains what is missing.
    const configure = () =>
      void Promise.resolve()
        .then(() =>
          element.configure({
            challenge: `${API_BASE}${GET_CAPTCHA_CHALLENGE.path}`,
            fetch: unwrapEnvelope,
            language: i18n.language === 'sp' ? 'es-419' : 'en',
            hideLogo: true,
          }),
        )
        .catch(() => onChange(undefined));
    // The widget's methods exist once it has loaded (its `load` event); it may already have.
    if (typeof element.configure === 'function') configure();
    else element.addEventListener('load', configure, { once: true });
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChange(detail.state === 'verified' ? detail.payload : undefined);
    };
    element.addEventListener('statechange', onState);
    return () => {
      element.removeEventListener('load', configure);
      element.removeEventListener('statechange', onState);
    };
  }, [loaded, i18n.language, onChange]);

  return (
    <Box sx={{ mt: 2 }}>
      <FormLabel component="p" sx={{ color: 'text.primary', mb: 1 }}>
        {t('registration.captchaLabel')}
      </FormLabel>
      <Box sx={{ minHeight: WIDGET_HEIGHT_PX }}>{loaded && <altcha-widget ref={widget} name="altcha" />}</Box>
    </Box>
  );
}
