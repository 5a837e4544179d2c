import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Link, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZAppCode, ZFactorCode, type FactorKind } from '@portal/shared/staff/second-factor';
import { useTranslation } from '../../lib/use-translation';
import { FormTextField } from '../ui/FormTextField';
import { StepActions } from './StepActions';

/** How the person confirms it's them: one of their factors, or one of their recovery codes. */
export type ChallengeMethod = FactorKind | 'recovery';

/** The method offered first: the app's code when they have an app, else their passkey. */
export const firstMethod = (factors: readonly FactorKind[]): ChallengeMethod =>
  factors.includes('app') ? 'app' : factors.includes('passkey') ? 'passkey' : 'recovery';

/** Each method's words: what it asks for, and the link that switches to it. */
const METHOD_TEXTS: Record<ChallengeMethod, { intro: string; switchTo: string }> = {
  app: { intro: 'secondFactor.challenge.appIntro', switchTo: 'secondFactor.challenge.useApp' },
  passkey: { intro: 'secondFactor.challenge.passkeyIntro', switchTo: 'secondFactor.challenge.usePasskey' },
  recovery: { intro: 'secondFactor.challenge.recoveryIntro', switchTo: 'secondFactor.challenge.useRecoveryCode' },
};

/** An app code (six digits), or a recovery code (which the app's six digits also pass, as the server takes either). */
const CODE_FORMS = {
  app: z.object({ otp: ZAppCode }),
  recovery: z.object({ otp: ZFactorCode }),
};

interface FactorChallengeProps {
  /** The factors the person has. */
  factors: readonly FactorKind[];
  method: ChallengeMethod;
  onMethodChange(method: ChallengeMethod): void;
  /** Checks an app or recovery code; a refusal is thrown. */
  verifyCode(otp: string): Promise<void>;
  /** Runs the passkey ceremony and checks it; a refusal is thrown. */
  verifyPasskey(): Promise<void>;
  /** What a refusal offers besides its message (back to the password, once the attempt has expired). */
  failureAction?(error: unknown): ReactNode;
  /** Buttons beside the main one (a dialog's Cancel). */
  actions?: ReactNode;
  /** The code box (or the passkey button) takes the focus at once, as in a dialog. */
  autoFocus?: boolean;
}

/**
 * The second factor asked for at sign-in and at a step-up: the app's code, or the passkey, with "Use a recovery code"
 * and "Use another way" to switch. A refusal shows in the server's words, and the code box keeps the focus.
 */
export function FactorChallenge({
  method,
  onMethodChange,
  factors,
  autoFocus = false,
  ...props
}: FactorChallengeProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [listOpen, setListOpen] = useState(false);
  // Once the reader has switched, the new method's control takes the focus.
  const [switched, setSwitched] = useState(false);
  const others = ([...factors, 'recovery'] as ChallengeMethod[]).filter(
    (other, index, all) => other !== method && all.indexOf(other) === index,
  );
  const switchTo = (next: ChallengeMethod) => {
    setListOpen(false);
    setSwitched(true);
    onMethodChange(next);
  };

  return (
    <Box>
      <Typography sx={{ mb: 1 }}>{t(METHOD_TEXTS[method].intro)}</Typography>
      {method === 'passkey' ? (
        <PasskeyEntry key={method} {...props} autoFocus={autoFocus || switched} />
      ) : (
        <CodeEntry key={method} method={method} {...props} autoFocus={autoFocus || switched} />
      )}
      <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
        {method !== 'recovery' && (
          <Link component="button" type="button" onClick={() => switchTo('recovery')}>
            {t(METHOD_TEXTS.recovery.switchTo)}
          </Link>
        )}
        {others.length > 0 && (
          <Link
            component="button"
            type="button"
            aria-expanded={listOpen}
            aria-controls={listOpen ? listId : undefined}
            onClick={() => setListOpen((open) => !open)}
          >
            {t('secondFactor.challenge.anotherWay')}
          </Link>
        )}
      </Box>
      {listOpen && (
        <Box
          component="ul"
          id={listId}
          aria-label={t('secondFactor.challenge.otherWays')}
          sx={{ mt: 1, mb: 0, pl: 3, display: 'grid', gap: 1 }}
        >
          {others.map((other) => (
            <li key={other}>
              <Link component="button" type="button" onClick={() => switchTo(other)}>
                {t(METHOD_TEXTS[other].switchTo)}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

type EntryProps = Omit<FactorChallengeProps, 'factors' | 'method' | 'onMethodChange' | 'autoFocus'> & {
  autoFocus: boolean;
};

/** The code box of an app or recovery code, and Verify. */
function CodeEntry({
  method,
  verifyCode,
  failureAction,
  actions,
  autoFocus,
}: EntryProps & { method: 'app' | 'recovery' }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>();
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ otp: string }>({ resolver: zodResolver(CODE_FORMS[method]), defaultValues: { otp: '' } });

  const submit = handleSubmit(async ({ otp }) => {
    setFailure(undefined);
    try {
      await verifyCode(otp);
    } catch (error) {
      setFailure(error);
      resetField('otp');
      setFocus('otp');
    }
  });

  const app = method === 'app';
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField
        {...register('otp')}
        label={t(app ? 'secondFactor.code.app' : 'secondFactor.code.recovery')}
        autoComplete={app ? 'one-time-code' : 'off'}
        inputMode={app ? 'numeric' : 'text'}
        autoFocus={autoFocus}
        placeholder={app ? undefined : 'abcd-efgh-jkmn'}
        errorMessage={errors.otp?.message}
      />
      <StepActions
        failure={failure}
        failureAction={failureAction}
        busy={isSubmitting}
        label={t(isSubmitting ? 'secondFactor.challenge.verifying' : 'secondFactor.challenge.verify')}
      >
        {actions}
      </StepActions>
    </Box>
  );
}

/** Use your passkey: the device's own prompt. A cancelled prompt says so, and may be tried again. */
function PasskeyEntry({ verifyPasskey, failureAction, actions, autoFocus }: EntryProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setFailure(undefined);
    setBusy(true);
    try {
      await verifyPasskey();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepActions
      failure={failure}
      failureAction={failureAction}
      busy={busy}
      onClick={() => void run()}
      label={t(busy ? 'secondFactor.challenge.waitingPasskey' : 'secondFactor.challenge.usePasskey')}
      autoFocus={autoFocus}
    >
      {actions}
    </StepActions>
  );
}
