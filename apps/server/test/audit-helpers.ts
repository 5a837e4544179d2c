import { eq } from 'drizzle-orm';
import { recordAudit, type AuditEntry } from '../src/db/audit';
import { users } from '../src/db/schema';
import type { TestApp } from './helpers';
import type { AdminCall } from './settings-helpers';
import { dataOf } from './settings-helpers';

export const SEARCH = '/audit/log';
export const EXPORT = '/audit/log/export';
export const timelineOf = (userId: string) => `/audit/participants/${userId}/timeline`;

/** A user written straight to the database (a search needs only the address and the ID). */
export async function auditUser(t: TestApp, email: string, role: 'patient' | 'admin' = 'patient') {
  const [user] = await t.db
    .insert(users)
    .values({ email, passwordHash: 'not-a-password', role, status: 'active', firstName: 'Ana', lastName: 'Ruiz' })
    .returning({ id: users.id });
  return user!.id;
}

export async function userIdOf(t: TestApp, email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

/** Audit records written as the services write them, at the instants given. */
export async function writeAudit(t: TestApp, entries: (Omit<AuditEntry, 'at'> & { at: string })[]) {
  for (const entry of entries) await recordAudit(t.db, { ...entry, at: new Date(entry.at) });
}

export interface AuditPage {
  content: { id: string; at: string; action: string; actorEmail: string | null; subjectEmail: string | null }[];
  totalElements: number;
  moreThanTotal: boolean;
  page: number;
  size: number;
}

/** A search's page, after checking it succeeded. */
export const searchAudit = (admin: AdminCall, body: object, query = '') =>
  dataOf<AuditPage>(admin('POST', `${SEARCH}${query}`, { payload: body }));
