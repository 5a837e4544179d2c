import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { FormTextField } from '../../../components/ui/FormTextField';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { serverMessage } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/local-date-time';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { useOneTimeSurvey, useSaveOneTimeSurvey } from '../api/one-time-surveys-api';
import { DefinitionField } from './DefinitionField';
import {
  EMPTY_ONE_TIME_FORM,
  ONE_TIME_FORM_FIELDS,
  oneTimeResolver,
  toOneTimeForm,
  toOneTimeInput,
  type OneTimeForm,
} from './one-time-form';
import { FormSection } from './FormSection';
import { ParticipantsField, type ParticipantSource } from './ParticipantsField';
import { type ParticipantList } from './participant-list';
import { UnmatchedRows } from './UnmatchedRows';
import { useParticipantCheck } from './use-participant-check';
import { focusPanelHeading } from '../../../lib/focus-panel-heading';

export interface OneTimeSurveyEditorProps {
  /** The survey to change (only while its send date has not come); a new one without. */
  id?: string;
  /** Back to where the editor was opened from; `saved` once the survey was saved. */
  onDone(saved: boolean): void;
}

/** Creates a one-time survey, or changes one whose invitations have not gone out. */
export function OneTimeSurveyEditor({ id, onDone }: OneTimeSurveyEditorProps) {
  if (!id) return <EditorForm initial={EMPTY_ONE_TIME_FORM} onDone={onDone} />;
  return <StoredSurveyEditor id={id} onDone={onDone} />;
}

function StoredSurveyEditor({ id, onDone }: Required<OneTimeSurveyEditorProps>) {
  const { t } = useTranslation();
  const query = useOneTimeSurvey(id);
  if (query.isError) return <Alert severity="error">{serverMessage(query.error) ?? t('admin.loadFailed')}</Alert>;
  if (query.data === undefined) return <PageLoading />;
  if (!query.data.formEditable) return <Alert severity="info">{t('error.oneTime.formLocked')}</Alert>;
  return <EditorForm id={id} initial={toOneTimeForm(query.data)} configured={query.data.userCount} onDone={onDone} />;
}

function EditorForm({
  id,
  initial,
  configured,
  onDone,
}: {
  id?: string;
  initial: OneTimeForm;
  /** How many participants the saved survey has. */
  configured?: number;
  onDone(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const form = useForm<OneTimeForm>({ resolver: oneTimeResolver, mode: 'onTouched', defaultValues: initial });
  const save = useSaveOneTimeSurvey(id);
  const [source, setSource] = useState<ParticipantSource>({ kind: 'pasted', text: '' });
  const [list, setList] = useState<ParticipantList>();
  const participants = useParticipantCheck(list, setList);
  const [formError, setFormError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusPanelHeading(heading.current), []);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    // A change with no new list keeps the survey's participants.
    const keepParticipants = configured !== undefined && !list?.rows.length;
    const checked = keepParticipants ? undefined : await participants.ensureChecked();
    if (!keepParticipants && !checked) return;
    try {
      await save.mutateAsync(toOneTimeInput(values, checked));
      onDone(true);
    } catch (error) {
      const unplaced = applyServerErrors(serverFieldErrors(error), ONE_TIME_FORM_FIELDS, form.setError);
      const [aboutParticipants] = unplaced.filter((e) => e.errorField.startsWith('participants'));
      if (aboutParticipants) participants.refuse(aboutParticipants.message);
      else if (unplaced.length > 0 || serverFieldErrors(error).length === 0) {
        setFormError(serverMessage(error) ?? 'admin.loadFailed');
      }
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    // Not a <form>: the preview is the form engine's own form, and forms cannot nest. Save submits.
    <Box sx={{ maxWidth: '52rem' }}>
      <Typography variant="h3" ref={heading} tabIndex={-1} sx={{ fontSize: '1.25rem', outline: 'none' }}>
        {t(id ? 'oneTimeSurveys.editor.editTitle' : 'oneTimeSurveys.editor.createTitle')}
      </Typography>
      <Typography sx={{ mt: 1 }}>{t('oneTimeSurveys.editor.intro')}</Typography>
      <NameFields form={form} />
      <DefinitionField form={form} />
      <MomentFields form={form} />
      {configured !== undefined && (
        <Typography sx={{ mt: 3 }}>{t('oneTimeSurveys.editor.replaceParticipants', { count: configured })}</Typography>
      )}
      <ParticipantsField
        source={source}
        list={list}
        error={participants.error}
        onRead={(next, read) => {
          setSource(next);
          setList(read);
        }}
      />
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          onClick={() => void participants.ensureChecked()}
          disabled={!list || participants.busy}
        >
          {t('oneTimeSurveys.participants.check')}
        </Button>
      </Stack>
      {participants.matched !== undefined && (
        <Typography role="status" sx={{ mt: 2 }}>
          {t('oneTimeSurveys.participants.matched', { count: participants.matched })}
        </Typography>
      )}
      {participants.unmatched.length > 0 && (
        <UnmatchedRows rows={participants.unmatched} onRemove={participants.removeUnmatched} />
      )}
      {formError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t(formError, { defaultValue: formError })}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <SubmitButton
          busy={busy || participants.busy}
          label={t('oneTimeSurveys.editor.save')}
          onClick={() => void onSubmit()}
        />
        <Button variant="text" size="large" onClick={() => onDone(false)} disabled={busy}>
          {t('admin.editor.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}

function NameFields({ form }: { form: UseFormReturn<OneTimeForm> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const field = (language: 'en' | 'sp') => {
    const name = `name.${language}` as const;
    const { ref, ...registered } = form.register(name);
    return (
      <FormTextField
        {...registered}
        id={name}
        inputRef={ref}
        label={t(language === 'en' ? 'oneTimeSurveys.fields.nameEn' : 'oneTimeSurveys.fields.nameSp')}
        maxLength={200}
        errorMessage={errors.name?.[language]?.message}
      />
    );
  };
  return (
    <>
      {field('en')}
      {field('sp')}
    </>
  );
}

const MOMENT_FIELDS = [
  { name: 'sendDate', label: 'oneTimeSurveys.fields.sendDate', hint: 'oneTimeSurveys.editor.sendHint' },
  { name: 'effectiveStartDate', label: 'oneTimeSurveys.fields.startDate', hint: 'oneTimeSurveys.editor.startHint' },
  { name: 'effectiveEndDate', label: 'oneTimeSurveys.fields.endDate', hint: 'oneTimeSurveys.editor.endHint' },
] as const;

function MomentFields({ form }: { form: UseFormReturn<OneTimeForm> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <FormSection
      id="one-time-time-zone"
      legend={t('oneTimeSurveys.editor.datesLegend')}
      hint={t('oneTimeSurveys.timeZone', { timeZone: browserTimeZone() })}
    >
      {MOMENT_FIELDS.map(({ name, label, hint }) => {
        const { ref, ...registered } = form.register(name, {
          deps: MOMENT_FIELDS.map((f) => f.name).filter((other) => other !== name),
        });
        return (
          <FormTextField
            key={name}
            {...registered}
            id={name}
            inputRef={ref}
            type="datetime-local"
            label={t(label)}
            helperText={t(hint)}
            slotProps={{ inputLabel: { shrink: true } }}
            describedBy={`${name}-helper-text one-time-time-zone-hint`}
            errorMessage={errors[name]?.message}
          />
        );
      })}
    </FormSection>
  );
}
