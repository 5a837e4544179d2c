import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  consentFormDocuments,
  consentForms,
  consentSignatures,
  consentWithdrawals,
  healthSystems,
  healthSystemVerifications,
  storedFiles,
  verificationBatches,
  verificationChanges,
} from '../src/db/schema';
import { describeOnDatabase, type TestApp } from './helpers';
import { freshStartAt, useAuthApp } from './auth-helpers';
import { adminSession } from './settings-helpers';
import { adminId, downloadCsv, exportAudits, insertParticipants, P1, P2, P3, recordsOf } from './data-export-helpers';

const NOW = '2026-04-15T17:00:00.000Z';
const CONSENT = '/data-export/consent-register';
const VERIFICATION = '/data-export/verification-register';
const F1 = '40000000-0000-4000-8000-000000000001';
const F2 = '40000000-0000-4000-8000-000000000002';
const F3 = '40000000-0000-4000-8000-000000000003';
const HASH = 'a'.repeat(64);

/** North Clinic's English form in versions 1 (retired) and 2, and its Spanish form version 1. */
async function insertForms(t: TestApp) {
  const [file] = await t.db
    .insert(storedFiles)
    .values({ contentType: 'application/pdf', byteSize: 4, sha256: HASH, content: new Uint8Array([37, 80, 68, 70]) })
    .returning({ id: storedFiles.id });
  const [system] = await t.db
    .insert(healthSystems)
    .values({
      databaseValue: 'north-clinic',
      name: 'North Clinic',
      description: 'A clinic',
      dropdownLabels: { en: 'North Clinic', sp: 'Clínica Norte' },
    })
    .returning({ id: healthSystems.id });
  const documents = await t.db
    .insert(consentFormDocuments)
    .values([
      { healthSystemId: system!.id, language: 'en' },
      { healthSystemId: system!.id, language: 'sp' },
    ])
    .returning({ id: consentFormDocuments.id, language: consentFormDocuments.language });
  const form = (id: string, language: string, version: number, retired: boolean) => ({
    id,
    documentId: documents.find((document) => document.language === language)!.id,
    healthSystemId: system!.id,
    language,
    version,
    fileName: 'consent.pdf',
    fileId: file!.id,
    sha256: HASH,
    retiredAt: retired ? new Date('2026-03-15T12:00:00.000Z') : null,
  });
  await t.db.insert(consentForms).values([form(F1, 'en', 1, true), form(F2, 'en', 2, false), form(F3, 'sp', 1, false)]);
  return file!.id;
}

/**
 * P1 signed North Clinic's English version 1 on March 2 and re-consented on version 2 on March 20; P2 signed the
 * Spanish version on March 5 and withdrew in the portal on March 25; P3 signed the study's default English form
 * at 04:00 UTC on April 1 (still March 31 in Chicago) and was withdrawn by the administrator on April 2.
 */
async function consentFixture(t: TestApp) {
  await freshStartAt(t, NOW);
  await insertParticipants(t, [P1]);
  await insertParticipants(t, [P2, P3], 'withdrawn');
  const fileId = await insertForms(t);
  const [defaultForm] = await t.db
    .select({ id: consentForms.id })
    .from(consentForms)
    .where(and(isNull(consentForms.healthSystemId), eq(consentForms.language, 'en')));
  const signature = (userId: string, formId: string, signedAt: string) => ({
    userId,
    formId,
    formSha256: HASH,
    signedFileId: fileId,
    signedSha256: HASH,
    signedAt: new Date(signedAt),
    signerName: 'Rosa Vega',
    signerEmail: 'rosa@example.org',
    signatureMethod: 'typed',
    fieldValues: [],
  });
  await t.db
    .insert(consentSignatures)
    .values([
      signature(P1, F1, '2026-03-02T15:00:00.000Z'),
      signature(P1, F2, '2026-03-20T15:00:00.000Z'),
      signature(P2, F3, '2026-03-05T15:00:00.000Z'),
      signature(P3, defaultForm!.id, '2026-04-01T04:00:00.000Z'),
    ]);
  await t.db.insert(consentWithdrawals).values([
    { userId: P2, withdrawnAt: new Date('2026-03-25T16:00:00.000Z'), reason: 'Moved away', source: 'participant' },
    {
      userId: P3,
      withdrawnAt: new Date('2026-04-02T16:00:00.000Z'),
      reason: 'Asked by phone',
      source: 'manual',
      requestedBy: await adminId(t),
    },
  ]);
}

/**
 * Verification records (the demo's removed): P1 verified in a bulk update on March 10, P2 still pending since
 * March 5, P3 rejected singly on April 12.
 */
