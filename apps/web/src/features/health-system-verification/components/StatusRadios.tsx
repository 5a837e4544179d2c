import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FieldError } from '../../../components/ui/FieldError';

/** The status to set: Verified (true) or Rejected (false); undefined until one is chosen. */
export function StatusRadios({
  value,
  error,
  disabled,
  onChange,
}: {
  value: boolean | undefined;
  /** A catalog key ('Please select status'), announced and tied to the group. */
  error?: string;
  disabled?: boolean;
  onChange(status: boolean): void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} sx={{ mt: 2 }}>
      <FormLabel component="legend" id={labelId}>
        {t('verification.status.label')}
      </FormLabel>
      <RadioGroup
        row
        name="status"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === 'true')}
      >
        <FormControlLabel value="true" control={<Radio />} label={t('verification.status.verified')} />
        <FormControlLabel value="false" control={<Radio />} label={t('verification.status.rejected')} />
      </RadioGroup>
      <FieldError id={errorId} message={error} />
    </FormControl>
  );
}
