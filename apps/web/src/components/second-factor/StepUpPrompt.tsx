import { Button, Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { SECOND_FACTOR_MESSAGES, ZStepUpRefusal, type FactorKind } from '@portal/shared/staff/second-factor';
import { setStepUpHandler } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { FactorChallenge, firstMethod, type ChallengeMethod } from './FactorChallenge';
import { stepUpWithCode, stepUpWithPasskey } from './second-factor-api';

interface Question {
  /** Counts the questions, so each starts afresh (no code or refusal of the last one). */
  number: number;
  /** The server's refusal, already in the reader's language. */
  message: string;
  factors: FactorKind[];
}

/**
 * "Confirm it's you": mounted once in a signed-in staff member's shell, it answers every dangerous call the server
 * refused for want of a recent second factor (STEP_UP_REQUIRED). Confirmed, the call is made again by itself; given
 * up, it fails as refused. Calls refused together wait for the same answer.
 */
export function StepUpPrompt() {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  // The question stays while the dialog fades out; `open` says whether it is asked.
  const [question, setQuestion] = useState<Question>();
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<ChallengeMethod>('app');
  const answer = useRef<(confirmed: boolean) => void>(undefined);

  useEffect(() => {
    let asking: Promise<boolean> | undefined;
    setStepUpHandler((refusal) => {
      const stepUp = ZStepUpRefusal.safeParse(refusal.data);
      if (!stepUp.success) return Promise.resolve(false);
      asking ??= new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setMethod(firstMethod(stepUp.data.factors));
        setQuestion((last) => ({
          number: (last?.number ?? 0) + 1,
          message: refusal.message,
          factors: stepUp.data.factors,
        }));
        setOpen(true);
      }).finally(() => {
        asking = undefined;
      });
      return asking;
    });
    return () => {
      setStepUpHandler(undefined);
      answer.current?.(false);
    };
  }, []);

  const close = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = undefined;
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onClose={() => close(false)}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('secondFactor.stepUp.title')}</DialogTitle>
      {question && (
        <DialogContent>
          <DialogContentText id={messageId} sx={{ mb: 2 }}>
            {question.message || t(SECOND_FACTOR_MESSAGES.stepUpRequired)}
          </DialogContentText>
          <FactorChallenge
            key={question.number}
            factors={question.factors}
            method={method}
            onMethodChange={setMethod}
            verifyCode={async (otp) => {
              await stepUpWithCode(otp);
              close(true);
            }}
            verifyPasskey={async () => {
              await stepUpWithPasskey();
              close(true);
            }}
            actions={
              <Button size="large" onClick={() => close(false)}>
                {t('secondFactor.stepUp.cancel')}
              </Button>
            }
            autoFocus
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
