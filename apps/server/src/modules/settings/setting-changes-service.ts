import type { Page } from '@portal/shared/api/paging';
import type { TSettingChange, TSettingChangesQuery } from '@portal/shared/settings/setting-changes';
import type { Database } from '../../db/client';
import { listSettingChanges } from './setting-changes-repository';

/** The history of the System Options settings: who changed what, when, from what to what. */
export function createSettingChangesService({ db }: { db: Database }) {
  return {
    async listChanges(query: TSettingChangesQuery): Promise<Page<TSettingChange>> {
      const { rows, total } = await listSettingChanges(db, query);
      return {
        content: rows.map((row) => {
          const details = row.details as { before?: unknown; after?: unknown };
          return {
            id: row.id,
            setting: query.setting,
            changedAt: row.at.toISOString(),
            changedBy: row.changedBy ?? '',
            before: details.before ?? null,
            after: details.after ?? null,
          };
        }),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },
  };
}
export type SettingChangesService = ReturnType<typeof createSettingChangesService>;
