import type { Page } from '@portal/shared/api/paging';
import type { TSettingChange, TSettingChangesQuery } from '@portal/shared/settings/setting-changes';
import type { Database } from '../../../db/client';
import { EARLIER_SURVEY_PERIOD_CHANGE, listSettingChanges } from './repository';

/** A change's value before and after; an earlier survey period change kept only the days, as `from` and `to`. */
function beforeAndAfter(action: string, details: unknown): { before: unknown; after: unknown } {
  const kept = (details ?? {}) as { before?: unknown; after?: unknown; from?: unknown; to?: unknown };
  if (action === EARLIER_SURVEY_PERIOD_CHANGE) return { before: { value: kept.from }, after: { value: kept.to } };
  return { before: kept.before ?? null, after: kept.after ?? null };
}

/** The history of the System Options settings: who changed what, when, from what to what. */
export function createSettingChangesService({ db }: { db: Database }) {
  return {
    async listChanges(query: TSettingChangesQuery): Promise<Page<TSettingChange>> {
      const { rows, total } = await listSettingChanges(db, query);
      return {
        content: rows.map((row) => ({
          id: row.id,
          setting: query.setting,
          changedAt: row.at.toISOString(),
          changedBy: row.changedBy ?? '',
          ...beforeAndAfter(row.action, row.details),
        })),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },
  };
}
export type SettingChangesService = ReturnType<typeof createSettingChangesService>;
