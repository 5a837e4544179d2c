import CloseIcon from '@mui/icons-material/Close';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Button,
  CircularProgress,
  Container,
  IconButton,
  Link,
  Paper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link as RouterLink } from 'react-router';
import { useDowntime } from '../../lib/downtime';
import { useClientConfig } from '../../lib/client-config';
import { usePasswordPolicy, useRegistrationDropdowns } from '../../lib/reference-data';
import { clearOfHelpToggle } from '../../components/ui/styles';
import type { Language } from '@portal/shared/constants';
import { register } from './api/registration-api';
import { AccountStep, type AccountValues } from './components/AccountStep';
import { ActivateStep } from './components/ActivateStep';
import { CriteriaStep } from './components/CriteriaStep';
import { PersonalStep, type PersonalValues } from './components/PersonalStep';
import { StepRail, stepTitleKey } from './components/StepRail';
import { ACTIVATE_STEP, clearDraft, loadDraft, saveDraft, type WizardDraft } from './wizard-draft';

const ACCOUNT_STEP = 1;
const PERSONAL_STEP = 2;

function initialDraft(): { draft: WizardDraft; notice?: string } {
  const stored = loadDraft();
  // Starting with no completed steps clears what was stored.
  if (stored.completed < 0) clearDraft();
  // The password is never stored: after a reload on step 3 it is asked for again on step 2.
  if (stored.activeStep === PERSONAL_STEP) {
    return { draft: { ...stored, activeStep: ACCOUNT_STEP, completed: 0 }, notice: 'registration.passwordAgain' };
  }
  return { draft: stored };
}

/** The four-step registration wizard at /register-patient. */
export default function RegisterPatientPage() {
  const { t, i18n } = useTranslation();
  // Read at once, also while taking the pre-rendered page over: only the later steps, never pre-rendered, use it,
  // so the page is not rendered a second time when a phone's answer differs from the build's.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [{ draft: startDraft, notice }] = useState(initialDraft);
  const [draft, setDraft] = useState(startDraft);
  const [password, setPassword] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const policy = usePasswordPolicy();
  const dropdowns = useRegistrationDropdowns();
  const config = useClientConfig();
  const downtime = useDowntime();
  const inDowntime = downtime.data?.inDowntime === true;

  useEffect(() => {
    document.title = `${t('pages.registerPatient')} | ${t('shell.studyName')}`;
  }, [t]);

  const update = useCallback((change: (current: WizardDraft) => Partial<WizardDraft>) => {
    setDraft((current) => {
      const next = { ...current, ...change(current) };
      if (next.completed >= 0) saveDraft(next);
      return next;
    });
  }, []);

  // Stable, like the first step's callbacks below: the first step and the step rail, which the app takes over from
  // the pre-rendered page, do not render again when the settings the later steps need arrive.
  const goTo = useCallback(
    (step: number, completed?: number) => {
      update((current) => ({
        activeStep: step,
        completed: Math.max(completed ?? current.completed, current.completed),
      }));
      // Moving on announces the new step: focus goes to its heading.
      requestAnimationFrame(() => heading.current?.focus());
    },
    [update],
  );
  const onCriteriaDone = useCallback(
    (criteria: WizardDraft['criteria']) => {
      update(() => ({ criteria }));
      goTo(ACCOUNT_STEP, 0);
    },
    [update, goTo],
  );

  // Leaving the thank-you page ends the registration: a later visit starts afresh.
  const active = draft.activeStep;
  useEffect(() => () => (active === ACTIVATE_STEP ? clearDraft() : undefined), [active]);

  const onPersonalChange = useCallback(
    (personal: PersonalValues) => update(() => ({ personal: { ...personal } })),
    [update],
  );

  const backButton =
    narrow && (active === ACCOUNT_STEP || active === PERSONAL_STEP) ? (
      <Button startIcon={<ArrowBackIcon />} onClick={() => goTo(active - 1)} size="large">
        {t('registration.back')}
      </Button>
    ) : undefined;

  const language = i18n.language as Language;
  // Read only after the first step: while it shows, the page does not render again as the dropdowns arrive.
  const options = active === 0 ? undefined : dropdowns.data?.[language];
  const personal = {
    firstName: '',
    lastName: '',
    birthDate: '',
    gender: '',
    country: '',
    postalCode: '',
    language,
    healthSystem: '',
    healthSystemConsent: false,
    ...draft.personal,
  } as PersonalValues;

  let content: React.ReactNode;
  // The first step needs nothing from the server, so it shows at once (and in the pre-rendered page).
  if (active === 0) {
    content = <CriteriaStep initial={draft.criteria} actionsDisabled={inDowntime} onDone={onCriteriaDone} />;
  } else if (!policy.data || !options || !config.data) {
    content = <CircularProgress aria-label={t('common.loading')} />;
  } else if (active === ACCOUNT_STEP) {
    content = (
      <AccountStep
        policy={policy.data}
        actionsDisabled={inDowntime}
        initial={{ email: draft.email, password }}
        notice={notice}
        backButton={backButton}
        onDone={(values: AccountValues) => {
          setPassword(values.password);
          update(() => ({ email: values.email }));
          goTo(PERSONAL_STEP, ACCOUNT_STEP);
        }}
      />
    );
  } else if (active === PERSONAL_STEP) {
    content = (
      <PersonalStep
        policy={policy.data}
        options={options}
        initial={personal}
        captchaEnabled={config.data.captchaEnabled}
        actionsDisabled={inDowntime}
        backButton={backButton}
        onChange={onPersonalChange}
        onSubmit={async (values, captcha) => {
          await register({ ...draft.criteria, email: draft.email, password, ...values }, captcha);
          setPassword('');
          update(() => ({ personal: {}, registeredEmail: draft.email }));
          goTo(ACTIVATE_STEP, ACTIVATE_STEP);
        }}
      />
    );
  } else {
    content = <ActivateStep email={draft.registeredEmail ?? draft.email} />;
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, ...clearOfHelpToggle('md') }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, position: 'relative' }}>
        <IconButton
          component={RouterLink}
          to="/login-patient"
          aria-label={t('registration.close')}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <CloseIcon />
        </IconButton>
        <Typography variant="h1" sx={{ pr: 5 }}>
          {t('pages.registerPatient')}
        </Typography>
        <StepRail active={active} completed={draft.completed} onSelect={goTo} />
        <Typography variant="h2" ref={heading} tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
          {t(stepTitleKey(active))}
        </Typography>
        {inDowntime && active < ACTIVATE_STEP && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('error.systemDown')}
          </Alert>
        )}
        {content}
        {active < ACTIVATE_STEP && (
          <Typography sx={{ mt: 4, textAlign: 'center' }}>
            {t('registration.haveAccount')}{' '}
            <Link component={RouterLink} to="/login-patient">
              {t('registration.logIn')}
            </Link>
          </Typography>
        )}
      </Paper>
    </Container>
  );
}
