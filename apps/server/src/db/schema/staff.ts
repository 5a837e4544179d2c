// Study staff: each member's role, the health systems a scoped role is limited to, and their invitations.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@portal/shared/staff/roles';
import { oneUseLinkColumns, users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { healthSystems } from './reference';

const roleList = sql.raw(STAFF_ROLES.map((role) => `'${role}'`).join(', '));

/** A staff member's role; the account itself (name, e-mail, password, status) is their `users` row. */
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    role: varchar('role', { length: 16 }).notNull(),
    /** Who invited them; null for the first study administrator, created at the first start. */
    invitedBy: uuid('invited_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('staff_members_role_check', sql`${t.role} in (${roleList})`)],
);

/** The health systems whose participants a scoped staff member may see; none for every other role. */
export const staffHealthSystems = pgTable(
  'staff_health_systems',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => staffMembers.userId),
    healthSystemId: uuid('health_system_id')
      .notNull()
      .references(() => healthSystems.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.healthSystemId] })],
);

/** One-use invitation links (7 days); only a SHA-256 of the token is kept. */
export const staffInvitations = pgTable('staff_invitations', oneUseLinkColumns(), (t) => [
  index('staff_invitations_user_idx').on(t.userId),
]);
