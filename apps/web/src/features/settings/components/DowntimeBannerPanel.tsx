import { Box, Typography } from '@mui/material';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { DOWNTIME_MESSAGE_MAX, DOWNTIME_REMINDER_DAYS } from '@portal/shared/constants';
import { formatDateTime } from '@portal/shared/dates';
import { DOWNTIME_MESSAGES, type TDowntime } from '@portal/shared/settings/downtime';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { EditorCard } from '../../../components/admin/EditorCard';
import { NumberSettingField } from '../../../components/admin/NumberSettingField';
import { SettingValues } from '../../../components/admin/SettingValues';
import { SwitchSettingField } from '../../../components/admin/SwitchSettingField';
import { useEditor } from '../../../components/admin/use-editor';
import { FormTextField } from '../../../components/ui/FormTextField';
import { useDowntime } from '../../../lib/downtime';
import { browserTimeZone } from '../../../lib/local-date-time';
import { useCan } from '../../../lib/staff-access';
import { useSaveDowntime } from '../api/downtime-api';
import {
  DOWNTIME_FIELDS,
  downtimeResolver,
  toDowntimeForm,
  toDowntimeUpdate,
  type DowntimeForm,
} from './downtime-form';
import { DOWNTIME_STATE_LABELS, downtimeState } from './downtime-state';
import { SettingChanges } from './SettingChanges';

/** Each stored field's label, in the order the editor shows them. */
const FIELD_LABELS: Record<string, string> = {
  enableDowntime: 'downtimeEditor.enabled',
  'message.en': 'downtimeEditor.messageEn',
  'message.sp': 'downtimeEditor.messageSp',
  effectiveStartDate: 'downtimeEditor.start',
  effectiveEndDate: 'downtimeEditor.end',
  reminderDaysInAdvance: 'downtimeEditor.reminderDays',
};

/** Downtime Banner: the maintenance window and the notice shown before and during it. */
export function DowntimeBannerPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const query = useDowntime();
  const saveDowntime = useSaveDowntime();
  const form = useForm<DowntimeForm>({ resolver: downtimeResolver, mode: 'onChange' });
  const editor = useEditor({
    form,
    query,
    toForm: toDowntimeForm,
    save: (values, stored) => saveDowntime.mutateAsync({ ...toDowntimeUpdate(values), version: stored.version }),
    fields: DOWNTIME_FIELDS,
  });
  const timeZone = browserTimeZone();

  return (
    <AdminPanel title={t('systemOptions.tabs.downtimeBanner')}>
      <Typography sx={{ mb: 3, maxWidth: '70ch' }}>{t('downtimeEditor.intro')}</Typography>
      <EditorCard
        {...editor}
        canEdit={can('settings.edit')}
        view={(stored) => <DowntimeValues stored={stored} timeZone={timeZone} />}
      >
        <DowntimeFields form={form} timeZone={timeZone} />
      </EditorCard>
      <SettingChanges setting="downtime" fieldLabels={FIELD_LABELS} />
    </AdminPanel>
  );
}

function DowntimeValues({ stored, timeZone }: { stored: TDowntime; timeZone: string }) {
  const { t } = useTranslation();
  const moment = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : t('downtimeEditor.notSet'));
  return (
    <>
      <SettingValues
        values={[
          {
            label: t('downtimeEditor.enabled'),
            value: t(stored.enableDowntime ? 'downtimeEditor.yes' : 'downtimeEditor.no'),
          },
          { label: t('downtimeEditor.messageEn'), value: stored.message.en || t('downtimeEditor.notSet') },
          { label: t('downtimeEditor.messageSp'), value: stored.message.sp || t('downtimeEditor.notSet') },
          { label: t('downtimeEditor.start'), value: moment(stored.effectiveStartDate) },
          { label: t('downtimeEditor.end'), value: moment(stored.effectiveEndDate) },
          { label: t('downtimeEditor.reminderDays'), value: stored.reminderDaysInAdvance },
          { label: t('downtimeEditor.state'), value: t(DOWNTIME_STATE_LABELS[downtimeState(stored, new Date())]) },
        ]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('downtimeEditor.timeZone', { timeZone })}
      </Typography>
    </>
  );
}

function DowntimeFields({ form, timeZone }: { form: ReturnType<typeof useForm<DowntimeForm>>; timeZone: string }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const [messageEn, messageSp] = useWatch({ control: form.control, name: ['message.en', 'message.sp'] });
  const message = (language: 'en' | 'sp', text: string | undefined, error: FieldError | undefined) => {
    const name = `message.${language}` as const;
    const { ref, ...field } = form.register(name);
    return (
      <FormTextField
        {...field}
        id={name}
        inputRef={ref}
        multiline
        minRows={2}
        label={t(language === 'en' ? 'downtimeEditor.messageEn' : 'downtimeEditor.messageSp')}
        helperText={t('downtimeEditor.characterCount', { used: text?.length ?? 0, max: DOWNTIME_MESSAGE_MAX })}
        slotProps={{ formHelperText: { 'aria-live': 'polite' } }}
        describedBy={`${name}-helper-text`}
        errorMessage={error?.message}
      />
    );
  };
  // The window's rule speaks of both dates; its message sits under the start and also describes the end.
  const windowRefused = errors.effectiveStartDate?.message === DOWNTIME_MESSAGES.window;
  const moment = (name: 'effectiveStartDate' | 'effectiveEndDate') => {
    const { ref, ...field } = form.register(
      name,
      name === 'effectiveEndDate' ? { deps: ['effectiveStartDate'] } : undefined,
    );
    const start = name === 'effectiveStartDate';
    return (
      <FormTextField
        {...field}
        id={name}
        inputRef={ref}
        type="datetime-local"
        label={t(start ? 'downtimeEditor.start' : 'downtimeEditor.end')}
        helperText={t(start ? 'downtimeEditor.startHint' : 'downtimeEditor.endHint')}
        slotProps={{ inputLabel: { shrink: true } }}
        describedBy={[
          `${name}-helper-text`,
          !start && windowRefused && 'effectiveStartDate-error',
          'downtime-time-zone',
        ]
          .filter(Boolean)
          .join(' ')}
        errorMessage={errors[name]?.message}
      />
    );
  };
  return (
    <Box sx={{ maxWidth: '40rem' }}>
      <SwitchSettingField
        control={form.control}
        name="enableDowntime"
        label={t('downtimeEditor.enable')}
        deps={['effectiveStartDate']}
      />
      {message('en', messageEn, errors.message?.en)}
      {message('sp', messageSp, errors.message?.sp)}
      <Typography id="downtime-time-zone" variant="body2" sx={{ mt: 2 }}>
        {t('downtimeEditor.timeZone', { timeZone })}
      </Typography>
      {moment('effectiveStartDate')}
      {moment('effectiveEndDate')}
      <NumberSettingField
        registration={form.register('reminderDaysInAdvance', { valueAsNumber: true })}
        label={t('downtimeEditor.reminderDays')}
        min={DOWNTIME_REMINDER_DAYS.min}
        max={DOWNTIME_REMINDER_DAYS.max}
        errorMessage={errors.reminderDaysInAdvance?.message}
      />
    </Box>
  );
}
