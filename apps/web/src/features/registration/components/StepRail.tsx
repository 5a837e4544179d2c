import { memo } from 'react';
import { Step, StepButton, StepLabel, Stepper } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden';
import { ACTIVATE_STEP, STEPS } from '../wizard-draft';

const STEP_TITLES = {
  criteria: 'registration.steps.criteria',
  account: 'registration.steps.account',
  personal: 'registration.steps.personal',
  activate: 'registration.steps.activate',
} as const;

export function stepTitleKey(index: number) {
  return STEP_TITLES[STEPS[index] ?? 'criteria'];
}

interface StepRailProps {
  active: number;
  completed: number;
  onSelect(step: number): void;
}

/**
 * Complete, in progress or empty for each step; a completed step is a button back to it while the
 * active step is below 4.
 */
/** Renders again only when the steps change, not when the page around it does. */
export const StepRail = memo(function StepRail({ active, completed, onSelect }: StepRailProps) {
  const { t } = useTranslation();
  return (
    <Stepper activeStep={active} alternativeLabel component="ol" sx={{ listStyle: 'none', p: 0, my: 3 }}>
      {STEPS.map((step, index) => {
        const isComplete = index <= completed && index !== active;
        const status = isComplete
          ? t('registration.stepStatus.complete')
          : index === active
            ? t('registration.stepStatus.current')
            : t('registration.stepStatus.empty');
        const label = (
          <>
            {t(stepTitleKey(index))}
            <VisuallyHidden>{` (${status})`}</VisuallyHidden>
          </>
        );
        return (
          <Step key={step} component="li" completed={isComplete} aria-current={index === active ? 'step' : undefined}>
            {isComplete && active < ACTIVATE_STEP ? (
              <StepButton onClick={() => onSelect(index)}>{label}</StepButton>
            ) : (
              <StepLabel>{label}</StepLabel>
            )}
          </Step>
        );
      })}
    </Stepper>
  );
});
