import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import {
  ZReminderScheduleSave,
  type TReminderSchedule,
  type TReminderScheduleSave,
  type TReminderType,
} from '@portal/shared/settings/reminders';
import { EditorCard } from '../../../components/admin/EditorCard';
import { useEditor } from '../../../components/admin/use-editor';
import { useCan } from '../../../lib/staff-access';
import { useReminderSchedule, useSaveReminderSchedule } from '../api/reminders-api';
import { ReminderRows } from './ReminderRows';
import { REMINDER_WORDS } from './reminder-words';
import { SettingChanges } from './SettingChanges';

const toForm = (stored: TReminderSchedule): TReminderScheduleSave => ({
  reminders: stored.reminders.map(({ id, days }) => ({ id, days })),
});

function ReminderDays({ type, stored }: { type: TReminderType; stored: TReminderSchedule }) {
  const { t } = useTranslation();
  if (stored.reminders.length === 0) return <Typography>{t('reminderSchedule.none')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {stored.reminders.map((reminder) => (
        <Typography component="li" key={reminder.id}>
          {t(REMINDER_WORDS[type].day, { days: reminder.days })}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * One reminder schedule (account activation, ICF or survey): its days read-only, or one row per reminder to
 * change, add or remove; then its change history. A panel with more than one editor names it and its history.
 */
export function ReminderScheduleEditor({
  type,
  title,
  historyTitle,
}: {
  type: TReminderType;
  title?: string;
  historyTitle?: string;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const hintId = useId();
  const query = useReminderSchedule(type);
  const saveSchedule = useSaveReminderSchedule(type);
  const form = useForm<TReminderScheduleSave>({
    resolver: zodResolver(ZReminderScheduleSave),
    mode: 'onChange',
    defaultValues: { reminders: [] },
  });
  // Rows keep the server's `id` field, so the array's own key goes elsewhere.
  const rows = useFieldArray({ control: form.control, name: 'reminders', keyName: 'key' });
  const editor = useEditor({
    form,
    query,
    toForm,
    save: (values, stored) => saveSchedule.mutateAsync({ reminders: values.reminders, version: stored.version }),
    fields: ['reminders.*.days'],
  });
  const hint = (
    <Typography id={hintId} color="text.secondary" sx={{ mb: 2 }}>
      {t(REMINDER_WORDS[type].hint)}
    </Typography>
  );
  return (
    <>
      <EditorCard
        {...editor}
        canEdit={can('settings.edit')}
        title={title}
        view={(stored) => (
          <>
            {hint}
            <ReminderDays type={type} stored={stored} />
          </>
        )}
      >
        {hint}
        {query.data && (
          <ReminderRows
            type={type}
            form={form}
            rows={rows}
            stored={query.data}
            hintId={hintId}
            onStale={editor.onRefused}
          />
        )}
      </EditorCard>
      <SettingChanges setting={`reminder.${type}`} title={historyTitle} headingLevel={title ? 'h4' : 'h3'} />
    </>
  );
}
