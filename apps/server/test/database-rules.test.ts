import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { databaseError, describeEachDatabase, useTestDatabase } from './helpers';

const UNIQUE_VIOLATION = '23505';

function user(email: string, status: 'pending' | 'active' | 'withdrawn') {
  return { email, status, passwordHash: 'not-a-real-hash', role: 'patient', firstName: 'Test', lastName: 'Person' };
}

// Both databases: the rules are the database's own (constraints, triggers, grants).
describeEachDatabase('database rules', (target) => {
  const database = useTestDatabase(target);

  it('accepts new audit rows but refuses to update or delete them', async () => {
    const { db } = database();
    const [row] = await db
      .insert(auditLog)
      .values({
        at: new Date('2026-03-01T12:00:00Z'),
        action: 'consent.signed',
        details: { version: 1 },
        ip: '192.0.2.1',
      })
      .returning();
    expect(row).toMatchObject({ action: 'consent.signed', details: { version: 1 } });
    const id = row?.id ?? '';

    const update = await databaseError(
      db.update(auditLog).set({ action: 'consent.forged' }).where(eq(auditLog.id, id)),
    );
    expect(update.message).toContain('audit_log is append-only');
    const remove = await databaseError(db.delete(auditLog).where(eq(auditLog.id, id)));
    expect(remove.message).toContain('audit_log is append-only');
    const removeAll = await databaseError(db.execute(sql`delete from audit_log`));
    expect(removeAll.message).toContain('audit_log is append-only');
    const truncate = await databaseError(db.execute(sql`truncate table audit_log`));
    expect(truncate.message).toContain('audit_log is append-only');

    const rows = await db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, action: 'consent.signed' });
  });

  it('refuses two live accounts whose e-mails differ only by case', async () => {
    const { db } = database();
    await db.insert(users).values(user('Case.Test@Example.org', 'active'));
    const duplicate = await databaseError(db.insert(users).values(user('case.test@example.ORG', 'active')));
    expect(duplicate.code).toBe(UNIQUE_VIOLATION);
    const pending = await databaseError(db.insert(users).values(user('CASE.TEST@EXAMPLE.ORG', 'pending')));
    expect(pending.code).toBe(UNIQUE_VIOLATION);
  });

  it('lets a withdrawn account not block a new live one with the same e-mail', async () => {
    const { db } = database();
    await db.insert(users).values(user('again@example.org', 'withdrawn'));
    await db.insert(users).values(user('Again@example.org', 'withdrawn'));
    await db.insert(users).values(user('AGAIN@example.org', 'active'));
    const rows = await db
      .select({ status: users.status })
      .from(users)
      .where(sql`lower(${users.email}) = 'again@example.org'`);
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'withdrawn', 'withdrawn']);

    // Withdrawing the live one makes room for yet another.
    await db.update(users).set({ status: 'withdrawn' }).where(eq(users.email, 'AGAIN@example.org'));
    await db.insert(users).values(user('again@example.org', 'pending'));
  });
});
