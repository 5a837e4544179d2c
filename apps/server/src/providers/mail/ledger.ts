import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { DAY_MS } from '@portal/shared/durations';
import type { Database, Transaction } from '../../db/client';
import { emailMessages, oneTimeSurveyUsers } from '../../db/schema';
import type { MailCategory } from '@portal/shared/mail/categories';
import { addressSuppressedSql, categoryLeftSql } from './study-mail-block';
import type { MailContent } from './templates/render';
import type { PaceRates } from './pacing/pace-rates';

/** A file sent with a message: a stored document, read again when the message is delivered. */
export interface MailAttachmentRef {
  filename: string;
  contentType: string;
  fileId: string;
}

/** What the ledger keeps until delivery: the message itself and the rules it is sent under. */
export interface MailPayload {
  content: MailContent;
  attachments?: MailAttachmentRef[];
  evenIfWithdrawn?: boolean;
}

/** A message claimed for one delivery attempt. */
export interface ClaimedMail {
  id: string;
  userId: string | null;
  recipient: string;
  template: string;
  language: string;
  payload: MailPayload;
  priority: number;
  category: MailCategory;
  attempts: number;
}

export const MAIL_PRIORITY = { security: 0, account: 1, bulk: 2 } as const;
export type MailPriority = keyof typeof MAIL_PRIORITY;

/** How long a claimed message is reserved for the process delivering it; then any process may try it again. */
const LEASE_MS = 5 * 60_000;

/** The messages of `m` due at `at`: queued ones whose attempt time has come, and ones whose last claim lapsed. */
const dueAt = (at: string) => sql`((m.status = 'queued' and m.next_attempt_at <= ${at}::timestamptz)
  or (m.status = 'sending' and m.lease_until <= ${at}::timestamptz))`;

const idsIn = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/**
 * Claims up to `limit` messages due for delivery for this process: queued ones whose attempt time has come, and
 * ones whose last claim lapsed (the process delivering them stopped); with `paceKey`, only that key's. One atomic
 * statement with SKIP LOCKED, so two processes never claim the same message.
 */
export async function claimDue(
  db: Pick<Database, 'execute'>,
  now: Date,
  filter: { ids?: string[]; priorities: number[]; limit: number; paceKey?: string },
): Promise<ClaimedMail[]> {
  if (filter.limit <= 0 || filter.priorities.length === 0) return [];
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const onlyIds = filter.ids ? sql`and m.id in ${idsIn(filter.ids)}` : sql``;
  const onlyKey = filter.paceKey === undefined ? sql`` : sql`and m.pace_key = ${filter.paceKey}`;
  const result = await db.execute(sql`
    update email_messages set status = 'sending', attempts = attempts + 1, lease_until = ${leaseUntil}::timestamptz,
      last_attempt_at = ${at}::timestamptz
    where id in (
      select m.id from email_messages m
      where ${dueAt(at)}
        and m.priority in (${sql.join(
          filter.priorities.map((p) => sql`${p}`),
          sql`, `,
        )})
        ${onlyIds}
        ${onlyKey}
      order by m.priority, m.next_attempt_at
      limit ${filter.limit}
      for update skip locked
    )
    returning id, user_id as "userId", recipient, template, language, payload, priority, category, attempts`);
  return (result as unknown as { rows: ClaimedMail[] }).rows;
}

/**
 * The pace keys with bulk mail due at `now` and room left in the minute `minute` (under `rates`), the key whose
 * mail has waited longest first, at most `limit`; with `ids`, only those messages' keys.
 */
