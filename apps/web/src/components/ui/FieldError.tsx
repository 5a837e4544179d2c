import { FormHelperText } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';

/**
 * A message under a control: a catalog key from the shared rules, or a text the server already translated.
 * Announced when it appears, and tied to its control through `id`.
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <FormHelperText id={id} error role="alert">
      {t(message, { defaultValue: message })}
    </FormHelperText>
  );
}
