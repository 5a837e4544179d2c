import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers';
import { signInAdmin, useAuthApp } from './auth-helpers';
import {
  consentEntry,
  FORM_FIELDS,
  healthSystemTab,
  HS,
  letterPdf,
  registered,
  registrationData,
  storedCounts,
} from './health-system-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { typedMultipartCall, type TypedPart } from './typed-multipart';

const JSON_TYPE = 'application/json';
const MALFORMED = {
  en: { status: false, message: 'The request could not be read. Please try again.' },
  sp: { status: false, message: 'No se pudo leer la solicitud. Inténtelo de nuevo.' },
};

/** The JSON part `name` in each form clients send it: plain text, a JSON field, a JSON file. */
const jsonForms = (name: string, value: unknown): [string, TypedPart][] => [
  ['a text part', { name, value: JSON.stringify(value) }],
  ['a part typed application/json', { name, value: JSON.stringify(value), contentType: JSON_TYPE }],
  [
    'a JSON file part',
    { name, value: JSON.stringify(value), contentType: 'application/json; charset=utf-8', fileName: `${name}.json` },
  ],
];

const pdf = async (name: string, title: string): Promise<TypedPart> => ({
  name,
  value: await letterPdf(1, title),
  contentType: 'application/pdf',
  fileName: `${title}.pdf`,
});

// Both databases: each call stores what its JSON part carries in one transaction, on either.
describeEachDatabase('Multipart calls read a JSON part sent as text, typed as JSON, or as a JSON file', (target) => {
  const testApp = useAuthApp(target);

  it('registers a health system with its data part in each of the three forms', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    let n = 0;
    for (const [form, part] of jsonForms('data', null)) {
      n += 1;
      const data = registrationData({ name: `Lakeside ${n}`, databaseValue: `lakeside${n}` });
      const reply = await typedMultipartCall(t, 'POST', `${HS}/register`, token, [
        { ...part, value: JSON.stringify(data) },
        await pdf('file_en', `lakeside${n}-en`),
        await pdf('file_sp', `lakeside${n}-sp`),
      ]);
      expect(reply.statusCode, `${form}: ${reply.body}`).toBe(200);
      const id = (reply.json().data as { id: string }).id;
      expect(await healthSystemTab(t, token, id, 'BASIC')).toMatchObject({ name: `Lakeside ${n}` });
    }
  });

  it('refuses a part typed JSON that is not JSON with the clear message, in English and Spanish, storing nothing', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const before = await storedCounts(t);
    for (const language of ['en', 'sp'] as const) {
      for (const part of [
        { name: 'data', value: '{"basicInfo": ', contentType: JSON_TYPE },
        { name: 'data', value: 'not json', contentType: JSON_TYPE, fileName: 'system.json' },
      ]) {
        const reply = await typedMultipartCall(t, 'POST', `${HS}/register`, token, [part], language);
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toEqual(MALFORMED[language]);
      }
    }
    expect(await storedCounts(t)).toEqual(before);
  });

  it('updates a whole health system with its data part typed JSON', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token);
    const data = { ...registrationData({ name: 'Lakeside Renamed', sp: { useDefault: true } }), id, revision: 1 };
    const reply = await typedMultipartCall(t, 'PUT', `${HS}/update`, token, [
      { name: 'data', value: JSON.stringify(data), contentType: JSON_TYPE },
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await healthSystemTab(t, token, id, 'BASIC')).toMatchObject({ name: 'Lakeside Renamed' });
  });

  it('publishes consent forms whose settings and data parts are typed JSON', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token, { sp: { useDefault: true } });
    const english = await consentEntry(t, token, id, 'en');
    const replaced = await typedMultipartCall(t, 'PUT', `/update/consent-form?id=${english.id}&language=en`, token, [
      {
        name: 'consentFormSettings',
        value: JSON.stringify({ inputFields: FORM_FIELDS, reconsent: false, revision: 1 }),
        contentType: JSON_TYPE,
      },
      await pdf('file', 'lakeside-en-v2'),
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ version: 2, revision: 2 });

    const spanish = await typedMultipartCall(t, 'POST', `/consent-form?healthSystemId=${id}`, token, [
      {
        name: 'data',
        value: JSON.stringify({ language: 'sp', inputFields: FORM_FIELDS, reconsent: false, revision: 2 }),
        contentType: JSON_TYPE,
        fileName: 'data.json',
      },
      await pdf('file', 'lakeside-sp'),
    ]);
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(await consentEntry(t, token, id, 'sp')).toMatchObject({ useDefault: false, version: 1 });
  });

  it('updates a profile whose text parts are typed JSON: a JSON string is the string, true is "true"', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t);
    const reply = await typedMultipartCall(t, 'PUT', '/keycloak/user', tokens.access_token, [
      { name: 'language', value: '"sp"', contentType: JSON_TYPE },
      { name: 'birthDate', value: '"02/29/1964"', contentType: JSON_TYPE },
      { name: 'gender', value: 'preferNoAnswer' },
      { name: 'isRemoveProfilePicture', value: 'true', contentType: JSON_TYPE },
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    const details = (await call(t, 'GET', '/keycloak/user', tokens.access_token)).json().data;
    expect(details).toMatchObject({ language: 'sp', birthDate: '02/29/1964', gender: 'preferNoAnswer' });
  });
});
