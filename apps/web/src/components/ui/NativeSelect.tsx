import { TextField } from '@mui/material';
import { forwardRef, type ChangeEvent, type FocusEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { TLabelledOption } from '@portal/shared/reference/labelled-option';

interface NativeSelectProps {
  name: string;
  value: string;
  label: string;
  options: TLabelledOption[];
  errorId?: string;
  autoComplete?: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onBlur(event: FocusEvent<HTMLElement>): void;
}

/** A native select: dependable with screen readers, zoom and phone pickers, which older participants use. */
export const NativeSelect = forwardRef<HTMLInputElement, NativeSelectProps>(function NativeSelect(
  { name, value, label, options, errorId, autoComplete, onChange, onBlur },
  ref,
) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      inputRef={ref}
      name={name}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      label={label}
      required
      fullWidth
      margin="normal"
      autoComplete={autoComplete}
      error={Boolean(errorId)}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-describedby': errorId }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('registration.fields.select')}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
});
