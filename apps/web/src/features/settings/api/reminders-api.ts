import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZReminderScheduleReply,
  type TReminderSchedule,
  type TReminderScheduleSave,
  type TReminderType,
} from '@portal/shared/settings/reminders';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { refreshSettingChanges } from './setting-changes-api';

const reminderScheduleKey = (type: TReminderType) => ['reminder-schedule', type];
const schedulePath = (query: Record<string, string>) => `/settings/reminder?${new URLSearchParams(query)}`;

/** `GET /settings/reminder?type=`: one type's schedule, ordered by day, with its version. */
export function useReminderSchedule(type: TReminderType) {
  return useQuery({
    queryKey: reminderScheduleKey(type),
    queryFn: async () => (await authorizedRequest(schedulePath({ type }), ZReminderScheduleReply)).data!,
  });
}

/** `POST /settings/reminder?type=`: replaces the type's whole schedule (the reply is the schedule saved). */
export function useSaveReminderSchedule(type: TReminderType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TReminderScheduleSave) =>
      (await authorizedRequest(schedulePath({ type }), ZReminderScheduleReply, jsonRequest('POST', body))).data!,
    onSuccess: (schedule: TReminderSchedule) => {
      client.setQueryData(reminderScheduleKey(type), schedule);
      void refreshSettingChanges(client, `reminder.${type}`);
    },
  });
}

/**
 * `DELETE /settings/reminder?type=&id=`: removes one saved reminder at once, refused when the schedule changed
 * since `version`. The schedule the server keeps then replaces the one loaded, and the history reloads.
 */
export function useDeleteReminder(type: TReminderType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version }: { id: string; version: string }) =>
      (await authorizedRequest(schedulePath({ type, id, version }), ZReminderScheduleReply, jsonRequest('DELETE')))
        .data!,
    onSuccess: (schedule: TReminderSchedule) => {
      client.setQueryData(reminderScheduleKey(type), schedule);
      void refreshSettingChanges(client, `reminder.${type}`);
    },
  });
}
