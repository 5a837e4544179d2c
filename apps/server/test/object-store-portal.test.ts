import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { consentForms, consentSignatures, profilePictures, storedFiles, users } from '../src/db/schema';
import { photo, putProfile, SAME_PROFILE } from './account-helpers';
import { freshStart, signInAdmin } from './auth-helpers';
import { completeSigning, openCeremony, sign, signConsent } from './consent-helpers';
import { describeEachDatabase, type TestApp } from './helpers';
import {
  consentEntry,
  HS,
  letterPdf,
  participantOf,
  pdfPart,
  register,
  registered,
  registrationData,
  storedCounts,
} from './health-system-helpers';
import { objectKeys, unreachableS3Url, useAppWithBucket, useObjectStore } from './object-store-helpers';
import { call, signedInParticipant } from './participant-helpers';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function signatureOf(t: TestApp, userId: string) {
  const [row] = await t.db
    .select({
      id: consentSignatures.id,
      fileId: consentSignatures.signedFileId,
      sha256: consentSignatures.signedSha256,
    })
    .from(consentSignatures)
    .where(eq(consentSignatures.userId, userId));
  return row;
}

// Both databases: an object is written before the row that points at it commits, in each database's transaction.
describeEachDatabase('the portal with its documents in a bucket', (target) => {
  const store = useObjectStore();
  const testApp = useAppWithBucket(target, () => store().url);
  beforeEach(() => freshStart(testApp()));

  it('signs a consent: the signed copy goes to the bucket, is e-mailed, downloaded and checked from there', async () => {
    const t = testApp();
    const { tokens, userId, email } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    const signature = (await signatureOf(t, userId))!;
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, signature.fileId));
    expect(file).toMatchObject({ content: null, objectKey: `documents/${signature.fileId}`, sha256: signature.sha256 });
    expect(sha256((await store().bucket.get(`documents/${signature.fileId}`))!)).toBe(signature.sha256);

    await t.app.services.mailer.idle();
    expect(sha256(t.mail.to(email)[0]!.attachments![0]!.content)).toBe(signature.sha256);
    const download = await call(t, 'GET', '/consent/download-stream', tokens.access_token);
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(signature.sha256);

    // The seeded forms are in the database, the signed copy in the bucket: the check reads both.
    const admin = await signInAdmin(t);
    const healthy = await call(t, 'GET', '/consent/integrity', admin.access_token);
    expect(healthy.json().data).toEqual({ checkedForms: 2, checkedSignatures: 1, mismatches: [] });

    await store().bucket.put(`documents/${signature.fileId}`, new TextEncoder().encode('%PDF-altered'), 'x');
    const damaged = await call(t, 'GET', '/consent/integrity', admin.access_token);
    expect(damaged.json().data.mismatches).toEqual([{ kind: 'signature', id: signature.id }]);
    const refused = await call(t, 'GET', '/consent/download-stream', tokens.access_token);
    expect(refused.statusCode).toBe(500);
    expect(refused.rawPayload.includes('%PDF')).toBe(false);
  });

  it('keeps pictures in the bucket under random keys and removes the old object on replace and removal', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const pictureRow = async () =>
      (await t.db.select().from(profilePictures).where(eq(profilePictures.userId, userId)))[0];
    await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'a.png',
      type: 'image/png',
      bytes: await photo('png', 100, 100),
    });
    const first = (await pictureRow())!;
    expect(first.content).toBeNull();
    expect(first.objectKey).toMatch(/^pictures\/[0-9a-f-]{36}$/);
    expect(first.objectKey).not.toContain(userId);
    const served = await call(t, 'GET', '/keycloak/user/picture', tokens.access_token);
    expect(served.statusCode).toBe(200);
    expect(sha256(served.rawPayload)).toBe(first.sha256);

    await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'b.jpg',
      type: 'image/jpeg',
      bytes: await photo('jpeg', 300, 200),
    });
    const second = (await pictureRow())!;
    expect(second.objectKey).not.toBe(first.objectKey);
    expect(await objectKeys(store().bucket, 'pictures/')).toContain(second.objectKey);
    expect(await objectKeys(store().bucket, 'pictures/')).not.toContain(first.objectKey);

    await putProfile(t, tokens.access_token, { ...SAME_PROFILE, isRemoveProfilePicture: 'true' });
    expect(await pictureRow()).toBeUndefined();
    expect(await objectKeys(store().bucket, 'pictures/')).not.toContain(second.objectKey);
  });

  it('keeps an onboarded health system’s forms in the bucket, serves them and has its participants sign them', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const { id } = await registered(t, token);
    const { fileId } = await consentEntry(t, token, id, 'en');
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, fileId!));
    expect(file).toMatchObject({ content: null, objectKey: `documents/${fileId}` });
    const served = await call(t, 'GET', `${HS}/files?id=${fileId}`, token);
    expect(served.statusCode).toBe(200);
    expect(sha256(served.rawPayload)).toBe(file!.sha256);

    const participant = await participantOf(t, 'lakeside');
    const ceremony = await signConsent(t, participant.tokens.access_token);
    const [form] = await t.db.select().from(consentForms).where(eq(consentForms.id, ceremony.formId));
    expect(form!.fileId).toBe(fileId);
    expect((await signatureOf(t, participant.userId))!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

// Both databases: a failed write rolls back each database's transaction.
describeEachDatabase('the portal when its bucket is down', (target) => {
  const testApp = useAppWithBucket(target, unreachableS3Url);
  beforeEach(() => freshStart(testApp()));

  it('refuses to sign with a clear message in the caller’s language, and keeps nothing of the attempt', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const ceremony = await openCeremony(t, tokens.access_token);
    const filesBefore = await t.db.select({ id: storedFiles.id }).from(storedFiles);

    const english = await sign(t, tokens.access_token, completeSigning(t, ceremony));
    expect(english.statusCode).toBe(503);
    expect(english.json()).toEqual({
      status: false,
      message: 'Documents cannot be stored right now. Please try again in a few minutes.',
    });
    const spanish = await sign(t, tokens.access_token, completeSigning(t, ceremony), 'sp');
    expect(spanish.statusCode).toBe(503);
    expect(spanish.json().message).toBe(
      'No es posible guardar documentos en este momento. Vuelva a intentarlo en unos minutos.',
    );

    expect(await signatureOf(t, userId)).toBeUndefined();
    expect(await t.db.select({ id: storedFiles.id }).from(storedFiles)).toEqual(filesBefore);
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user!.consentSignedAt).toBeNull();
    expect((await call(t, 'GET', '/consent/view-consent', tokens.access_token)).json().data).toBeNull();
  });

  it('refuses a new picture the same way and leaves the profile as it was', async () => {
    const t = testApp();
    const { tokens, userId } = await signedInParticipant(t);
    const reply = await putProfile(
      t,
      tokens.access_token,
      { ...SAME_PROFILE, language: 'sp' },
      { name: 'a.png', type: 'image/png', bytes: await photo('png', 50, 50) },
    );
    expect(reply.statusCode).toBe(503);
    expect(reply.json().message).toBe('Documents cannot be stored right now. Please try again in a few minutes.');
    expect(await t.db.select().from(profilePictures).where(eq(profilePictures.userId, userId))).toHaveLength(0);
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user!.language).toBe('en');
  });

  it('refuses to onboard a health system with its own forms, storing nothing', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const before = await storedCounts(t);
    const data = registrationData();
    const parts = [pdfPart('en', await letterPdf(1, 'en form')), pdfPart('sp', await letterPdf(1, 'sp form'))];
    const reply = await register(t, token, data, parts, 'sp');
    expect(reply.statusCode).toBe(503);
    expect(reply.json().message).toBe(
      'No es posible guardar documentos en este momento. Vuelva a intentarlo en unos minutos.',
    );
    expect(await storedCounts(t)).toEqual(before);
  });
});
