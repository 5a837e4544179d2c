import { expect, it } from 'vitest';
import { describeEachDatabase, describeOnDatabase } from './helpers';
import { useAuthApp } from './auth-helpers';
import { adminSession, dataOf, SEEDED_POLICY, STALE, VERSION, type AdminCall } from './settings-helpers';

const PATH = '/setting/security-policy-config';
const put = (admin: AdminCall, changes: Record<string, unknown>, language?: 'en' | 'sp') =>
  admin('PUT', PATH, { payload: { ...SEEDED_POLICY, ...changes }, language });

/** Each number's lowest and highest accepted value, and its rule. */
const BOUNDS: [field: string, low: number, high: number, rule: string][] = [
  ['otpLength', 4, 8, 'OTP length must be a whole number from 4 to 8.'],
  ['otpExpiryInMin', 5, 60, 'OTP expiry must be a whole number of minutes from 5 to 60.'],
  ['minLength', 8, 64, 'Minimum password length must be a whole number from 8 to 64.'],
  ['maxLength', 8, 128, 'Maximum password length must be a whole number from 8 to 128.'],
  ['upperCaseCharCount', 1, 10, 'Upper-case letters required must be a whole number from 1 to 10.'],
  ['lowerCaseCharCount', 1, 10, 'Lower-case letters required must be a whole number from 1 to 10.'],
  ['digitCharCount', 1, 10, 'Digits required must be a whole number from 1 to 10.'],
  ['specialCharCount', 1, 10, 'Special characters required must be a whole number from 1 to 10.'],
  [
    'resetPasswordAgainLimitInHrs',
    1,
    720,
    'Time between password changes must be a whole number of hours from 1 to 720.',
  ],
  ['registrationTokenExpiryInDays', 90, 365, 'Activation link expiry must be a whole number of days from 90 to 365.'],
  ['failedAttemptLimit', 3, 20, 'Failed sign-in attempts before lockout must be a whole number from 3 to 20.'],
  ['unlockAccountTimeInMin', 5, 1440, 'Lockout time must be a whole number of minutes from 5 to 1440.'],
  ['inactiveSessionTimeoutInMin', 30, 720, 'Inactivity timeout must be a whole number of minutes from 30 to 720.'],
];
/** A maximum length that leaves room for any single count or minimum under test. */
const ROOMY = { maxLength: 128 };

