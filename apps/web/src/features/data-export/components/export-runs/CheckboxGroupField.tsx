import { Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError } from '../../../../components/ui/FieldError';

export interface CheckboxOption {
  value: string;
  label: string;
}

export interface CheckboxGroupFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  legend: string;
  options: CheckboxOption[];
  /** A catalog key or a translated text, shown under the group and announced. */
  error?: string;
  /** The id of the message under the group; another group may name it too (a rule of both). */
  errorId: string;
  /** Ids of further descriptions of the group. */
  describedBy?: string;
  /** What stands before the boxes (a "select all" box), or instead of them (while the options load). */
  before?: ReactNode;
  instead?: ReactNode;
}

/**
 * A group of check boxes named by its legend, holding the ticked values in the options' order; the first box takes
 * the focus when the group is refused.
 */
export function CheckboxGroupField<T extends FieldValues>({
  control,
  name,
  legend,
  options,
  error,
  errorId,
  describedBy,
  before,
  instead,
}: CheckboxGroupFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = (field.value as string[] | undefined) ?? [];
        const toggle = (value: string, checked: boolean) =>
          field.onChange(
            options.map((option) => option.value).filter((v) => (v === value ? checked : chosen.includes(v))),
          );
        const described = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
        return (
          <FormControl component="fieldset" error={Boolean(error)} aria-describedby={described}>
            <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
              {legend}
            </FormLabel>
            {before}
            {instead ?? (
              <FormGroup>
                {options.map((option, index) => (
                  <FormControlLabel
                    key={option.value}
                    sx={{ alignItems: 'flex-start', my: 0.25 }}
                    label={<Typography sx={{ pt: 1 }}>{option.label}</Typography>}
                    control={
                      <Checkbox
                        inputRef={index === 0 ? field.ref : undefined}
                        name={field.name}
                        value={option.value}
                        checked={chosen.includes(option.value)}
                        onChange={(event) => toggle(option.value, event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
            <FieldError id={errorId} message={error} />
          </FormControl>
        );
      }}
    />
  );
}
