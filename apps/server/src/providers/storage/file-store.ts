import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema';

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

/**
 * Keeps a document in the database, inside the caller's transaction, so the record that points at it and the
 * document itself are written together or not at all (docs/decisions/007-consent.md).
 */
export async function storeFile(
  executor: Pick<Database, 'insert'>,
  file: { bytes: Uint8Array; contentType: string; at: Date },
): Promise<{ id: string; sha256: string }> {
  const sha256 = sha256Hex(file.bytes);
  const [row] = await executor
    .insert(storedFiles)
    .values({
      contentType: file.contentType,
      byteSize: file.bytes.byteLength,
      sha256,
      content: file.bytes,
      createdAt: file.at,
    })
    .returning({ id: storedFiles.id });
  return { id: row!.id, sha256 };
}

export async function readFile(executor: Pick<Database, 'select'>, id: string): Promise<StoredFile | undefined> {
  const [row] = await executor
    .select({
      id: storedFiles.id,
      contentType: storedFiles.contentType,
      sha256: storedFiles.sha256,
      bytes: storedFiles.content,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, id))
    .limit(1);
  return row;
}