export async function paceKeysDue(
  db: Pick<Database, 'execute'>,
  now: Date,
  pace: { minute: number; rates: PaceRates; limit: number; ids?: string[] },
): Promise<string[]> {
  const named = Object.entries(pace.rates.perKey);
  const rateOfKey =
    named.length === 0
      ? sql`${pace.rates.other}`
      : sql`coalesce((select r.rate from (values ${sql.join(
          named.map(([key, rate]) => sql`(${key}, ${rate}::int)`),
          sql`, `,
        )}) r(pace_key, rate) where r.pace_key = k.pace_key), ${pace.rates.other})`;
  const result = await db.execute(sql`
    select k.pace_key as "paceKey" from (
      select m.pace_key, min(m.next_attempt_at) as oldest from email_messages m
      where m.priority = ${MAIL_PRIORITY.bulk} and m.status in ('queued', 'sending') and ${dueAt(now.toISOString())}
        ${pace.ids ? sql`and m.id in ${idsIn(pace.ids)}` : sql``}
      group by m.pace_key
    ) k left join mail_pace p on p.pace_key = k.pace_key and p.minute = ${pace.minute}
    where coalesce(p.granted, 0) < ${rateOfKey}
    order by k.oldest, k.pace_key
    limit ${pace.limit}`);
  return (result as unknown as { rows: { paceKey: string }[] }).rows.map((row) => row.paceKey);
}

/**
 * Makes every claimed message due again at once. Only for a database no other process can use (the embedded
 * one, locked to this process): a claim found there at start was left by a process that was killed.
 */
export async function releaseClaims(db: Database, now: Date) {
  await db
    .update(emailMessages)
    .set({ status: 'queued', leaseUntil: null, nextAttemptAt: now })
    .where(eq(emailMessages.status, 'sending'));
}

type Outcome =
  | { status: 'sent'; smtpReply?: string }
  | { status: 'suppressed'; reason: string }
  | { status: 'failed'; error: string; smtpReply?: string; smtpCode?: number; recipientRefused: boolean }
  | { status: 'queued'; nextAttemptAt: Date; error: string; smtpReply?: string; smtpCode?: number };

/**
 * Records how an attempt ended, if this process still holds the claim it made (a lapsed claim taken over by
 * another process is that process's to record). A final state drops the payload with its links and codes, except
 * a failure, kept so an administrator can send it again: not when the address was refused (it cannot be sent
 * again), nor for a security message (a sign-in or signing code, a password reset), useless later and secret.
 */
export async function recordAttempt(db: Database, mail: ClaimedMail, now: Date, outcome: Outcome) {
  const final = outcome.status !== 'queued';
  const keepsPayload =
    outcome.status === 'failed' && !outcome.recipientRefused && mail.priority !== MAIL_PRIORITY.security;
  await db
    .update(emailMessages)
    .set({
      status: outcome.status,
      leaseUntil: null,
      ...(final
        ? { nextAttemptAt: null, ...(keepsPayload ? {} : { payload: null }) }
        : { nextAttemptAt: outcome.nextAttemptAt }),
      ...(outcome.status === 'sent' ? { sentAt: now, smtpReply: outcome.smtpReply ?? null, error: null } : {}),
      ...(outcome.status === 'suppressed' ? { suppressedReason: outcome.reason } : {}),
      ...(outcome.status === 'failed' || outcome.status === 'queued'
        ? { error: outcome.error, smtpReply: outcome.smtpReply ?? null, smtpCode: outcome.smtpCode ?? null }
        : {}),
      ...(outcome.status === 'failed' ? { recipientRefused: outcome.recipientRefused } : {}),
    })
    .where(
      and(
        eq(emailMessages.id, mail.id),
        eq(emailMessages.status, 'sending'),
        eq(emailMessages.attempts, mail.attempts),
      ),
    );
}

/** How long a failed message keeps its content for an administrator to send it again. */
export const FAILED_PAYLOAD_DAYS = 7;

/** Drops the content of failed messages whose last attempt is more than `FAILED_PAYLOAD_DAYS` days before `now`. */
export async function purgeFailedPayloads(db: Pick<Database, 'update'>, now: Date) {
  const before = new Date(now.getTime() - FAILED_PAYLOAD_DAYS * DAY_MS);
  await db
    .update(emailMessages)
    .set({ payload: null })
    .where(
      and(
        eq(emailMessages.status, 'failed'),
        lt(emailMessages.lastAttemptAt, before),
        isNotNull(emailMessages.payload),
      ),
    );
}

