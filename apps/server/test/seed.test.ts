import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appSettings,
  healthSystemVerificationCounts,
  healthSystemVerifications,
  healthSystems,
  users,
} from '../src/db/schema';
import { DEMO_PATIENT } from '../src/db/seed-data';
import { seedDatabase } from '../src/db/seed';
import { fixedClock } from '../src/providers/clock/clock';
import { verifyPassword } from '../src/security/password-hash';
import { describeEachDatabase, resetDatabase, useTestDatabase } from './helpers';

const clock = fixedClock('2026-02-01T09:00:00.000Z');

// Both databases: migrations and seed run on each database.
describeEachDatabase('seed', (target) => {
  const database = useTestDatabase(target);

  describe('with demo content and a given admin password', () => {
    it('seeds on the first call only, and creates each record once', async () => {
      const { db } = database();
      const options = { adminEmail: 'Owner@Example.org', adminPassword: 'Given#Pass1', demo: true, clock };
      expect(await seedDatabase(db, options)).toEqual({ seeded: true, generatedAdminPassword: undefined });
      expect(await seedDatabase(db, options)).toEqual({ seeded: false });

      const admins = await db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({ email: 'owner@example.org', status: 'active', firstName: 'Study' });

      const geisinger = await db.select().from(healthSystems).where(eq(healthSystems.databaseValue, 'geisinger'));
      expect(geisinger).toHaveLength(1);
      expect(geisinger[0]).toMatchObject({
        name: 'Geisinger',
        isActive: true,
        dropdownLabels: { en: 'Geisinger', sp: 'Geisinger' },
      });

      const patients = await db.select().from(users).where(eq(users.role, 'patient'));
      expect(patients).toHaveLength(1);
      expect(patients[0]).toMatchObject({ email: DEMO_PATIENT.email, status: 'active', language: 'sp' });
      expect(await verifyPassword(patients[0]?.passwordHash ?? '', DEMO_PATIENT.password)).toBe(true);
      expect(await db.select().from(healthSystems).where(eq(healthSystems.databaseValue, 'riverside'))).toHaveLength(1);
      // The demo patient chose Geisinger, so a pending verification record awaits it, and the count says so.
      const records = await db.select().from(healthSystemVerifications);
      expect(records).toEqual([
        expect.objectContaining({ userId: patients[0]?.id, healthSystem: 'geisinger', isVerified: null }),
      ]);
      expect(await db.select().from(healthSystemVerificationCounts)).toEqual([{ healthSystem: 'geisinger', total: 1 }]);

      const marker = await db.select().from(appSettings).where(eq(appSettings.key, 'seed'));
      expect(marker[0]?.value).toEqual({ seededAt: '2026-02-01T09:00:00.000Z', demo: true });
    });

    it('stores the admin password given in the options', async () => {
      const [admin] = await database().db.select().from(users).where(eq(users.role, 'admin'));
      expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(admin?.passwordHash ?? '', 'Given#Pass1')).toBe(true);
      expect(await verifyPassword(admin?.passwordHash ?? '', 'Given#Pass2')).toBe(false);
    });
  });

  describe('without demo content or an admin password', () => {
    beforeAll(() => resetDatabase(database().db));

    it('creates no demo patient and no demo health system', async () => {
      const { db } = database();
      const first = await seedDatabase(db, { adminEmail: 'admin@example.org', demo: false, clock });
      expect(first.seeded).toBe(true);

      expect(await db.select().from(users).where(eq(users.role, 'patient'))).toHaveLength(0);
      expect(await db.select().from(users).where(eq(users.email, DEMO_PATIENT.email))).toHaveLength(0);
      expect(await db.select().from(healthSystems).where(eq(healthSystems.databaseValue, 'riverside'))).toHaveLength(0);
      expect(await db.select().from(healthSystems).where(eq(healthSystems.databaseValue, 'geisinger'))).toHaveLength(1);

      // The generated password is returned once and is the one stored.
      const generated = first.generatedAdminPassword;
      expect(generated).toEqual(expect.any(String));
      expect(generated?.length).toBeGreaterThanOrEqual(16);
      const admins = await db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
      expect(await verifyPassword(admins[0]?.passwordHash ?? '', generated ?? '')).toBe(true);

      const second = await seedDatabase(db, { adminEmail: 'admin@example.org', demo: false, clock });
      expect(second).toEqual({ seeded: false });
      const adminsAfter = await db.select().from(users).where(eq(users.role, 'admin'));
      expect(adminsAfter).toHaveLength(1);
      expect(adminsAfter[0]?.passwordHash).toBe(admins[0]?.passwordHash);
    });

    it('does not add demo content on a later start with demo on', async () => {
      const { db } = database();
      expect(await seedDatabase(db, { adminEmail: 'admin@example.org', demo: true, clock })).toEqual({ seeded: false });
      expect(await db.select().from(users).where(eq(users.role, 'patient'))).toHaveLength(0);
    });
  });
});
