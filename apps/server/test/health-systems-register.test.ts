import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { consentPublications, healthSystems } from '../src/db/schema';
import { describeEachDatabase } from './helpers';
import { auditSince, freshStartAt, signInAdmin, useAuthApp } from './auth-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { UUID, dataOf, expectAdminOnly } from './settings-helpers';
import {
  FORM_FIELDS,
  HS,
  healthSystemTab,
  consentTab,
  inputField,
  letterPdf,
  multipartCall,
  pdfPart,
  register,
  registrationData,
  storedCounts,
  UNKNOWN_ID,
} from './health-system-helpers';

const START = '2026-06-15T10:00:00.000Z';
const REGISTRATION_FAILED = 'Registration failed. Please check your input and try again.';
const FIELDS_REQUIRED =
  'No input fields configured for English consent form. Consider adding at least one input field or using the ' +
  'default form.';

/** A field as the CONSENT tab shows it: the settings sent, with an id of its own. */
const shown = (field: (typeof FORM_FIELDS)[number]) => ({ ...field, id: UUID });

// Both databases: two registrations of one database value at once meet in the database's unique index.
describeEachDatabase('Health System Management: access, validation and registration', (target) => {
  const testApp = useAuthApp(target);

  it('is for administrators only, each of the sixteen calls', async () => {
    const t = testApp();
    const participant = await signedInParticipant(t);
    const labels = { en: 'Lakeside', sp: 'Lakeside' };
    await expectAdminOnly(t, participant.tokens.access_token, [
      ['POST', `${HS}/validate/basic`, { name: 'Lakeside', description: 'A clinic.' }],
      ['POST', `${HS}/validate/system`, { databaseValue: 'lakeside', dropdownLabels: labels }],
      ['POST', `${HS}/register`, {}],
      ['GET', `${HS}?id=${UNKNOWN_ID}&tab=BASIC`],
      ['GET', `${HS}/files?id=${UNKNOWN_ID}`],
      ['GET', `${HS}/overview?page=0&size=10`],
      ['PUT', `${HS}/update`, {}],
      ['PUT', `/update/basic-info?id=${UNKNOWN_ID}`, { name: 'Lakeside', description: 'A clinic.' }],
      ['PUT', `/update/system-info?id=${UNKNOWN_ID}`, { systemInfo: { dropdownLabels: labels } }],
      ['PUT', `/update/consent-form?id=${UNKNOWN_ID}&language=en`, {}],
      ['PUT', `/update/consent-form/input-fields?id=${UNKNOWN_ID}&language=en`, { inputFields: FORM_FIELDS }],
      ['DELETE', `/consent-form?id=${UNKNOWN_ID}&reconsent=false`],
      ['POST', `/consent-form?healthSystemId=${UNKNOWN_ID}`, {}],
      ['POST', `/consent/input-field?formId=${UNKNOWN_ID}`, { inputField: FORM_FIELDS[0] }],
      ['PUT', `/consent/input-field?id=${UNKNOWN_ID}`, { inputField: FORM_FIELDS[0] }],
      ['DELETE', `/consent/input-field?id=${UNKNOWN_ID}&reconsent=false`],
    ]);
  });

  it('validates basic information: both required after trimming, the name unique in any letter case', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const validate = (payload: object, language?: 'sp') =>
      call(t, 'POST', `${HS}/validate/basic`, token, { payload, language });

    const blank = await validate({ name: '   ', description: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data).toEqual([
      { errorField: 'name', message: 'Name is required' },
      { errorField: 'description', message: 'Description is required' },
    ]);
    const spanish = await validate({ name: '', description: 'Una clínica.' }, 'sp');
    expect(spanish.json().data).toEqual([{ errorField: 'name', message: 'El nombre es obligatorio' }]);

    const long = await validate({ name: 'N'.repeat(201), description: 'Long name.' });
    expect(long.json().data).toEqual([{ errorField: 'name', message: 'The name can have at most 200 characters.' }]);
    const taken = await validate({ name: '  GEISINGER ', description: 'Another one.' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      status: false,
      data: [{ errorField: 'name', message: 'A health system with this name already exists.' }],
    });
    const [geisinger] = await t.db.select().from(healthSystems).where(eq(healthSystems.databaseValue, 'geisinger'));
    const ok = { status: true, message: 'Basic information validated successfully' };
    expect((await validate({ id: geisinger!.id, name: 'Geisinger', description: 'Renamed.' })).json()).toEqual(ok);
    const fresh = await validate({ name: 'Lakeside Health', description: 'Serves the lakes region.' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual(ok);
  });

  it('validates the system configuration: database value required, free, not "none"; every label', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const validate = (payload: object) => call(t, 'POST', `${HS}/validate/system`, token, { payload });

    const blank = await validate({ databaseValue: '  ', dropdownLabels: { en: 'Lakeside', sp: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data).toEqual(
      expect.arrayContaining([
        { errorField: 'databaseValue', message: 'Please enter database value' },
        { errorField: 'dropdownLabels', message: 'Labels for all languages are required' },
      ]),
    );
    const taken = await validate({ databaseValue: 'geisinger', dropdownLabels: { en: 'G', sp: 'G' } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().data).toEqual([
      { errorField: 'databaseValue', message: 'Another health system already uses this database value.' },
    ]);
    for (const reserved of ['none', 'NONE']) {
      const reply = await validate({ databaseValue: reserved, dropdownLabels: { en: 'N', sp: 'N' } });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().data).toEqual([
        {
          errorField: 'databaseValue',
          message: '"none" is reserved for participants who choose no health system.',
        },
      ]);
    }
    const ok = await validate({ databaseValue: 'lakeside', dropdownLabels: { en: 'Lakeside', sp: 'Lakeside' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: true, message: 'System configuration validated successfully' });
  });

  it('registers with two custom forms: the three tabs, the overview row and a publication per language', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const token = (await signInAdmin(t)).access_token;
    const data = registrationData();
    const reply = await register(t, token, data, [
      pdfPart('en', await letterPdf(1, 'English form'), 'lakeside-en.pdf'),
      pdfPart('sp', await letterPdf(2, 'Formulario'), 'lakeside-sp.pdf'),
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      message: 'Health System registered successfully!',
      data: { id: UUID, revision: 1 },
    });
    const { id } = reply.json().data as { id: string };

    expect(await healthSystemTab(t, token, id, 'BASIC')).toEqual({
      id,
      name: 'Lakeside Health',
      description: 'Lakeside Health serves the lakes region.',
      revision: 1,
    });
    expect(await healthSystemTab(t, token, id, 'SYSTEM_INFO')).toEqual({
      id,
      databaseValue: 'lakeside',
      dropdownLabels: { en: 'Lakeside Health', sp: 'Lakeside Health (es)' },
      isActive: true,
      revision: 1,
    });
    const form = (language: 'en' | 'sp') => ({
      id: UUID,
      language,
      useDefault: false,
      fileName: `lakeside-${language}.pdf`,
      fileId: UUID,
      version: 1,
      publishedOn: '06/15/2026',
      inputFields: FORM_FIELDS.map(shown),
      signedParticipants: 0,
    });
    expect(await consentTab(t, token, id)).toEqual({ id, revision: 1, consentForms: [form('en'), form('sp')] });

    const overview = await dataOf(call(t, 'GET', `${HS}/overview?page=0&size=10`, token));
    expect(overview).toMatchObject({ totalElements: 3, page: 0, size: 10 });
    expect((overview.content as { name: string }[]).map((row) => row.name)).toEqual([
      'Geisinger',
      'Lakeside Health',
      'Riverside Kidney Care (demo)',
    ]);
    expect((overview.content as unknown[])[1]).toEqual({
      id,
      name: 'Lakeside Health',
      databaseValue: 'lakeside',
      count: 0,
      onboardedOn: '06/15/2026',
      status: 'Active',
      isActive: true,
    });
    const publications = await t.db
      .select()
      .from(consentPublications)
      .where(eq(consentPublications.healthSystemId, id));
    expect(publications.map((p) => [p.language, p.previousFormId, p.reconsent, p.participantsAsked]).sort()).toEqual([
      ['en', null, false, 0],
      ['sp', null, false, 0],
    ]);

    const dropdowns = await t.app.inject({
      method: 'GET',
      url: '/common-server/externalization/registration-dropdowns',
    });
    expect(dropdowns.json().data.en.healthSystems).toContainEqual({ value: 'lakeside', label: 'Lakeside Health' });
    expect(dropdowns.json().data.sp.healthSystems).toContainEqual({ value: 'lakeside', label: 'Lakeside Health (es)' });
    const audit = await auditSince(t, new Date(START));
    expect(audit.filter((row) => row.action === 'healthSystem.registered').map((row) => row.subjectId)).toEqual([id]);
  });

  it('registers with the default form in one or both languages: no file part, no fields, no version', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const token = (await signInAdmin(t)).access_token;
    const defaultForm = (language: 'en' | 'sp') => ({
      id: null,
      language,
      useDefault: true,
      fileName: null,
      fileId: null,
      version: null,
      publishedOn: null,
      inputFields: [],
      signedParticipants: 0,
    });

    const mixed = await register(t, token, registrationData({ sp: { useDefault: true } }), [
      pdfPart('en', await letterPdf(), 'lakeside-en.pdf'),
    ]);
    expect(mixed.statusCode, mixed.body).toBe(200);
    const mixedTab = await consentTab(t, token, mixed.json().data.id);
    expect(mixedTab.consentForms[0]).toMatchObject({ language: 'en', useDefault: false, version: 1 });
    expect(mixedTab.consentForms[1]).toEqual(defaultForm('sp'));

    const before = await storedCounts(t);
    const bothDefault = registrationData({
      name: 'Pine Clinic',
      databaseValue: 'pine',
      en: { useDefault: true },
      sp: { useDefault: true },
    });
    const reply = await register(t, token, bothDefault, []);
    expect(reply.statusCode, reply.body).toBe(200);
    const { id } = reply.json().data as { id: string };
    expect(await consentTab(t, token, id)).toEqual({
      id,
      revision: 1,
      consentForms: [defaultForm('en'), defaultForm('sp')],
    });
    expect(await storedCounts(t)).toEqual({ ...before, systems: before.systems + 1 });
  });

  it('refuses a registration with any fault and stores nothing of it', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const before = await storedCounts(t);
    const good = await letterPdf();
    const html = new TextEncoder().encode('<!doctype html><html><body>Consent</body></html>');
    const offPage = inputField('Printed name of the participant', 'text', { x: 600, y: 100 });
    offPage.dimensions.width = 50;
    const cases: { data: unknown; files: ReturnType<typeof pdfPart>[]; field: RegExp; message: string }[] = [
      {
        data: registrationData(),
        files: [pdfPart('en', html, 'lakeside-en.pdf'), pdfPart('sp', good)],
        field: /^consentForms\.en\.file$/,
        message: 'The file for English is not a PDF document.',
      },
      {
        data: registrationData({ en: { useDefault: false, inputFields: [offPage] } }),
        files: [pdfPart('en', good), pdfPart('sp', good)],
        field: /^consentForms\.en\.inputFields/,
        message: 'The field runs past the edge of page 1, which is 612 × 792 points.',
      },
      {
        data: registrationData({
          en: {
            useDefault: false,
            inputFields: [inputField('Signature on page two', 'signature', { page: 2, x: 72, y: 72 })],
          },
        }),
        files: [pdfPart('en', good), pdfPart('sp', good)],
        field: /^consentForms\.en\.inputFields/,
        message: 'The form has 1 page; there is no page 2.',
      },
      {
        data: registrationData({
          en: {
            useDefault: false,
            inputFields: Array.from({ length: 51 }, (_, n) =>
              inputField(`Checkbox number ${n + 1}`, 'checkbox', { x: 72, y: 10 + n * 10 }),
            ),
          },
        }),
        files: [pdfPart('en', good), pdfPart('sp', good)],
        field: /^consentForms\.en\.inputFields$/,
        message: 'A consent form can have at most 50 input fields.',
      },
      {
        data: registrationData({ en: { useDefault: false, inputFields: [] } }),
        files: [pdfPart('en', good), pdfPart('sp', good)],
        field: /^consentForms\.en\.inputFields$/,
        message: FIELDS_REQUIRED,
      },
      {
        data: registrationData(),
        files: [pdfPart('sp', good)],
        field: /^consentForms\.en\.file$/,
        message: 'Please upload a PDF file for English consent form.',
      },
      {
        data: registrationData({ name: 'Geisinger Two', databaseValue: 'geisinger' }),
        files: [pdfPart('en', good), pdfPart('sp', good)],
        field: /databaseValue$/,
        message: 'Another health system already uses this database value.',
      },
      {
        data: registrationData({ name: 'GEISINGER', databaseValue: 'geisinger-two' }),
        files: [pdfPart('en', good), pdfPart('sp', good)],
        field: /name$/,
        message: 'A health system with this name already exists.',
      },
    ];
    for (const { data, files, field, message } of cases) {
      const reply = await register(t, token, data, files);
      expect(reply.statusCode, message).toBe(400);
      expect(reply.json().status).toBe(false);
      expect(reply.json().message, message).toBe(REGISTRATION_FAILED);
      expect(reply.json().data, reply.body).toContainEqual({ errorField: expect.stringMatching(field), message });
      expect(await storedCounts(t), message).toEqual(before);
    }

    for (const malformed of ['{"basicInfo": ', 'not json at all']) {
      const reply = await register(t, token, malformed, [pdfPart('en', good), pdfPart('sp', good)]);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ status: false, message: 'The request could not be read. Please try again.' });
    }
    const noData = await multipartCall(t, 'POST', `${HS}/register`, token, [pdfPart('en', good), pdfPart('sp', good)]);
    expect(noData.statusCode).toBe(400);
    expect(noData.json()).toEqual({ status: false, message: 'The request could not be read. Please try again.' });
    expect(await storedCounts(t)).toEqual(before);
  });

  it('lets exactly one of two simultaneous registrations of one database value win', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const before = await storedCounts(t);
    const files = [pdfPart('en', await letterPdf()), pdfPart('sp', await letterPdf())];
    const replies = await Promise.all([
      register(t, token, registrationData({ name: 'Lakeside One', databaseValue: 'lakeside' }), files),
      register(t, token, registrationData({ name: 'Lakeside Two', databaseValue: 'lakeside' }), files),
    ]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const loser = replies.find((reply) => reply.statusCode !== 200)!;
    expect(loser.json().data).toContainEqual({
      errorField: expect.stringMatching(/databaseValue$/),
      message: 'Another health system already uses this database value.',
    });
    const after = await storedCounts(t);
    expect(after).toMatchObject({ systems: before.systems + 1, forms: before.forms + 2 });
    expect(after.files).toBe(before.files + 2);
    const rows = await t.db.select().from(healthSystems).where(eq(healthSystems.databaseValue, 'lakeside'));
    expect(rows).toHaveLength(1);
    const publications = await t.db
      .select()
      .from(consentPublications)
      .where(and(eq(consentPublications.healthSystemId, rows[0]!.id)));
    expect(publications).toHaveLength(2);
  });
});
