import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  Stack,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { HEALTH_SYSTEM_MESSAGES, type TBasicInfo } from '@portal/shared/health-systems/health-system-info';
import type { THealthSystemRegistration } from '@portal/shared/health-systems/registration-data';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { serverMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-errors';
import { useRegisterHealthSystem, type RegistrationSubmission } from '../api/health-systems-api';
import { ConsentFormsStep, useLanguageName } from '../consent/ConsentFormsStep';
import { consentDraftProblems, type ConsentDraft } from '../consent/consent-drafts';
import type { SystemValues } from './SystemConfigStep';
import { BusyStatus } from './StepOutcome';

/** The registration's JSON part and files: a default form carries no fields; a custom one its file's name. */
function registrationOf(basic: TBasicInfo, system: SystemValues, drafts: ConsentDraft[]): RegistrationSubmission {
  const custom = drafts.filter((draft) => !draft.useDefault && draft.file !== null);
  return {
    data: {
      basicInfo: basic,
      systemInfo: system,
      consentForms: drafts.map(({ language, useDefault, file, inputFields }) =>
        useDefault
          ? { language, useDefault, inputFields: [] }
          : { language, useDefault, fileName: file?.name, inputFields },
      ),
    } satisfies THealthSystemRegistration,
    files: custom.map(({ language, file }) => ({ language, file: file! })),
  };
}

/** What the result dialog says: success, or the failure with the server's words and field messages. */
type Result = { ok: true; message: string } | { ok: false; details: string[] };

/**
 * Step 3 of registering, Consent Forms: the form of each language (the study's default or a custom PDF with
 * its input fields), then Register Health System, which checks the forms first (the step lists the problems),
 * sends everything, and says how it went in a Success or Error dialog.
 */
export function RegistrationStep({
  basic,
  system,
  drafts,
  onDraftsChange,
  onPrevious,
  onRegistered,
}: {
  basic: TBasicInfo;
  system: SystemValues;
  drafts: ConsentDraft[];
  onDraftsChange(drafts: ConsentDraft[]): void;
  onPrevious(): void;
  /** After the success dialog closes. */
  onRegistered(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const register = useRegisterHealthSystem();
  const [checked, setChecked] = useState(false);
  const [result, setResult] = useState<Result>();
  const languageName = useLanguageName();
  // Once Register was pressed, the problems follow each change, so a fixed one goes away.
  const draftProblems = consentDraftProblems(drafts, languageName);
  const problems = checked ? draftProblems : [];

  const submit = () => {
    setChecked(true);
    if (draftProblems.length > 0) return;
    register.mutate(registrationOf(basic, system, drafts), {
      onSuccess: (reply) => setResult({ ok: true, message: reply.message ?? t(HEALTH_SYSTEM_MESSAGES.registered) }),
      onError: (error) => {
        const message = serverMessage(error);
        const fields = serverFieldErrors(error).map((e) => e.message);
        setResult({
          ok: false,
          details: [
            ...(message && message !== t(HEALTH_SYSTEM_MESSAGES.registrationFailed) ? [message] : []),
            ...fields,
          ],
        });
      },
    });
  };
  const closeResult = () => {
    if (result?.ok) onRegistered();
    else setResult(undefined);
  };

  return (
    <Box>
      <ConsentFormsStep mode="create" drafts={drafts} onChange={onDraftsChange} problems={problems} />
      <BusyStatus text={register.isPending ? t('healthSystems.modal.registering') : undefined} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Button variant="outlined" size="large" disabled={register.isPending} onClick={onPrevious}>
          {t('healthSystems.modal.previous')}
        </Button>
        <SubmitButton busy={register.isPending} onClick={submit} label={t('healthSystems.modal.register')} />
      </Stack>
      <Dialog
        open={result !== undefined}
        onClose={closeResult}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>
          {t(result?.ok ? 'healthSystems.modal.success' : 'healthSystems.modal.error')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            {result?.ok ? result.message : t(HEALTH_SYSTEM_MESSAGES.registrationFailed)}
          </DialogContentText>
          {result?.ok === false && result.details.length > 0 && (
            <List dense>
              {result.details.map((detail) => (
                <ListItem key={detail}>{detail}</ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={closeResult} autoFocus>
            {t('healthSystems.modal.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
