import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { consentPublications, consentSignatures, healthSystems, storedFiles, users } from '../src/db/schema';
import { describeOnDatabase, type TestApp } from './helpers';
import { freshStartAt, signInAdmin, useAuthApp } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { call } from './participant-helpers';
import {
  FORM_FIELDS,
  WITNESS,
  consentEntry,
  letterPdf,
  multipartCall,
  participantOf,
  registered,
  versionRow,
} from './health-system-helpers';

const START = '2026-06-15T10:00:00.000Z';
const PUBLISH_AT = '2026-06-20T09:30:00.000Z';

/** Each signature of the users, with its signed file's stored hash: what re-consent must never alter. */
async function signaturesOf(t: TestApp, userIds: string[]) {
  return t.db
    .select({
      userId: consentSignatures.userId,
      formId: consentSignatures.formId,
      signedSha256: consentSignatures.signedSha256,
      storedSha256: storedFiles.sha256,
    })
    .from(consentSignatures)
    .innerJoin(storedFiles, eq(storedFiles.id, consentSignatures.signedFileId))
    .where(inArray(consentSignatures.userId, userIds))
    .orderBy(consentSignatures.userId);
}

async function reconsentRequestedAt(t: TestApp, userIds: string[]) {
  const rows = await t.db
    .select({ id: users.id, at: users.reconsentRequestedAt })
    .from(users)
    .where(inArray(users.id, userIds));
  return Object.fromEntries(rows.map((row) => [row.id, row.at?.toISOString() ?? null]));
}

describeOnDatabase('Health System Management: re-consent on publishing', (target) => {
  const testApp = useAuthApp(target);

  it('asks only the signers of that system and language who have not withdrawn; their signatures stay', async () => {
    const t = testApp();
    await freshStartAt(t, START);
    let token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token);
    const en = await consentEntry(t, token, id, 'en');

    const signer = await participantOf(t, 'lakeside', 'en');
    const spanishSigner = await participantOf(t, 'lakeside', 'sp');
    const otherSystem = await participantOf(t, 'geisinger', 'en');
    const withdrawn = await participantOf(t, 'lakeside', 'en');
    const unsigned = await participantOf(t, 'lakeside', 'en');
    for (const participant of [signer, spanishSigner, otherSystem, withdrawn])
      await signConsent(t, participant.tokens.access_token);
    await t.db.update(users).set({ status: 'withdrawn' }).where(eq(users.id, withdrawn.userId));
    const everyone = [signer, spanishSigner, otherSystem, withdrawn, unsigned].map((p) => p.userId);
    const signedBefore = await signaturesOf(t, everyone);
    expect(signedBefore).toHaveLength(4);
    expect(signedBefore.find((s) => s.userId === signer.userId)!.formId).toBe((await versionRow(t, en.id!, 1)).id);
    expect(await consentEntry(t, token, id, 'en')).toMatchObject({ signedParticipants: 1 });

    t.clock.set(PUBLISH_AT);
    // Days later: a new session.
    token = (await signInAdmin(t)).access_token;
    const asked = await call(t, 'PUT', `/update/consent-form/input-fields?id=${en.id}&language=en`, token, {
      payload: { inputFields: [...FORM_FIELDS, WITNESS], reconsent: true, revision: 1 },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toEqual({
      formId: en.id,
      version: 2,
      revision: 2,
      reconsentRequested: 1,
    });
    expect(await reconsentRequestedAt(t, everyone)).toEqual({
      [signer.userId]: PUBLISH_AT,
      [spanishSigner.userId]: null,
      [otherSystem.userId]: null,
      [withdrawn.userId]: null,
      [unsigned.userId]: null,
    });
    expect(await signaturesOf(t, everyone)).toEqual(signedBefore);
    const [publication] = await t.db
      .select()
      .from(consentPublications)
      .where(eq(consentPublications.formId, (await versionRow(t, en.id!, 2)).id));
    expect(publication).toMatchObject({
      changes: [{ kind: 'fieldAdded', field: 'Witness name' }],
      reconsent: true,
      participantsAsked: 1,
    });

    const v2 = await consentEntry(t, token, id, 'en');
    const witness = v2.inputFields.find((f) => f.description === 'Witness name')!;
    const quiet = await call(t, 'DELETE', `/consent/input-field?id=${witness.id}&reconsent=false&revision=2`, token);
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(quiet.json().data).toEqual({ formId: en.id, version: 3, revision: 3, reconsentRequested: 0 });
    expect(await signaturesOf(t, everyone)).toEqual(signedBefore);

    // Switching Spanish to the default form with re-consent asks its one signer.
    const sp = await consentEntry(t, token, id, 'sp');
    const switched = await call(t, 'DELETE', `/consent-form?id=${sp.id}&reconsent=true&revision=3`, token);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data).toEqual({ formId: null, version: null, revision: 4, reconsentRequested: 1 });
    expect((await reconsentRequestedAt(t, [spanishSigner.userId]))[spanishSigner.userId]).toBe(PUBLISH_AT);
    expect(await signaturesOf(t, everyone)).toEqual(signedBefore);
  });

  it("asks a system's signers of the default form when the system publishes a form of its own", async () => {
    const t = testApp();
    await freshStartAt(t, START);
    const token = (await signInAdmin(t)).access_token;
    const signer = await participantOf(t, 'geisinger', 'en');
    await signConsent(t, signer.tokens.access_token);
    const [geisinger] = await t.db.select().from(healthSystems).where(eq(healthSystems.databaseValue, 'geisinger'));
    expect(await consentEntry(t, token, geisinger!.id, 'en')).toMatchObject({ useDefault: true, revision: 1 });

    const published = await multipartCall(t, 'POST', `/consent-form?healthSystemId=${geisinger!.id}`, token, [
      {
        name: 'data',
        value: JSON.stringify({ language: 'en', inputFields: FORM_FIELDS, reconsent: true, revision: 1 }),
      },
      { name: 'file', value: await letterPdf(1, 'Geisinger form'), fileName: 'geisinger-en.pdf' },
    ]);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toEqual({
      formId: expect.any(String),
      version: 1,
      revision: 2,
      reconsentRequested: 1,
    });
    expect(await reconsentRequestedAt(t, [signer.userId])).toEqual({ [signer.userId]: START });
    const [publication] = await t.db
      .select()
      .from(consentPublications)
      .where(eq(consentPublications.formId, (await versionRow(t, published.json().data.formId, 1)).id));
    expect(publication).toMatchObject({ changes: [{ kind: 'formReplaced' }], reconsent: true, participantsAsked: 1 });
  });
});
