import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Step,
  StepButton,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TBasicInfo } from '@portal/shared/health-systems/health-system-info';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden';
import { focusRing } from '../../../components/ui/styles';
import { ConsentFormsStep } from '../consent/ConsentFormsStep';
import { initialConsentDrafts } from '../consent/consent-drafts';
import { BasicInfoStep } from './BasicInfoStep';
import { RegistrationStep } from './RegistrationStep';
import { SystemConfigStep, type SystemValues } from './SystemConfigStep';

export type HealthSystemModalProps =
  { mode: 'create'; onClose(): void } | { mode: 'edit' | 'view'; healthSystemId: string; onClose(): void };

const STEPS = [
  'healthSystems.modal.steps.basic',
  'healthSystems.modal.steps.system',
  'healthSystems.modal.steps.consent',
];
const TITLES = {
  create: 'healthSystems.modal.createTitle',
  edit: 'healthSystems.modal.editTitle',
  view: 'healthSystems.modal.viewTitle',
} as const;
const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])';

/**
 * The three-step modal of a health system: Basic Information, System Configuration, Consent Forms.
 * Registering, the steps are taken in order (the step buttons only show the way: a progress bar, and a check
 * mark on each step done); editing or viewing, any step can be opened. Closing drops whatever was typed.
 * On each step the focus goes to its first field, or its heading when it has none to fill in.
 */
export function HealthSystemModal(props: HealthSystemModalProps) {
  const { mode, onClose } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const progressId = useId();
  const [step, setStep] = useState(0);
  const [done, setDone] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [basic, setBasic] = useState<TBasicInfo>({ name: '', description: '' });
  const [system, setSystem] = useState<SystemValues>({ databaseValue: '', dropdownLabels: {} });
  const [drafts, setDrafts] = useState(initialConsentDrafts);
  const create = mode === 'create';

  const go = (next: number, message?: string) => {
    setNotice(message);
    setStep(next);
    // Registering, a step is done once the server validated it.
    if (create && message) setDone((current) => Math.max(current, next));
  };
  // The step's body mounts anew on each step (keyed by it): its first field, else its heading, takes the focus.
  const focusStep = useCallback((body: HTMLElement | null) => {
    if (!body) return;
    const target = body.querySelector<HTMLElement>(FIRST_FIELD) ?? body.querySelector<HTMLElement>('h3');
    target?.focus();
  }, []);

  let content;
  if (props.mode === 'create') {
    content = [
      <BasicInfoStep
        key="basic"
        mode="create"
        values={basic}
        onValidated={(values, message) => {
          setBasic(values);
          go(1, message);
        }}
      />,
      <SystemConfigStep
        key="system"
        mode="create"
        values={system}
        onBack={(values) => {
          setSystem(values);
          go(0);
        }}
        onValidated={(values, message) => {
          setSystem(values);
          go(2, message);
        }}
      />,
      <RegistrationStep
        key="consent"
        basic={basic}
        system={system}
        drafts={drafts}
        onDraftsChange={setDrafts}
        onPrevious={() => go(1)}
        onRegistered={onClose}
      />,
    ][step];
  } else {
    const { healthSystemId } = props;
    content = [
      <BasicInfoStep key="basic" mode={props.mode} healthSystemId={healthSystemId} />,
      <SystemConfigStep key="system" mode={props.mode} healthSystemId={healthSystemId} />,
      <ConsentFormsStep key="consent" mode={props.mode} healthSystemId={healthSystemId} />,
    ][step];
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t(TITLES[mode])}
      </DialogTitle>
      <IconButton
        aria-label={t('healthSystems.modal.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8, ...focusRing }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Box component="nav" aria-label={t('healthSystems.modal.stepsLabel')} sx={{ mb: 2 }}>
          <Stepper nonLinear activeStep={step} alternativeLabel>
            {STEPS.map((label, index) => {
              const completed = !create || index < done;
              return (
                <Step key={label} completed={completed}>
                  <StepButton
                    disabled={create}
                    onClick={() => go(index)}
                    aria-current={index === step ? 'step' : undefined}
                    sx={focusRing}
                  >
                    <StepLabel>
                      {t(label)}
                      {completed && <VisuallyHidden>{`, ${t('healthSystems.modal.completed')}`}</VisuallyHidden>}
                    </StepLabel>
                  </StepButton>
                </Step>
              );
            })}
          </Stepper>
        </Box>
        {create ? (
          <Box sx={{ mb: 2 }}>
            <Typography id={progressId}>
              {t('healthSystems.modal.progress', { step: step + 1, total: STEPS.length })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={((step + 1) / STEPS.length) * 100}
              aria-labelledby={progressId}
              aria-valuemin={1}
              aria-valuemax={STEPS.length}
              aria-valuenow={step + 1}
              aria-valuetext={t('healthSystems.modal.progress', { step: step + 1, total: STEPS.length })}
            />
          </Box>
        ) : (
          <Typography sx={{ mb: 2 }}>{t('healthSystems.modal.allCompleted')}</Typography>
        )}
        {notice && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        <Box key={step} ref={focusStep} component="section" aria-labelledby={`${titleId}-step`}>
          <Typography id={`${titleId}-step`} component="h3" variant="h6" tabIndex={-1} sx={{ mb: 1 }}>
            {t(STEPS[step]!)}
          </Typography>
          {content}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
