import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { REMINDER_DAYS } from '@portal/shared/constants';
import {
  nextReminderDay,
  type TReminderSchedule,
  type TReminderScheduleSave,
  type TReminderType,
} from '@portal/shared/settings/reminders';
import { ConfirmDialog } from '../../../components/admin/ConfirmDialog';
import { NumberSettingField } from '../../../components/admin/NumberSettingField';
import { FieldError } from '../../../components/ui/FieldError';
import { focusRing } from '../../../components/ui/styles';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { useDeleteReminder } from '../api/reminders-api';

interface ReminderRowsProps {
  type: TReminderType;
  form: UseFormReturn<TReminderScheduleSave>;
  rows: UseFieldArrayReturn<TReminderScheduleSave, 'reminders', 'key'>;
  /** The schedule as loaded: its version, and each saved row's day. */
  stored: TReminderSchedule;
  /** The sentence saying what the days count from. */
  hintId: string;
  /** Another administrator changed the schedule first: the editor says so and offers Reload. */
  onStale(error: ApiError): void;
}

/** A row being removed from the server: which one, as the reader sees it, and its saved day. */
interface Removal {
  id: string;
  number: number;
  days: number;
}

/**
 * The schedule's rows in edit mode: a number box and a remove button each, and Add reminder. A new row takes
 * the day after the last; removing a saved row deletes it on the server at once, after a confirmation.
 */
export function ReminderRows({ type, form, rows, stored, hintId, onStale }: ReminderRowsProps) {
  const { t } = useTranslation();
  const onceId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  // The row asked about stays named while the dialog closes.
  const [removal, setRemoval] = useState<Removal>();
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteReminder(type);
  // After a removal the focus goes to Add reminder, once the dialog has given it back to the page.
  const focusAdd = useRef(false);
  useEffect(() => {
    if (confirming || !focusAdd.current) return;
    focusAdd.current = false;
    addRef.current?.focus();
  }, [confirming]);
  const { errors } = form.formState;

  const remove = (index: number) => {
    const row = form.getValues(`reminders.${index}`);
    if (!row.id) {
      rows.remove(index);
      addRef.current?.focus();
      return;
    }
    const saved = stored.reminders.find((reminder) => reminder.id === row.id);
    setRemoval({ id: row.id, number: index + 1, days: saved?.days ?? row.days });
    setConfirming(true);
  };

  const closeRemoval = () => {
    deletion.reset();
    setConfirming(false);
  };

  const confirmRemoval = (target: Removal) =>
    deletion.mutate(
      { id: target.id, version: stored.version },
      {
        onSuccess: (schedule) => {
          // The schedule is loaded again; rows not yet saved, and unsaved changes of the others, stay.
          const current = form.getValues('reminders');
          const edited = new Map(current.flatMap((row) => (row.id ? [[row.id, row.days] as const] : [])));
          rows.replace([
            ...schedule.reminders.map(({ id, days }) => ({ id, days: edited.get(id) ?? days })),
            ...current.filter((row) => !row.id),
          ]);
          focusAdd.current = true;
          closeRemoval();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 409) return;
          closeRemoval();
          onStale(error);
        },
      },
    );

  const listError = errors.reminders?.root?.message ?? errors.reminders?.message;
  return (
    <Box component="fieldset" aria-describedby={`${hintId} ${onceId}`} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, p: 0 }}>
        {t('reminderSchedule.legend')}
      </Typography>
      <Typography id={onceId} variant="body2" color="text.secondary">
        {t('reminderSchedule.once')}
      </Typography>
      {rows.fields.map((row, index) => {
        const name = `reminders.${index}.days` as const;
        return (
          <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start', maxWidth: 360 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <NumberSettingField
                registration={form.register(name, { valueAsNumber: true, deps: ['reminders'] })}
                label={t('reminderSchedule.dayLabel', { number: index + 1 })}
                min={REMINDER_DAYS.min}
                max={REMINDER_DAYS.max}
                errorMessage={errors.reminders?.[index]?.days?.message}
              />
            </Box>
            <IconButton
              onClick={() => remove(index)}
              aria-label={t('reminderSchedule.remove', { number: index + 1 })}
              sx={{ mt: 2.5, width: 44, height: 44, ...focusRing }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        );
      })}
      <FieldError id="reminders-error" message={listError} />
      <Button
        ref={addRef}
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={() => rows.append({ days: nextReminderDay(form.getValues('reminders').map((r) => r.days)) })}
        sx={{ mt: 2, minHeight: 44, ...focusRing }}
      >
        {t('reminderSchedule.add')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('reminderSchedule.confirmRemove.title', { number: removal?.number })}
        text={t('reminderSchedule.confirmRemove.text', { days: removal?.days })}
        confirmLabel={t('reminderSchedule.confirmRemove.confirm')}
        busy={deletion.isPending}
        error={deletion.isError ? (serverMessage(deletion.error) ?? 'error.generic') : undefined}
        onConfirm={() => removal && confirmRemoval(removal)}
        onCancel={closeRemoval}
      />
    </Box>
  );
}
