import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { forwardRef, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TLabelledOption } from '@portal/shared/reference/labelled-option';
import { NO_HEALTH_SYSTEM } from '@portal/shared/registration/registration-form';
import { FormSelect } from '../../../components/ui/NativeSelect';

interface Question {
  option: TLabelledOption;
  /** What goes on once the person says Yes (sending the form that asked). */
  onYes?(): void;
  /** False once answered: the dialog keeps its text while it fades out. */
  open: boolean;
}

/**
 * Whether the person receives care at the health system they chose. A select's value changes as a keyboard moves
 * through it, so the question waits until the person leaves the field or sends the form (a dialog opened by the
 * change itself would stop every arrow key at the first system).
 */
export function useHealthSystemConfirmation(options: TLabelledOption[]) {
  const [confirmed, setConfirmed] = useState<string>();
  const [question, setQuestion] = useState<Question>();
  /**
   * Asks about `value` unless nothing needs asking (no choice yet, 'None of the below', or the system the person
   * already confirmed): true when the choice is settled, false while the question is open.
   */
  const settle = (value: string, onYes?: () => void) => {
    const option = options.find((o) => o.value === value && o.value !== NO_HEALTH_SYSTEM);
    if (!option || option.value === confirmed) return true;
    setQuestion({ option, onYes, open: true });
    return false;
  };
  /** Closes the question; Yes confirms the system asked about. */
  const answer = (keep: boolean) => {
    if (!question) return;
    setQuestion({ ...question, open: false });
    if (keep) {
      setConfirmed(question.option.value);
      question.onYes?.();
    }
  };
  return { question, settle, answer };
}

export type HealthSystemConfirmation = ReturnType<typeof useHealthSystemConfirmation>;

interface HealthSystemFieldProps {
  name: string;
  value: string;
  options: TLabelledOption[];
  errorId?: string;
  confirmation: HealthSystemConfirmation;
  onChange(value: string): void;
  onBlur(): void;
}

/**
 * The health-system select with its confirmation dialog: leaving the field on a system asks whether the person
 * receives care there; Yes keeps the choice (and focus goes where the person was going), No clears it and brings
 * the person back to the select to choose again. 'None of the below' needs no dialog.
 */
export const HealthSystemField = forwardRef<HTMLInputElement, HealthSystemFieldProps>(function HealthSystemField(
  { name, value, options, errorId, confirmation, onChange, onBlur },
  ref,
) {
  const { t } = useTranslation();
  const { question, settle } = confirmation;
  const select = useRef<HTMLInputElement>(null);
  // Where focus goes once the dialog has closed: set after an answer, acted on after the closing dialog has put
  // focus back where it was when it opened (a field's blur opens it before focus has arrived anywhere).
  const [focusAfterClose, setFocusAfterClose] = useState<{ element: HTMLElement | null }>();
  useEffect(() => {
    if (focusAfterClose?.element?.isConnected) focusAfterClose.element.focus();
  }, [focusAfterClose]);

  const answer = (keep: boolean) => {
    confirmation.answer(keep);
    if (keep) return;
    onChange('');
    setFocusAfterClose({ element: select.current });
  };

  const leave = (event: FocusEvent<HTMLElement>) => {
    onBlur();
    // Switching to another window is not leaving the field: the select stays the page's focused element then.
    if (document.activeElement === select.current) return;
    // Yes lets the person go on to where they were going.
    const next = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
    settle(value, () => setFocusAfterClose({ element: next }));
  };

  return (
    <>
      <FormSelect
        ref={(element) => {
          select.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={leave}
        label={t('registration.fields.healthSystem')}
        options={options}
        errorId={errorId}
      />
      <Dialog open={question?.open ?? false} onClose={() => answer(false)} aria-labelledby="health-system-dialog-title">
        <DialogTitle id="health-system-dialog-title">{t('registration.healthSystemDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ color: 'text.primary' }}>
            {t('registration.healthSystemDialog.body', { name: question?.option.label })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, p: 2 }}>
          <Button variant="outlined" onClick={() => answer(false)}>
            {t('registration.healthSystemDialog.no')}
          </Button>
          <Button variant="contained" onClick={() => answer(true)} autoFocus>
            {t('registration.healthSystemDialog.yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
});
