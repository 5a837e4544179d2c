import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

type Column<Data, NotNull extends boolean = true> = AnyPgColumn<{ data: Data; notNull: NotNull }>;

/** The columns every table of one-use secrets has: whose it is, until when it works, and when it was used. */
export type OneUseTable = PgTable & {
  id: Column<string>;
  userId: Column<string>;
  createdAt: Column<Date>;
  expiresAt: Column<Date>;
  usedAt: Column<Date, false>;
  /** Links have it: a newer link withdraws the older ones, which is not the same as using them. */
  revokedAt?: Column<Date, false>;
};

/** Which of a user's secrets a call means: one by its id, a user's newest, or the one a hash of its key names. */
export type WhichCode = { id: string } | { userId: string; key?: string } | { key: string };

/**
 * The life of e-mailed one-use secrets (sign-in and signing codes, activation and reset links): issuing one
 * ends the user's earlier open ones, so only the newest works; using one succeeds once, before it expires,
 * however many requests race for it, since the use is a single conditional update.
 */
export function oneUseCodes<T extends OneUseTable>(table: T, options: { key?: Column<string> } = {}) {
  const rows: OneUseTable = table;
  const open = rows.revokedAt ? and(isNull(rows.usedAt), isNull(rows.revokedAt)) : isNull(rows.usedAt);
  const ending = rows.revokedAt ? 'revokedAt' : 'usedAt';

  function matching(which: WhichCode): SQL | undefined {
    const keyHash = 'key' in which ? which.key : undefined;
    if (keyHash !== undefined && !options.key) throw new Error('this kind of code is not looked up by a key');
    return and(
      'id' in which ? eq(rows.id, which.id) : undefined,
      'userId' in which ? eq(rows.userId, which.userId) : undefined,
      keyHash !== undefined && options.key ? eq(options.key, keyHash) : undefined,
      open,
    );
  }

  /** Ends the open secrets a call means without using them (a newer one was sent, or it expired). */
  async function end(db: Executor, which: WhichCode, now: Date) {
    await db
      .update(rows)
      .set({ [ending]: now })
      .where(matching(which));
  }

  return {
    end,

    /** Stores a new secret of `values.userId`; the user's earlier open ones end. Run it in a transaction. */
    async issue(db: Executor, values: Omit<T['$inferInsert'], 'createdAt'> & { userId: string }, now: Date) {
      await end(db, { userId: values.userId }, now);
      await db.insert(rows).values({ ...values, createdAt: now });
    },

    /** The newest open secret a call means, expired or not, so the caller can say which. */
    async findOpen(db: Executor, which: WhichCode): Promise<T['$inferSelect'] | undefined> {
      const [row] = await db.select().from(rows).where(matching(which)).orderBy(desc(rows.createdAt)).limit(1);
      return row as T['$inferSelect'] | undefined;
    },

    /** Uses an open, unexpired secret; false when there is none (unknown, used, ended, expired, or a racing use won). */
    async use(db: Executor, which: WhichCode, now: Date): Promise<boolean> {
      const used = await db
        .update(rows)
        .set({ usedAt: now })
        .where(and(matching(which), gt(rows.expiresAt, now)))
        .returning({ id: rows.id });
      return used.length > 0;
    },
  };
}
