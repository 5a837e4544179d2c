import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { storedFiles } from '../src/db/schema';
import { sweepOrphans, SWEEP_GRACE_MS } from '../src/providers/storage/document-moves';
import {
  createFileStore,
  databaseFileStore,
  DocumentIntegrityError,
  sha256Hex,
} from '../src/providers/storage/file-store';
import { DocumentStoreUnavailableError } from '../src/providers/storage/object-bucket';
import { s3Bucket } from '../src/providers/storage/s3-bucket';
import { parseS3Url } from '../src/providers/storage/s3-url';
import { databaseError, describeEachDatabase, TEST_START, useTestDatabase } from './helpers';
import { objectKeys, unreachableS3Url, useObjectStore } from './object-store-helpers';

const PDF = new TextEncoder().encode('%PDF-1.7 a signed consent\n%%EOF');
const AT = new Date(TEST_START);

// Both databases: an object is written before the row that points at it commits, in each database's transaction.
describeEachDatabase('documents in an S3-compatible bucket', (target) => {
  const database = useTestDatabase(target);
  const store = useObjectStore();
  const files = () => createFileStore(store().bucket);
  const rowOf = async (id: string) =>
    (await database().db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0]!;

  it('writes the object under the row id, keeps type, size, hash and key in the row, and reads it back', async () => {
    const { db } = database();
    const { id, sha256 } = await db.transaction((tx) =>
      files().store(tx, { bytes: PDF, contentType: 'application/pdf', at: AT }),
    );
    expect(sha256).toBe(sha256Hex(PDF));
    expect(await rowOf(id)).toMatchObject({
      contentType: 'application/pdf',
      byteSize: 31,
      sha256,
      content: null,
      objectKey: `documents/${id}`,
    });
    expect(Buffer.from((await store().bucket.get(`documents/${id}`))!).toString()).toBe(Buffer.from(PDF).toString());
    const read = await files().read(db, id);
    expect(read).toMatchObject({ id, contentType: 'application/pdf', sha256 });
    expect(Buffer.from(read!.bytes).equals(Buffer.from(PDF))).toBe(true);
  });

  it('reads rows of both places side by side', async () => {
    const { db } = database();
    const inDatabase = await databaseFileStore.store(db, { bytes: PDF, contentType: 'application/pdf', at: AT });
    expect(await rowOf(inDatabase.id)).toMatchObject({ objectKey: null });
    expect(Buffer.from((await files().read(db, inDatabase.id))!.bytes).equals(Buffer.from(PDF))).toBe(true);
    expect(await files().read(db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('never serves an object whose bytes changed in the bucket, nor one that is gone', async () => {
    const { db } = database();
    const { id } = await files().store(db, { bytes: PDF, contentType: 'application/pdf', at: AT });
    await store().bucket.put(`documents/${id}`, new TextEncoder().encode('%PDF-1.7 another text'), 'application/pdf');
    await expect(files().read(db, id)).rejects.toThrow(DocumentIntegrityError);
    await store().bucket.delete(`documents/${id}`);
    await expect(files().read(db, id)).rejects.toThrow(DocumentIntegrityError);
  });

  it('refuses to read a bucket row when no bucket is configured', async () => {
    const { db } = database();
    const { id } = await files().store(db, { bytes: PDF, contentType: 'application/pdf', at: AT });
    await expect(databaseFileStore.read(db, id)).rejects.toThrow(`stored file ${id} is in the object store`);
  });

  it('writes no row and rolls the transaction back when the bucket is down', async () => {
    const { db } = database();
    const down = s3Bucket(parseS3Url(await unreachableS3Url()));
    const before = await db.select({ id: storedFiles.id }).from(storedFiles);
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return createFileStore(down).store(tx, { bytes: PDF, contentType: 'application/pdf', at: AT });
    });
    await expect(attempt).rejects.toThrow(DocumentStoreUnavailableError);
    expect(await db.select({ id: storedFiles.id }).from(storedFiles)).toEqual(before);
    down.close();
  });

  it('lets a row change only by moving its bytes, with the bytes matching the hash, and never be deleted', async () => {
    const { db } = database();
    const { id } = await databaseFileStore.store(db, { bytes: PDF, contentType: 'application/pdf', at: AT });
    const otherHash = db
      .update(storedFiles)
      .set({ sha256: 'f'.repeat(64) })
      .where(eq(storedFiles.id, id));
    expect((await databaseError(otherHash)).message).toContain('only the place of a document');
    const otherBytes = db
      .update(storedFiles)
      .set({ content: new TextEncoder().encode('%PDF-1.7 forged') })
      .where(eq(storedFiles.id, id));
    expect((await databaseError(otherBytes)).message).toContain('only the place of a document');
    const both = db
      .update(storedFiles)
      .set({ objectKey: `documents/${id}` })
      .where(eq(storedFiles.id, id));
    expect((await databaseError(both)).message).toContain('stored_files_one_place_check');
    await db
      .update(storedFiles)
      .set({ content: null, objectKey: `documents/${id}` })
      .where(eq(storedFiles.id, id));
    const wrongBack = db
      .update(storedFiles)
      .set({ content: new TextEncoder().encode('%PDF-1.7 forged'), objectKey: null })
      .where(eq(storedFiles.id, id));
    expect((await databaseError(wrongBack)).message).toContain('only the place of a document');
    await db.update(storedFiles).set({ content: PDF, objectKey: null }).where(eq(storedFiles.id, id));
    expect((await rowOf(id)).objectKey).toBeNull();
    const remove = db.delete(storedFiles).where(eq(storedFiles.id, id));
    expect((await databaseError(remove)).message).toContain('stored_files is append-only');
  });

  it('sweeps objects no row points at once the grace period is over, and nothing else', async () => {
    const { db } = database();
    const kept = await files().store(db, { bytes: PDF, contentType: 'application/pdf', at: AT });
    // A signing whose transaction rolled back after its object was written.
    await expect(
      db.transaction(async (tx) => {
        await files().store(tx, { bytes: PDF, contentType: 'application/pdf', at: AT });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await store().bucket.put('pictures/0f9e1c2a-orphan', PDF, 'image/webp');
    expect(await sweepOrphans(db, store().bucket, new Date())).toEqual({ deleted: 0 });
    const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
    // The rolled-back signing's object and the picture's.
    expect(await sweepOrphans(db, store().bucket, later)).toEqual({ deleted: 2 });
    const keysAfter = await objectKeys(store().bucket, '');
    expect(keysAfter).toContain(`documents/${kept.id}`);
    expect(keysAfter).not.toContain('pictures/0f9e1c2a-orphan');
    const referenced = (await db.select({ key: storedFiles.objectKey }).from(storedFiles)).map((row) => row.key);
    for (const key of keysAfter) expect(referenced).toContain(key);
  });
});
