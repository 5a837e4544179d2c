import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { consentSignatures, profilePictures, storedFiles } from '../src/db/schema';
import { moveDocuments, verifyDocuments } from '../src/providers/storage/document-moves';
import { parseStorageCommand } from '../src/storage-command';
import { photo, putProfile, SAME_PROFILE } from './account-helpers';
import { freshStart } from './auth-helpers';
import { signConsent } from './consent-helpers';
import { describeEachDatabase, type TestApp } from './helpers';
import { objectKeys, useAppWithBucket, useObjectStore } from './object-store-helpers';
import { call, signedInParticipant } from './participant-helpers';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the storage command line', () => {
  it('reads move with a destination, verify and sweep, and nothing else', () => {
    expect(parseStorageCommand(['move', '--to', 's3'])).toEqual({ action: 'move', to: 's3' });
    expect(parseStorageCommand(['move', '--to', 'database'])).toEqual({ action: 'move', to: 'database' });
    expect(parseStorageCommand(['verify'])).toEqual({ action: 'verify' });
    expect(parseStorageCommand(['sweep'])).toEqual({ action: 'sweep' });
    for (const wrong of [[], ['move'], ['move', '--to', 'disk'], ['move', 's3'], ['verify', '--to', 's3'], ['copy']])
      expect(parseStorageCommand(wrong)).toBeUndefined();
  });
});

// Both databases: documents move row by row while the portal serves, in each database's transactions.
describeEachDatabase('moving documents between the database and the bucket', (target) => {
  const store = useObjectStore();
  const testApp = useAppWithBucket(target, () => store().url);
  beforeEach(() => freshStart(testApp()));

  /** The seeded forms (database), a signed copy and a picture (bucket); the participant's token. */
  async function documentsInBothPlaces(t: TestApp) {
    const { tokens } = await signedInParticipant(t);
    await signConsent(t, tokens.access_token);
    await putProfile(t, tokens.access_token, SAME_PROFILE, {
      name: 'a.png',
      type: 'image/png',
      bytes: await photo('png', 40, 40),
    });
    return tokens.access_token;
  }

  /** The participant's signed copy and picture still come back whole through the portal. */
  async function expectServedWhole(t: TestApp, token: string) {
    const [signature] = await t.db.select().from(consentSignatures);
    const download = await call(t, 'GET', '/consent/download-stream', token);
    expect(sha256(download.rawPayload)).toBe(signature!.signedSha256);
    const [picture] = await t.db.select().from(profilePictures);
    const served = await call(t, 'GET', '/keycloak/user/picture', token);
    expect(sha256(served.rawPayload)).toBe(picture!.sha256);
  }

  it('moves every document to the database and back to the bucket, each copy checked, and can run again', async () => {
    const t = testApp();
    const { db } = t;
    const { bucket } = store();
    const token = await documentsInBothPlaces(t);
    expect(await verifyDocuments(db, bucket)).toEqual({
      documents: { inDatabase: 2, inBucket: 1, mismatches: [] },
      pictures: { inDatabase: 0, inBucket: 1, mismatches: [] },
    });

    expect(await moveDocuments(db, bucket, 'database')).toEqual({
      documents: { moved: 1, skipped: 0, failed: [] },
      pictures: { moved: 1, skipped: 0, failed: [] },
    });
    expect(await objectKeys(bucket, '')).toEqual([]);
    expect(await verifyDocuments(db)).toEqual({
      documents: { inDatabase: 3, inBucket: 0, mismatches: [] },
      pictures: { inDatabase: 1, inBucket: 0, mismatches: [] },
    });
    await expectServedWhole(t, token);

    expect(await moveDocuments(db, bucket, 's3')).toEqual({
      documents: { moved: 3, skipped: 0, failed: [] },
      pictures: { moved: 1, skipped: 0, failed: [] },
    });
    const files = await db.select().from(storedFiles);
    expect(files.map((file) => [file.content, file.objectKey])).toEqual(
      files.map((file) => [null, `documents/${file.id}`]),
    );
    expect(await objectKeys(bucket, 'documents/')).toHaveLength(3);
    expect(await verifyDocuments(db, bucket)).toEqual({
      documents: { inDatabase: 0, inBucket: 3, mismatches: [] },
      pictures: { inDatabase: 0, inBucket: 1, mismatches: [] },
    });
    await expectServedWhole(t, token);

    // Everything is already there: a second run (or one after an interruption) has nothing left to do.
    expect(await moveDocuments(db, bucket, 's3')).toEqual({
      documents: { moved: 0, skipped: 0, failed: [] },
      pictures: { moved: 0, skipped: 0, failed: [] },
    });
  });

  it('finds damaged documents in both places, and never moves one', async () => {
    const t = testApp();
    const { db } = t;
    const { bucket } = store();
    await documentsInBothPlaces(t);
    const [form] = await db.select().from(storedFiles).where(isNotNull(storedFiles.content)).limit(1);
    const [signed] = await db.select().from(storedFiles).where(isNotNull(storedFiles.objectKey));
    await db.execute(sql`alter table stored_files disable trigger stored_files_append_only`);
    await db.execute(sql`update stored_files set content = ${Buffer.from('%PDF-damaged')} where id = ${form!.id}`);
    await db.execute(sql`alter table stored_files enable trigger stored_files_append_only`);
    await bucket.put(signed!.objectKey!, new TextEncoder().encode('%PDF-altered'), 'application/pdf');

    expect(await verifyDocuments(db, bucket)).toEqual({
      documents: { inDatabase: 2, inBucket: 1, mismatches: [form!.id, signed!.id].sort() },
      pictures: { inDatabase: 0, inBucket: 1, mismatches: [] },
    });
    expect(await moveDocuments(db, bucket, 's3')).toEqual({
      documents: { moved: 1, skipped: 0, failed: [form!.id] },
      pictures: { moved: 0, skipped: 0, failed: [] },
    });
    expect(await moveDocuments(db, bucket, 'database')).toEqual({
      documents: { moved: 1, skipped: 0, failed: [signed!.id] },
      pictures: { moved: 1, skipped: 0, failed: [] },
    });
    const [stillDamaged] = await db.select().from(storedFiles).where(eq(storedFiles.id, form!.id));
    expect(stillDamaged!.objectKey).toBeNull();
    const inBucket = await db.select({ id: storedFiles.id }).from(storedFiles).where(isNotNull(storedFiles.objectKey));
    expect(inBucket).toEqual([{ id: signed!.id }]);
    const [goodForm] = await db
      .select()
      .from(storedFiles)
      .where(and(isNull(storedFiles.objectKey), ne(storedFiles.id, form!.id)));
    expect(await objectKeys(bucket, 'documents/')).not.toContain(`documents/${goodForm!.id}`);
  });
});
