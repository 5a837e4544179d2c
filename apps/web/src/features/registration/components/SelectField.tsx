import { TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TLabelledOption } from '@portal/shared/reference/labelled-option';

interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: TLabelledOption[];
  errorId?: string;
  autoComplete?: string;
}

/** A native select: dependable with screen readers, zoom and phone pickers, which older participants use. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  errorId,
  autoComplete,
}: SelectFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          inputRef={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
          required
          fullWidth
          margin="normal"
          autoComplete={autoComplete}
          error={Boolean(errorId)}
          slotProps={{
            select: { native: true },
            htmlInput: { 'aria-describedby': errorId },
            inputLabel: { shrink: true },
          }}
        >
          <option value="">{t('registration.fields.select')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}
