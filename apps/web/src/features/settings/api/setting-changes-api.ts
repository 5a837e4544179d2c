import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ZSettingChangesReply, type TSettingKey, GET_SETTINGS_CHANGES } from '@portal/shared/settings/setting-changes';
import { authorizedRequest } from '../../../lib/api-client';
import { pagingQuery, type PageRequest } from '../../../lib/paging';

const settingChangesKey = (setting: TSettingKey) => ['setting-changes', setting];

/** `GET /settings/changes`: one page of a setting's saved changes. */
export function useSettingChanges(setting: TSettingKey, request: PageRequest<'changedAt'>) {
  return useQuery({
    queryKey: [...settingChangesKey(setting), request.page, request.size, request.sort],
    queryFn: async () =>
      (
        await authorizedRequest(
          `${GET_SETTINGS_CHANGES.path}?setting=${encodeURIComponent(setting)}&${pagingQuery(request)}`,
          ZSettingChangesReply,
        )
      ).data!,
    placeholderData: keepPreviousData,
  });
}

/** Loads a setting's change history again, as an editor does once it has saved. */
export const refreshSettingChanges = (client: QueryClient, setting: TSettingKey) =>
  client.invalidateQueries({ queryKey: settingChangesKey(setting) });
