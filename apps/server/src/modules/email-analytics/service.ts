import type { Page } from '@portal/shared/api/paging';
import type { TDateRange } from '@portal/shared/api/date-range';
import {
  EMAIL_RETRY_MESSAGES as M,
  type TEmailFailure,
  type TEmailFailuresQuery,
  type TRetryState,
} from '@portal/shared/email-analytics/email-failures';
import { FOLLOW_UP_KINDS, type TEmailCounts, type TEmailSummary } from '@portal/shared/email-analytics/email-summary';
import type { Database } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { isUniqueViolation } from '../../db/unique-violation';
import { refused, type Outcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import type { Mailer } from '../../providers/mail/mailer';
import { countFollowUps, countMessages, listFailures, type MessageCountRow } from './repository';
import { countNotSent } from './not-sent-repository';
import type { SendHours } from '../../lib/study-time';
import { mailBacklog } from './backlog';

const COUNT_KEYS = ['sent', 'failed', 'bounced', 'suppressed', 'queued'] as const;
const noCounts = (): TEmailCounts => ({ sent: 0, failed: 0, bounced: 0, suppressed: 0, queued: 0 });

/** `part` of `whole` as a percentage with one decimal; null when there is no whole. */
const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The share of the messages that reached the mail server of those that were tried: sent / (sent + failed + bounced). */
const deliveryRate = (c: TEmailCounts) => percent(c.sent, c.sent + c.failed + c.bounced);

const addTo = (sum: TEmailCounts, row: TEmailCounts) => {
  for (const key of COUNT_KEYS) sum[key] += row[key];
  return sum;
};

/** The rows' counts added up under the key each row gives, in the keys' order. */
function sumBy(rows: MessageCountRow[], keyOf: (row: MessageCountRow) => string) {
  const groups = new Map<string, TEmailCounts>();
  for (const row of rows) groups.set(keyOf(row), addTo(groups.get(keyOf(row)) ?? noCounts(), row));
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Emails Insight: whether e-mails reach people (by day, template and language, over a range of the study's
 * calendar), what the reminders and invitations led to, and the messages that failed, which an administrator can
 * send again once.
 */
export function createEmailAnalyticsService({
  db,
  clock,
  timeZone,
  sendHours,
  mailer,
}: {
  db: Database;
  clock: Clock;
  /** The study's time zone, whose calendar days the range and the figures count in. */
  timeZone: string;
  /** The hours of the study's day in which bulk mail leaves. */
  sendHours: SendHours;
  mailer: Pick<Mailer, 'queueRetry' | 'deliverNow' | 'backlog'>;
}) {
  return {
    /** `GET /email-analytics/summary`: the dashboard's figures; each message counts on the day it was created. */
    async summary(range: TDateRange): Promise<TEmailSummary> {
      const [rows, followUps, notSent] = await Promise.all([
        countMessages(db, range, timeZone),
        countFollowUps(db, range, timeZone),
        countNotSent(db, range, timeZone),
      ]);
      const totals = rows.reduce(addTo, noCounts());
      return {
        timeZone,
        totals: { ...totals, deliveryRate: deliveryRate(totals) },
        days: sumBy(rows, (row) => row.date).map(([date, counts]) => ({ date, ...counts })),
        templates: sumBy(rows, (row) => row.template).map(([template, counts]) => ({ template, ...counts })),
        languages: sumBy(rows, (row) => row.language).map(([language, counts]) => ({ language, ...counts })),
        followUps: FOLLOW_UP_KINDS.map((kind) => {
          const found = followUps.find((row) => row.kind === kind) ?? { sent: 0, followed: 0 };
          return { kind, sent: found.sent, followed: found.followed, rate: percent(found.followed, found.sent) };
        }),
        notSent,
      };
    },

    /** `GET /email-analytics/backlog`: the bulk mail waiting to go out, and when it should clear. */
    backlog: () => mailBacklog({ mailer, now: clock.now(), timeZone, sendHours }),

    /** `GET /email-analytics/failures`: one page of the messages of the range that failed for good. */
    async listFailures(query: TEmailFailuresQuery): Promise<Page<TEmailFailure>> {
      const { rows, total } = await listFailures(db, query, timeZone);
      return {
        content: rows.map(({ createdAt, lastAttemptAt, retry, reply, ...row }) => ({
          ...row,
          lastAttemptAt: (lastAttemptAt ?? createdAt).toISOString(),
          reply: reply ?? null,
          retry: retry as TRetryState,
        })),
        totalElements: total,
        page: query.page,
        size: query.size,
      };
    },

    /** `POST /email-analytics/failures/:id/retry`: queues a copy of a failed message, once, and sends it. */
    async retry(adminId: string, emailId: string, context: RequestContext): Promise<Outcome> {
      const now = clock.now();
      let queued;
      try {
        queued = await db.transaction(async (tx) => {
          const result = await mailer.queueRetry(tx, emailId);
          if (result.ok) {
            await recordAudit(tx, {
              at: now,
              action: 'email.retried',
              actorId: adminId,
              details: { emailId, template: result.template },
              ip: context.ip,
            });
          }
          return result;
        });
      } catch (error) {
        // Another administrator sent the same message again at the same moment.
        if (isUniqueViolation(error)) return refused(409, M.alreadyRetried);
        throw error;
      }
      if (!queued.ok) return refused(queued.reason === 'notFound' ? 404 : 409, M[queued.reason]);
      mailer.deliverNow([queued.id]);
      return { ok: true, message: M.queued };
    },
  };
}
export type EmailAnalyticsService = ReturnType<typeof createEmailAnalyticsService>;
