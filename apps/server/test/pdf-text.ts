import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js draws the standard 14 fonts (which the consent PDFs use) from its own font data. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Opens a PDF as a reader would (pdfjs-dist, no eval, no system fonts); the caller destroys it. */
export function openPdf(bytes: Uint8Array) {
  return getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
}

/** The text of every page of a PDF, as a reader (pdfjs-dist) extracts it, one string per page. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const document = await openPdf(bytes);
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}
