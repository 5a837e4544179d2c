import { Alert, Box, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import {
  GET_DOMO,
  ZDashboardTokenReply,
  type DashboardId,
} from '@portal/shared/analytics-dashboards/analytics-dashboards';
import { authorizedRequest, serverMessage } from '../../lib/api-client';
import { useCan } from '../../lib/staff-access';
import { focusRing, MEASURE } from '../ui/styles';

/** The full-screen page of a dashboard with its token in the fragment, which is never sent to a server. */
export const dashboardLink = (path: string, token: string) => `${path}#token=${encodeURIComponent(token)}`;

/**
 * Opens a dashboard on its own page in a new tab, with a token from `GET /domo` that opens that dashboard alone
 * for an hour: for a wall display, without an administrator's session. The tab opens at the click (so no pop-up
 * blocker stops it) and goes to the dashboard once the token has come. Shown only to a role that may share
 * dashboards, since the link opens the dashboard to whoever holds it.
 */
export function OpenDashboardButton({ dashboardId }: { dashboardId: DashboardId }) {
  const { t } = useTranslation();
  const canShare = useCan()('dashboards.share');
  const open = useMutation({
    mutationFn: async () =>
      (await authorizedRequest(`${GET_DOMO.path}?dashBoardId=${dashboardId}`, ZDashboardTokenReply)).data!,
  });
  const onClick = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    open.mutate(undefined, {
      onSuccess: ({ path, token }) => {
        const link = dashboardLink(path, token);
        if (tab) tab.location.href = link;
        else window.location.assign(link);
      },
      onError: () => tab?.close(),
    });
  };
  if (!canShare) return null;
  return (
    <Box sx={{ my: 2, maxWidth: MEASURE }}>
      <Button variant="outlined" onClick={onClick} disabled={open.isPending} sx={{ minHeight: 44, ...focusRing }}>
        {open.isPending ? t('dashboards.opening') : t('dashboards.openFullScreen')}
      </Button>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('dashboards.openHint')}
      </Typography>
      {open.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {serverMessage(open.error) ?? t('dashboards.openFailed')}
        </Alert>
      )}
    </Box>
  );
}
