import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
  decodePDFRawStream,
  type PDFObject,
  type PDFPage,
} from '@cantoo/pdf-lib';
import {
  CONSENT_FORM_MESSAGES,
  CONSENT_PDF_MAX_BYTES,
  type PageSize,
} from '@portal/shared/health-systems/consent-form-settings';
import { pageFrame } from '../../lib/pdf-page-frame';

/**
 * An accepted PDF's page sizes and the bytes to store: the document as the library parsed it, written anew, so
 * every reader (the ceremony's viewer, the stamping) sees exactly the objects that were checked. A refusal's
 * `message` is a CONSENT_FORM_MESSAGES key.
 */
export type PdfCheck = { ok: true; pages: PageSize[]; bytes: Uint8Array } | { ok: false; message: string };

const M = CONSENT_FORM_MESSAGES;
const HEADER = '%PDF-';
/** How far from the start a browser sniffs a file for markup. */
const SNIFFED_BYTES = 1024;
const MARKUP = /<(?:html|script|!doctype|body|svg)/i;
/** PDF white-space: NUL, tab, line feed, form feed, carriage return, space. */
const TRAILING_WHITESPACE = /^[\0\t\n\f\r ]*$/;
/** Names whose key, or whose value (an action's or object's type), makes a PDF run or open something. */
const ACTIVE_NAMES = new Set([
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'RichMedia',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
  'AA',
  'XFA',
]);
/** Filters the library decodes; the image codecs (DCT, JPX, JBIG2, CCITT) are left to the viewer. */
const DECODED_FILTERS = new Set(['FlateDecode', 'LZWDecode', 'ASCII85Decode', 'ASCIIHexDecode', 'RunLengthDecode']);
/** What decoding every stream but images may produce in all: more is a decompression bomb, not a consent form. */
const DECODED_BUDGET = 64 * 1024 * 1024;
const DECODE_CHUNK = 1024 * 1024;

const refuse = (message: string): PdfCheck => ({ ok: false, message });
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
/** A name with every `#xx` escape decoded, whatever the case of its hex digits. */
const unescapeName = (name: string) =>
  name.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
/** The library decodes upper-case escapes only; a lower-case one is decoded here. */
const nameText = (name: PDFName) => unescapeName(name.decodeText());

/**
 * Judges an uploaded consent PDF by its bytes, never by its name or declared type: a PDF from its first byte to
 * its last `%%EOF`, with no markup a browser could sniff, not encrypted, parsing completely with at least one
 * page, and with nothing that runs, launches, submits or embeds. `pages` are the page sizes in points, as shown;
 * `bytes` the parsed document written anew, which is what is stored.
 */
export async function checkConsentPdf(bytes: Uint8Array): Promise<PdfCheck> {
  if (bytes.byteLength > CONSENT_PDF_MAX_BYTES) return refuse(M.fileOverLimit);
  const text = latin1(bytes);
  if (!text.startsWith(HEADER)) return refuse(M.notPdf);
  if (MARKUP.test(text.slice(0, SNIFFED_BYTES))) return refuse(M.extraContent);
  const end = text.lastIndexOf('%%EOF');
  if (end < 0) return refuse(M.unreadable);
  if (!TRAILING_WHITESPACE.test(text.slice(end + '%%EOF'.length))) return refuse(M.extraContent);
  const written = writtenNames(text);
  if (written.has('Encrypt')) return refuse(M.encrypted);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      throwOnInvalidObject: true,
      updateMetadata: false,
      preserveXFA: true,
    });
  } catch {
    return refuse(M.unreadable);
  }
  if (document.isEncrypted) return refuse(M.encrypted);
  let pages: PageSize[];
  try {
    pages = document.getPages().map(shownSize);
    decodeEveryStream(document);
  } catch {
    return refuse(M.unreadable);
  }
  if (pages.length === 0) return refuse(M.unreadable);
  if (hasActiveContent(document) || [...written].some((name) => ACTIVE_NAMES.has(name))) return refuse(M.activeContent);
  return { ok: true, pages, bytes: await document.save({ updateFieldAppearances: false }) };
}

/** The page sizes of a stored (already checked) PDF, in points, as shown. */
export async function pdfPageSizes(bytes: Uint8Array): Promise<PageSize[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.getPages().map(shownSize);
}

const round = (points: number) => Math.round(points * 100) / 100;

/** A page's size as shown, to the hundredth of a point. */
function shownSize(page: PDFPage): PageSize {
  const { width, height } = pageFrame(page);
  return { width: round(width), height: round(height) };
}

/**
 * Decodes every stream the library can, so damaged compressed data is found now rather than when shown. Images
 * are left out: a scanned form's pixels may well exceed the budget, and a damaged one does not break the page.
 */
function decodeEveryStream(document: PDFDocument): void {
  let budget = DECODED_BUDGET;
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Image'))
      continue;
    const filter = object.dict.lookup(PDFName.of('Filter'));
    const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
    if (!filters.every((item) => item instanceof PDFName && DECODED_FILTERS.has(item.decodeText()))) continue;
    const stream = decodePDFRawStream(object);
    for (let chunk = stream.getBytes(DECODE_CHUNK); chunk.length > 0; chunk = stream.getBytes(DECODE_CHUNK)) {
      budget -= chunk.length;
      if (budget < 0) throw new Error('Decoded streams exceed their budget');
    }
  }
}

/**
 * Whether the object graph, as the library decoded it (object streams unpacked, name escapes resolved), holds
 * active content: an active name as a key or a value, an additional-actions dictionary, or an action run on opening
 * other than going to one of its pages.
 */
function hasActiveContent(document: PDFDocument): boolean {
  // Opening at a page of the document itself (a destination, or a GoTo action with nothing chained) is harmless;
  // any other action run on opening is refused.
  const openAction = document.catalog.lookup(PDFName.of('OpenAction'));
  if (
    openAction instanceof PDFDict &&
    (openAction.lookup(PDFName.of('S')) !== PDFName.of('GoTo') || openAction.has(PDFName.of('Next')))
  )
    return true;
  const pending: PDFObject[] = document.context.enumerateIndirectObjects().map(([, object]) => object);
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PDFName && ACTIVE_NAMES.has(nameText(object))) return true;
    if (object instanceof PDFArray) pending.push(...object.asArray());
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (!dict) continue;
    for (const [key, value] of dict.entries()) {
      if (ACTIVE_NAMES.has(nameText(key))) return true;
      pending.push(value);
    }
  }
  return false;
}

/**
 * Every name written in the file outside stream data, strings and comments, escapes decoded. This sees what an
 * xref-driven viewer may read but the library's parser does not keep: an earlier definition of an object number
 * that a later one shadows.
 */
function writtenNames(text: string): Set<string> {
  const names = new Set<string>();
  const token = /%[^\r\n]*|\(|\/[^\0\t\n\f\r ()<>[\]{}/%]*|(?<![A-Za-z])stream(?=[\r\n])/g;
  for (let match = token.exec(text); match; match = token.exec(text)) {
    const [found] = match;
    if (found === '(') token.lastIndex = afterString(text, match.index);
    else if (found === 'stream') {
      const end = text.indexOf('endstream', token.lastIndex);
      token.lastIndex = end < 0 ? text.length : end + 'endstream'.length;
    } else if (found.startsWith('/')) names.add(unescapeName(found.slice(1)));
  }
  return names;
}

/** The index after a literal string that opens at `start`: parentheses nest, a backslash escapes one byte. */
function afterString(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\') index += 1;
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return index + 1;
  }
  return text.length;
}
