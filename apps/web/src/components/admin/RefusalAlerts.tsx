import { Alert, Button, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { focusRing } from '../ui/styles';

/**
 * Why a save did not happen, announced: someone else saved first (with Reload), or the refusals that name no
 * field of the form. Each message is a catalog key or the server's own words.
 */
export function RefusalAlerts({
  stale,
  problems,
  onReload,
}: {
  /** The server's message when someone else saved first (HTTP 409). */
  stale?: string;
  problems: string[];
  /** Loads the stored value again into the form. */
  onReload(): void;
}) {
  const { t } = useTranslation();
  const say = (message: string) => t(message, { defaultValue: message });
  return (
    <>
      {stale && (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" onClick={onReload} sx={{ minHeight: 44, ...focusRing }}>
              {t('admin.editor.reload')}
            </Button>
          }
        >
          {say(stale)}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problems.map((message) => (
            <Typography key={message}>{say(message)}</Typography>
          ))}
        </Alert>
      )}
    </>
  );
}