describeOnDatabase('Security policy (/setting/security-policy-config)', (target) => {
  const testApp = useAuthApp(target);

  it('GET gives the seeded policy, each rule in English and Spanish, and a version', async () => {
    const admin = await adminSession(testApp());
    const reply = await admin('GET', PATH);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data).toEqual({
      ...SEEDED_POLICY,
      errorMessages: { en: expect.any(Object), sp: expect.any(Object) },
      version: VERSION,
    });
    expect(data.errorMessages.en).toMatchObject(Object.fromEntries(BOUNDS.map(([field, , , rule]) => [field, rule])));
    expect(data.errorMessages.en.minAboveMax).toBe(
      'Minimum password length cannot be more than the maximum password length.',
    );
    expect(data.errorMessages.sp).toMatchObject({
      otpLength: 'La longitud del código de acceso (OTP) debe ser un número entero del 4 al 8.',
      inactiveSessionTimeoutInMin: 'El tiempo de inactividad debe ser un número entero de minutos del 30 al 720.',
      minAboveMax: 'La longitud mínima de la contraseña no puede ser mayor que la longitud máxima.',
    });
  });

  it('accepts each number at its lowest and highest value and refuses one below and one above', async () => {
    const admin = await adminSession(testApp());
    for (const [field, low, high, rule] of BOUNDS) {
      const room = field === 'maxLength' ? {} : ROOMY;
      for (const value of [low, high]) {
        const reply = await put(admin, { ...room, [field]: value });
        expect(reply.statusCode, `${field} ${value}: ${reply.body}`).toBe(200);
        expect(reply.json().data[field]).toBe(value);
      }
      for (const value of [low - 1, high + 1, low + 0.5, String(low), null]) {
        const reply = await put(admin, { ...room, [field]: value });
        expect(reply.statusCode, `${field} ${String(value)}`).toBe(400);
        expect(reply.json(), `${field} ${String(value)}`).toMatchObject({ status: false, message: 'Invalid request' });
        const errors = reply.json().data as { errorField: string }[];
        // A maximum of 7 is also below the minimum of 8, a rule named under minLength too.
        const own = field === 'maxLength' ? errors.filter((e) => e.errorField === field) : errors;
        expect(own, `${field} ${String(value)}`).toEqual([{ errorField: field, message: rule }]);
      }
    }
  });

  it('refuses a minimum above the maximum, and required characters adding up to more than the maximum', async () => {
    const admin = await adminSession(testApp());
    const reversed = await put(admin, { minLength: 16, maxLength: 15 });
    expect(reversed.statusCode).toBe(400);
    const minAboveMax = 'Minimum password length cannot be more than the maximum password length.';
    expect(reversed.json().data).toEqual([
      { errorField: 'minLength', message: minAboveMax },
      { errorField: 'maxLength', message: minAboveMax },
    ]);
    expect((await put(admin, { minLength: 15, maxLength: 15 })).statusCode).toBe(200);

    const counts = { upperCaseCharCount: 5, lowerCaseCharCount: 5, digitCharCount: 3 };
    const crowded = await put(admin, { ...counts, specialCharCount: 3, maxLength: 15 });
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json().data).toEqual([
      {
        errorField: 'specialCharCount',
        message:
          'Upper-case letters, lower-case letters, digits and special characters required cannot add up to more ' +
          'than the maximum password length.',
      },
    ]);
    expect((await put(admin, { ...counts, specialCharCount: 2, maxLength: 15 })).statusCode).toBe(200);
  });

  it('answers in Spanish to a Spanish reader', async () => {
    const admin = await adminSession(testApp());
    const reply = await put(
      admin,
      { otpLength: 9, failedAttemptLimit: 2, minLength: 16, otpEnabledForPatient: 'yes' },
      'sp',
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      status: false,
      message: 'Solicitud no válida',
      data: [
        {
          errorField: 'otpLength',
          message: 'La longitud del código de acceso (OTP) debe ser un número entero del 4 al 8.',
        },
        { errorField: 'otpEnabledForPatient', message: 'Elija activado o desactivado.' },
        {
          errorField: 'failedAttemptLimit',
          message: 'Los intentos fallidos antes del bloqueo deben ser un número entero del 3 al 20.',
        },
      ],
    });
    const reversed = await put(admin, { minLength: 16 }, 'sp');
    expect(reversed.json().data).toContainEqual({
      errorField: 'minLength',
      message: 'La longitud mínima de la contraseña no puede ser mayor que la longitud máxima.',
    });
  });

  it('names each missing field and keeps the stored policy when refused', async () => {
    const admin = await adminSession(testApp());
    const reply = await admin('PUT', PATH, { payload: { otpLength: 6 } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data.map((e: { errorField: string }) => e.errorField)).toEqual(
      Object.keys(SEEDED_POLICY).filter((field) => field !== 'otpLength'),
    );
    expect(await dataOf(admin('GET', PATH))).toMatchObject(SEEDED_POLICY);
  });

  it('saves every value at once and answers the saved policy with a new version', async () => {
    const admin = await adminSession(testApp());
    const opened = await dataOf<{ version: string }>(admin('GET', PATH));
    const changed = {
      otpLength: 8,
      otpExpiryInMin: 15,
      otpEnabledForPatient: false,
      otpRequiredBeforeICFSign: true,
      minLength: 10,
      maxLength: 20,
      upperCaseCharCount: 2,
      lowerCaseCharCount: 2,
      digitCharCount: 2,
      specialCharCount: 2,
      resetPasswordAgainLimitInHrs: 48,
      registrationTokenExpiryInDays: 120,
      failedAttemptLimit: 4,
      unlockAccountTimeInMin: 30,
      inactiveSessionTimeoutInMin: 60,
    };
    const saved = await dataOf<{ version: string }>(
      admin('PUT', PATH, { payload: { ...changed, version: opened.version } }),
    );
    expect(saved).toMatchObject(changed);
    expect(saved.version).toEqual(VERSION);
    expect(saved.version).not.toBe(opened.version);
    expect(await dataOf(admin('GET', PATH))).toEqual(saved);
  });
});

// Both databases: a stale version is refused by the database's row lock and version check.
describeEachDatabase('Security policy saves from stale editors', (target) => {
  const testApp = useAuthApp(target);

  it('refuses a save from an editor opened before another save with 409, changing nothing', async () => {
    const admin = await adminSession(testApp());
    const opened = await dataOf<{ version: string }>(admin('GET', PATH));
    const first = await put(admin, { otpLength: 7, version: opened.version });
    expect(first.statusCode).toBe(200);
    for (const language of ['en', 'sp'] as const) {
      const late = await put(admin, { otpLength: 5, version: opened.version }, language);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual(STALE[language]);
    }
    expect(await dataOf(admin('GET', PATH))).toMatchObject({ otpLength: 7 });
    const next = await put(admin, { otpLength: 5, version: first.json().data.version });
    expect(next.json().data.otpLength).toBe(5);
  });
});
