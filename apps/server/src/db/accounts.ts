import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from './client';
import { users } from './schema';

/**
 * The condition of the live (not withdrawn) account of an address, compared without case: `lowerEmail` is the
 * address in lower case, or a prepared statement's placeholder filled with it. 'withdrawn' is a literal, not a
 * parameter, so that a generic plan of a prepared statement still uses the index of live addresses.
 */
export const isLiveAccountOf = (lowerEmail: string | Placeholder): SQL =>
  sql`lower(${users.email}) = ${lowerEmail} and ${users.status} <> 'withdrawn'`;

/**
 * The live (not withdrawn) account of an address, compared without case, with the columns the caller asks
 * for. An address has at most one live account; a withdrawn participant may register it again.
 */
export async function findLiveAccountByEmail<Columns extends SelectedFields>(
  db: Pick<Database, 'select'>,
  email: string,
  columns: Columns,
): Promise<SelectResultFields<Columns> | undefined> {
  const rows = await db
    .select(columns as SelectedFields)
    .from(users)
    .where(isLiveAccountOf(email.toLowerCase()))
    .limit(1);
  return rows[0] as SelectResultFields<Columns> | undefined;
}
