import { PICTURE_MAX_EDGE } from '@portal/shared/account/profile';
import { decodeOffThread } from './picture-workers';

/** What the bytes of an upload are, judged by their content; the file's name and stated type count for nothing. */
export type PictureKind = 'jpeg' | 'png' | 'webp' | 'heif' | 'svg';

/** A picture ready to keep: WebP, at most PICTURE_MAX_EDGE pixels a side, no metadata (GPS, camera, names). */
export interface KeptPicture {
  content: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/** HEIF brands of still images: HEVC-coded (`heic`, `heix`, ...), generic (`mif1`, `msf1`) and AV1 (`avif`). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif']);

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

function isHeif(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  // The major brand, then the compatible brands after the minor version.
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands.some((brand) => HEIF_BRANDS.has(brand));
}

/**
 * An SVG is accepted only as a self-contained drawing: no DOCTYPE or entities (which can expand without end or
 * read files), and nothing fetched from elsewhere. It is then rasterized, so any script in it never runs.
 */
function isSelfContainedSvg(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return false;
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return false;
  // Character references and CSS escapes could spell a reference the checks below would not see.
  if (/&#|\\[0-9a-f]/i.test(text)) return false;
  const externalReference = /(?:href|src)\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|gif|webp);)/i;
  const externalStyle = /url\(\s*["']?\s*(?!#|data:image\/(?:png|jpeg|gif|webp);)|@import/i;
  return !externalReference.test(text) && !externalStyle.test(text);
}

/** The kind of picture the bytes hold, or null for anything else (a renamed document, an executable, ...). */
export function sniffPicture(bytes: Buffer): PictureKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (isHeif(bytes)) return 'heif';
  if (isSelfContainedSvg(bytes)) return 'svg';
  return null;
}

/**
 * Reads an uploaded picture by its content and re-encodes it: turned upright from its orientation tag, shrunk
 * to fit PICTURE_MAX_EDGE, written as WebP with no metadata at all. Null when it is not a picture we can read.
 */
export async function keepablePicture(bytes: Buffer): Promise<KeptPicture | null> {
  const kind = sniffPicture(bytes);
  if (!kind) return null;
  const picture = await decodeOffThread({ bytes, heif: kind === 'heif', maxEdge: PICTURE_MAX_EDGE });
  return picture && { ...picture, contentType: 'image/webp' };
}
