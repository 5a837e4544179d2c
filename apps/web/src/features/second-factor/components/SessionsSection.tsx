import { Box, Button, Chip, Typography } from '@mui/material';
import { useId } from 'react';
import { formatDateTime } from '@portal/shared/dates';
import { SECOND_FACTOR_MESSAGES, type TStaffSession } from '@portal/shared/staff/second-factor';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { ChangeOutcome } from '../../../components/admin/ChangeOutcome';
import { Moment } from '../../../components/ui/Moment';
import { SimpleTable } from '../../../components/ui/SimpleTable';
import { browserTimeZone } from '../../../lib/local-date-time';
import { useTranslation } from '../../../lib/use-translation';
import { useEndOtherSessions, useEndSession } from '../api/security-api';
import { useChangeOutcome } from './use-change-outcome';

/**
 * Sessions: where the staff member is signed in (device, browser, the first part of the address as an approximate
 * location, when it started and was last used), this device marked; End session for each other one, and End all
 * other sessions.
 */
export function SessionsSection({ sessions }: { sessions: TStaffSession[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const { outcome, clear, succeeded, failed } = useChangeOutcome();
  const busy = endOne.isPending || endOthers.isPending;
  const others = sessions.filter((session) => !session.current);
  const handlers = (fallbackKey: string) => ({
    onSuccess: (message: string | undefined) => succeeded(message, fallbackKey),
    onError: failed,
  });

  const deviceOf = (session: TStaffSession) => session.device ?? t('security.sessions.unknownDevice');
  const browserOf = (session: TStaffSession) => session.browser ?? t('security.sessions.unknownBrowser');

  return (
    <AdminPanel title={t('security.sessions.title')} titleId={titleId}>
      <Typography sx={{ mb: 2 }}>{t('security.sessions.intro')}</Typography>
      <ChangeOutcome {...outcome} />
      <SimpleTable
        labelledBy={titleId}
        headers={[
          t('security.sessions.device'),
          t('security.sessions.browser'),
          t('security.sessions.location'),
          t('security.sessions.signedIn'),
          t('security.sessions.lastSeen'),
          t('security.sessions.actions'),
        ]}
        rows={sessions.map((session) => ({
          key: session.id,
          cells: [
            <Box key="device" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              {deviceOf(session)}
              {session.current && <Chip size="small" color="primary" label={t('security.sessions.thisDevice')} />}
            </Box>,
            browserOf(session),
            session.ipPrefix ?? t('security.sessions.unknownLocation'),
            <Moment key="signedIn" at={session.createdAt} withTime />,
            <Moment key="lastSeen" at={session.lastSeenAt} withTime />,
            session.current ? null : (
              <Button
                key="end"
                size="small"
                variant="outlined"
                color="error"
                disabled={busy}
                aria-label={t('security.sessions.endOne', {
                  device: deviceOf(session),
                  browser: browserOf(session),
                  lastSeen: formatDateTime(session.lastSeenAt, browserTimeZone()),
                })}
                onClick={() => {
                  clear();
                  endOne.mutate(session.id, handlers(SECOND_FACTOR_MESSAGES.sessionEnded));
                }}
              >
                {t('security.sessions.end')}
              </Button>
            ),
          ],
        }))}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('security.sessions.locationHelp')}
      </Typography>
      {others.length > 0 && (
        <Box sx={{ mt: 3 }}>
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => {
              clear();
              endOthers.mutate(undefined, handlers(SECOND_FACTOR_MESSAGES.otherSessionsEnded));
            }}
          >
            {t('security.sessions.endOthers')}
          </Button>
        </Box>
      )}
    </AdminPanel>
  );
}
