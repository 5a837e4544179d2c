import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { onePage } from '../../../db/paging';
import { healthSystemApiKeys, healthSystems, users } from '../../../db/schema';

const creator = alias(users, 'creator');
const keyColumns = {
  id: healthSystemApiKeys.id,
  healthSystem: healthSystemApiKeys.healthSystem,
  healthSystemName: healthSystems.name,
  label: healthSystemApiKeys.label,
  keyPrefix: healthSystemApiKeys.keyPrefix,
  createdAt: healthSystemApiKeys.createdAt,
  createdBy: creator.email,
  lastUsedAt: healthSystemApiKeys.lastUsedAt,
  revokedAt: healthSystemApiKeys.revokedAt,
};

/** One page of keys: the active ones first, then the newest; with the health system's name and the issuer's e-mail. */
export async function listApiKeys(db: Executor, page: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select(keyColumns)
        .from(healthSystemApiKeys)
        .innerJoin(healthSystems, eq(healthSystems.databaseValue, healthSystemApiKeys.healthSystem))
        .innerJoin(creator, eq(creator.id, healthSystemApiKeys.createdBy))
        .orderBy(
          sql`${healthSystemApiKeys.revokedAt} is not null`,
          desc(healthSystemApiKeys.createdAt),
          desc(healthSystemApiKeys.id),
        )
        .$dynamic(),
      page,
    ),
    db.select({ total: count() }).from(healthSystemApiKeys),
  ]);
  return { rows, total: total?.total ?? 0 };
}
export type ApiKeyRow = Awaited<ReturnType<typeof listApiKeys>>['rows'][number];

/** The key with this id, as the list shows it. */
export async function findApiKey(db: Executor, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(keyColumns)
    .from(healthSystemApiKeys)
    .innerJoin(healthSystems, eq(healthSystems.databaseValue, healthSystemApiKeys.healthSystem))
    .innerJoin(creator, eq(creator.id, healthSystemApiKeys.createdBy))
    .where(eq(healthSystemApiKeys.id, id));
  return row;
}

/** The health system stored under this database value (`none` is not one). */
export async function findHealthSystem(db: Executor, databaseValue: string) {
  const [row] = await db
    .select({ databaseValue: healthSystems.databaseValue, name: healthSystems.name })
    .from(healthSystems)
    .where(eq(healthSystems.databaseValue, databaseValue));
  return row;
}

export async function insertApiKey(db: Executor, key: typeof healthSystemApiKeys.$inferInsert) {
  const [row] = await db.insert(healthSystemApiKeys).values(key).returning({ id: healthSystemApiKeys.id });
  return row!;
}

/** Revokes the key unless it already is; undefined when no active key has the id. */
export async function revokeApiKey(db: Executor, id: string, revokedBy: string, now: Date) {
  const [row] = await db
    .update(healthSystemApiKeys)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(healthSystemApiKeys.id, id), isNull(healthSystemApiKeys.revokedAt)))
    .returning({ id: healthSystemApiKeys.id, healthSystem: healthSystemApiKeys.healthSystem });
  return row;
}

/** The active (not revoked) key with this SHA-256. */
export async function findActiveKeyByHash(db: Executor, keyHash: string) {
  const [row] = await db
    .select({
      id: healthSystemApiKeys.id,
      healthSystem: healthSystemApiKeys.healthSystem,
      lastUsedAt: healthSystemApiKeys.lastUsedAt,
    })
    .from(healthSystemApiKeys)
    .where(and(eq(healthSystemApiKeys.keyHash, keyHash), isNull(healthSystemApiKeys.revokedAt)));
  return row;
}

/** Sets when the key was last used, unless it was set after `staleBefore` (by this call or a concurrent one). */
export async function touchApiKey(db: Executor, id: string, now: Date, staleBefore: Date) {
  await db
    .update(healthSystemApiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(healthSystemApiKeys.id, id),
        or(isNull(healthSystemApiKeys.lastUsedAt), lt(healthSystemApiKeys.lastUsedAt, staleBefore)),
      ),
    );
}
