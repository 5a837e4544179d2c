// The Messages page: every reminder, invitation and study notice a participant was sent, kept in the portal.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { emailMessages } from './mail';
import { healthSystems } from './reference';

/**
 * A notice study staff posted, in English and Spanish, to every participant or to one health system's.
 * `recipients` is how many participants it reached when it was posted.
 */
export const studyNotices = pgTable('study_notices', {
  id: uuid('id').primaryKey().defaultRandom(),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  titleSp: varchar('title_sp', { length: 200 }).notNull(),
  bodyEn: text('body_en').notNull(),
  bodySp: text('body_sp').notNull(),
  /** Null: every participant. */
  healthSystemId: uuid('health_system_id').references(() => healthSystems.id),
  postedBy: uuid('posted_by')
    .notNull()
    .references(() => users.id),
  recipients: integer('recipients').notNull(),
  createdAt: createdAt(),
});

/**
 * One message in a participant's inbox. `kind` says what it is (consentReminder, updatedConsentReminder,
 * surveyReminder, oneTimeInvitation, notice); `params` holds what its text needs (a closing date, a survey's
 * name and link), so the page shows it in the language the participant reads it in. `emailId` is the e-mail that
 * carried it, if one was queued.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 32 }).notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    noticeId: uuid('notice_id').references(() => studyNotices.id),
    emailId: uuid('email_id').references(() => emailMessages.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('inbox_messages_user_idx').on(t.userId, t.createdAt),
    index('inbox_messages_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // A notice's e-mails are queued in batches after it is posted, oldest first: the rows still waiting for theirs.
    index('inbox_messages_notice_mail_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.noticeId} is not null and ${t.emailId} is null`),
    check(
      'inbox_messages_kind_check',
      sql`${t.kind} in ('consentReminder', 'updatedConsentReminder', 'surveyReminder', 'oneTimeInvitation', 'notice')`,
    ),
    check('inbox_messages_notice_check', sql`(${t.kind} = 'notice') = (${t.noticeId} is not null)`),
  ],
);
