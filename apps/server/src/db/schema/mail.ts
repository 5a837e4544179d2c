// E-mails sent and reminders dispatched.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { MAIL_CATEGORIES } from '@portal/shared/mail/categories';
import { users } from './accounts';
import { createdAt } from './columns';

const categoryList = sql.raw(MAIL_CATEGORIES.map((c) => `'${c}'`).join(', '));

/**
 * The e-mail delivery ledger: every message the portal sends, written in the transaction of the change that
 * caused it and delivered from here by the scheduler, with retries. `payload` (what the message says, which may
 * carry a live link or code) is kept only until the message is sent or suppressed; a finally failed message keeps
 * it for 7 days (never a security message, nor one whose address was refused), so an administrator can send it
 * again once, then loses it.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    recipient: varchar('recipient', { length: 320 }).notNull(),
    template: varchar('template', { length: 64 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    transport: varchar('transport', { length: 16 }).notNull(),
    /** queued, sending (claimed by one process until lease_until), sent, failed or suppressed. */
    status: varchar('status', { length: 16 }).notNull(),
    /** 0: sign-in code or password reset, sent even during downtime; 1: other account and consent mail; 2: bulk. */
    priority: smallint('priority').notNull().default(1),
    /** account (always sent), reminders, invitations or news: the last three a participant may leave. */
    category: varchar('category', { length: 16 }).notNull().default('account'),
    /**
     * The recipient's mail provider (`microsoft`, `yahoo`, `google`) or, for any other, the address's domain: bulk
     * mail leaves at a pace kept per key, shared by every server process.
     */
    paceKey: varchar('pace_key', { length: 255 }).notNull().default(''),
    payload: jsonb('payload'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The last reply of the SMTP server (or the connection error), and its reply code when there was one. */
    error: text('error'),
    smtpReply: text('smtp_reply'),
    smtpCode: integer('smtp_code'),
    /** The mail server refused the recipient for good (a 5xx reply to RCPT TO): later reminders skip the address. */
    recipientRefused: boolean('recipient_refused').notNull().default(false),
    /**
     * Why a suppressed message was not sent: withdrawn, emailsOff, unsubscribed (the participant left its
     * category), addressSuppressed (the address bounced or complained) or alreadyDone.
     */
    suppressedReason: varchar('suppressed_reason', { length: 32 }),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the mail provider reported the message delivered to the recipient's mailbox. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** A failed message sent again by an administrator: the new message names the one it repeats. */
    retryOf: uuid('retry_of').references((): AnyPgColumn => emailMessages.id),
  },
  (t) => [
    index('email_messages_template_idx').on(t.template, t.createdAt),
    // Email Analytics: the messages of a date range, and the latest failures.
    index('email_messages_created_idx').on(t.createdAt),
    index('email_messages_failed_idx')
      .on(t.lastAttemptAt)
      .where(sql`${t.status} = 'failed'`),
    uniqueIndex('email_messages_retry_once').on(t.retryOf),
    index('email_messages_recipient_idx').on(sql`lower(${t.recipient})`, t.createdAt),
    index('email_messages_due_idx')
      .on(t.priority, t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    // Bulk mail waiting, by pace key: what each key may send now, and the backlog Emails Insight shows.
    index('email_messages_bulk_due_idx')
      .on(t.paceKey, t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending') and ${t.priority} = 2`),
    check('email_messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'suppressed')`),
    check('email_messages_transport_check', sql`${t.transport} in ('smtp', 'outbox')`),
    check('email_messages_priority_check', sql`${t.priority} between 0 and 2`),
    check('email_messages_category_check', sql`${t.category} in (${categoryList})`),
    // A failed message keeps its content for a while, so an administrator can send it again; see the mailer.
    check('email_messages_payload_check', sql`${t.payload} is null or ${t.status} in ('queued', 'sending', 'failed')`),
  ],
);

/**
 * Every reminder that fell due: sent (its e-mail) or not, and why not. One row per person, reminder type, survey
 * round (0 outside surveys) and configured day, so a reminder can never go twice.
 */
export const reminderDispatches = pgTable(
  'reminder_dispatches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: varchar('type', { length: 32 }).notNull(),
    roundNumber: integer('round_number').notNull().default(0),
    days: integer('days').notNull(),
    emailId: uuid('email_id').references(() => emailMessages.id),
    /**
     * withdrawn, emailsOff, unsubscribed (left reminders), addressRefused, addressSuppressed (on the suppression
     * list) or superseded (a later day fell due at the same time).
     */
    skippedReason: varchar('skipped_reason', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reminder_dispatches_once').on(t.userId, t.type, t.roundNumber, t.days),
    check('reminder_dispatches_type_check', sql`${t.type} in ('ACCOUNT_ACTIVATION', 'ICF', 'SURVEY')`),
    check('reminder_dispatches_outcome_check', sql`(${t.emailId} is null) <> (${t.skippedReason} is null)`),
  ],
);
