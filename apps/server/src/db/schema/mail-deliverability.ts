// What makes bulk mail arrive: the categories participants left, addresses that bounced or complained, the
// provider events already taken in, and the pace each recipient domain is sent at.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { LEAVABLE_MAIL_CATEGORIES } from '@portal/shared/mail/categories';
import { users } from './accounts';
import { createdAt } from './columns';

const leavableList = sql.raw(LEAVABLE_MAIL_CATEGORIES.map((c) => `'${c}'`).join(', '));

/**
 * A participant's latest choice for one category of e-mail: `subscribed` false once they left it (in Account
 * Settings or with an e-mail's unsubscribe link), true again once they rejoined. No row: subscribed. An unsubscribe
 * link issued before the latest rejoin no longer counts.
 */
export const mailCategoryChoices = pgTable(
  'mail_category_choices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    category: varchar('category', { length: 16 }).notNull(),
    subscribed: boolean('subscribed').notNull(),
    /** settings (Account Settings), link (the page an e-mail links to) or oneClick (RFC 8058, by the mail app). */
    source: varchar('source', { length: 16 }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category] }),
    check('mail_category_choices_category_check', sql`${t.category} in (${leavableList})`),
    check('mail_category_choices_source_check', sql`${t.source} in ('settings', 'link', 'oneClick')`),
  ],
);

/**
 * Addresses no mail but account and security mail goes to: a hard bounce or a complaint reported by the mail
 * provider. One entry in force per address; an administrator may lift it (kept, with who and when).
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 320 }).notNull(),
    /** bounce or complaint. */
    reason: varchar('reason', { length: 16 }).notNull(),
    /** sendgrid or ses. */
    provider: varchar('provider', { length: 16 }).notNull(),
    /** What the provider said (a bounce's status code and type), never the message itself. */
    detail: text('detail'),
    createdAt: createdAt(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: uuid('lifted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('mail_suppressions_in_force')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.liftedAt} is null`),
    index('mail_suppressions_created_idx').on(t.createdAt),
    check('mail_suppressions_reason_check', sql`${t.reason} in ('bounce', 'complaint')`),
    check('mail_suppressions_provider_check', sql`${t.provider} in ('sendgrid', 'ses')`),
  ],
);

/** Provider events already taken in, by the provider's own event id: one delivered twice is a replay. */
export const mailProviderEvents = pgTable(
  'mail_provider_events',
  {
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 200 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('mail_provider_events_received_idx').on(t.receivedAt),
  ],
);

/**
 * How many bulk messages each pace key was granted in one minute, across every server process: a process takes
 * its share here before it claims messages, so the rate per domain holds however many processes send.
 */
export const mailPace = pgTable(
  'mail_pace',
  {
    paceKey: varchar('pace_key', { length: 255 }).notNull(),
    /** Minutes since the epoch. */
    minute: bigint('minute', { mode: 'number' }).notNull(),
    granted: integer('granted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paceKey, t.minute] })],
);
