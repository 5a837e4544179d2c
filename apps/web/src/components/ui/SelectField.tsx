import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { TLabelledOption } from '@portal/shared/reference/labelled-option';
import { FieldError } from './FieldError';
import { FormSelect } from './NativeSelect';

interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: TLabelledOption[];
  /** The field's message (a catalog key or a server text), shown under it and tied to it. */
  errorMessage?: string;
  autoComplete?: string;
}

/** A native select bound to a form field, with its message under it (`<name>-error`). */
export function SelectField<T extends FieldValues>({ control, name, errorMessage, ...rest }: SelectFieldProps<T>) {
  const errorId = `${name}-error`;
  return (
    <>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormSelect
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errorId={errorMessage ? errorId : undefined}
            {...rest}
          />
        )}
      />
      <FieldError id={errorId} message={errorMessage} />
    </>
  );
}
