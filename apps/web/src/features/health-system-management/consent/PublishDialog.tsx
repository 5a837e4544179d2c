import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  CONSENT_FORM_MESSAGES,
  type TConsentChange,
  type TConsentFormEntry,
} from '@portal/shared/health-systems/consent-form-settings';
import { RefusalAlerts } from '../../../components/admin/RefusalAlerts';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-errors';
import { useConsentChange, type ConsentChange } from '../api/consent-forms-api';

/** A consent change waiting for the administrator's word, with what to do when it is published or refused. */
export interface PublishRequest {
  change: ConsentChange;
  /** The language's form as loaded: its version and how many participants signed it. */
  entry: TConsentFormEntry;
  languageName: string;
  /** Refusals of field values go back to the caller, who shows each on its field; else the dialog shows them. */
  callerShowsFieldErrors?: boolean;
  onPublished(): void;
  /** Refused, or not published at all (`reason` undefined: cancelled). */
  onNotPublished(reason?: unknown): void;
}

const HTTP_CONFLICT = 409;

/** What each field call says when it succeeds and when it fails. */
const FIELD_OUTCOMES: Partial<Record<ConsentChange['kind'], { success: string; failure: string }>> = {
  addField: { success: CONSENT_FORM_MESSAGES.added, failure: 'healthSystems.publish.addFailed' },
  updateField: { success: CONSENT_FORM_MESSAGES.updated, failure: 'healthSystems.publish.updateFailed' },
  deleteField: { success: CONSENT_FORM_MESSAGES.deleted, failure: 'healthSystems.publish.deleteFailed' },
};

/** The sentence naming what the change publishes. */
function publicationText(request: PublishRequest) {
  const { change, entry } = request;
  if (change.kind === 'switchToDefault') return { key: 'healthSystems.publish.toDefault' };
  // A form replacing the default one gets the next number of all the language's versions, which the tab does not show.
  if (entry.version === null) return { key: 'healthSystems.publish.newVersion' };
  return { key: 'healthSystems.publish.nextVersion', values: { version: entry.version + 1 } };
}

/** The sentence naming the change itself. */
function changeText(request: PublishRequest): { key: string; values?: Record<string, string> } {
  const { change, entry } = request;
  const described = (id: string) => entry.inputFields.find((f) => f.id === id)?.description ?? '';
  switch (change.kind) {
    case 'addField':
      return { key: 'healthSystems.publish.changes.addField', values: { field: change.inputField.description } };
    case 'updateField':
      return { key: 'healthSystems.publish.changes.updateField', values: { field: described(change.fieldId) } };
    case 'deleteField':
      return { key: 'healthSystems.publish.changes.deleteField', values: { field: described(change.fieldId) } };
    case 'replaceFields':
      return { key: 'healthSystems.publish.changes.replaceFields' };
    case 'replaceFile':
      return { key: 'healthSystems.publish.changes.replaceFile', values: { file: change.file.name } };
    case 'switchToDefault':
      return { key: 'healthSystems.publish.changes.switchToDefault' };
    case 'addForm':
      return { key: 'healthSystems.publish.changes.addForm', values: { file: change.file.name } };
  }
}

type Outcome =
  | { ok: true; reply: TConsentChange; message?: string; reconsent: boolean }
  | { ok: false; text: string; details: string[] };

/**
 * Every consent change of a registered system publishes: this dialog says which version, keeps signatures already
 * made, and lets the administrator ask the participants who signed an earlier version to sign the new one. Then it
 * shows what happened. A change made on data someone else changed meanwhile is refused: Reload fetches it again.
 */
export function PublishDialog({
  request,
  revision,
  onReload,
  onClose,
}: {
  request: PublishRequest;
  /** The system's revision the change was made on: what guards a form added in place of the default one. */
  revision: number;
  onReload(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const publish = useConsentChange();
  const [reconsent, setReconsent] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const { entry, languageName, change } = request;
  const signed = entry.signedParticipants;
  const fieldOutcome = FIELD_OUTCOMES[change.kind];
  const sentence = publicationText(request);
  const what = changeText(request);

  const cancel = () => {
    request.onNotPublished();
    onClose();
  };
  const confirm = () => {
    const made = entry.version === null ? { revision } : { version: entry.version };
    const choice = { reconsent: signed > 0 && reconsent, ...made };
    publish.mutate(
      { change, choice },
      {
        onSuccess: (reply) => {
          request.onPublished();
          setOutcome({ ok: true, reply: reply.data!, message: reply.message, reconsent: choice.reconsent });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === HTTP_CONFLICT) {
            setConflict(serverMessage(error) ?? 'healthSystems.changedMeanwhile');
            return;
          }
          request.onNotPublished(error);
          if (request.callerShowsFieldErrors && serverFieldErrors(error).length > 0) return onClose();
          const message = serverMessage(error) ?? t('healthSystems.publish.unknownError');
          setOutcome({
            ok: false,
            text: t(fieldOutcome?.failure ?? 'healthSystems.publish.failed', { message }),
            details: serverFieldErrors(error).map((e) => t(e.message, { defaultValue: e.message })),
          });
        },
      },
    );
  };
  const reload = () => {
    request.onNotPublished();
    onReload();
    onClose();
  };

  if (outcome) {
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>
          {t(outcome.ok ? 'healthSystems.publish.successTitle' : 'healthSystems.publish.errorTitle')}
        </DialogTitle>
        <DialogContent>
          {outcome.ok ? (
            <>
              <DialogContentText role="status">
                {fieldOutcome ? t(fieldOutcome.success) : (outcome.message ?? t(CONSENT_FORM_MESSAGES.published))}
              </DialogContentText>
              {outcome.reconsent && (
                <DialogContentText sx={{ mt: 1 }}>
                  {t('healthSystems.publish.asked', { count: outcome.reply.reconsentRequested })}
                </DialogContentText>
              )}
            </>
          ) : (
            <RefusalAlerts problems={[outcome.text, ...outcome.details]} onReload={onReload} />
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('healthSystems.publish.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={() => !publish.isPending && cancel()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('healthSystems.publish.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1, overflowWrap: 'anywhere' }}>{t(what.key, what.values)}</DialogContentText>
        <DialogContentText>{t(sentence.key, { language: languageName, ...sentence.values })}</DialogContentText>
        {signed > 0 && (
          <FormControlLabel
            sx={{ mt: 2, alignItems: 'flex-start' }}
            control={
              <Checkbox
                checked={reconsent}
                onChange={(_event, checked) => setReconsent(checked)}
                disabled={publish.isPending || conflict !== undefined}
              />
            }
            label={t('healthSystems.publish.reconsent', { count: signed })}
          />
        )}
        <RefusalAlerts stale={conflict} problems={[]} onReload={reload} />
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} disabled={publish.isPending} autoFocus>
          {t('healthSystems.publish.cancel')}
        </Button>
        <SubmitButton
          busy={publish.isPending}
          disabled={conflict !== undefined}
          onClick={confirm}
          label={t('healthSystems.publish.publish')}
        />
      </DialogActions>
    </Dialog>
  );
}
