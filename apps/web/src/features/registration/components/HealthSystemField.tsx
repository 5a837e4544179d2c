import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { forwardRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TLabelledOption } from '@portal/shared/reference/labelled-option';
import { NO_HEALTH_SYSTEM } from '@portal/shared/registration/registration-form';
import { NativeSelect } from '../../../components/ui/NativeSelect';

interface HealthSystemFieldProps {
  name: string;
  value: string;
  options: TLabelledOption[];
  errorId?: string;
  onChange(value: string): void;
  onBlur(): void;
}

/**
 * The health-system select with its confirmation dialog: choosing a system asks whether the
 * person receives care there; Yes keeps the choice, No clears it. 'None of the below' needs no dialog.
 */
export const HealthSystemField = forwardRef<HTMLInputElement, HealthSystemFieldProps>(function HealthSystemField(
  { name, value, options, errorId, onChange, onBlur },
  ref,
) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<TLabelledOption>();

  const answer = (keep: boolean) => {
    if (!keep) onChange('');
    setAsking(undefined);
  };

  return (
    <>
      <NativeSelect
        ref={ref}
        name={name}
        value={value}
        onChange={(event) => {
          const chosen = options.find((o) => o.value === event.target.value);
          onChange(event.target.value);
          if (chosen && chosen.value !== NO_HEALTH_SYSTEM) setAsking(chosen);
        }}
        onBlur={onBlur}
        label={t('registration.fields.healthSystem')}
        options={options}
        errorId={errorId}
      />
      <Dialog open={Boolean(asking)} onClose={() => answer(false)} aria-labelledby="health-system-dialog-title">
        <DialogTitle id="health-system-dialog-title">{t('registration.healthSystemDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ color: 'text.primary' }}>
            {t('registration.healthSystemDialog.body', { name: asking?.label })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, p: 2 }}>
          <Button variant="outlined" onClick={() => answer(false)}>
            {t('registration.healthSystemDialog.no')}
          </Button>
          <Button variant="contained" onClick={() => answer(true)} autoFocus>
            {t('registration.healthSystemDialog.yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
});
