import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import {
  DROPDOWN_LABEL_MAX,
  HEALTH_SYSTEM_MESSAGES,
  ZDropdownLabels,
  ZSystemInfo,
  type TSystemInfo,
  type TSystemTab,
} from '@portal/shared/health-systems/health-system-info';
import { FALLBACK_LANGUAGES, type TLanguageOption } from '@portal/shared/reference/languages';
import { SwitchSettingField } from '../../../components/admin/SwitchSettingField';
import { FieldError } from '../../../components/ui/FieldError';
import { FormTextField } from '../../../components/ui/FormTextField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { useLanguages } from '../../../lib/reference-data';
import { useSystemTab, useUpdateSystemInfo, useValidateSystem } from '../api/health-systems-api';
import { BusyStatus, StepOutcome, TabLoad } from './StepOutcome';
import { placeRefusal, useTabUpdate } from './use-tab-update';

/** System configuration as the form holds it: every label typed so far, empty ones included. */
export interface SystemValues {
  databaseValue: string;
  dropdownLabels: Record<string, string>;
}

/** An onboarded system's labels and status; its database value is shown but never changes. */
const ZStoredSystemValues = z.object({
  databaseValue: z.string(),
  dropdownLabels: ZDropdownLabels,
  isActive: z.boolean(),
});
type StoredSystemValues = z.infer<typeof ZStoredSystemValues>;

export type SystemConfigStepProps =
  | {
      mode: 'create';
      values: SystemValues;
      onBack(values: SystemValues): void;
      onValidated(values: SystemValues, message: string): void;
    }
  | { mode: 'edit' | 'view'; healthSystemId: string };

/**
 * Step 2, System Configuration: the database value stored on each participant who chooses the system, and the
 * system's label in registration's dropdown in every language. Registering, Next has the server validate them;
 * editing, the labels and whether the system is active are saved with Update; viewing, all is read-only.
 */
export function SystemConfigStep(props: SystemConfigStepProps) {
  // Until the portal's languages arrive, the built-in two stand in (the same two, nearly always).
  const languages = useLanguages().data ?? FALLBACK_LANGUAGES;
  return props.mode === 'create' ? (
    <NewSystemConfig {...props} languages={languages} />
  ) : (
    <StoredSystemConfig {...props} languages={languages} />
  );
}

/** The fields a refusal may name: the database value, the labels as a whole, and each language's label. */
const refusableFields = (languages: TLanguageOption[]) => [
  'databaseValue',
  'dropdownLabels',
  ...languages.map(({ code }) => `dropdownLabels.${code}`),
];

