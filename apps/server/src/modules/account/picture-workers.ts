import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { serverDir } from '../../server-dir';

const WORKER_FILE = path.join(serverDir, 'src/modules/account/picture-worker.mjs');
/** Pictures decoding at once; the rest wait their turn, as each may take hundreds of megabytes while it does. */
const MAX_RUNNING = 2;
/** A decode still running after this long is stopped, and the picture refused. */
const DECODE_LIMIT_MS = 60_000;

export interface DecodeJob {
  bytes: Buffer;
  /** HEIF content (HEVC or AV1 coded), judged by its bytes. */
  heif: boolean;
  /** The longest side of the re-encoded picture, in pixels. */
  maxEdge: number;
}

export interface DecodedPicture {
  content: Buffer;
  width: number;
  height: number;
}

let running = 0;
const waiting: (() => void)[] = [];

/**
 * The image library's shared libraries must be loaded by the main thread before any worker loads them, so they
 * stay in memory while workers come and go. Loaded with the first picture, not at start: a server that never
 * decodes one never holds them.
 */
let imageLibrary: Promise<unknown> | undefined;
const loadImageLibrary = () => (imageLibrary ??= import('sharp'));

async function takeTurn() {
  if (running < MAX_RUNNING) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
}

/** Hands the turn to the next waiting decode, or frees it. */
function endTurn() {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/** One worker thread for one picture: null when the worker refuses it, fails, or runs over its time. */
function decodeOnWorker(job: DecodeJob): Promise<DecodedPicture | null> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_FILE, { workerData: job });
    const limit = setTimeout(() => void worker.terminate(), DECODE_LIMIT_MS);
    worker.once('message', (picture: { content: Uint8Array; width: number; height: number } | null) =>
      resolve(picture && { ...picture, content: Buffer.from(picture.content) }),
    );
    worker.once('error', () => resolve(null));
    worker.once('exit', () => {
      clearTimeout(limit);
      resolve(null);
    });
  });
}

/**
 * Decodes and re-encodes a picture on a worker thread (picture-worker.mjs), so a large photo never holds up
 * other participants' calls; at most MAX_RUNNING at once. Null when the picture cannot be read.
 */
export async function decodeOffThread(job: DecodeJob): Promise<DecodedPicture | null> {
  await loadImageLibrary();
  await takeTurn();
  try {
    return await decodeOnWorker(job);
  } finally {
    endTurn();
  }
}
