import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { Language } from '@portal/shared/constants';
import { useDowntime } from '../../lib/downtime';

const DowntimeAlert = lazy(() => import('./DowntimeAlert').then((module) => ({ default: module.DowntimeAlert })));

const DISMISSED_KEY = 'downtimeBannerDismissed';

/** The downtime notice from GET /downtime; dismissing hides it for this browser session. */
export function DowntimeBanner() {
  const { i18n } = useTranslation();
  const { data } = useDowntime();
  const [dismissedFor, setDismissedFor] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  if (!data?.show) return null;
  const windowId = `${data.effectiveStartDate}/${data.effectiveEndDate}`;
  if (dismissedFor === windowId) return null;
  const message = data.message[i18n.language as Language] || data.message.en;

  return (
    <Suspense fallback={null}>
      <DowntimeAlert
        message={message}
        onDismiss={() => {
          sessionStorage.setItem(DISMISSED_KEY, windowId);
          setDismissedFor(windowId);
        }}
      />
    </Suspense>
  );
}
