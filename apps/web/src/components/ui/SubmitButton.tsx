import { Button, CircularProgress, type ButtonProps } from '@mui/material';

interface SubmitButtonProps {
  busy: boolean;
  disabled?: boolean;
  label: string;
  /** A button outside a form acts on click instead of submitting. */
  onClick?: () => void;
  color?: ButtonProps['color'];
}

/** The step's main button; while the call runs it says so, shows a spinner and cannot be pressed twice. */
export function SubmitButton({ busy, disabled, label, onClick, color }: SubmitButtonProps) {
  return (
    <Button
      type={onClick ? 'button' : 'submit'}
      onClick={onClick}
      color={color}
      variant="contained"
      size="large"
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {label}
    </Button>
  );
}
