import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Language } from '@portal/shared/constants';
import type { TExportInstrument } from '@portal/shared/data-export/data-export';
import type { TExportFormat, TExportRegister } from '@portal/shared/data-export/export-runs';
import { FieldError } from '../../../../components/ui/FieldError';
import { FormTextField } from '../../../../components/ui/FormTextField';
import { SubmitButton } from '../../../../components/ui/SubmitButton';
import { serverMessage } from '../../../../lib/api-client';
import { applyServerErrors, serverFieldErrors } from '../../../../lib/server-errors';
import { useTranslation } from '../../../../lib/use-translation';
import { useStartExportRun } from '../../api/export-runs-api';
import { archiveField, startExportRunBody, versionKey, ZArchiveForm, type TArchiveForm } from './archive-form';
import { CheckboxGroupField } from './CheckboxGroupField';

/** The labels of the registers and formats, in the order the form lists them (and the body sends them). */
export const REGISTER_LABELS: Record<TExportRegister, string> = {
  consent: 'dataExport.consentRegister.title',
  verification: 'dataExport.verificationRegister.title',
  studyStatus: 'dataExport.archive.registers.studyStatus',
};
export const FORMAT_LABELS: Record<TExportFormat, string> = {
  dataPackage: 'dataExport.archive.formats.dataPackage',
  redcap: 'dataExport.archive.formats.redcap',
  fhir: 'dataExport.archive.formats.fhir',
};

const FIELDS = ['forms', 'registers', 'formats', 'from', 'to', 'identity'] as const;
const SELECTION_ERROR_ID = 'archive-selection-error';
const FORMATS_ERROR_ID = 'archive-formats-error';
const IDENTITY_ERROR_ID = 'archive-identity-error';

export interface ExportArchiveFormProps {
  /** The questionnaire versions to choose from; undefined while they load, or when they could not be. */
  instruments?: TExportInstrument[];
  instrumentsFailed: boolean;
  /** Whether the staff member may have identified archives: only then is there a choice. */
  mayIdentify: boolean;
}

/**
 * What a run exports: questionnaire versions and registers (one at least), the dates they cover (optional), the
 * formats (one at least) and, for a role that may have both, identified or de-identified participants. Checked with
 * the server's rules before it is sent; a refusal shows under the group it concerns, or above Prepare archive.
 */
