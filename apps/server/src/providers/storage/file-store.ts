import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema';
import type { ObjectBucket } from './object-bucket';
import type { S3Location } from './s3-url';

export interface StoredFile {
  id: string;
  contentType: string;
  sha256: string;
  bytes: Uint8Array;
}

/** SHA-256 of bytes, as lowercase hex: the hash recorded for forms and signed copies. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A document's bytes are missing or differ from their recorded SHA-256: they are never served. */
export class DocumentIntegrityError extends Error {
  constructor(what: string) {
    super(`${what} does not match its recorded SHA-256`);
    this.name = 'DocumentIntegrityError';
  }
}

/** Where a row's bytes are: in the row itself, or in the bucket under the key (exactly one of the two). */
export interface DocumentPlace {
  content: Uint8Array | null;
  objectKey: string | null;
}

/** Bucket keys: the row's id or a random UUID under a prefix per kind, never anything about a person. */
export const OBJECT_PREFIXES = { document: 'documents/', picture: 'pictures/' } as const;
export const documentKey = (fileId: string) => `${OBJECT_PREFIXES.document}${fileId}`;
export const pictureKey = () => `${OBJECT_PREFIXES.picture}${randomUUID()}`;

/**
 * Keeps documents in the database (`stored_files.content`), or, given a bucket, in the bucket with the row
 * keeping type, size, hash and key. Reads work whichever place a row's bytes are in, so both kinds of row can
 * live side by side while documents are moved (`npm run storage:move`).
 */
export function createFileStore(bucket?: ObjectBucket) {
  /** The bytes of a row, wherever they are, checked against its hash; `what` names it in an error. */
  async function bytesOf(place: DocumentPlace & { sha256: string }, what: string): Promise<Uint8Array> {
    let bytes = place.content;
    if (place.objectKey !== null) {
      if (!bucket) throw new Error(`${what} is in the object store, but S3_URL is not set`);
      bytes = (await bucket.get(place.objectKey)) ?? null;
    }
    if (bytes === null || sha256Hex(bytes) !== place.sha256) throw new DocumentIntegrityError(what);
    return bytes;
  }

  /**
   * Puts bytes where this store keeps them: with a bucket, the object is written now (so before the row that
   * points at it commits) and the row keeps only its key.
   */
  async function place(key: string, bytes: Uint8Array, contentType: string): Promise<DocumentPlace> {
    if (!bucket) return { content: bytes, objectKey: null };
    await bucket.put(key, bytes, contentType);
    return { content: null, objectKey: key };
  }

  return {
    bucket,
    bytesOf,
    place,

    /**
     * Keeps a document inside the caller's transaction: the record that points at it and the row are written
     * together or not at all. With a bucket the object is written first; if the transaction then rolls back the
     * object is left without a row, and `npm run storage:sweep` removes it.
     */
    async store(
      executor: Pick<Database, 'insert'>,
      file: { bytes: Uint8Array; contentType: string; at: Date },
    ): Promise<{ id: string; sha256: string }> {
      const id = randomUUID();
      const sha256 = sha256Hex(file.bytes);
      const where = await place(documentKey(id), file.bytes, file.contentType);
      await executor.insert(storedFiles).values({
        id,
        contentType: file.contentType,
        byteSize: file.bytes.byteLength,
        sha256,
        ...where,
        createdAt: file.at,
      });
      return { id, sha256 };
    },

    /** A stored document with its bytes checked against its hash (DocumentIntegrityError otherwise). */
    async read(executor: Pick<Database, 'select'>, id: string): Promise<StoredFile | undefined> {
      const [row] = await executor
        .select({
          id: storedFiles.id,
          contentType: storedFiles.contentType,
          sha256: storedFiles.sha256,
          content: storedFiles.content,
          objectKey: storedFiles.objectKey,
        })
        .from(storedFiles)
        .where(eq(storedFiles.id, id))
        .limit(1);
      if (!row) return undefined;
      const bytes = await bytesOf(row, `stored file ${id}`);
      return { id: row.id, contentType: row.contentType, sha256: row.sha256, bytes };
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;

/** The store without a bucket: every document in the database. */
export const databaseFileStore: FileStore = createFileStore();

/**
 * The store `S3_URL` configures: its bucket, or the database when it is unset. The AWS SDK is loaded only for a
 * bucket, so a portal without one never spends its start loading it.
 */
export async function fileStoreFor(location: S3Location | undefined): Promise<FileStore> {
  if (!location) return databaseFileStore;
  const { s3Bucket } = await import('./s3-bucket');
  return createFileStore(s3Bucket(location));
}
