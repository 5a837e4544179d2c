import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import { focusRing, MEASURE, READING } from './styles';

export interface LoadFailedAlertProps {
  /** What went wrong. */
  message: string;
  /** A heading above the message (what could not be loaded); none unless told. */
  title?: string;
  /** The retry button's text; 'Try again' unless told. */
  retryLabel?: string;
  onRetry(): void;
}

/** A page's content could not be loaded: what went wrong, in the page's words, and a Try again button. */
export function LoadFailedAlert({ message, title, retryLabel, onRetry }: LoadFailedAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ maxWidth: MEASURE, ...READING }}
      action={
        <Button color="inherit" onClick={onRetry} sx={{ minHeight: 44, ...focusRing }}>
          {retryLabel ?? t('common.retry')}
        </Button>
      }
    >
      {title && <AlertTitle>{title}</AlertTitle>}
      {message}
    </Alert>
  );
}
