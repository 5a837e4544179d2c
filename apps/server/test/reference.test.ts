import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { healthSystems, securityPolicy } from '../src/db/schema';
import { describeOnDatabase, useTestApp } from './helpers';

const REFERENCE_TTL_MS = 10_000;

const EXPECTED_DROPDOWNS = {
  en: {
    gender: [
      { value: 'male', label: 'Male' },
      { value: 'female', label: 'Female' },
      { value: 'uncertain', label: 'Uncertain' },
      { value: 'preferNoAnswer', label: 'Prefer not to answer' },
    ],
    country: [{ value: 'USA', label: 'United States' }],
    language: [
      { value: 'en', label: 'English' },
      { value: 'sp', label: 'Spanish' },
    ],
    healthSystems: [
      { value: 'geisinger', label: 'Geisinger' },
      { value: 'riverside', label: 'Riverside Kidney Care' },
      { value: 'none', label: 'None of the below' },
    ],
  },
  sp: {
    gender: [
      { value: 'male', label: 'Masculino' },
      { value: 'female', label: 'Femenino' },
      { value: 'uncertain', label: 'Incierto' },
      { value: 'preferNoAnswer', label: 'Prefiero no responder' },
    ],
    country: [{ value: 'USA', label: 'Estados Unidos' }],
    language: [
      { value: 'en', label: 'Inglés' },
      { value: 'sp', label: 'Español' },
    ],
    healthSystems: [
      { value: 'geisinger', label: 'Geisinger' },
      { value: 'riverside', label: 'Riverside Kidney Care' },
      { value: 'none', label: 'Ninguna de las anteriores' },
    ],
  },
};

const SEEDED_PASSWORD_POLICY = {
  minLength: 8,
  maxLength: 15,
  upperCaseCharCount: 1,
  lowerCaseCharCount: 1,
  digitCharCount: 1,
  specialCharCount: 1,
};

const FIELD_TYPES = [
  { label: 'Checkbox', value: 'checkbox' },
  { label: 'Date', value: 'date' },
  { label: 'Signature', value: 'signature' },
  { label: 'Text', value: 'text' },
];

interface DropdownReply {
  status: boolean;
  data: Record<'en' | 'sp', Record<string, { value: string; label: string }[]>>;
}

describeOnDatabase('reference calls', (target) => {
  const testApp = useTestApp(target);
  const get = async <T = unknown>(url: string) => {
    const reply = await testApp().app.inject({ method: 'GET', url });
    expect(reply.statusCode, url).toBe(200);
    return reply.json<T>();
  };
  const healthSystemValues = async (language: 'en' | 'sp' = 'en') =>
    (await get<DropdownReply>('/common-server/externalization/registration-dropdowns')).data[
      language
    ].healthSystems?.map((o) => o.value);

  it('GET /externalization/registration-dropdowns gives every list in English and Spanish', async () => {
    expect(await get('/common-server/externalization/registration-dropdowns')).toEqual({
      status: true,
      data: EXPECTED_DROPDOWNS,
    });
  });

  it('drops a health system made inactive once the cache is invalidated, and brings it back after the TTL', async () => {
    const { db, app, clock } = testApp();
    await db.update(healthSystems).set({ isActive: false }).where(eq(healthSystems.databaseValue, 'geisinger'));
    // Still cached within the 10 s window.
    expect(await healthSystemValues()).toEqual(['geisinger', 'riverside', 'none']);

    app.services.reference.invalidate();
    expect(await healthSystemValues('en')).toEqual(['riverside', 'none']);
    expect(await healthSystemValues('sp')).toEqual(['riverside', 'none']);

    await db.update(healthSystems).set({ isActive: true }).where(eq(healthSystems.databaseValue, 'geisinger'));
    clock.advance(REFERENCE_TTL_MS - 1);
    expect(await healthSystemValues()).toEqual(['riverside', 'none']);
    clock.advance(1);
    expect(await healthSystemValues()).toEqual(['geisinger', 'riverside', 'none']);
  });

  it('lists a new health system by name with its label in each language, and "none" last', async () => {
    const { db, app } = testApp();
    await db.insert(healthSystems).values({
      databaseValue: 'aurora',
      name: 'Aurora Health',
      description: 'A health system added by a test.',
      dropdownLabels: { en: 'Aurora Health', sp: 'Aurora Salud' },
    });
    app.services.reference.invalidate();
    const { data } = await get<DropdownReply>('/common-server/externalization/registration-dropdowns');
    expect(data.en.healthSystems?.map((o) => o.value)).toEqual(['aurora', 'geisinger', 'riverside', 'none']);
    expect(data.en.healthSystems?.[0]).toEqual({ value: 'aurora', label: 'Aurora Health' });
    expect(data.sp.healthSystems?.[0]).toEqual({ value: 'aurora', label: 'Aurora Salud' });

    await db.delete(healthSystems).where(eq(healthSystems.databaseValue, 'aurora'));
    app.services.reference.invalidate();
    expect(await healthSystemValues()).toEqual(['geisinger', 'riverside', 'none']);
  });

  it('GET /externalization/password-policy gives the seeded policy and follows a change at once', async () => {
    const { db } = testApp();
    const url = '/common-server/externalization/password-policy';
    expect(await get(url)).toEqual({ status: true, data: SEEDED_PASSWORD_POLICY });

    await db.update(securityPolicy).set({ minLength: 10, specialCharCount: 2 }).where(eq(securityPolicy.id, 1));
    expect(await get(url)).toEqual({
      status: true,
      data: { ...SEEDED_PASSWORD_POLICY, minLength: 10, specialCharCount: 2 },
    });

    await db.update(securityPolicy).set({ minLength: 8, specialCharCount: 1 }).where(eq(securityPolicy.id, 1));
    expect(await get(url)).toEqual({ status: true, data: SEEDED_PASSWORD_POLICY });
  });

  it('GET /externalization/languages lists English and Spanish', async () => {
    expect(await get('/common-server/externalization/languages')).toEqual({
      status: true,
      data: [
        { name: 'English', code: 'en' },
        { name: 'Spanish', code: 'sp' },
      ],
    });
  });

  it('GET /consent/supported-fields and /externalization/consent/supported-fields list the field types', async () => {
    for (const url of [
      '/common-server/consent/supported-fields',
      '/common-server/externalization/consent/supported-fields',
    ]) {
      expect(await get(url), url).toEqual({ status: true, data: FIELD_TYPES });
    }
  });
});
