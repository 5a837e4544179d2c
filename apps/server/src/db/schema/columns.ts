// Column kinds several tables share.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL `bytea`), as a Uint8Array on both drivers. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Where a document's bytes are: in the row (`content`) or in the object store under `object_key`, never both. */
export const oneDocumentPlace = (content: AnyPgColumn, objectKey: AnyPgColumn) =>
  sql`(${content} is null) <> (${objectKey} is null)`;
