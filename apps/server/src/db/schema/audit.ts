// The append-only audit trail.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Append-only trail of consent-relevant changes; a trigger refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    action: varchar('action', { length: 64 }).notNull(),
    subjectId: uuid('subject_id'),
    details: jsonb('details').notNull().default({}),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectId, t.at),
    // The audit trail viewer: newest first, narrowed by actor or action.
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    // The change history of each System Options setting, newest first.
    index('audit_log_setting_changes_idx')
      .on(sql`(${t.details} ->> 'setting')`, t.at)
      .where(sql`${t.action} = 'setting.changed'`),
  ],
);
