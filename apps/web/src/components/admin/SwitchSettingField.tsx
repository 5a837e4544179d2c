import { FormControlLabel, Switch } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError } from '../ui/FieldError';

/** An on/off setting of an editor: a labelled switch, with its message under it. */
export function SwitchSettingField<F extends FieldValues>({
  control,
  name,
  label,
  deps,
}: {
  control: Control<F>;
  name: Path<F>;
  label: string;
  /** Fields checked again when it changes (a rule between them). */
  deps?: Path<F>[];
}) {
  const errorId = `${name}-error`;
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
                    'aria-describedby': error ? errorId : undefined,
                  },
                }}
              />
            }
          />
          <FieldError id={errorId} message={error?.message} />
        </>
      )}
    />
  );
}