function SystemFields<F extends FieldValues & SystemValues>({
  form,
  languages,
  fixed = false,
  readOnly = false,
}: {
  form: UseFormReturn<F>;
  languages: TLanguageOption[];
  /** The database value of an onboarded system: shown read-only, with why. */
  fixed?: boolean;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const labels = useWatch({ control: form.control, name: 'dropdownLabels' as Path<F> }) as Record<string, string>;
  const labelsError = errors.dropdownLabels?.message as string | undefined;
  const languageName = ({ code, name }: TLanguageOption) =>
    t(`healthSystems.languageNames.${code}`, { defaultValue: name });
  const readOnlyProps = { required: false, slotProps: { input: { readOnly: true } } };
  return (
    <>
      <FormTextField
        {...form.register('databaseValue' as Path<F>)}
        label={t('healthSystems.system.databaseValue')}
        errorMessage={errors.databaseValue?.message as string | undefined}
        describedBy={fixed ? 'databaseValue-fixed' : undefined}
        autoComplete="off"
        {...(fixed || readOnly ? readOnlyProps : {})}
      />
      {fixed && (
        <FormHelperText id="databaseValue-fixed">{t(HEALTH_SYSTEM_MESSAGES.databaseValueFixed)}</FormHelperText>
      )}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" sx={{ fontWeight: 600 }}>
          {t('healthSystems.system.labels')}
        </Typography>
        <FieldError id="dropdownLabels-error" message={labelsError} />
        {languages.map((language) => {
          const name = `dropdownLabels.${language.code}` as Path<F>;
          const own = (errors.dropdownLabels as Record<string, { message?: string }> | undefined)?.[language.code];
          return (
            <FormTextField
              key={language.code}
              {...form.register(name)}
              label={t('healthSystems.system.label', { language: languageName(language) })}
              maxLength={DROPDOWN_LABEL_MAX}
              errorMessage={own?.message}
              describedBy={labelsError && !labels?.[language.code]?.trim() ? 'dropdownLabels-error' : undefined}
              {...(readOnly ? readOnlyProps : {})}
            />
          );
        })}
      </Box>
    </>
  );
}

function NewSystemConfig({
  values,
  onBack,
  onValidated,
  languages,
}: Extract<SystemConfigStepProps, { mode: 'create' }> & { languages: TLanguageOption[] }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(ZSystemInfo), defaultValues: values, mode: 'onSubmit' });
  const validate = useValidateSystem();
  const [problems, setProblems] = useState<string[]>([]);
  const submit = form.handleSubmit(async (checked: TSystemInfo) => {
    setProblems([]);
    try {
      const reply = await validate.mutateAsync(checked);
      onValidated(checked, reply.message ?? t(HEALTH_SYSTEM_MESSAGES.systemValid));
    } catch (error) {
      setProblems(placeRefusal(error, refusableFields(languages), form, 'error.generic'));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <SystemFields form={form} languages={languages} />
      <StepOutcome problems={problems} />
      <BusyStatus text={busy ? t('healthSystems.system.validating') : undefined} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Button variant="outlined" size="large" disabled={busy} onClick={() => onBack(form.getValues())}>
          {t('healthSystems.modal.back')}
        </Button>
        <SubmitButton busy={busy} label={t('healthSystems.modal.next')} />
      </Stack>
    </Box>
  );
}

function StoredSystemConfig({
  mode,
  healthSystemId,
  languages,
}: Extract<SystemConfigStepProps, { mode: 'edit' | 'view' }> & { languages: TLanguageOption[] }) {
  const { t } = useTranslation();
  const query = useSystemTab(healthSystemId);
  return (
    <TabLoad
      query={query}
      loadingText={t('healthSystems.system.loading')}
      failedText={t('healthSystems.system.loadFailed')}
    >
      {(stored) => (
        <SystemConfigEditor stored={stored} reload={query.refetch} languages={languages} readOnly={mode === 'view'} />
      )}
    </TabLoad>
  );
}

const toForm = ({ databaseValue, dropdownLabels, isActive }: TSystemTab): StoredSystemValues => ({
  databaseValue,
  dropdownLabels,
  isActive,
});

function SystemConfigEditor({
  stored,
  reload,
  languages,
  readOnly,
}: {
  stored: TSystemTab;
  reload(): Promise<{ data?: TSystemTab }>;
  languages: TLanguageOption[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(ZStoredSystemValues), defaultValues: toForm(stored), mode: 'onSubmit' });
  const update = useUpdateSystemInfo(stored.id);
  const outcome = useTabUpdate({
    form,
    initial: stored,
    reload,
    toForm,
    save: ({ dropdownLabels, isActive }, revision) =>
      update.mutateAsync({ systemInfo: { dropdownLabels, isActive }, revision }),
    fields: refusableFields(languages),
    successText: t(HEALTH_SYSTEM_MESSAGES.systemUpdated),
    failureText: t('healthSystems.system.updateFailed'),
  });
  const active = (
    <SwitchSettingField
      control={form.control}
      name="isActive"
      label={t('healthSystems.system.active')}
      description={t('healthSystems.system.activeHelp')}
      disabled={readOnly}
    />
  );
  if (readOnly)
    return (
      <>
        <SystemFields form={form} languages={languages} fixed readOnly />
        {active}
      </>
    );
  return (
    <Box component="form" noValidate onSubmit={outcome.onSubmit}>
      <SystemFields form={form} languages={languages} fixed />
      {active}
      <StepOutcome {...outcome} onReload={() => void outcome.onReload()} />
      <BusyStatus text={outcome.busy ? t('healthSystems.system.updating') : undefined} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <SubmitButton busy={outcome.busy} label={t('healthSystems.modal.update')} />
      </Stack>
    </Box>
  );
}
