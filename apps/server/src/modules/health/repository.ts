import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Runs the smallest query there is: it answers once the database is up and migrated. */
export async function pingDatabase(db: Pick<Database, 'execute'>) {
  await db.execute(sql`select 1`);
}

/** Whether the database answers a ping within `timeoutMs`; a failed ping answers false at once. */
export async function databaseAnswersWithin(db: Pick<Database, 'execute'>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      pingDatabase(db).then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
