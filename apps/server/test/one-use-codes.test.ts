import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { oneUseCodes } from '../src/db/one-use-codes';
import { loginChallenges, registrationTokens, signingCodes, users } from '../src/db/schema';
import { describeEachDatabase, useTestDatabase, type TestDatabaseTarget } from './helpers';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const LATER = new Date('2026-03-01T12:05:00.000Z');
const EXPIRY = new Date('2026-03-01T12:10:00.000Z');

const loginCodes = oneUseCodes(loginChallenges, { key: loginChallenges.attemptHash });
const signing = oneUseCodes(signingCodes);
const links = oneUseCodes(registrationTokens, { key: registrationTokens.tokenHash });

function useUser(target: TestDatabaseTarget) {
  const database = useTestDatabase(target);
  let count = 0;
  return async () => {
    const { db } = database();
    count += 1;
    const [row] = await db
      .insert(users)
      .values({
        email: `holder-${count}@example.org`,
        passwordHash: 'not-a-real-hash',
        role: 'patient',
        status: 'active',
        firstName: 'Code',
        lastName: 'Holder',
      })
      .returning({ id: users.id });
    return { db, userId: row!.id };
  };
}

// Both databases: which of several uses at once is taken is decided by the database's locks.
describeEachDatabase('one-use codes and links', (target) => {
  const newUser = useUser(target);

  it('keeps only the newest code of a user open, and uses it once', async () => {
    const { db, userId } = await newUser();
    await signing.issue(db, { userId, codeHash: 'a'.repeat(64), expiresAt: EXPIRY }, NOW);
    const first = await signing.findOpen(db, { userId });
    await signing.issue(db, { userId, codeHash: 'b'.repeat(64), expiresAt: EXPIRY }, LATER);
    const newest = await signing.findOpen(db, { userId });
    expect(newest?.codeHash).toBe('b'.repeat(64));
    expect(await signing.use(db, { id: first!.id }, LATER)).toBe(false);
    expect(await signing.use(db, { id: newest!.id }, LATER)).toBe(true);
    expect(await signing.use(db, { id: newest!.id }, LATER)).toBe(false);
    expect(await signing.findOpen(db, { userId })).toBeUndefined();
  });

  it('lets exactly one of five uses of one code at once succeed', async () => {
    const { db, userId } = await newUser();
    await loginCodes.issue(
      db,
      { userId, attemptHash: 'c'.repeat(64), codeHash: 'd'.repeat(64), expiresAt: EXPIRY },
      NOW,
    );
    const open = await loginCodes.findOpen(db, { key: 'c'.repeat(64) });
    const uses = await Promise.all([1, 2, 3, 4, 5].map(() => loginCodes.use(db, { id: open!.id }, LATER)));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it('finds an expired code, so the caller can say so, but never uses it', async () => {
    const { db, userId } = await newUser();
    await loginCodes.issue(
      db,
      { userId, attemptHash: 'e'.repeat(64), codeHash: 'f'.repeat(64), expiresAt: EXPIRY },
      NOW,
    );
    const open = await loginCodes.findOpen(db, { key: 'e'.repeat(64) });
    expect(open?.expiresAt).toEqual(EXPIRY);
    expect(await loginCodes.use(db, { id: open!.id }, EXPIRY)).toBe(false);
    await loginCodes.end(db, { id: open!.id }, EXPIRY);
    expect(await loginCodes.findOpen(db, { key: 'e'.repeat(64) })).toBeUndefined();
  });

  it('withdraws the open links of a user when a new one is sent, and uses a link only with its own account', async () => {
    const { db, userId } = await newUser();
    const other = await newUser();
    await links.issue(db, { userId, tokenHash: '1'.repeat(64), expiresAt: EXPIRY }, NOW);
    await links.issue(db, { userId, tokenHash: '2'.repeat(64), expiresAt: EXPIRY }, LATER);
    const [withdrawn] = await db
      .select()
      .from(registrationTokens)
      .where(eq(registrationTokens.tokenHash, '1'.repeat(64)));
    expect(withdrawn).toMatchObject({ revokedAt: LATER, usedAt: null });
    expect(await links.use(db, { userId, key: '1'.repeat(64) }, LATER)).toBe(false);
    expect(await links.use(db, { userId: other.userId, key: '2'.repeat(64) }, LATER)).toBe(false);
    expect(await links.use(db, { userId, key: '2'.repeat(64) }, LATER)).toBe(true);
    expect(await links.use(db, { userId, key: '2'.repeat(64) }, LATER)).toBe(false);
  });
});