async function verificationFixture(t: TestApp) {
  await freshStartAt(t, NOW);
  await insertParticipants(t, [P1, P2, P3]);
  await t.db.delete(healthSystemVerifications);
  const record = (userId: string, isVerified: boolean | null, consentedAt: string, updatedAt: string) => ({
    userId,
    healthSystem: 'north-clinic',
    isVerified,
    consentedAt: new Date(consentedAt),
    updatedAt: new Date(updatedAt),
  });
  await t.db
    .insert(healthSystemVerifications)
    .values([
      record(P1, true, '2026-03-02T15:00:00.000Z', '2026-03-10T12:00:00.000Z'),
      record(P2, null, '2026-03-05T15:00:00.000Z', '2026-03-05T15:00:00.000Z'),
      record(P3, false, '2026-04-01T04:00:00.000Z', '2026-04-12T12:00:00.000Z'),
    ]);
  const actorId = await adminId(t);
  for (const [userId, source, status, at] of [
    [P1, 'bulk', true, '2026-03-10T12:00:00.000Z'],
    [P3, 'single', false, '2026-04-12T12:00:00.000Z'],
  ] as const) {
    const [batch] = await t.db
      .insert(verificationBatches)
      .values({ source, status, actorId, requested: 1, applied: 1 })
      .returning({ id: verificationBatches.id });
    const [change] = await t.db
      .insert(verificationChanges)
      .values({ batchId: batch!.id, userId, oldStatus: null, newStatus: status, at: new Date(at) })
      .returning({ id: verificationChanges.id });
    await t.db
      .update(healthSystemVerifications)
      .set({ lastChangeId: change!.id })
      .where(eq(healthSystemVerifications.userId, userId));
  }
}

const CONSENT_HEADER = 'participantId,event,date,healthSystem,formLanguage,formVersion,carriedOutBy,administratorId';
const VERIFICATION_HEADER = 'participantId,healthSystem,status,consentedAt,updatedAt,lastChange';

describeOnDatabase('Data export of the registers', (target) => {
  const testApp = useAuthApp(target);

  it('lists each consent and re-consent with the form version signed, then each withdrawal and who carried it out', async () => {
    const t = testApp();
    await consentFixture(t);
    const admin = await adminSession(t);
    const administrator = await adminId(t);
    const file = await downloadCsv(admin, CONSENT);
    expect(file.fileName).toBe('consent-register-2026-04-15.csv');
    expect(recordsOf(file.body)).toEqual([
      CONSENT_HEADER,
      `${P1},consent,2026-03-02T15:00:00.000Z,north-clinic,en,1,participant,`,
      `${P1},reconsent,2026-03-20T15:00:00.000Z,north-clinic,en,2,participant,`,
      `${P2},consent,2026-03-05T15:00:00.000Z,north-clinic,sp,1,participant,`,
      `${P3},consent,2026-04-01T04:00:00.000Z,default,en,1,participant,`,
      `${P2},withdrawal,2026-03-25T16:00:00.000Z,,,,participant,`,
      `${P3},withdrawal,2026-04-02T16:00:00.000Z,,,,administrator,${administrator}`,
    ]);
    expect(file.body).not.toContain('rosa@example.org');
    expect(await exportAudits(t, NOW)).toEqual([
      { actorId: administrator, ip: '127.0.0.1', details: { export: 'consentRegister', rowCount: 6, complete: true } },
    ]);
  });

  it('narrows the consent register to the days of a range; a re-consent stays one when the first signature is before it', async () => {
    const t = testApp();
    await consentFixture(t);
    const admin = await adminSession(t);
    const file = await downloadCsv(admin, `${CONSENT}?from=2026-03-10&to=2026-03-31`);
    expect(recordsOf(file.body)).toEqual([
      CONSENT_HEADER,
      `${P1},reconsent,2026-03-20T15:00:00.000Z,north-clinic,en,2,participant,`,
      `${P3},consent,2026-04-01T04:00:00.000Z,default,en,1,participant,`,
      `${P2},withdrawal,2026-03-25T16:00:00.000Z,,,,participant,`,
    ]);
    expect((await exportAudits(t, NOW)).map((a) => a.details)).toEqual([
      { export: 'consentRegister', range: { from: '2026-03-10', to: '2026-03-31' }, rowCount: 3, complete: true },
    ]);
  });

  it('lists each verification record with its status, dates and the kind of its last change', async () => {
    const t = testApp();
    await verificationFixture(t);
    const admin = await adminSession(t);
    const file = await downloadCsv(admin, VERIFICATION);
    expect(file.fileName).toBe('verification-register-2026-04-15.csv');
    expect(recordsOf(file.body)).toEqual([
      VERIFICATION_HEADER,
      `${P1},north-clinic,verified,2026-03-02T15:00:00.000Z,2026-03-10T12:00:00.000Z,bulk`,
      `${P2},north-clinic,pending,2026-03-05T15:00:00.000Z,2026-03-05T15:00:00.000Z,`,
      `${P3},north-clinic,rejected,2026-04-01T04:00:00.000Z,2026-04-12T12:00:00.000Z,single`,
    ]);
    const april = await downloadCsv(admin, `${VERIFICATION}?from=2026-04-01&to=2026-04-30`);
    expect(recordsOf(april.body)).toEqual([
      VERIFICATION_HEADER,
      `${P3},north-clinic,rejected,2026-04-01T04:00:00.000Z,2026-04-12T12:00:00.000Z,single`,
    ]);
    expect((await exportAudits(t, NOW)).map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { export: 'verificationRegister', rowCount: 3, complete: true },
        {
          export: 'verificationRegister',
          range: { from: '2026-04-01', to: '2026-04-30' },
          rowCount: 1,
          complete: true,
        },
      ]),
    );
  });
});
