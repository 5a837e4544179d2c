import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { consentForms, consentPublications } from '../src/db/schema';
import { describeEachDatabase, type TestApp } from './helpers';
import { signInAdmin, useAuthApp } from './auth-helpers';
import { call } from './participant-helpers';
import {
  FORM_FIELDS,
  WITNESS,
  consentEntry,
  inputField,
  letterPdf,
  multipartCall,
  registered,
  UNKNOWN_ID,
  CHANGED_MEANWHILE,
  versionRow,
} from './health-system-helpers';

const OUTDATED = {
  status: false,
  message: 'This consent form was changed by someone else meanwhile. Reload it and make your change again.',
};
const PUBLISHED = 'The new version of the consent form is published.';

/** The publication that made a version of a form current. */
async function publicationOf(t: TestApp, formId: string, version: number) {
  const row = await versionRow(t, formId, version);
  const [publication] = await t.db.select().from(consentPublications).where(eq(consentPublications.formId, row.id));
  return publication!;
}

/** An administrator with a registered system (custom forms in both languages, version 1, revision 1). */
async function lakeside(t: TestApp) {
  const token = (await signInAdmin(t)).access_token;
  const { id } = await registered(t, token);
  return { token, id, en: await consentEntry(t, token, id, 'en') };
}

// Both databases: which of two publications at once is taken is decided by the database's locks.
describeEachDatabase('Health System Management: publishing consent form versions', (target) => {
  const testApp = useAuthApp(target);

  it('PUT /update/consent-form/input-fields publishes version 2 on the same file and retires version 1', async () => {
    const t = testApp();
    const { token, id, en } = await lakeside(t);
    const reply = await call(t, 'PUT', `/update/consent-form/input-fields?id=${en.id}&language=en`, token, {
      payload: { inputFields: [...FORM_FIELDS, WITNESS], reconsent: false, revision: 1 },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      status: true,
      message: PUBLISHED,
      data: { formId: en.id, version: 2, revision: 2, reconsentRequested: 0 },
    });
    const now = await consentEntry(t, token, id, 'en');
    expect(now).toMatchObject({ id: en.id, version: 2, fileId: en.fileId, revision: 2 });
    expect(now.inputFields.map((f) => f.description).at(-1)).toBe('Witness name');
    expect(now.inputFields.slice(0, 3).map((f) => f.id)).toEqual(en.inputFields.map((f) => f.id));
    const [v1, v2] = [await versionRow(t, en.id!, 1), await versionRow(t, en.id!, 2)];
    expect(v1.retiredAt).not.toBeNull();
    expect(await publicationOf(t, en.id!, 2)).toMatchObject({
      language: 'en',
      formId: v2.id,
      previousFormId: v1.id,
      changes: [{ kind: 'fieldAdded', field: 'Witness name' }],
      reconsent: false,
      participantsAsked: 0,
    });

    // An editor that loaded version 1 is refused, whether it says so in the body or in If-Match.
    const stale = await call(t, 'PUT', `/update/consent-form/input-fields?id=${en.id}&language=en`, token, {
      payload: { inputFields: FORM_FIELDS, reconsent: false, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(OUTDATED);
    const staleHeader = await call(t, 'PUT', `/update/consent-form/input-fields?id=${en.id}&language=en`, token, {
      payload: { inputFields: FORM_FIELDS, reconsent: false },
      headers: { 'if-match': '"1"' },
    });
    expect(staleHeader.statusCode).toBe(409);
    expect(staleHeader.json()).toEqual(OUTDATED);
    // The current form, but an editor loaded before version 2: the system's revision is 2 now.
    const staleRevision = await call(t, 'PUT', `/update/consent-form/input-fields?id=${now.id}&language=en`, token, {
      payload: { inputFields: FORM_FIELDS, reconsent: false, revision: 1 },
    });
    expect(staleRevision.statusCode).toBe(409);
    expect(staleRevision.json()).toEqual({ status: false, message: CHANGED_MEANWHILE });
    const unknown = await call(t, 'PUT', `/update/consent-form/input-fields?id=${UNKNOWN_ID}&language=en`, token, {
      payload: { inputFields: FORM_FIELDS, reconsent: false, revision: 2 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: 'This consent form does not exist.' });
    expect(await consentEntry(t, token, id, 'en')).toMatchObject({ id: en.id, version: 2, revision: 2 });

    // Two editors publish from version 2 at once: one makes version 3, the other is told it changed meanwhile.
    const publish = (fields: unknown[]) =>
      call(t, 'PUT', `/update/consent-form/input-fields?id=${now.id}&language=en`, token, {
        payload: { inputFields: fields, reconsent: false, version: 2 },
      });
    const replies = await Promise.all([publish(FORM_FIELDS), publish([...FORM_FIELDS.slice(1), WITNESS])]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await consentEntry(t, token, id, 'en')).toMatchObject({ version: 3, revision: 3 });
  });

  it('PUT /update/consent-form publishes version 2 with the new PDF (a new file) and its fields', async () => {
    const t = testApp();
    const { token, id, en } = await lakeside(t);
    const settings = { inputFields: FORM_FIELDS, reconsent: false, revision: 1 };
    const reply = await multipartCall(t, 'PUT', `/update/consent-form?id=${en.id}&language=en`, token, [
      { name: 'consentFormSettings', value: JSON.stringify(settings) },
      { name: 'file', value: await letterPdf(2, 'Revised form'), fileName: 'lakeside-en-v2.pdf' },
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toEqual({ formId: en.id, version: 2, revision: 2, reconsentRequested: 0 });
    const now = await consentEntry(t, token, id, 'en');
    expect(now).toMatchObject({ id: en.id, version: 2 });
    expect(now.fileId).not.toBe(en.fileId);
    expect(now.inputFields.map((f) => f.id)).toEqual(en.inputFields.map((f) => f.id));
    expect((await publicationOf(t, en.id!, 2)).changes).toEqual([{ kind: 'document' }]);

    const notPdf = await multipartCall(t, 'PUT', `/update/consent-form?id=${now.id}&language=en`, token, [
      { name: 'consentFormSettings', value: JSON.stringify({ ...settings, revision: 2 }) },
      { name: 'file', value: new TextEncoder().encode('<html></html>'), fileName: 'x.pdf' },
    ]);
    expect(notPdf.statusCode).toBe(400);
    expect(JSON.stringify(notPdf.json())).toContain('The file for English is not a PDF document.');
    expect((await consentEntry(t, token, id, 'en')).version).toBe(2);
  });

  it('adds, changes and deletes single fields, each a new version; never off its page, never the last one', async () => {
    const t = testApp();
    const { token, id, en } = await lakeside(t);
    const added = await call(t, 'POST', `/consent/input-field?formId=${en.id}`, token, {
      payload: { inputField: WITNESS, reconsent: false, revision: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ status: true, message: 'Input field added successfully!' });
    expect(added.json().data).toMatchObject({ version: 2, revision: 2 });

    const offPage = inputField('Second witness', 'text', { x: 600, y: 100 });
    offPage.dimensions.width = 50;
    const v2 = await consentEntry(t, token, id, 'en');
    const refused = await call(t, 'POST', `/consent/input-field?formId=${v2.id}`, token, {
      payload: { inputField: offPage, reconsent: false, revision: 2 },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(
      'The field runs past the edge of page 1, which is 612 × 792 points.',
    );

    const date = v2.inputFields.find((f) => f.description === 'Date of signing')!;
    const moved = { ...FORM_FIELDS[1], coordinates: { page: 1, x: 320, y: 700 } };
    const changed = await call(t, 'PUT', `/consent/input-field?id=${date.id}`, token, {
      payload: { inputField: moved, reconsent: false, revision: 2 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ message: 'Input field updated successfully!', data: { version: 3 } });
    expect(changed.json().data.formId).toBe(en.id);
    expect((await publicationOf(t, en.id!, 3)).changes).toEqual([{ kind: 'fieldChanged', field: 'Date of signing' }]);
    const stale = await call(t, 'PUT', `/consent/input-field?id=${date.id}`, token, {
      payload: { inputField: moved, reconsent: false, version: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(OUTDATED);
    const unknownField = await call(t, 'DELETE', `/consent/input-field?id=${UNKNOWN_ID}&reconsent=false`, token);
    expect(unknownField.statusCode).toBe(404);
    expect(unknownField.json()).toEqual({
      status: false,
      message: 'This input field no longer exists. Reload the consent form.',
    });

    let current = await consentEntry(t, token, id, 'en');
    expect(current).toMatchObject({ version: 3, fileId: en.fileId });
    let version = 3;
    for (const description of ['Printed name of the participant', 'Date of signing', 'Signature of the participant']) {
      const doomed = current.inputFields.find((f) => f.description === description)!;
      const deleted = await call(
        t,
        'DELETE',
        `/consent/input-field?id=${doomed.id}&reconsent=false&revision=${current.revision}`,
        token,
      );
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toMatchObject({ message: 'Input field deleted successfully!' });
      version += 1;
      current = await consentEntry(t, token, id, 'en');
      expect(current.version).toBe(version);
    }
    // Four fields, three deleted: versions 4, 5 and 6.
    expect(version).toBe(6);
    expect((await publicationOf(t, en.id!, 6)).changes).toEqual([
      { kind: 'fieldRemoved', field: 'Signature of the participant' },
    ]);
    const last = await call(
      t,
      'DELETE',
      `/consent/input-field?id=${current.inputFields[0]!.id}&reconsent=false&revision=${current.revision}`,
      token,
    );
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({
      status: false,
      message: 'A consent form needs at least one input field. Add another field first, or use the default form.',
    });
    expect((await consentEntry(t, token, id, 'en')).version).toBe(6);
  });

  it('switches a language to the default form and back with a custom form again', async () => {
    const t = testApp();
    const { token, id, en } = await lakeside(t);
    const switched = await call(t, 'DELETE', `/consent-form?id=${en.id}&reconsent=false&revision=1`, token);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toEqual({
      status: true,
      message: 'This language now uses the default consent form.',
      data: { formId: null, version: null, revision: 2, reconsentRequested: 0 },
    });
    expect(await consentEntry(t, token, id, 'en')).toMatchObject({ id: null, useDefault: true, version: null });
    const [toDefault] = await t.db
      .select()
      .from(consentPublications)
      .where(
        and(
          eq(consentPublications.previousFormId, (await versionRow(t, en.id!, 1)).id),
          isNull(consentPublications.formId),
        ),
      );
    expect(toDefault).toMatchObject({ language: 'en', changes: [{ kind: 'formReplaced' }], reconsent: false });
    const current = await t.db.select().from(consentForms).where(isNull(consentForms.retiredAt));
    expect(current.filter((form) => form.healthSystemId === id).map((form) => form.language)).toEqual(['sp']);

    const again = await call(t, 'DELETE', `/consent-form?id=${en.id}&reconsent=false&revision=2`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: false, message: 'This language already uses the default consent form.' });

    const back = await multipartCall(t, 'POST', `/consent-form?healthSystemId=${id}`, token, [
      {
        name: 'data',
        value: JSON.stringify({ language: 'en', inputFields: FORM_FIELDS, reconsent: false, revision: 2 }),
      },
      { name: 'file', value: await letterPdf(1, 'Back again'), fileName: 'lakeside-en-again.pdf' },
    ]);
    expect(back.statusCode, back.body).toBe(200);
    // Back on a custom form, the language's form keeps its id.
    expect(back.json()).toMatchObject({
      status: true,
      message: PUBLISHED,
      data: { formId: en.id, version: 2, revision: 3 },
    });
    expect(await consentEntry(t, token, id, 'en')).toMatchObject({
      id: en.id,
      useDefault: false,
      version: 2,
      fileName: 'lakeside-en-again.pdf',
    });
    expect(await publicationOf(t, en.id!, 2)).toMatchObject({
      previousFormId: null,
      changes: [{ kind: 'formReplaced' }],
    });
  });
});
