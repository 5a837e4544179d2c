import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { focusRing, MEASURE, READING } from './styles';

/** A page's content could not be loaded: what went wrong, in the page's words, and a Try again button. */
export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ maxWidth: MEASURE, ...READING }}
      action={
        <Button color="inherit" onClick={onRetry} sx={{ minHeight: 44, ...focusRing }}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
