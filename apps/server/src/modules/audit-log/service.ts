import {
  AUDIT_COUNT_LIMIT,
  AUDIT_MESSAGES as M,
  type TAuditPage,
  type TAuditPageQuery,
  type TAuditSearch,
  type TTimeline,
  type TTimelineEntry,
} from '@portal/shared/audit-log/audit-log';
import type { Language } from '@portal/shared/constants';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { translate } from '../../lib/localize';
import { refused, type DataOutcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { ParticipantScope } from '../../security/participant-scope';
import { countRecords, listRecords, nextBatch, resolveUserIds, type AuditRow, type ResolvedSearch } from './repository';
import { csvFile } from '../../lib/csv-stream';
import { buildTimeline, historyWithoutAuditDetail, inLanguage, type TimelineParticipant } from './timeline';
import { findParticipant, findTimelineSources } from './timeline-repository';

/** Records an export reads at a time: the file streams out while the next batch is read. */
const EXPORT_BATCH = 500;
export const AUDIT_CSV_HEADER = ['at', 'actor', 'actorId', 'action', 'participant', 'participantId', 'ip', 'details'];

const toRecord = (row: AuditRow) => ({
  ...row,
  at: row.at.toISOString(),
  details: (row.details ?? {}) as Record<string, unknown>,
});

/**
 * The Audit Log tab: the trail searched by participant, actor, action and days, a page at a time or whole as
 * CSV (the export leaves a record of its own), and one participant's history on one page.
 */
export function createAuditLogService({ db, clock, timeZone }: { db: Database; clock: Clock; timeZone: string }) {
  async function resolve(search: TAuditSearch): Promise<ResolvedSearch> {
    const [participantIds, actorIds] = await Promise.all([
      resolveUserIds(db, search.participant),
      resolveUserIds(db, search.actor),
    ]);
    return { from: search.from, to: search.to, timeZone, action: search.action, participantIds, actorIds };
  }

  return {
    /** One page, newest first; the count stops past the limit, and so does paging. */
    async search(search: TAuditSearch, page: TAuditPageQuery): Promise<DataOutcome<TAuditPage>> {
      if ((page.page + 1) * page.size > AUDIT_COUNT_LIMIT) return refused(400, M.pageBeyondLimit);
      const resolved = await resolve(search);
      const [rows, counted] = await Promise.all([
        listRecords(db, resolved, page),
        countRecords(db, resolved, AUDIT_COUNT_LIMIT),
      ]);
      return {
        ok: true,
        data: {
          content: rows.map(toRecord),
          totalElements: Math.min(counted, AUDIT_COUNT_LIMIT),
          moreThanTotal: counted > AUDIT_COUNT_LIMIT,
          page: page.page,
          size: page.size,
        },
      };
    },

    /**
     * The CSV file's lines: a byte order mark and the header, then every record found, newest first, read in
     * batches as the file is sent. The export is recorded once written (the search with people as user IDs, how
     * many records, and whether the download was read to the end).
     */
    async exportCsv(staffId: string, search: TAuditSearch, context: RequestContext & { language: Language }) {
      const resolved = await resolve(search);
      const { participantIds, actorIds, action, from, to } = resolved;
      const system = translate(context.language, 'auditLog.system');
      // Newest first by (at, id): each batch starts after the last record of the one before, through the index.
      const batches = async function* () {
        let after: { at: Date; id: string } | undefined;
        for (;;) {
          const rows = await nextBatch(db, resolved, EXPORT_BATCH, after);
          if (rows.length > 0) yield rows;
          if (rows.length < EXPORT_BATCH) return;
          const last = rows[rows.length - 1]!;
          after = { at: last.at, id: last.id };
        }
      };
      const cellsOf = (row: AuditRow) => [
        row.at,
        row.actorEmail ?? (row.actorId ? '' : system),
        row.actorId,
        row.action,
        row.subjectEmail,
        row.subjectId,
        row.ip,
        JSON.stringify(row.details ?? {}),
      ];
      return csvFile(AUDIT_CSV_HEADER, batches(), cellsOf, (rowCount, complete) =>
        recordAudit(db, {
          at: clock.now(),
          action: 'auditLog.exported',
          actorId: staffId,
          details: {
            from,
            to,
            ...(action && { action }),
            ...(participantIds && { participantIds }),
            ...(actorIds && { actorIds }),
            rowCount,
            complete,
          },
          ip: context.ip,
        }),
      );
    },

    /**
     * A participant's history, oldest first, in a reader's language, for a view that has already found them in its
     * scope: the whole timeline, or (`full` false) without sign-in addresses and verification decisions.
     */
    async history(participant: TimelineParticipant, language: Language, full: boolean): Promise<TTimelineEntry[]> {
      const sources = await findTimelineSources(db, participant.id);
      const shown = full ? sources : historyWithoutAuditDetail(sources);
      return buildTimeline(participant, shown, inLanguage(translate, language));
    },

    /** A participant's history within the scope, oldest first, in the reader's language. */
    async timeline(scope: ParticipantScope, userId: string, language: Language): Promise<DataOutcome<TTimeline>> {
      const participant = await findParticipant(db, scope, userId);
      if (!participant) return refused(404, M.participantNotFound);
      const sources = await findTimelineSources(db, userId);
      return {
        ok: true,
        data: {
          participant: {
            id: participant.id,
            email: participant.email,
            name: `${participant.firstName} ${participant.lastName}`,
            status: participant.status,
          },
          entries: buildTimeline(participant, sources, inLanguage(translate, language)),
        },
      };
    },
  };
}
export type AuditLogService = ReturnType<typeof createAuditLogService>;
