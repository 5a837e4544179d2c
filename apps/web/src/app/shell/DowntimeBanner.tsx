import { useState } from 'react';
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared/constants';
import { ZDowntimeReply } from '@portal/shared/settings/downtime';
import { apiRequest } from '../../lib/api-client';

const DISMISSED_KEY = 'downtimeBannerDismissed';

/** The downtime notice from GET /downtime; dismissing hides it for this browser session. */
export function DowntimeBanner() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: ['downtime'],
    queryFn: async () => (await apiRequest('/downtime', ZDowntimeReply)).data,
    staleTime: 60_000,
  });
  const [dismissedFor, setDismissedFor] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  if (!data?.show) return null;
  const windowId = `${data.effectiveStartDate}/${data.effectiveEndDate}`;
  if (dismissedFor === windowId) return null;
  const message = data.message[i18n.language as Language] || data.message.en;

  return (
    <Alert
      severity="warning"
      square
      slotProps={{ closeButton: { 'aria-label': t('shell.dismissBanner') } }}
      onClose={() => {
        sessionStorage.setItem(DISMISSED_KEY, windowId);
        setDismissedFor(windowId);
      }}
    >
      {message}
    </Alert>
  );
}
