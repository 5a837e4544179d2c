import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type {
  TConsentFormEntry,
  TConsentInputField,
  TInputFieldEntry,
  TInputFieldSettings,
} from '@portal/shared/health-systems/consent-form-settings';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { ApiError } from '../../../lib/api-client';
import { LazyFieldPlacementEditor } from '../editor/LazyFieldPlacementEditor';
import { fetchConsentFile, type ConsentChange } from '../api/consent-forms-api';
import { draftProblems, type ConsentProblem } from './consent-drafts';
import { CustomFormDraft, type CustomForm } from './CustomFormDraft';
import { InputFieldDialog } from './InputFieldDialog';
import { InputFieldTable } from './InputFieldTable';
import { DefaultFormNotice, LanguageSection, UseDefaultSwitch } from './LanguageSection';
import { PdfUploader } from './PdfUploader';
import { ProblemList } from './ProblemList';
import { ViewFileButton } from './ViewFileButton';

/** Publishes a change of this language's form once the administrator agrees; rejects when it is not published. */
export type Publish = (change: ConsentChange, options?: { callerShowsFieldErrors?: boolean }) => Promise<void>;

/** A field as stored, without its id: what a change sends. */
const settingsOf = ({ id: _id, ...settings }: TConsentInputField): TInputFieldSettings => settings;
/** A change not published leaves the panel as it was; the publish dialog has said why. */
const leaveAsIs = () => undefined;
const NO_DRAFT: CustomForm = { file: null, inputFields: [] };

/**
 * A registered system's consent form in one language, read-only (view) or to change (edit). Every change publishes
 * a new version through `publish`. Switching 'Use Default Consent Form' queues a change that Apply Changes makes.
 */
