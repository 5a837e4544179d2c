import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Runs the smallest query there is: it answers once the database is up and migrated. */
export async function pingDatabase(db: Pick<Database, 'execute'>) {
  await db.execute(sql`select 1`);
}
