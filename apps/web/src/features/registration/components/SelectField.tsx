import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { TLabelledOption } from '@portal/shared/reference/labelled-option';
import { NativeSelect } from './NativeSelect';

interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: TLabelledOption[];
  errorId?: string;
  autoComplete?: string;
}

/** A native select bound to a form field. */
export function SelectField<T extends FieldValues>({ control, name, ...rest }: SelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NativeSelect
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          {...rest}
        />
      )}
    />
  );
}
