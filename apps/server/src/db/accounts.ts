import { and, ne, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from './client';
import { users } from './schema';

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
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.status, 'withdrawn')))
    .limit(1);
  return rows[0] as SelectResultFields<Columns> | undefined;
}
