import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { consentSignatures, healthSystems } from '../src/db/schema';
import { describeEachDatabase, type TestApp } from './helpers';
import { freshStartAt, signInAdmin, useAuthApp } from './auth-helpers';
import { openCeremony, signConsent } from './consent-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { dataOf } from './settings-helpers';
import { verificationRecord } from './push-api-helpers';
import { onboardHealthSystem } from './verification-helpers';
import {
  FORM_FIELDS,
  HS,
  WITNESS,
  consentEntry,
  healthSystemTab,
  letterPdf,
  multipartCall,
  participantOf,
  pdfPart,
  registered,
  registrationData,
  storedCounts,
  UNKNOWN_ID,
  CHANGED_MEANWHILE,
  versionRow,
} from './health-system-helpers';

const START = '2026-06-15T10:00:00.000Z';

/** The health systems offered at registration, by value, in a language. */
async function dropdownValues(t: TestApp, language: 'en' | 'sp' = 'en') {
  const reply = await t.app.inject({ method: 'GET', url: '/common-server/externalization/registration-dropdowns' });
  return (reply.json().data[language].healthSystems as { value: string; label: string }[]).map((o) => o.value);
}

// Both databases: which of two edits at once is taken is decided by the database's locks.
describeEachDatabase('Health System Management: overview and edits', (target) => {
  const testApp = useAuthApp(target);

  it('pages the overview by name in sizes 5, 10, 15 and 25, counting participants who have not withdrawn', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const token = (await signInAdmin(t)).access_token;
    const added = [
      ['elm', 'Elm Medical', true],
      ['aurora', 'Aurora Health', true],
      ['delta', 'Delta Kidney Center', false],
      ['birch', 'Birch Clinic', true],
      ['cedar', 'Cedar Hospital', true],
    ] as const;
    for (const [databaseValue, name, isActive] of added) await onboardHealthSystem(t, databaseValue, name, isActive);
    await t.db
      .update(healthSystems)
      .set({ onboardedOn: new Date('2026-04-02T08:00:00.000Z') })
      .where(
        inArray(
          healthSystems.databaseValue,
          added.map(([databaseValue]) => databaseValue),
        ),
      );
    for (const withdrawn of [false, false, true])
      await verificationRecord(t, { healthSystem: 'geisinger', consentedAt: START, withdrawn });
    await verificationRecord(t, { healthSystem: 'delta', consentedAt: START });

    for (const size of [5, 10, 15, 25]) {
      const reply = await call(t, 'GET', `${HS}/overview?page=0&size=${size}`, token);
      expect(reply.statusCode, `size ${size}`).toBe(200);
      expect(reply.json().data.content).toHaveLength(Math.min(size, 7));
    }
    const refused = await call(t, 'GET', `${HS}/overview?page=0&size=7`, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual([
      { errorField: 'size', message: 'Please choose one of the page sizes offered.' },
    ]);

    const first = await dataOf(call(t, 'GET', `${HS}/overview?page=0&size=5`, token));
    expect((first.content as { name: string }[]).map((row) => row.name)).toEqual([
      'Aurora Health',
      'Birch Clinic',
      'Cedar Hospital',
      'Delta Kidney Center',
      'Elm Medical',
    ]);
    expect((first.content as unknown[])[3]).toMatchObject({
      name: 'Delta Kidney Center',
      count: 1,
      onboardedOn: '04/02/2026',
      status: 'Inactive',
      isActive: false,
    });
    const second = await dataOf(call(t, 'GET', `${HS}/overview?page=1&size=5`, token));
    expect(second).toMatchObject({ totalElements: 7, page: 1, size: 5 });
    // Geisinger: the demo patient and two of the three records (the third withdrew).
    expect(second.content).toEqual([
      expect.objectContaining({ name: 'Geisinger', count: 3, onboardedOn: '06/15/2026', status: 'Active' }),
      expect.objectContaining({ name: 'Riverside Kidney Care (demo)', count: 0, status: 'Active' }),
    ]);
  });

  it('updates basic information with the revision loaded; a stale or simultaneous save is refused, unchanged', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token);
    const update = (payload: object) => call(t, 'PUT', `/update/basic-info?id=${id}`, token, { payload });

    const saved = await update({ name: 'Lakeside Regional', description: 'Now regional.', revision: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      status: true,
      message: 'Basic information updated successfully',
      data: { id, revision: 2 },
    });
    const stale = await update({ name: 'Lakeside Stale', description: 'From an old editor.', revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: false, message: CHANGED_MEANWHILE });
    const taken = await update({ name: 'geisinger', description: 'Clash.', revision: 2 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().data).toEqual([
      { errorField: 'name', message: 'A health system with this name already exists.' },
    ]);
    expect(await healthSystemTab(t, token, id, 'BASIC')).toEqual({
      id,
      name: 'Lakeside Regional',
      description: 'Now regional.',
      revision: 2,
    });

    const replies = await Promise.all([
      update({ name: 'Lakeside North', description: 'First editor.', revision: 2 }),
      update({ name: 'Lakeside South', description: 'Second editor.', revision: 2 }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const winner = replies[0]!.statusCode === 200 ? 'Lakeside North' : 'Lakeside South';
    expect(await healthSystemTab(t, token, id, 'BASIC')).toMatchObject({ name: winner, revision: 3 });

    const unknown = await call(t, 'PUT', `/update/basic-info?id=${UNKNOWN_ID}`, token, {
      payload: { name: 'Nobody', description: 'No such system.' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: 'This health system does not exist.' });
    const unknownTab = await call(t, 'GET', `${HS}?id=${UNKNOWN_ID}&tab=BASIC`, token);
    expect(unknownTab.statusCode).toBe(404);
    expect(unknownTab.json()).toEqual({ status: false, message: 'This health system does not exist.' });
  });

  it('updates labels and deactivates: the system leaves the registration dropdown, its participants stay counted', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token);
    const participant = await participantOf(t, 'lakeside');
    expect(await dropdownValues(t)).toEqual(['geisinger', 'lakeside', 'riverside', 'none']);
    const update = (systemInfo: object, revision: number) =>
      call(t, 'PUT', `/update/system-info?id=${id}`, token, { payload: { systemInfo, revision } });

    const moved = await update({ databaseValue: 'lakeside-two', dropdownLabels: { en: 'L', sp: 'L' } }, 1);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().data).toContainEqual({
      errorField: expect.stringMatching(/databaseValue$/),
      message: 'The database value cannot be changed after onboarding: participants are registered under it.',
    });
    const saved = await update(
      { databaseValue: 'lakeside', dropdownLabels: { en: 'Lakeside Care', sp: 'Atención Lakeside' }, isActive: false },
      1,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      status: true,
      message: 'System configuration updated successfully',
      data: { id, revision: 2 },
    });
    expect(await healthSystemTab(t, token, id, 'SYSTEM_INFO')).toEqual({
      id,
      databaseValue: 'lakeside',
      dropdownLabels: { en: 'Lakeside Care', sp: 'Atención Lakeside' },
      isActive: false,
      revision: 2,
    });
    expect(await dropdownValues(t)).toEqual(['geisinger', 'riverside', 'none']);
    expect(await dropdownValues(t, 'sp')).toEqual(['geisinger', 'riverside', 'none']);
    // Its participants keep signing its own form.
    expect((await openCeremony(t, participant.tokens.access_token)).formId).toBe(
      (await versionRow(t, (await consentEntry(t, token, id, 'en')).id!, 1)).id,
    );
    const overview = await dataOf(call(t, 'GET', `${HS}/overview?page=0&size=10`, token));
    expect(overview.content).toContainEqual(
      expect.objectContaining({ id, count: 1, status: 'Inactive', isActive: false }),
    );
    const stale = await update({ dropdownLabels: { en: 'Stale', sp: 'Stale' }, isActive: true }, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: false, message: CHANGED_MEANWHILE });
    expect(await dropdownValues(t)).toEqual(['geisinger', 'riverside', 'none']);
  });

  it('saves PUT /health-system/update in one transaction: a bad file for Spanish leaves English unsaved too', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token);
    const english = await consentEntry(t, token, id, 'en');
    const data = {
      ...registrationData({
        name: 'Lakeside Renamed',
        en: { useDefault: false, inputFields: [...FORM_FIELDS, WITNESS] },
      }),
      id,
      revision: 1,
    };
    const save = (spanish: Uint8Array) =>
      multipartCall(t, 'PUT', `${HS}/update`, token, [
        { name: 'data', value: JSON.stringify(data) },
        pdfPart('sp', spanish, 'lakeside-sp.pdf'),
      ]);
    const before = await storedCounts(t);

    const refused = await save(new TextEncoder().encode('<html><body>no</body></html>'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toContainEqual({
      errorField: 'consentForms.sp.file',
      message: 'The file for Spanish is not a PDF document.',
    });
    expect(await storedCounts(t)).toEqual(before);
    expect(await healthSystemTab(t, token, id, 'BASIC')).toMatchObject({ name: 'Lakeside Health', revision: 1 });
    expect(await consentEntry(t, token, id, 'en')).toMatchObject({ id: english.id, version: 1 });

    const saved = await save(await letterPdf(2, 'Nuevo formulario'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await healthSystemTab(t, token, id, 'BASIC')).toMatchObject({ name: 'Lakeside Renamed' });
    const en = await consentEntry(t, token, id, 'en');
    expect(en).toMatchObject({ version: 2, fileId: english.fileId });
    expect(en.inputFields.map((f) => f.description)).toEqual([
      'Printed name of the participant',
      'Date of signing',
      'Signature of the participant',
      'Witness name',
    ]);
    expect(await consentEntry(t, token, id, 'sp')).toMatchObject({ version: 2 });
    expect(en.revision).toBeGreaterThan(1);

    const stale = await multipartCall(t, 'PUT', `${HS}/update`, token, [
      { name: 'data', value: JSON.stringify({ ...data, basicInfo: { name: 'Stale', description: 'Old editor.' } }) },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: false, message: CHANGED_MEANWHILE });
  });

  it('publishes nothing for an unchanged language in PUT /health-system/update, and switches one to the default form', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token);
    const english = await consentEntry(t, token, id, 'en');
    const before = await storedCounts(t);
    const data = { ...registrationData({ sp: { useDefault: true } }), id, revision: 1 };
    const saved = await multipartCall(t, 'PUT', `${HS}/update`, token, [{ name: 'data', value: JSON.stringify(data) }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await consentEntry(t, token, id, 'en')).toMatchObject({ id: english.id, version: 1 });
    expect(await consentEntry(t, token, id, 'sp')).toMatchObject({ id: null, useDefault: true, version: null });
    // One publication (Spanish to the default form); no new version, file or field.
    expect(await storedCounts(t)).toEqual({ ...before, publications: before.publications + 1 });
  });

  it("serves a form version's PDF, and nothing else, from GET /health-system/files", async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token);
    const { fileId } = await consentEntry(t, token, id, 'en');
    const reply = await call(t, 'GET', `${HS}/files?id=${fileId}`, token);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="lakeside-en\.pdf"/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-security-policy']).toMatch(/^sandbox(;|$)/);
    expect(reply.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const participant = await signedInParticipant(t);
    await signConsent(t, participant.tokens.access_token);
    const [signature] = await t.db
      .select()
      .from(consentSignatures)
      .where(eq(consentSignatures.userId, participant.userId));
    expect(createHash('sha256').update(reply.rawPayload).digest('hex')).not.toBe(signature!.signedSha256);
    for (const other of [signature!.signedFileId, UNKNOWN_ID]) {
      const refused = await call(t, 'GET', `${HS}/files?id=${other}`, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ status: false, message: 'This file is not a consent form.' });
    }
  });
});
