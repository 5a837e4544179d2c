import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, Typography } from '@mui/material';
import { ChangeOutcome } from '../../../components/admin/ChangeOutcome';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type TNoticeAudiences } from '@portal/shared/inbox/notices';
import { FormTextField } from '../../../components/ui/FormTextField';
import { ConfirmStepButtons } from '../../../components/ui/ConfirmStepButtons';
import { NativeSelect } from '../../../components/ui/NativeSelect';
import { serverMessage } from '../../../lib/api-client';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';
import { useTranslation } from '../../../lib/use-translation';
import { usePostNotice } from '../api/study-notices-api';
import { NoticeTexts } from './NoticeTexts';
import { EMPTY_NOTICE, NOTICE_FIELDS, ZNoticeForm, type TNoticeForm } from './notice-form';

/**
 * The Post a notice form: a title and a message in English and in Spanish, and the audience (everyone, or one
 * health system); Post notice asks first, saying how many participants it goes to.
 */
export function StudyNoticeForm({
  audiences,
  focusHeading,
}: {
  audiences: TNoticeAudiences;
  /** Moves focus to the form's heading: the confirmation's buttons are gone once it is answered. */
  focusHeading(): void;
}) {
  const { t } = useTranslation();
  const post = usePostNotice();
  const form = useForm<TNoticeForm>({ resolver: zodResolver(ZNoticeForm), defaultValues: EMPTY_NOTICE });
  const [confirming, setConfirming] = useState<TNoticeForm>();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const { errors } = form.formState;

  const audienceOf = (id: string) => audiences.healthSystems.find((h) => h.id === id);
  const recipientsOf = (id: string) => (id ? (audienceOf(id)?.recipients ?? 0) : audiences.everyone);

  const next = form.handleSubmit((values) => {
    setDone(undefined);
    setFailure(undefined);
    setConfirming(values);
  });
  const submit = () => {
    if (!confirming) return;
    const { audience, ...texts } = confirming;
    post.mutate(
      { ...texts, healthSystemId: audience || null },
      {
        onSuccess: (notice) => {
          setConfirming(undefined);
          form.reset(EMPTY_NOTICE);
          setDone(t('studyNotices.postedTo', { count: notice.recipients }));
          focusHeading();
        },
        onError: (error) => {
          setConfirming(undefined);
          focusHeading();
          const fieldErrors = serverFieldErrors(error);
          const unplaced = applyServerErrors(fieldErrors, NOTICE_FIELDS, form.setError);
          if (unplaced.length > 0 || fieldErrors.length === 0)
            setFailure(unplaced[0]?.message ?? serverMessage(error) ?? t('error.generic'));
        },
      },
    );
  };

  if (confirming) {
    const system = audienceOf(confirming.audience);
    const count = recipientsOf(confirming.audience);
    return (
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('studyNotices.confirmTitle')}
        </Typography>
        <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {system
            ? t('studyNotices.confirmSystem', { count, system: system.name })
            : t('studyNotices.confirmEveryone', { count })}
        </Typography>
        <NoticeTexts notice={confirming} />
        <Stack direction="row" spacing={2}>
          <ConfirmStepButtons
            backLabel={t('studyNotices.back')}
            confirmLabel={t('studyNotices.confirm')}
            busy={post.isPending}
            onBack={() => {
              setConfirming(undefined);
              focusHeading();
            }}
            onConfirm={submit}
          />
        </Stack>
      </Box>
    );
  }

  const options = [
    { value: '', label: t('studyNotices.everyone', { count: audiences.everyone }) },
    ...audiences.healthSystems.map((h) => ({
      value: h.id,
      label: t('studyNotices.systemOption', { system: h.name, count: h.recipients }),
    })),
  ];
  return (
    <Box component="form" noValidate onSubmit={next} sx={{ maxWidth: '60rem' }}>
      <ChangeOutcome done={done} failure={failure} />
      <FormTextField
        {...form.register('title.en')}
        label={t('studyNotices.titleEn')}
        errorMessage={errors.title?.en?.message}
        maxLength={NOTICE_TITLE_MAX}
      />
      <FormTextField
        {...form.register('body.en')}
        label={t('studyNotices.bodyEn')}
        errorMessage={errors.body?.en?.message}
        maxLength={NOTICE_BODY_MAX}
        multiline
        minRows={4}
      />
      <FormTextField
        {...form.register('title.sp')}
        label={t('studyNotices.titleSp')}
        errorMessage={errors.title?.sp?.message}
        maxLength={NOTICE_TITLE_MAX}
      />
      <FormTextField
        {...form.register('body.sp')}
        label={t('studyNotices.bodySp')}
        errorMessage={errors.body?.sp?.message}
        maxLength={NOTICE_BODY_MAX}
        multiline
        minRows={4}
      />
      <Controller
        control={form.control}
        name="audience"
        render={({ field }) => (
          <NativeSelect {...field} label={t('studyNotices.audience')} options={options} fullWidth margin="normal" />
        )}
      />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">
          {t('studyNotices.post')}
        </Button>
      </Box>
    </Box>
  );
}