/** Why a failed message cannot be sent again. */
export type RetryRefusal = 'notFound' | 'alreadyRetried' | 'bounced' | 'expired';

/**
 * Queues a copy of a failed message (same recipient, template, language, subject, priority and content) naming
 * it in `retry_of`, and drops the failed one's content: a message is sent again at most once. Inside the caller's
 * transaction, which holds the failed message's row until it ends.
 */
export async function queueRetry(
  tx: Transaction,
  id: string,
  at: { now: Date; transport: string },
): Promise<{ ok: true; id: string; template: string } | { ok: false; reason: RetryRefusal }> {
  const [failed] = await tx
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.id, id), eq(emailMessages.status, 'failed')))
    .for('update');
  if (!failed) return { ok: false, reason: 'notFound' };
  const [retried] = await tx.select({ id: emailMessages.id }).from(emailMessages).where(eq(emailMessages.retryOf, id));
  if (retried) return { ok: false, reason: 'alreadyRetried' };
  if (failed.recipientRefused) return { ok: false, reason: 'bounced' };
  if (failed.payload === null) return { ok: false, reason: 'expired' };
  const [row] = await tx
    .insert(emailMessages)
    .values({
      userId: failed.userId,
      recipient: failed.recipient,
      template: failed.template,
      language: failed.language,
      subject: failed.subject,
      priority: failed.priority,
      category: failed.category,
      paceKey: failed.paceKey,
      payload: failed.payload,
      transport: at.transport,
      status: 'queued',
      nextAttemptAt: at.now,
      createdAt: at.now,
      retryOf: id,
    })
    .returning({ id: emailMessages.id });
  await tx.update(emailMessages).set({ payload: null }).where(eq(emailMessages.id, id));
  // A one-time invitation is followed through the copy from now on, so its survey shows what became of the copy.
  await tx.update(oneTimeSurveyUsers).set({ emailId: row!.id }).where(eq(oneTimeSurveyUsers.emailId, id));
  return { ok: true, id: row!.id, template: failed.template };
}

/**
 * What decides whether a message of `category` may go to `recipient` (the user `userId`, if any): whether the
 * user withdrew, whether they take the spec's e-mail or newsletter preference the category falls under, whether
 * they left the category, and whether the address is on the suppression list. Account mail answers only the first.
 */
export async function findRecipientStanding(
  executor: Pick<Database, 'execute'>,
  to: { userId?: string | null; recipient: string; category: MailCategory },
) {
  if (to.category === 'account') {
    if (!to.userId) return undefined;
    const result = await executor.execute(sql`select status from users where id = ${to.userId}::uuid`);
    const [row] = (result as unknown as { rows: { status: string }[] }).rows;
    return row && { status: row.status, subscribed: true, unsubscribed: false, addressSuppressed: false };
  }
  const category = to.category;
  const result = await executor.execute(sql`
    select u.status,
      ${category === 'news' ? sql`u.newsletter_subscription` : sql`u.email_subscription`} as subscribed,
      ${categoryLeftSql(sql`u.id`, category)} as unsubscribed,
      ${addressSuppressedSql(sql`${to.recipient}`)} as "addressSuppressed"
    from (select 1) one left join users u on u.id = ${to.userId ?? null}::uuid`);
  const [row] = (
    result as unknown as {
      rows: { status: string | null; subscribed: boolean | null; unsubscribed: boolean; addressSuppressed: boolean }[];
    }
  ).rows;
  return {
    status: row?.status ?? null,
    subscribed: row?.subscribed ?? true,
    unsubscribed: row?.unsubscribed ?? false,
    addressSuppressed: row?.addressSuppressed ?? false,
  };
}

/** Writes one message to the ledger, in the caller's transaction or on its own; answers its id. */
export async function insertMessage(executor: Pick<Database, 'insert'>, values: typeof emailMessages.$inferInsert) {
  const [row] = await executor.insert(emailMessages).values(values).returning({ id: emailMessages.id });
  return row!.id;
}
