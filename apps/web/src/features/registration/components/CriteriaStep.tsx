import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, Typography } from '@mui/material';
import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { REGISTRATION_MESSAGES } from '@portal/shared/registration/registration-form';
import type { WizardDraft } from '../wizard-draft';
import { FieldError } from '../../../components/ui/FieldError';
import { SubmitButton } from '../../../components/ui/SubmitButton';

type Criteria = WizardDraft['criteria'];

const CRITERIA = [
  ['isAdult', 'registration.criteria.isAdult'],
  ['kidneyDiseaseStatus', 'registration.criteria.kidneyDiseaseStatus'],
  ['nkfRegistrationParticipation', 'registration.criteria.nkfRegistrationParticipation'],
] as const;

/** Step 1: the three participation criteria, all required ('Please select all checkboxes'). */
interface CriteriaStepProps {
  initial: Criteria;
  /** During downtime the wizard's actions are disabled. */
  actionsDisabled?: boolean;
  onDone(criteria: Criteria): void;
}

/** Renders again only when its own values change, not when the page around it does. */
export const CriteriaStep = memo(function CriteriaStep({ initial, actionsDisabled, onDone }: CriteriaStepProps) {
  const { t } = useTranslation();
  const [criteria, setCriteria] = useState(initial);
  const [error, setError] = useState<string>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!Object.values(criteria).every(Boolean)) return setError(REGISTRATION_MESSAGES.criteria);
    onDone(criteria);
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormControl component="fieldset" error={Boolean(error)}>
        <FormLabel component="legend" sx={{ color: 'text.primary', mb: 1 }}>
          <Typography component="span">{t('registration.criteria.intro')}</Typography>
        </FormLabel>
        <FormGroup aria-describedby={error ? 'criteria-error' : undefined}>
          {CRITERIA.map(([name, label]) => (
            <FormControlLabel
              key={name}
              sx={{ alignItems: 'flex-start', my: 0.5 }}
              control={
                <Checkbox
                  checked={criteria[name]}
                  onChange={(event) => {
                    setCriteria({ ...criteria, [name]: event.target.checked });
                    setError(undefined);
                  }}
                  sx={{ pt: 0.5 }}
                />
              }
              label={t(label)}
            />
          ))}
        </FormGroup>
        <FieldError id="criteria-error" message={error} />
      </FormControl>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <SubmitButton busy={false} disabled={actionsDisabled} label={t('registration.next')} />
      </Box>
    </Box>
  );
});
