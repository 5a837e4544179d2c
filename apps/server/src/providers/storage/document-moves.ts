import type { Database } from '../../db/client';
import { DOCUMENT_TABLES, type DocumentRow, type DocumentTable } from './document-tables';
import { createFileStore, DocumentIntegrityError, sha256Hex } from './file-store';
import type { ObjectBucket } from './object-bucket';

/** Objects younger than this are never swept: their row may be in a transaction that has not committed yet. */
export const SWEEP_GRACE_MS = 60 * 60_000;

export interface MoveCounts {
  /** Switched to the other place, the copy checked by SHA-256 first. */
  moved: number;
  /** Changed by the portal while being moved (a picture replaced): left as the portal wrote it. */
  skipped: number;
  /** Bytes that did not match their SHA-256, or a copy that came back different: left where they were. */
  failed: string[];
}

/** Puts a row's bytes in the bucket and checks the copy; the new place, or undefined when it came back wrong. */
async function copyToBucket(bucket: ObjectBucket, table: DocumentTable, row: DocumentRow, bytes: Uint8Array) {
  const key = table.keyFor(row);
  await bucket.put(key, bytes, row.contentType);
  const copy = await bucket.get(key);
  if (copy === undefined || sha256Hex(copy) !== row.sha256) return undefined;
  return { content: null, objectKey: key };
}

/**
 * Moves every document (consent forms, signed copies, pictures) to `to`, one at a time: the bytes are read and
 * checked against their SHA-256, copied, the copy read back and checked, then the row is switched and the old
 * copy dropped (the row's bytes set to null, or the bucket object deleted). Stopping halfway is safe: a row is
 * switched only after its copy is checked, and a second run carries on with the rows still in the old place.
 */
export async function moveDocuments(
  db: Database,
  bucket: ObjectBucket,
  to: 's3' | 'database',
): Promise<Record<string, MoveCounts>> {
  const from = to === 's3' ? 'database' : 's3';
  const counts: Record<string, MoveCounts> = {};
  for (const table of DOCUMENT_TABLES) {
    const count: MoveCounts = { moved: 0, skipped: 0, failed: [] };
    counts[table.name] = count;
    let after: string | undefined;
    for (let row = await table.next(db, from, after); row; row = await table.next(db, from, after)) {
      after = row.id;
      const bytes = row.content ?? (await bucket.get(row.objectKey!));
      if (bytes === undefined || sha256Hex(bytes) !== row.sha256) {
        count.failed.push(row.id);
        continue;
      }
      const place = to === 's3' ? await copyToBucket(bucket, table, row, bytes) : { content: bytes, objectKey: null };
      if (!place) {
        count.failed.push(row.id);
        continue;
      }
      const switched = await table.switchPlace(db, row, place);
      // The object no longer (or never) pointed at by a row goes: the old copy, or a copy the portal overtook.
      const unused = switched ? row.objectKey : place.objectKey;
      if (unused) await bucket.delete(unused);
      if (switched) count.moved += 1;
      else count.skipped += 1;
    }
  }
  return counts;
}

export interface VerifyCounts {
  inDatabase: number;
  inBucket: number;
  /** Rows whose bytes are missing or differ from their SHA-256. */
  mismatches: string[];
}

/** Reads every document wherever it is and checks its bytes against the SHA-256 its row records. */
export async function verifyDocuments(db: Database, bucket?: ObjectBucket): Promise<Record<string, VerifyCounts>> {
  const files = createFileStore(bucket);
  const counts: Record<string, VerifyCounts> = {};
  for (const table of DOCUMENT_TABLES) {
    const count: VerifyCounts = { inDatabase: 0, inBucket: 0, mismatches: [] };
    counts[table.name] = count;
    let after: string | undefined;
    for (let row = await table.next(db, 'all', after); row; row = await table.next(db, 'all', after)) {
      after = row.id;
      if (row.objectKey === null) count.inDatabase += 1;
      else count.inBucket += 1;
      try {
        await files.bytesOf(row, `${table.name} ${row.id}`);
      } catch (error) {
        if (!(error instanceof DocumentIntegrityError)) throw error;
        count.mismatches.push(row.id);
      }
    }
  }
  return counts;
}

/**
 * Deletes the bucket's objects that no row points at and that are older than the grace period: objects written
 * for a transaction that then rolled back, or old pictures whose deletion failed.
 */
export async function sweepOrphans(db: Database, bucket: ObjectBucket, now: Date): Promise<{ deleted: number }> {
  let deleted = 0;
  for (const table of DOCUMENT_TABLES) {
    for await (const page of bucket.list(table.prefix)) {
      for (const object of page) {
        if (now.getTime() - object.lastModified.getTime() < SWEEP_GRACE_MS) continue;
        if (await table.references(db, object.key)) continue;
        await bucket.delete(object.key);
        deleted += 1;
      }
    }
  }
  return { deleted };
}
