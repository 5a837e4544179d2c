import { createHash } from 'node:crypto';
import { Zip, ZipDeflate } from 'fflate';
import type { ArchiveEntry, WrittenFile } from '../formats/entry';

/** Where an archive's bytes go as they are made; `write` may wait, and nothing more is made meanwhile. */
export interface ArchiveSink {
  write(bytes: Uint8Array): Promise<void>;
}

/** What the writer tells as it goes: a file begun, rows written in it so far, a file done. */
export interface ArchiveProgress {
  rows(rowsSoFar: number): Promise<void>;
  fileDone(file: WrittenFile): Promise<void>;
}

/** Deflate level: 6 is zlib's default, a fair trade of size and time for text. */
const LEVEL = 6;
/** Bytes of compressed output held before they are handed to the sink. */
const FLUSH_BYTES = 1 << 20;

/**
 * Writes the entries into one zip archive, in order, a batch of records at a time: only one batch and at most a
 * mebibyte of compressed output are held at once, whatever the archive's size. Each file's size, SHA-256 and data
 * rows are kept and handed to the entries after it (so a descriptor or a README can state them), and returned.
 * The archive's own timestamps are the run's start, so the same data gives the same bytes.
 */
export async function writeArchive(
  entries: readonly ArchiveEntry[],
  sink: ArchiveSink,
  progress: ArchiveProgress,
  madeAt: Date,
): Promise<WrittenFile[]> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else if (chunk.length > 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  });
  async function flush(always: boolean) {
    if (failure) throw failure;
    if (pendingBytes === 0 || (!always && pendingBytes < FLUSH_BYTES)) return;
    const chunks = pending;
    pending = [];
    pendingBytes = 0;
    await sink.write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  }

  const written = new Map<string, WrittenFile>();
  const encoder = new TextEncoder();
  for (const entry of entries) {
    const file = new ZipDeflate(entry.path, { level: LEVEL });
    file.mtime = madeAt;
    zip.add(file);
    const hash = createHash('sha256');
    let bytes = 0;
    let records = 0;
    for await (const batch of entry.records(written)) {
      if (batch.length === 0) continue;
      const data = encoder.encode(batch.join(''));
      hash.update(data);
      bytes += data.length;
      records += batch.length;
      file.push(data);
      await flush(false);
      await progress.rows(Math.max(0, records - entry.headerRecords));
    }
    file.push(new Uint8Array(), true);
    await flush(false);
    const done: WrittenFile = {
      path: entry.path,
      about: entry.about,
      bytes,
      sha256: hash.digest('hex'),
      rows: Math.max(0, records - entry.headerRecords),
    };
    written.set(entry.path, done);
    await progress.fileDone(done);
  }
  zip.end();
  await flush(true);
  return [...written.values()];
}
