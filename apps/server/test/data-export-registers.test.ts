import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { useAuthApp } from './auth-helpers';
import { adminSession } from './settings-helpers';
import {
  adminId,
  consentFixture,
  downloadCsv,
  EXPORT_NOW as NOW,
  exportAudits,
  P1,
  P2,
  P3,
  recordsOf,
  verificationFixture,
} from './data-export-helpers';

const CONSENT = '/data-export/consent-register';
const VERIFICATION = '/data-export/verification-register';
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
      {
        actorId: administrator,
        ip: '127.0.0.1',
        details: { export: 'consentRegister', deidentified: false, rowCount: 6, complete: true },
      },
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
      {
        export: 'consentRegister',
        range: { from: '2026-03-10', to: '2026-03-31' },
        deidentified: false,
        rowCount: 3,
        complete: true,
      },
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
        { export: 'verificationRegister', deidentified: false, rowCount: 3, complete: true },
        {
          export: 'verificationRegister',
          range: { from: '2026-04-01', to: '2026-04-30' },
          deidentified: false,
          rowCount: 1,
          complete: true,
        },
      ]),
    );
  });
});
