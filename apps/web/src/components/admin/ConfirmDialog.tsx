import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ConfirmStepButtons } from '../ui/ConfirmStepButtons';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  text: string;
  confirmLabel: string;
  /** 'Cancel' unless told. */
  cancelLabel?: string;
  /** While the action runs: the confirm button shows a spinner and nothing can be pressed or closed. */
  busy?: boolean;
  /** A refusal of the action, shown in the dialog. */
  error?: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a destructive action; Cancel has the focus first, so Enter alone never destroys anything. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t(error, { defaultValue: error })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <ConfirmStepButtons
          backLabel={cancelLabel ?? t('admin.editor.cancel')}
          confirmLabel={confirmLabel}
          busy={busy}
          color="error"
          onBack={onCancel}
          onConfirm={onConfirm}
        />
      </DialogActions>
    </Dialog>
  );
}
