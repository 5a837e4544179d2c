import { Box, Stack } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import {
  HEALTH_SYSTEM_DESCRIPTION_MAX,
  HEALTH_SYSTEM_MESSAGES,
  HEALTH_SYSTEM_NAME_MAX,
  ZBasicInfo,
  type TBasicInfo,
  type TBasicTab,
} from '@portal/shared/health-systems/health-system-info';
import { FormTextField } from '../../../components/ui/FormTextField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { useBasicTab, useUpdateBasicInfo, useValidateBasic } from '../api/health-systems-api';
import { BusyStatus, StepOutcome, TabLoad } from './StepOutcome';
import { placeRefusal, useTabUpdate } from './use-tab-update';

const FIELDS = ['name', 'description'] as const;

export type BasicInfoStepProps =
  | { mode: 'create'; values: TBasicInfo; onValidated(values: TBasicInfo, message: string): void }
  | { mode: 'edit' | 'view'; healthSystemId: string };

/**
 * Step 1, Basic Information: name and description. Registering, Next has the server validate them (a name no
 * other system has); editing, they load by the system's id and Update saves them; viewing, they are read-only.
 */
export function BasicInfoStep(props: BasicInfoStepProps) {
  return props.mode === 'create' ? <NewBasicInfo {...props} /> : <StoredBasicInfo {...props} />;
}

function useBasicForm(values: TBasicInfo) {
  // Checked on Next or Update, then as the person corrects.
  return useForm<TBasicInfo>({ resolver: zodResolver(ZBasicInfo), defaultValues: values, mode: 'onSubmit' });
}

function BasicInfoFields({ form, readOnly = false }: { form: UseFormReturn<TBasicInfo>; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const readOnlyProps = readOnly ? { required: false, slotProps: { input: { readOnly: true } } } : {};
  return (
    <>
      <FormTextField
        {...form.register('name')}
        label={t('healthSystems.basic.name')}
        maxLength={HEALTH_SYSTEM_NAME_MAX}
        errorMessage={errors.name?.message}
        {...readOnlyProps}
      />
      <FormTextField
        {...form.register('description')}
        label={t('healthSystems.basic.description')}
        multiline
        minRows={3}
        maxLength={HEALTH_SYSTEM_DESCRIPTION_MAX}
        errorMessage={errors.description?.message}
        {...readOnlyProps}
      />
    </>
  );
}

function NewBasicInfo({ values, onValidated }: Extract<BasicInfoStepProps, { mode: 'create' }>) {
  const { t } = useTranslation();
  const form = useBasicForm(values);
  const validate = useValidateBasic();
  const [problems, setProblems] = useState<string[]>([]);
  const submit = form.handleSubmit(async (checked) => {
    setProblems([]);
    try {
      const reply = await validate.mutateAsync(checked);
      onValidated(checked, reply.message ?? t(HEALTH_SYSTEM_MESSAGES.basicValid));
    } catch (error) {
      setProblems(placeRefusal(error, FIELDS, form, 'error.generic'));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <BasicInfoFields form={form} />
      <StepOutcome problems={problems} />
      <BusyStatus text={busy ? t('healthSystems.basic.validating') : undefined} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <SubmitButton busy={busy} label={t('healthSystems.modal.next')} />
      </Stack>
    </Box>
  );
}

function StoredBasicInfo({ mode, healthSystemId }: Extract<BasicInfoStepProps, { mode: 'edit' | 'view' }>) {
  const { t } = useTranslation();
  const query = useBasicTab(healthSystemId);
  return (
    <TabLoad
      query={query}
      loadingText={t('healthSystems.basic.loading')}
      failedText={t('healthSystems.basic.loadFailed')}
    >
      {(stored) =>
        mode === 'view' ? <BasicInfoView stored={stored} /> : <BasicInfoEditor stored={stored} reload={query.refetch} />
      }
    </TabLoad>
  );
}

const toForm = ({ name, description }: TBasicTab): TBasicInfo => ({ name, description });

function BasicInfoView({ stored }: { stored: TBasicTab }) {
  const form = useBasicForm(toForm(stored));
  return <BasicInfoFields form={form} readOnly />;
}

function BasicInfoEditor({ stored, reload }: { stored: TBasicTab; reload(): Promise<{ data?: TBasicTab }> }) {
  const { t } = useTranslation();
  const form = useBasicForm(toForm(stored));
  const update = useUpdateBasicInfo(stored.id);
  const outcome = useTabUpdate({
    form,
    initial: stored,
    reload,
    toForm,
    save: (values, revision) => update.mutateAsync({ ...values, revision }),
    fields: FIELDS,
    successText: t(HEALTH_SYSTEM_MESSAGES.basicUpdated),
    failureText: 'error.generic',
  });
  return (
    <Box component="form" noValidate onSubmit={outcome.onSubmit}>
      <BasicInfoFields form={form} />
      <StepOutcome {...outcome} onReload={() => void outcome.onReload()} />
      <BusyStatus text={outcome.busy ? t('healthSystems.basic.updating') : undefined} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <SubmitButton busy={outcome.busy} label={t('healthSystems.modal.update')} />
      </Stack>
    </Box>
  );
}
