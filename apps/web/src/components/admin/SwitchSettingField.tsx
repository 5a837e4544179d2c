import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError } from '../ui/FieldError';

/** An on/off setting of an editor: a labelled switch, with what it means and its message under it. */
export function SwitchSettingField<F extends FieldValues>({
  control,
  name,
  label,
  description,
  disabled,
  deps,
}: {
  control: Control<F>;
  name: Path<F>;
  label: string;
  /** What the setting does, under the switch and tied to it; none unless told. */
  description?: string;
  /** Shown but not changeable (a read-only view). */
  disabled?: boolean;
  /** Fields checked again when it changes (a rule between them). */
  deps?: Path<F>[];
}) {
  const errorId = `${name}-error`;
  const descriptionId = `${name}-description`;
  return (
    <Controller
      control={control}
      name={name}
      rules={{ deps }}
      render={({ field: { value, onChange, onBlur, ref }, fieldState: { error } }) => (
        <>
          <FormControlLabel
            sx={{ display: 'flex', mt: 1, minHeight: 44 }}
            label={label}
            disabled={disabled}
            control={
              <Switch
                name={name}
                checked={value === true}
                onChange={(_event, checked) => onChange(checked)}
                onBlur={onBlur}
                inputRef={ref}
                slotProps={{
                  input: {
                    'aria-invalid': error ? true : undefined,
                    'aria-describedby':
                      [error ? errorId : undefined, description ? descriptionId : undefined]
                        .filter(Boolean)
                        .join(' ') || undefined,
                  },
                }}
              />
            }
          />
          {description && <FormHelperText id={descriptionId}>{description}</FormHelperText>}
          <FieldError id={errorId} message={error?.message} />
        </>
      )}
    />
  );
}