export function ExportArchiveForm({ instruments, instrumentsFailed, mayIdentify }: ExportArchiveFormProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const rangeHelpId = useId();
  const identityLabelId = useId();
  const identityHelpId = useId();
  const start = useStartExportRun();
  const [failure, setFailure] = useState<string>();
  const [started, setStarted] = useState(false);
  const form = useForm<TArchiveForm>({
    resolver: zodResolver(ZArchiveForm),
    defaultValues: { forms: [], registers: [], formats: [], from: '', to: '', identity: 'deidentified' },
  });
  const { errors, isSubmitted } = form.formState;
  const chosenForms = useWatch({ control: form.control, name: 'forms' });

  const versions = (instruments ?? []).map((instrument) => ({
    value: versionKey(instrument),
    label: t('dataExport.instrumentOption', {
      title: instrument.title[language] || instrument.title.en,
      version: instrument.version,
      count: instrument.submitted,
    }),
  }));
  const allChosen = versions.length > 0 && versions.every((v) => chosenForms.includes(v.value));
  const someChosen = !allChosen && chosenForms.length > 0;

  const submit = form.handleSubmit((values) => {
    setFailure(undefined);
    setStarted(false);
    start.mutate(startExportRunBody(values, mayIdentify), {
      onSuccess: () => setStarted(true),
      onError: (error) => {
        const refusals = serverFieldErrors(error).map((e) => ({ ...e, errorField: archiveField(e.errorField) }));
        const unplaced = applyServerErrors(refusals, FIELDS, form.setError);
        setFailure(refusals.length === 0 ? (serverMessage(error) ?? 'error.generic') : unplaced[0]?.message);
      },
    });
  });

  const versionsInstead = instrumentsFailed ? (
    <Typography>{t('dataExport.loadFailed')}</Typography>
  ) : !instruments ? (
    <Typography>{t('dataExport.loading')}</Typography>
  ) : instruments.length === 0 ? (
    <Typography>{t('dataExport.noInstruments')}</Typography>
  ) : undefined;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('dataExport.archive.formLabel')}>
      <Stack spacing={3}>
        <CheckboxGroupField
          control={form.control}
          name="forms"
          legend={t('dataExport.archive.forms.legend')}
          options={versions}
          error={errors.forms?.message}
          errorId={SELECTION_ERROR_ID}
          instead={versionsInstead}
          before={
            !versionsInstead && (
              <FormControlLabel
                label={t('dataExport.archive.forms.selectAll')}
                control={
                  <Checkbox
                    checked={allChosen}
                    indeterminate={someChosen}
                    // MUI marks the box aria-checked="mixed" but leaves the native box's own state unset: the
                    // native state is what a browser reports, so the two must agree (axe aria-conditional-attr).
                    inputRef={(input: HTMLInputElement | null) => {
                      if (input) input.indeterminate = someChosen;
                    }}
                    onChange={(event) =>
                      form.setValue('forms', event.target.checked ? versions.map((v) => v.value) : [], {
                        shouldValidate: isSubmitted,
                      })
                    }
                  />
                }
                sx={{ borderBottom: 1, borderColor: 'divider', mb: 0.5 }}
              />
            )
          }
        />
        <CheckboxGroupField
          control={form.control}
          name="registers"
          legend={t('dataExport.archive.registers.legend')}
          options={Object.entries(REGISTER_LABELS).map(([value, label]) => ({ value, label: t(label) }))}
          // "Choose at least one questionnaire or register" is a rule of both groups: it shows under the first.
          describedBy={errors.forms ? SELECTION_ERROR_ID : undefined}
          errorId="archive-registers-error"
          error={errors.registers?.message}
        />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={rangeHelpId}>
          <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
            {t('dataExport.archive.range.legend')}
          </FormLabel>
          <Typography id={rangeHelpId} variant="body2" color="text.secondary">
            {t('dataExport.archive.range.help')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Box>
              <FormTextField
                {...form.register('from')}
                required={false}
                label={t('dataExport.archive.range.from')}
                inputMode="numeric"
                maxLength={10}
                autoComplete="off"
                errorMessage={errors.from?.message}
              />
            </Box>
            <Box>
              <FormTextField
                {...form.register('to')}
                required={false}
                label={t('dataExport.archive.range.to')}
                inputMode="numeric"
                maxLength={10}
                autoComplete="off"
                errorMessage={errors.to?.message}
              />
            </Box>
          </Stack>
        </Box>
        <CheckboxGroupField
          control={form.control}
          name="formats"
          legend={t('dataExport.archive.formats.legend')}
          options={Object.entries(FORMAT_LABELS).map(([value, label]) => ({ value, label: t(label) }))}
          error={errors.formats?.message}
          errorId={FORMATS_ERROR_ID}
        />
        {mayIdentify ? (
          <Controller
            control={form.control}
            name="identity"
            render={({ field }) => (
              // One group, the radio group, named by its label and described by its help and its message: a
              // fieldset around it would name the same group twice to a screen reader.
              <FormControl error={Boolean(errors.identity)}>
                <FormLabel
                  component="span"
                  id={identityLabelId}
                  sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}
                >
                  {t('dataExport.archive.identity.label')}
                </FormLabel>
                <RadioGroup
                  row
                  name={field.name}
                  aria-labelledby={identityLabelId}
                  aria-describedby={[identityHelpId, errors.identity ? IDENTITY_ERROR_ID : undefined]
                    .filter(Boolean)
                    .join(' ')}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  <FormControlLabel
                    value="identified"
                    control={<Radio inputRef={field.ref} />}
                    label={t('dataExport.identity.identified')}
                  />
                  <FormControlLabel
                    value="deidentified"
                    control={<Radio />}
                    label={t('dataExport.identity.deidentified')}
                  />
                </RadioGroup>
                <FormHelperText id={identityHelpId} sx={{ mx: 0 }}>
                  {t('dataExport.archive.identity.help')}
                </FormHelperText>
                <FieldError id={IDENTITY_ERROR_ID} message={errors.identity?.message} />
              </FormControl>
            )}
          />
        ) : (
          <Alert severity="info" role="note">
            {t('dataExport.archive.identity.analystNote')}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {t(failure, { defaultValue: failure })}
          </Alert>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <SubmitButton busy={start.isPending} label={t('dataExport.archive.prepare')} />
          <Typography role="status">{started && !start.isPending ? t('dataExport.archive.started') : ''}</Typography>
        </Box>
      </Stack>
    </Box>
  );
}
