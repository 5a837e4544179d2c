import { Box } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';
import { SubmitButton } from '../ui/SubmitButton';
import { FailureAlert } from './FailureAlert';

interface StepActionsProps extends ComponentProps<typeof SubmitButton> {
  /** The step's last refusal, if any. */
  failure: unknown;
  /** What a refusal offers besides its message (back to sign in, once the attempt has expired). */
  failureAction?(error: unknown): ReactNode;
  /** Beside the main button: the way back, or a dialog's Cancel. */
  children?: ReactNode;
}

/** The end of a second-factor step: its refusal, announced, then its main button and the way back beside it. */
export function StepActions({ failure, failureAction, children, ...button }: StepActionsProps) {
  return (
    <>
      {failure !== undefined && <FailureAlert error={failure} action={failureAction?.(failure)} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        <SubmitButton {...button} />
        {children}
      </Box>
    </>
  );
}
