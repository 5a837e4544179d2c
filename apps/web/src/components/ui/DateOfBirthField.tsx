import { TextField } from '@mui/material';
import { forwardRef } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { DATE_FORMAT } from '@portal/shared/constants';
import { FieldError } from './FieldError';

/** Typed digits laid out as MM/DD/YYYY, so a person never has to type the slashes. */
export function formatDateDigits(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

interface DateOfBirthFieldProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  name: string;
  errorId?: string;
}

/** A plain text box rather than a calendar: quicker for a birth date decades ago, and easy for screen readers. */
const DateOfBirthField = forwardRef<HTMLInputElement, DateOfBirthFieldProps>(function DateOfBirthField(
  { value, onChange, onBlur, name, errorId },
  ref,
) {
  const { t } = useTranslation();
  return (
    <TextField
      inputRef={ref}
      name={name}
      value={value}
      onChange={(event) => onChange(formatDateDigits(event.target.value))}
      onBlur={onBlur}
      label={t('registration.fields.birthDate')}
      placeholder={DATE_FORMAT}
      helperText={t('registration.fields.birthDateHint')}
      autoComplete="bday"
      required
      fullWidth
      margin="normal"
      error={Boolean(errorId)}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 10, 'aria-describedby': errorId },
        formHelperText: { id: `${name}-hint` },
      }}
    />
  );
});

/** The date-of-birth box bound to a form field, with its message under it (`<name>-error`). */
export function BirthDateFormField<T extends FieldValues>({
  control,
  name,
  errorMessage,
}: {
  control: Control<T>;
  name: Path<T>;
  errorMessage?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateOfBirthField
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errorId={errorMessage ? errorId : undefined}
          />
        )}
      />
      <FieldError id={errorId} message={errorMessage} />
    </>
  );
}
