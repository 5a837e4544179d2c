import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js draws the standard 14 fonts (which the consent PDFs use) from its own font data. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Opens a PDF as a reader would (pdfjs-dist, no system fonts), reads it, then closes it. */
export async function readPdf<T>(bytes: Uint8Array, read: (document: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const loading = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl,
  });
  try {
    return await read(await loading.promise);
  } finally {
    await loading.destroy();
  }
}

/** The text of every page of a PDF, as a reader (pdfjs-dist) extracts it, one string per page. */
export function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  return readPdf(bytes, async (document) => {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  });
}
