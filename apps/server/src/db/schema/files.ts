// Stored documents.
import { check, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea, createdAt, oneDocumentPlace } from './columns';

/**
 * Stored documents (consent forms and signed copies). The row is written in the transaction of the record that
 * points at it; its bytes are in the row or, with an object store, in the bucket (written before the row
 * commits). A row never changes except to move its bytes between the two places, and is never deleted.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    content: bytea('content'),
    objectKey: varchar('object_key', { length: 200 }).unique(),
    createdAt: createdAt(),
  },
  (t) => [check('stored_files_one_place_check', oneDocumentPlace(t.content, t.objectKey))],
);
