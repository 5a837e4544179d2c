import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { consentSignatures, storedFiles } from '../src/db/schema';
import { describeOnDatabase, type TestApp } from './helpers';
import { signInAdmin, useAuthApp } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { call } from './participant-helpers';
import {
  FORM_FIELDS,
  HS,
  WITNESS,
  consentEntry,
  consentTab,
  inputField,
  letterPdf,
  multipartCall,
  participantOf,
  registered,
  registrationData,
  storedCounts,
  versionRow,
} from './health-system-helpers';

const OUTDATED = {
  status: false,
  message: 'This consent form was changed by someone else meanwhile. Reload it and make your change again.',
};
const FIELD_GONE = { status: false, message: 'This input field no longer exists. Reload the consent form.' };
const MOVED_WITNESS = { ...WITNESS, coordinates: { page: 1, x: 320, y: 700 } };

/** An administrator and a registered system whose English form is read once, as a client keeps it. */
async function lakeside(t: TestApp) {
  const token = (await signInAdmin(t)).access_token;
  const { id } = await registered(t, token);
  return { token, id, en: await consentEntry(t, token, id, 'en') };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describeOnDatabase('Health System Management: consent forms and input fields keep their ids', (target) => {
  const testApp = useAuthApp(target);

  it('adds a field, then changes and removes it by the id the addition answered; the form keeps its id', async () => {
    const t = testApp();
    const { token, id, en } = await lakeside(t);
    // The spec's form of the calls: no version, no revision.
    const added = await call(t, 'POST', `/consent/input-field?formId=${en.id}`, token, {
      payload: { inputField: WITNESS },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { fieldId } = added.json().data;
    expect(added.json().data).toEqual({ formId: en.id, version: 2, revision: 2, reconsentRequested: 0, fieldId });

    const changed = await call(t, 'PUT', `/consent/input-field?id=${fieldId}`, token, {
      payload: { inputField: MOVED_WITNESS },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ formId: en.id, version: 3, revision: 3, reconsentRequested: 0 });
    const v3 = await consentEntry(t, token, id, 'en');
    expect(v3).toMatchObject({ id: en.id, version: 3 });
    expect(v3.inputFields.map((field) => field.id)).toEqual([...en.inputFields.map((field) => field.id), fieldId]);
    expect(v3.inputFields[3]!.coordinates).toEqual({ page: 1, x: 320, y: 700 });

    const removed = await call(t, 'DELETE', `/consent/input-field?id=${fieldId}`, token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ formId: en.id, version: 4, revision: 4, reconsentRequested: 0 });
    const again = await call(t, 'DELETE', `/consent/input-field?id=${fieldId}`, token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(FIELD_GONE);
    const v4 = await consentEntry(t, token, id, 'en');
    expect(v4).toMatchObject({ id: en.id, version: 4 });
    expect(v4.inputFields).toEqual(en.inputFields);
  });

  it("keeps the form's and its fields' ids through a new PDF and whole field lists", async () => {
    const t = testApp();
    const { token, id, en } = await lakeside(t);
    const [name, date, signature] = en.inputFields;
    const replaced = await multipartCall(t, 'PUT', `/update/consent-form?id=${en.id}&language=en`, token, [
      { name: 'consentFormSettings', value: JSON.stringify({}) },
      { name: 'file', value: await letterPdf(2, 'Revised form'), fileName: 'lakeside-en-v2.pdf' },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ formId: en.id, version: 2 });
    const v2 = await consentEntry(t, token, id, 'en');
    expect(v2).toMatchObject({ id: en.id, version: 2, fileName: 'lakeside-en-v2.pdf' });
    expect(v2.fileId).not.toBe(en.fileId);
    expect(v2.inputFields).toEqual(en.inputFields);

    // The date named by its id and moved keeps it, the unchanged name keeps its own without one; the signature
    // sent changed and without an id is a new field, as is the witness.
    const saved = await call(t, 'PUT', `/update/consent-form/input-fields?id=${en.id}&language=en`, token, {
      payload: {
        inputFields: [
          { ...FORM_FIELDS[1], id: date!.id, coordinates: { page: 2, x: 320, y: 100 } },
          FORM_FIELDS[0],
          { ...FORM_FIELDS[2], isRequired: false },
          WITNESS,
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ formId: en.id, version: 3 });
    const ids = (await consentEntry(t, token, id, 'en')).inputFields.map((field) => field.id);
    expect(ids.slice(0, 2)).toEqual([date!.id, name!.id]);
    expect(new Set(ids).size).toBe(4);
    expect(ids).not.toContain(signature!.id);

    // The whole update of the system, in the spec's form (no ids): the fields sent as they are now (the name and
    // the witness) keep their ids; the date and the signature, sent as they were at first, are new fields.
    const data = {
      ...registrationData({ en: { useDefault: false, inputFields: [...FORM_FIELDS, WITNESS] } }),
      id,
    };
    const before = (await consentEntry(t, token, id, 'sp')).inputFields;
    const updated = await multipartCall(t, 'PUT', `${HS}/update`, token, [
      { name: 'data', value: JSON.stringify(data) },
    ]);
    expect(updated.statusCode, updated.body).toBe(200);
    const en4 = await consentEntry(t, token, id, 'en');
    expect(en4).toMatchObject({ id: en.id, version: 4 });
    const ids4 = en4.inputFields.map((field) => field.id);
    expect([ids4[0], ids4[3]]).toEqual([name!.id, ids[3]]);
    expect(ids4).not.toContain(date!.id);
    const sp = await consentEntry(t, token, id, 'sp');
    expect(sp).toMatchObject({ version: 1, inputFields: before });
  });

  it('refuses every change sent with a stale version, in the body or If-Match, with 409 and changes nothing', async () => {
    const t = testApp();
    const { token, id, en } = await lakeside(t);
    const [field] = en.inputFields;
    const first = await call(t, 'PUT', `/consent/input-field?id=${field!.id}`, token, {
      payload: { inputField: { ...FORM_FIELDS[0], isRequired: false }, version: 1 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ formId: en.id, version: 2 });

    const tabBefore = await consentTab(t, token, id);
    const countsBefore = await storedCounts(t);
    const ifMatch = (value: string) => ({ headers: { 'if-match': value } });
    const pdf = await letterPdf(1, 'Stale form');
    const whole = registrationData({ en: { useDefault: false, inputFields: [WITNESS] } });
    const stale = [
      call(t, 'PUT', `/consent/input-field?id=${field!.id}`, token, {
        payload: { inputField: FORM_FIELDS[0], version: 1 },
      }),
      call(t, 'PUT', `/consent/input-field?id=${field!.id}`, token, {
        payload: { inputField: FORM_FIELDS[0] },
        ...ifMatch('"1"'),
      }),
      call(t, 'DELETE', `/consent/input-field?id=${field!.id}&version=1`, token),
      call(t, 'DELETE', `/consent/input-field?id=${field!.id}`, token, ifMatch('W/"1"')),
      call(t, 'POST', `/consent/input-field?formId=${en.id}`, token, { payload: { inputField: WITNESS, version: 1 } }),
      call(t, 'PUT', `/update/consent-form/input-fields?id=${en.id}&language=en`, token, {
        payload: { inputFields: FORM_FIELDS },
        ...ifMatch('1'),
      }),
      call(t, 'DELETE', `/consent-form?id=${en.id}&version=1`, token),
      multipartCall(t, 'PUT', `/update/consent-form?id=${en.id}&language=en`, token, [
        { name: 'consentFormSettings', value: JSON.stringify({ version: 1 }) },
        { name: 'file', value: pdf, fileName: 'stale.pdf' },
      ]),
      multipartCall(t, 'POST', `/consent-form?healthSystemId=${id}`, token, [
        { name: 'data', value: JSON.stringify({ language: 'en', inputFields: FORM_FIELDS, version: 1 }) },
        { name: 'file', value: pdf, fileName: 'stale.pdf' },
      ]),
      multipartCall(t, 'PUT', `${HS}/update`, token, [
        {
          name: 'data',
          value: JSON.stringify({
            ...whole,
            consentForms: whole.consentForms.map((entry) => ({ ...entry, version: 1 })),
            id,
          }),
        },
      ]),
    ];
    for (const reply of await Promise.all(stale)) {
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json()).toEqual(OUTDATED);
    }
    expect(await storedCounts(t)).toEqual(countsBefore);
    expect(await consentTab(t, token, id)).toEqual(tabBefore);

    const inSpanish = await call(t, 'DELETE', `/consent/input-field?id=${field!.id}&version=1`, token, {
      language: 'sp',
    });
    expect(inSpanish.statusCode).toBe(409);
    expect(inSpanish.json().message).toBe(
      'Otra persona cambió este formulario de consentimiento mientras tanto. Vuelva a cargarlo y haga su cambio de nuevo.',
    );

    // The version loaded, as If-Match: the change is made.
    const current = await call(t, 'DELETE', `/consent/input-field?id=${field!.id}`, token, ifMatch('"2"'));
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data).toMatchObject({ formId: en.id, version: 3 });
  });

  it('leaves an earlier signature on the version it signed, whose signed copy opens with the same bytes', async () => {
    const t = testApp();
    const { token, id, en } = await lakeside(t);
    const participant = await participantOf(t, 'lakeside');
    await signConsent(t, participant.tokens.access_token);
    const [signed] = await t.db
      .select()
      .from(consentSignatures)
      .where(eq(consentSignatures.userId, participant.userId));
    const v1 = await versionRow(t, en.id!, 1);
    expect(signed).toMatchObject({ formId: v1.id, formSha256: v1.sha256 });

    const replaced = await multipartCall(t, 'PUT', `/update/consent-form?id=${en.id}&language=en`, token, [
      { name: 'consentFormSettings', value: JSON.stringify({ reconsent: true, version: 1 }) },
      { name: 'file', value: await letterPdf(1, 'Second edition'), fileName: 'lakeside-en-v2.pdf' },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const moved = await call(t, 'PUT', `/consent/input-field?id=${en.inputFields[0]!.id}`, token, {
      payload: { inputField: inputField('Printed name of the participant', 'text', { x: 72, y: 500 }), version: 2 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await consentEntry(t, token, id, 'en')).toMatchObject({ id: en.id, version: 3 });

    const [after] = await t.db.select().from(consentSignatures).where(eq(consentSignatures.id, signed!.id));
    expect(after).toEqual(signed);
    const [v1File] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, v1.fileId));
    expect(v1File!.sha256).toBe(signed!.formSha256);
    const download = await call(
      t,
      'GET',
      `/consent/download-stream?signatureId=${signed!.id}`,
      participant.tokens.access_token,
    );
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(signed!.signedSha256);
  });
});
