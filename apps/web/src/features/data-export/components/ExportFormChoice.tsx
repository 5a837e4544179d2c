import { Alert, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';

export interface ExportFormChoiceProps {
  /** Whether the staff member may download identified files: only then is there a choice. */
  mayIdentify: boolean;
  deidentified: boolean;
  onChange(deidentified: boolean): void;
}

/**
 * Identified or de-identified files: a choice for a role that may have both, identified unless chosen otherwise;
 * for any other role a note that its exports are de-identified, which the server makes them whatever is asked.
 */
export function ExportFormChoice({ mayIdentify, deidentified, onChange }: ExportFormChoiceProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  if (!mayIdentify) return <Alert severity="info">{t('dataExport.identity.analystNote')}</Alert>;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId}>
        {t('dataExport.identity.label')}
      </FormLabel>
      <RadioGroup
        row
        name="export-identity"
        aria-labelledby={labelId}
        aria-describedby={helpId}
        value={deidentified ? 'deidentified' : 'identified'}
        onChange={(event) => onChange(event.target.value === 'deidentified')}
      >
        <FormControlLabel value="identified" control={<Radio />} label={t('dataExport.identity.identified')} />
        <FormControlLabel value="deidentified" control={<Radio />} label={t('dataExport.identity.deidentified')} />
      </RadioGroup>
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {t('dataExport.identity.help')}
      </FormHelperText>
    </FormControl>
  );
}
