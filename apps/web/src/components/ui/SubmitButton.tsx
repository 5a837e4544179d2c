import { Button, CircularProgress, type ButtonProps } from '@mui/material';

interface SubmitButtonProps {
  busy: boolean;
  disabled?: boolean;
  label: string;
  /** A button outside a form acts on click instead of submitting. */
  onClick?: () => void;
  color?: ButtonProps['color'];
  /** Takes the focus when it appears (the only control of a step just switched to). */
  autoFocus?: boolean;
}

/** The step's main button; while the call runs it says so, shows a spinner and cannot be pressed twice. */
export function SubmitButton({ busy, disabled, label, onClick, color, autoFocus }: SubmitButtonProps) {
  return (
    <Button
      type={onClick ? 'button' : 'submit'}
      onClick={onClick}
      color={color}
      autoFocus={autoFocus}
      variant="contained"
      size="large"
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {label}
    </Button>
  );
}