export function EditLanguagePanel({
  healthSystemId,
  entry,
  languageName,
  editable,
  publish,
}: {
  healthSystemId: string;
  entry: TConsentFormEntry;
  languageName: string;
  editable: boolean;
  publish: Publish;
}) {
  const { t } = useTranslation();
  const [useDefault, setUseDefault] = useState(entry.useDefault);
  const [draft, setDraft] = useState<CustomForm>(NO_DRAFT);
  const [problems, setProblems] = useState<ConsentProblem[]>([]);
  const [replacing, setReplacing] = useState(false);
  const [editing, setEditing] = useState<number | 'new'>();
  const [placing, setPlacing] = useState<{ pdf?: Blob; failed?: boolean }>();
  const queued = useDefault === entry.useDefault ? undefined : useDefault ? 'toDefault' : 'toCustom';
  const fields = entry.inputFields;

  const toggle = (on: boolean) => {
    setUseDefault(on);
    setDraft(NO_DRAFT);
    setProblems([]);
  };
  const apply = () => {
    if (queued === 'toDefault') return void publish({ kind: 'switchToDefault', formId: entry.id! }).catch(leaveAsIs);
    const found = draftProblems({ language: entry.language, useDefault: false, ...draft }, () => languageName);
    setProblems(found);
    if (found.length > 0 || !draft.file) return;
    void publish({
      kind: 'addForm',
      healthSystemId,
      language: entry.language,
      file: draft.file,
      inputFields: draft.inputFields,
    }).catch(leaveAsIs);
  };
  const saveField = async (field: TInputFieldSettings) => {
    const change: ConsentChange =
      editing === 'new'
        ? { kind: 'addField', formId: entry.id!, inputField: field }
        : { kind: 'updateField', fieldId: fields[editing!]!.id, inputField: field };
    await publish(change, { callerShowsFieldErrors: true });
    setEditing(undefined);
  };
  const openEditor = async () => {
    setPlacing({});
    try {
      setPlacing({ pdf: await fetchConsentFile(entry.fileId!) });
    } catch {
      setPlacing({ failed: true });
    }
  };
  const saveEditor = async (placed: TInputFieldEntry[]) => {
    const change: ConsentChange = {
      kind: 'replaceFields',
      formId: entry.id!,
      language: entry.language,
      inputFields: placed,
    };
    try {
      await publish(change, { callerShowsFieldErrors: true });
    } catch (reason) {
      // The editor stays open showing why: the server's refusal, or that nothing was published.
      throw reason ?? new ApiError(t('healthSystems.publish.notPublished'), 0);
    }
    setPlacing(undefined);
  };

  let body;
  if (!editable) {
    body = entry.useDefault ? (
      <DefaultFormNotice />
    ) : (
      <>
        <ViewFileButton fileId={entry.fileId} fileName={entry.fileName} />
        <InputFieldTable languageName={languageName} fields={fields.map(settingsOf)} />
      </>
    );
  } else if (queued === 'toDefault') {
    body = <Typography sx={{ my: 1 }}>{t('healthSystems.consentStep.queuedDefault')}</Typography>;
  } else if (queued === 'toCustom') {
    body = (
      <>
        <Typography sx={{ my: 1 }}>{t('healthSystems.consentStep.queuedCustom')}</Typography>
        <CustomFormDraft language={entry.language} languageName={languageName} form={draft} onChange={setDraft} />
      </>
    );
  } else if (entry.useDefault) {
    body = <DefaultFormNotice />;
  } else {
    body = (
      <>
        <ViewFileButton
          fileId={entry.fileId}
          fileName={entry.fileName}
          actions={
            !replacing && (
              <Button
                onClick={() => setReplacing(true)}
                aria-label={t('healthSystems.consentStep.editFile', { file: entry.fileName ?? '' })}
              >
                {t('healthSystems.consentStep.edit')}
              </Button>
            )
          }
        />
        {replacing && (
          <PdfUploader
            languageName={languageName}
            file={null}
            onPick={(file) =>
              void publish({ kind: 'replaceFile', formId: entry.id!, language: entry.language, file }).then(
                () => setReplacing(false),
                leaveAsIs,
              )
            }
            onClose={() => setReplacing(false)}
          />
        )}
        <InputFieldTable
          languageName={languageName}
          fields={fields.map(settingsOf)}
          onEdit={setEditing}
          onDelete={(index) => void publish({ kind: 'deleteField', fieldId: fields[index]!.id }).catch(leaveAsIs)}
        />
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setEditing('new')}>
            {t('healthSystems.consentStep.addField')}
          </Button>
          <SubmitButton
            busy={placing !== undefined && !placing.pdf && !placing.failed}
            onClick={() => void openEditor()}
            label={t('healthSystems.consentStep.placeFields')}
          />
        </Stack>
        {placing?.failed && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {t('healthSystems.consentStep.viewFailed')}
          </Alert>
        )}
        {editing !== undefined && (
          <InputFieldDialog
            field={editing === 'new' ? undefined : settingsOf(fields[editing]!)}
            published
            onSave={saveField}
            onCancel={() => setEditing(undefined)}
          />
        )}
        {placing?.pdf && (
          <LazyFieldPlacementEditor
            pdf={placing.pdf}
            language={entry.language}
            fields={fields}
            onSave={saveEditor}
            onCancel={() => setPlacing(undefined)}
          />
        )}
      </>
    );
  }

  return (
    <LanguageSection languageName={languageName}>
      {entry.version !== null && (
        <Typography color="text.secondary">
          {t('healthSystems.consentStep.version', { version: entry.version, date: entry.publishedOn ?? '' })}
        </Typography>
      )}
      {entry.signedParticipants > 0 && (
        <Typography color="text.secondary">
          {t('healthSystems.consentStep.signedCount', { count: entry.signedParticipants })}
        </Typography>
      )}
      {editable && <UseDefaultSwitch checked={useDefault} onChange={toggle} />}
      {body}
      {problems.length > 0 && <ProblemList problems={problems} />}
      {editable && (
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" disabled={!queued} onClick={apply}>
            {t('healthSystems.consentStep.applyChanges')}
          </Button>
        </Box>
      )}
    </LanguageSection>
  );
}
