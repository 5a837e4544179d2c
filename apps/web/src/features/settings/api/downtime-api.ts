import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDowntimeReply, type TDowntimeUpdate, POST_DOWNTIME } from '@portal/shared/settings/downtime';
import { authorizedRequest, jsonRequest } from '../../../lib/api-client';
import { refreshSettingChanges } from './setting-changes-api';

/**
 * `POST /downtime` (administrators): saves the window and the banner's messages, then loads the change
 * history again. The stored settings are read with the banner's own `useDowntime`.
 */
export function useSaveDowntime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TDowntimeUpdate) =>
      (await authorizedRequest(POST_DOWNTIME.path, ZDowntimeReply, jsonRequest(POST_DOWNTIME.method, body))).data!,
    onSuccess: () => refreshSettingChanges(client, 'downtime'),
  });
}
