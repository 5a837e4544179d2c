import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { SECOND_FACTOR_MESSAGES } from '@portal/shared/staff/second-factor';
import { ApiError, serverMessage } from '../../lib/api-client';
import { loginErrorCode } from '../../lib/server-errors';
import { useTranslation } from '../../lib/use-translation';
import { PasskeyCeremonyError } from './webauthn';

/**
 * A refused second-factor step: the server's words (already in the reader's language), the passkey's failure in the
 * catalog's words (the browser's own are English only), else the general error.
 */
export function failureText(error: unknown): string {
  if (error instanceof PasskeyCeremonyError) return SECOND_FACTOR_MESSAGES.passkeyFailed;
  return serverMessage(error) ?? 'error.generic';
}

/** The login attempt behind a sign-in step or an enrolment has expired (401): the way on is to sign in again. */
export const attemptExpired = (error: unknown) =>
  loginErrorCode(error) === 'LOGIN_OTP_EXPIRED' ||
  (error instanceof ApiError && error.status === 401 && loginErrorCode(error) !== 'INVALID_OTP');

/** The refusal, announced as it appears, with the way on when there is one (back to sign in, say). */
export function FailureAlert({ error, action }: { error: unknown; action?: ReactNode }) {
  const { t } = useTranslation();
  const text = failureText(error);
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {t(text, { defaultValue: text })}
      {action && <> {action}</>}
    </Alert>
  );
}
