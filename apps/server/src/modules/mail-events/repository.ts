import { sql } from 'drizzle-orm';
import type { TSuppression, TSuppressionsQuery } from '@portal/shared/email-analytics/suppressions';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { MailEventEffect, ProviderEvent } from './events';

/** Provider event ids kept this long: longer than any replay window and any provider's retries (SendGrid: 72 h). */
const EVENT_IDS_KEPT_DAYS = 7;

/** Drops the event ids older than the days kept; once per request, before its events are recorded. */
export async function forgetOldEvents(tx: Executor, now: Date) {
  await tx.execute(sql`delete from mail_provider_events
    where received_at < ${now.toISOString()}::timestamptz - make_interval(days => ${EVENT_IDS_KEPT_DAYS})`);
}

/** Whether a provider's event id was taken in already (a replay, or the provider's retry). */
export async function eventSeen(db: Executor, event: Pick<ProviderEvent, 'provider' | 'eventId'>) {
  return (
    rowsOf(
      await db.execute(sql`select 1 from mail_provider_events
        where provider = ${event.provider} and event_id = ${event.eventId}`),
    ).length > 0
  );
}

/** Records a provider's event id once; answers whether it is new (false: a replay, which changes nothing). */
export async function recordEvent(tx: Executor, event: ProviderEvent, now: Date): Promise<boolean> {
  const inserted = await tx.execute(sql`insert into mail_provider_events (provider, event_id, received_at)
    values (${event.provider}, ${event.eventId}, ${now.toISOString()}::timestamptz)
    on conflict do nothing returning event_id`);
  return rowsOf(inserted).length === 1;
}

/** Applies one effect: a delivered message keeps its first delivery time; an address in force stays as it is. */
export async function applyEffect(
  tx: Executor,
  provider: ProviderEvent['provider'],
  effect: MailEventEffect,
  now: Date,
) {
  const at = now.toISOString();
  if (effect.kind === 'delivered') {
    await tx.execute(sql`update email_messages set delivered_at = ${at}::timestamptz
      where id = ${effect.emailId}::uuid and delivered_at is null`);
    return;
  }
  await tx.execute(sql`insert into mail_suppressions (email, reason, provider, detail, created_at)
    values (${effect.email}, ${effect.reason}, ${provider}, ${effect.detail || null}, ${at}::timestamptz)
    on conflict (lower(email)) where lifted_at is null do nothing`);
}

/** One page of the suppression entries in force, the newest (or oldest) first. */
export async function listSuppressions(db: Database, query: TSuppressionsQuery) {
  const direction = query.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    db.execute(sql`select id, email, reason, provider, detail, created_at as "createdAt"
      from mail_suppressions where lifted_at is null
      order by created_at ${direction}, id ${direction}
      limit ${query.size} offset ${query.page * query.size}`),
    db.execute(sql`select count(*)::int as total from mail_suppressions where lifted_at is null`),
  ]);
  return {
    rows: rowsOf<Omit<TSuppression, 'createdAt'> & { createdAt: Date | string }>(rows),
    total: rowsOf<{ total: number }>(count)[0]?.total ?? 0,
  };
}

/**
 * Lifts an entry in force: answers its reason and provider, `lifted` when it was lifted already, or `notFound`.
 */
export async function liftSuppression(tx: Executor, id: string, adminId: string, now: Date) {
  const lifted = rowsOf<{ reason: string; provider: string }>(
    await tx.execute(sql`update mail_suppressions set lifted_at = ${now.toISOString()}::timestamptz,
      lifted_by = ${adminId}::uuid
      where id = ${id}::uuid and lifted_at is null returning reason, provider`),
  );
  if (lifted[0]) return { ok: true as const, ...lifted[0] };
  const found = rowsOf(await tx.execute(sql`select 1 from mail_suppressions where id = ${id}::uuid`));
  return { ok: false as const, reason: found.length > 0 ? ('lifted' as const) : ('notFound' as const) };
}

/** Forgets an event id taken in, so that the provider's next try of it is taken in again. */
export async function forgetEvent(db: Executor, event: Pick<ProviderEvent, 'provider' | 'eventId'>) {
  await db.execute(sql`delete from mail_provider_events
    where provider = ${event.provider} and event_id = ${event.eventId}`);
}
