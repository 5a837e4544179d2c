import { Button, CircularProgress } from '@mui/material';

/** The step's main button; while the call runs it says so, shows a spinner and cannot be pressed twice. */
export function SubmitButton({ busy, disabled, label }: { busy: boolean; disabled?: boolean; label: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {label}
    </Button>
  );
}
