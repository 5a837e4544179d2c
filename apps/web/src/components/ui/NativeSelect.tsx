import { TextField, type SxProps, type Theme } from '@mui/material';
import { forwardRef, type FocusEvent } from 'react';
import type { TLabelledOption } from '@portal/shared/reference/labelled-option';
import { useTranslation } from '../../lib/use-translation';

interface NativeSelectProps {
  label: string;
  value: string | number;
  options: readonly TLabelledOption[];
  onChange(value: string): void;
  onBlur?(event: FocusEvent<HTMLElement>): void;
  name?: string;
  /** The text of a first, empty choice, such as 'Select' or 'Any action'; none unless told. */
  placeholder?: string;
  required?: boolean;
  /** Shown in error (the message itself is described by `describedBy`). */
  error?: boolean;
  /** The id of a text that describes the select, such as its message. */
  describedBy?: string;
  autoComplete?: string;
  fullWidth?: boolean;
  margin?: 'none' | 'normal';
  sx?: SxProps<Theme>;
}

/** A native select: dependable with screen readers, zoom and phone pickers, which older participants use. */
export const NativeSelect = forwardRef<HTMLInputElement, NativeSelectProps>(function NativeSelect(
  { label, options, onChange, placeholder, error = false, describedBy, ...rest },
  ref,
) {
  return (
    <TextField
      select
      inputRef={ref}
      label={label}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-describedby': describedBy },
        inputLabel: { shrink: true },
      }}
      {...rest}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
});

type FormSelectProps = Omit<
  NativeSelectProps,
  'placeholder' | 'required' | 'fullWidth' | 'margin' | 'error' | 'describedBy'
> & {
  /** The id of the field's message while it has one: the select is then in error and described by it. */
  errorId?: string;
};

/** A form's required select on a line of its own, with 'Select' as its first, empty choice. */
export const FormSelect = forwardRef<HTMLInputElement, FormSelectProps>(function FormSelect({ errorId, ...rest }, ref) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      ref={ref}
      placeholder={t('registration.fields.select')}
      required
      fullWidth
      margin="normal"
      error={Boolean(errorId)}
      describedBy={errorId}
      {...rest}
    />
  );
});
