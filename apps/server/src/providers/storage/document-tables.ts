import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profilePictures, storedFiles } from '../../db/schema';
import { documentKey, OBJECT_PREFIXES, pictureKey, type DocumentPlace } from './file-store';

/** A row that holds a document's bytes or the key of its object. */
export interface DocumentRow extends DocumentPlace {
  id: string;
  sha256: string;
  contentType: string;
}

/** Which rows a pass reads: those with their bytes in the database, in the bucket, or all. */
export type RowPlace = 'database' | 's3' | 'all';

/** The two tables that keep documents, read and switched the same way by the storage command. */
export interface DocumentTable {
  /** `documents` or `pictures`, as the command's counts name them. */
  name: string;
  /** The start of every bucket key of its objects. */
  prefix: string;
  /** The next row after `after` (by id) whose bytes are in `place`. */
  next(db: Database, place: RowPlace, after: string | undefined): Promise<DocumentRow | undefined>;
  /** Points the row at its new place if it is still where it was read from (and unchanged); whether it did. */
  switchPlace(db: Database, row: DocumentRow, to: DocumentPlace): Promise<boolean>;
  /** The key a row's object gets in the bucket. */
  keyFor(row: DocumentRow): string;
  /** Whether a row points at the bucket key. */
  references(db: Database, key: string): Promise<boolean>;
}

type Columns = {
  id: typeof storedFiles.id | typeof profilePictures.userId;
  content: typeof storedFiles.content | typeof profilePictures.content;
  objectKey: typeof storedFiles.objectKey | typeof profilePictures.objectKey;
  sha256: typeof storedFiles.sha256 | typeof profilePictures.sha256;
  contentType: typeof storedFiles.contentType | typeof profilePictures.contentType;
};

function documentTable(
  name: string,
  prefix: string,
  table: typeof storedFiles | typeof profilePictures,
  columns: Columns,
  keyFor: (row: DocumentRow) => string,
): DocumentTable {
  const { id, content, objectKey, sha256, contentType } = columns;
  const inPlace = { database: isNotNull(content), s3: isNotNull(objectKey), all: undefined };
  return {
    name,
    prefix,
    keyFor,
    async next(db, place, after) {
      const [row] = await db
        .select({ id, content, objectKey, sha256, contentType })
        .from(table)
        .where(and(inPlace[place], after === undefined ? undefined : gt(id, after)))
        .orderBy(asc(id))
        .limit(1);
      return row;
    },
    async switchPlace(db, row, to) {
      const wasThere = row.objectKey === null ? isNotNull(content) : eq(objectKey, row.objectKey);
      const switched = await db
        .update(table)
        .set(to)
        .where(and(eq(id, row.id), eq(sha256, row.sha256), wasThere))
        .returning({ id });
      return switched.length === 1;
    },
    async references(db, key) {
      const [row] = await db.select({ id }).from(table).where(eq(objectKey, key)).limit(1);
      return row !== undefined;
    },
  };
}

export const DOCUMENT_TABLES: readonly DocumentTable[] = [
  documentTable('documents', OBJECT_PREFIXES.document, storedFiles, storedFiles, (row) => documentKey(row.id)),
  documentTable(
    'pictures',
    OBJECT_PREFIXES.picture,
    profilePictures,
    { ...profilePictures, id: profilePictures.userId },
    // A picture's key is random, so a participant's id never shows in the bucket.
    () => pictureKey(),
  ),
];
