import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { FormTextField } from '../ui/FormTextField';

export interface NumberSettingFieldProps {
  /** The field's `register(name, { valueAsNumber: true })`. */
  registration: UseFormRegisterReturn;
  /** The label, with the unit the number counts in. */
  label: string;
  /** The bounds, both allowed, given as the field's hint. */
  min: number;
  max: number;
  /** A catalog key or the server's words; shown under the hint, announced, and tied to the box. */
  errorMessage?: string;
}

/** A whole-number setting of an editor: its label with its unit, a hint giving its bounds, and its message. */
export function NumberSettingField({ registration, label, min, max, errorMessage }: NumberSettingFieldProps) {
  const { t } = useTranslation();
  const { ref, ...field } = registration;
  return (
    <FormTextField
      {...field}
      id={field.name}
      inputRef={ref}
      type="number"
      inputMode="numeric"
      label={label}
      helperText={t('admin.numberRange', { min, max })}
      describedBy={`${field.name}-helper-text`}
      errorMessage={errorMessage}
    />
  );
}
