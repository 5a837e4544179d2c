import { Button, type ButtonProps } from '@mui/material';
import { SubmitButton } from './SubmitButton';

interface ConfirmStepButtonsProps {
  /** The way back: 'Back' to the form, or 'Cancel'. */
  backLabel: string;
  confirmLabel: string;
  /** While the action runs: the action shows a spinner and neither button can be pressed. */
  busy: boolean;
  /** The action cannot go ahead yet; the way back still can. */
  disabled?: boolean;
  color?: ButtonProps['color'];
  onBack(): void;
  onConfirm(): void;
}

/** A confirmation's two buttons: the way back first and focused, so Enter alone never goes ahead; then the action. */
export function ConfirmStepButtons({
  backLabel,
  confirmLabel,
  busy,
  disabled,
  color,
  onBack,
  onConfirm,
}: ConfirmStepButtonsProps) {
  return (
    <>
      <Button onClick={onBack} disabled={busy} autoFocus>
        {backLabel}
      </Button>
      <SubmitButton color={color} onClick={onConfirm} busy={busy} disabled={disabled} label={confirmLabel} />
    </>
  );
}
