import { TextField, type TextFieldProps } from '@mui/material';
import type { HTMLAttributes } from 'react';
import { FieldError } from './FieldError';

export type FormTextFieldProps = Omit<TextFieldProps, 'error' | 'name'> & {
  name: string;
  /** A catalog key or a translated text; shown under the box, announced, and tied to it. */
  errorMessage?: string;
  maxLength?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Ids of further descriptions of the box (a policy checklist, say). */
  describedBy?: string;
};

/** A labelled, required text box of a form with its message under it (`<name>-error`). */
export function FormTextField({
  errorMessage,
  maxLength,
  inputMode,
  describedBy,
  slotProps,
  ...props
}: FormTextFieldProps) {
  const errorId = `${props.name}-error`;
  const described = [errorMessage ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <TextField
        required
        fullWidth
        margin="normal"
        {...props}
        error={Boolean(errorMessage)}
        slotProps={{ ...slotProps, htmlInput: { maxLength, inputMode, 'aria-describedby': described } }}
      />
      <FieldError id={errorId} message={errorMessage} />
    </>
  );
}
