import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZReminderScheduleReply,
  type TReminderSchedule,
  type TReminderScheduleSave,
  type TReminderType,
  DELETE_SETTINGS_REMINDER,
  GET_SETTINGS_REMINDER,
  POST_SETTINGS_REMINDER,
} from '@portal/shared/settings/reminders';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { refreshSettingChanges } from './setting-changes-api';

const reminderScheduleKey = (type: TReminderType) => ['reminder-schedule', type];
const schedulePath = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/** `GET /settings/reminder?type=`: one type's schedule, ordered by day, with its version. */
export function useReminderSchedule(type: TReminderType) {
  return useQuery({
    queryKey: reminderScheduleKey(type),
    queryFn: async () =>
      (await authorizedRequest(schedulePath(GET_SETTINGS_REMINDER.path, { type }), ZReminderScheduleReply)).data!,
  });
}

/** `POST /settings/reminder?type=`: replaces the type's whole schedule (the reply is the schedule saved). */
export function useSaveReminderSchedule(type: TReminderType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TReminderScheduleSave) =>
      (
        await authorizedRequest(
          schedulePath(POST_SETTINGS_REMINDER.path, { type }),
          ZReminderScheduleReply,
          jsonRequest(POST_SETTINGS_REMINDER.method, body),
        )
      ).data!,
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
      (
        await authorizedRequest(
          schedulePath(DELETE_SETTINGS_REMINDER.path, { type, id, version }),
          ZReminderScheduleReply,
          jsonRequest(DELETE_SETTINGS_REMINDER.method),
        )
      ).data!,
    onSuccess: (schedule: TReminderSchedule) => {
      client.setQueryData(reminderScheduleKey(type), schedule);
      void refreshSettingChanges(client, `reminder.${type}`);
    },
  });
}
