// Decodes one uploaded picture and re-encodes it, on a worker thread so the event loop keeps answering other
// calls meanwhile. Plain JavaScript, so it loads the same under every runner (tsx, the test runner, npm start).
// Gets { bytes, heif, maxEdge } and answers { content, width, height }, or null when the picture cannot be read.
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';

/**
 * The most pixels a picture may decode to: a 48-megapixel phone photo fits, a "decompression bomb" (a small
 * file that unpacks to gigabytes) does not.
 */
const MAX_INPUT_PIXELS = 50_000_000;

const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };

/**
 * HEVC-coded HEIF (what iPhones save) is decoded by libheif compiled to WebAssembly, since the image library's
 * own build reads only AV1-coded HEIF; AV1 (AVIF) goes straight to the image library.
 */
async function openHeif(bytes) {
  const header = await sharp(bytes, options).metadata();
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_INPUT_PIXELS) throw new Error('picture too large');
  if (header.compression === 'av1') return sharp(bytes, options);
  const image = await decodeHeic({ buffer: bytes });
  const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return sharp(pixels, { ...options, raw: { width: image.width, height: image.height, channels: 4 } });
}

/** Turned upright from its orientation tag, shrunk to fit maxEdge, written as WebP with no metadata at all. */
async function reencode({ bytes, heif, maxEdge }) {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const image = heif ? await openHeif(input) : sharp(input, options);
  const { data, info } = await image
    .rotate()
    .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { content: data, width: info.width, height: info.height };
}

try {
  const picture = await reencode(workerData);
  parentPort.postMessage(picture);
} catch {
  parentPort.postMessage(null);
}
