import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ensureDefaultConsentForms } from '../modules/consent/forms';
import { publishStudyInstruments } from '../modules/surveys/rounds/instruments';
import { hashPassword } from '../security/password-hash';
import type { Clock } from '../providers/clock/clock';
import { databaseFileStore, type FileStore } from '../providers/storage/file-store';
import type { Database } from './client';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { STUDY_ADMIN } from '@portal/shared/staff/roles';
import {
  DEFAULT_FIELD_TYPES,
  DEFAULT_LANGUAGES,
  DEFAULT_SECURITY_POLICY,
  DEFAULT_SURVEY_PERIOD,
  DEFAULT_SURVEY_ROUND_INTERVAL_MONTHS,
  DEMO_HEALTH_SYSTEM,
  DEMO_PATIENT,
  GEISINGER,
  defaultDropdownOptions,
} from './seed-data';
import {
  appSettings,
  consentFieldTypes,
  downtimeSettings,
  dropdownOptions,
  healthSystems,
  healthSystemVerifications,
  languages,
  securityPolicy,
  staffFactors,
  staffMembers,
  users,
} from './schema';
import { appSecretSeal } from '../security/second-factor/app-secret-seal';

export interface SeedOptions {
  adminEmail: string;
  adminPassword?: string;
  /** The first administrator's authenticator-app secret (base32); without it they enrol a factor at first sign-in. */
  adminAppSecret?: string;
  demo: boolean;
  clock: Clock;
  /** Where the default consent forms are kept; the database unless a store is given. */
  files?: FileStore;
}

export interface SeedResult {
  seeded: boolean;
  /** Set only when the admin password was generated: the caller prints it once. */
  generatedAdminPassword?: string;
}

/**
 * First-start data, and the default consent forms. The marker row is inserted first inside the transaction, so a second start (or a
 * second process racing on PostgreSQL) finds it and seeds nothing.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const now = options.clock.now();
  const adminPassword = options.adminPassword ?? randomBytes(12).toString('base64url');
  const [adminHash, demoHash] = await Promise.all([
    hashPassword(adminPassword),
    options.demo ? hashPassword(DEMO_PATIENT.password) : Promise.resolve(''),
  ]);

  const sealedAdminSecret = options.adminAppSecret ? await appSecretSeal(db).seal(options.adminAppSecret) : undefined;

  const result = await db.transaction(async (tx) => {
    const marker = await tx
      .insert(appSettings)
      .values({ key: 'seed', value: { seededAt: now.toISOString(), demo: options.demo }, updatedAt: now })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marker.length === 0) return { seeded: false };

    await tx.insert(dropdownOptions).values(defaultDropdownOptions()).onConflictDoNothing();
    await tx.insert(languages).values(DEFAULT_LANGUAGES).onConflictDoNothing();
    await tx.insert(consentFieldTypes).values(DEFAULT_FIELD_TYPES).onConflictDoNothing();
    await tx
      .insert(securityPolicy)
      .values({ id: 1, ...DEFAULT_SECURITY_POLICY, updatedAt: now })
      .onConflictDoNothing();
    await tx.insert(downtimeSettings).values({ id: 1, updatedAt: now }).onConflictDoNothing();
    await tx
      .insert(appSettings)
      .values([
        { key: 'contact', value: DEFAULT_CONTACT, updatedAt: now },
        { key: 'surveyPeriod', value: DEFAULT_SURVEY_PERIOD, updatedAt: now },
        { key: 'surveyRoundIntervalMonths', value: DEFAULT_SURVEY_ROUND_INTERVAL_MONTHS, updatedAt: now },
      ])
      .onConflictDoNothing();
    await tx
      .insert(healthSystems)
      .values({ ...GEISINGER, onboardedOn: now, updatedAt: now })
      .onConflictDoNothing();

    const existingAdmin = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    let generatedAdminPassword: string | undefined;
    if (existingAdmin.length === 0) {
      const [admin] = await tx
        .insert(users)
        .values({
          email: options.adminEmail.toLowerCase(),
          passwordHash: adminHash,
          role: 'admin',
          status: 'active',
          firstName: 'Study',
          lastName: 'Administrator',
          language: 'en',
          createdAt: now,
          updatedAt: now,
          activatedAt: now,
        })
        .returning({ id: users.id });
      await tx.insert(staffMembers).values({ userId: admin!.id, role: STUDY_ADMIN, createdAt: now, updatedAt: now });
      if (sealedAdminSecret)
        await tx.insert(staffFactors).values({
          userId: admin!.id,
          kind: 'app',
          name: '',
          appSecret: sealedAdminSecret,
          createdAt: now,
          confirmedAt: now,
        });
      if (!options.adminPassword) generatedAdminPassword = adminPassword;
    }

    if (options.demo) {
      await tx
        .insert(healthSystems)
        .values({ ...DEMO_HEALTH_SYSTEM, onboardedOn: now, updatedAt: now })
        .onConflictDoNothing();
      const { password: _password, ...patient } = DEMO_PATIENT;
      const [demoPatient] = await tx
        .insert(users)
        .values({
          ...patient,
          passwordHash: demoHash,
          role: 'patient',
          status: 'active',
          createdAt: now,
          updatedAt: now,
          activatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // The demo patient chose a health system at registration, so it awaits that system's verification.
      if (demoPatient)
        await tx.insert(healthSystemVerifications).values({
          userId: demoPatient.id,
          healthSystem: patient.healthSystem,
          consentedAt: now,
          createdAt: now,
          updatedAt: now,
        });
    }
    return { seeded: true, generatedAdminPassword };
  });
  // Outside the marker: a database seeded before the consent forms or a questionnaire version existed gets
  // them on its next start.
  await ensureDefaultConsentForms(db, now, options.files ?? databaseFileStore);
  await publishStudyInstruments(db, now);
  return result;
}
