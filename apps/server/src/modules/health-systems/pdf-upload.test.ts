import { PDFDocument, PDFName, PDFString, PageSizes, degrees, type PDFObject } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkConsentPdf, pdfPageSizes } from './pdf-upload';

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const textOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** A PDF of US Letter pages, each with a line of text; `edit` changes the document before it is saved. */
async function pdf(
  options: { pages?: number; objectStreams?: boolean; edit?: (document: PDFDocument) => void | Promise<void> } = {},
) {
  const document = await PDFDocument.create();
  for (let page = 1; page <= (options.pages ?? 1); page += 1)
    document.addPage([612, 792]).drawText(`Consent form, page ${page}`, { x: 72, y: 700 });
  await options.edit?.(document);
  return document.save({ useObjectStreams: options.objectStreams ?? true, addDefaultPage: false });
}

/** Adds a link annotation to the first page running `action`. */
function linkRunning(document: PDFDocument, action: Record<string, string | PDFObject>) {
  const { context } = document;
  const annotation = context.register(
    context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 600, 300, 620], Border: [0, 0, 0], A: action }),
  );
  document.getPage(0).node.set(PDFName.of('Annots'), context.obj([annotation]));
}

/** Replaces text of the same length in a PDF written without object streams, so every offset stays right. */
function rewrite(bytes: Uint8Array, from: string, to: string) {
  expect(to).toHaveLength(from.length);
  const text = textOf(bytes);
  expect(text).toContain(from);
  return latin1(text.replace(from, to));
}

describe('checkConsentPdf', () => {
  it('accepts a one-page US Letter PDF', async () => {
    expect(await checkConsentPdf(await pdf())).toEqual({
      ok: true,
      bytes: expect.any(Uint8Array),
      pages: [{ width: 612, height: 792 }],
    });
  });

  it('answers the document as it was parsed, written anew: what a byte scanner alone would see is gone', async () => {
    const uploaded = textOf(await pdf());
    const end = uploaded.lastIndexOf('%%EOF');
    const withNote = latin1(`${uploaded.slice(0, end)}% a note only a byte scanner reads\n%%EOF\n`);
    const check = await checkConsentPdf(withNote);
    if (!check.ok) throw new Error(check.message);
    expect(textOf(check.bytes).startsWith('%PDF-')).toBe(true);
    expect(textOf(check.bytes)).not.toContain('a note only a byte scanner reads');
    expect(await pdfPageSizes(check.bytes)).toEqual([{ width: 612, height: 792 }]);
  });

  it('reports each page as shown: A4 rounded, a rotated page turned, a crop box instead of the media box', async () => {
    const bytes = await pdf({
      edit: (document) => {
        document.addPage(PageSizes.A4);
        document.addPage([612, 792]).setRotation(degrees(90));
        document.addPage([612, 792]).setCropBox(36, 36, 540, 720);
        document.addPage([612, 792]).setRotation(degrees(-90));
      },
    });
    expect(await checkConsentPdf(bytes)).toEqual({
      ok: true,
      bytes: expect.any(Uint8Array),
      pages: [
        { width: 612, height: 792 },
        { width: 595.28, height: 841.89 },
        { width: 792, height: 612 },
        { width: 540, height: 720 },
        { width: 792, height: 612 },
      ],
    });
  });

  it('accepts a three-page PDF with a web link, opening at one of its pages', async () => {
    const bytes = await pdf({
      pages: 3,
      edit: (document) => {
        linkRunning(document, { Type: 'Action', S: 'URI', URI: PDFString.of('https://example.org/study') });
        document.catalog.set(PDFName.of('OpenAction'), document.context.obj([document.getPage(0).ref, 'Fit']));
      },
    });
    const goTo = await pdf({
      pages: 3,
      edit: (document) =>
        document.catalog.set(
          PDFName.of('OpenAction'),
          document.context.obj({ S: 'GoTo', D: [document.getPage(1).ref, 'Fit'] }),
        ),
    });
    for (const opened of [bytes, goTo])
      expect(await checkConsentPdf(opened)).toEqual({
        ok: true,
        bytes: expect.any(Uint8Array),
        pages: [
          { width: 612, height: 792 },
          { width: 612, height: 792 },
          { width: 612, height: 792 },
        ],
      });
  });

  describe('refuses what is not a PDF from its first byte', () => {
    it('an HTML page renamed .pdf', async () => {
      const html = latin1('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
      expect(await checkConsentPdf(html)).toEqual({ ok: false, message: 'healthSystems.pdf.notPdf' });
    });

    it('a PNG image', async () => {
      const png = latin1('\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89');
      expect(await checkConsentPdf(png)).toEqual({ ok: false, message: 'healthSystems.pdf.notPdf' });
    });

    it('an HTML and PDF polyglot with the HTML first', async () => {
      const polyglot = join(latin1('<html><script>alert(1)</script></html>\n'), await pdf());
      expect(await checkConsentPdf(polyglot)).toEqual({ ok: false, message: 'healthSystems.pdf.notPdf' });
    });

    it('a ZIP archive', async () => {
      const zip = latin1('PK\x03\x04\x14\0\0\0\0\0consent.pdf');
      expect(await checkConsentPdf(zip)).toEqual({ ok: false, message: 'healthSystems.pdf.notPdf' });
    });
  });

  describe('refuses content beside the PDF', () => {
    it('a ZIP archive appended after %%EOF', async () => {
      const zip = latin1('PK\x03\x04\x14\0\0\0\0\0payload.exe\0\0PK\x05\x06\0\0\0\0\x01\0\x01\0');
      const bytes = join(await pdf(), zip);
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.extraContent' });
    });

    it('HTML appended after %%EOF', async () => {
      const bytes = join(await pdf(), latin1('\n<html><body>Hello</body></html>\n'));
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.extraContent' });
    });

    it('a <script> in the first bytes', async () => {
      const bytes = await pdf();
      const header = textOf(bytes).indexOf('\n') + 1;
      const withScript = join(
        bytes.subarray(0, header),
        latin1('%<SCRIPT>alert(1)</SCRIPT>\n'),
        bytes.subarray(header),
      );
      expect(await checkConsentPdf(withScript)).toEqual({ ok: false, message: 'healthSystems.pdf.extraContent' });
    });

    it('an <svg> in the first bytes', async () => {
      const bytes = latin1('%PDF-1.7\n%<svg onload="alert(1)">\n');
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.extraContent' });
    });

    it('but not white-space after %%EOF', async () => {
      const bytes = join(await pdf(), latin1('\r\n\0 \n'));
      expect(await checkConsentPdf(bytes)).toMatchObject({ ok: true });
    });
  });

  it('refuses an encrypted PDF', async () => {
    const bytes = await pdf({ edit: (document) => document.encrypt({ userPassword: '', ownerPassword: 'owner' }) });
    expect(textOf(bytes)).toContain('/Encrypt');
    expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.encrypted' });
  });

  describe('refuses what does not parse completely or has no page', () => {
    it('a truncated PDF', async () => {
      const bytes = await pdf();
      expect(await checkConsentPdf(bytes.subarray(0, 400))).toEqual({
        ok: false,
        message: 'healthSystems.pdf.unreadable',
      });
    });

    it('garbage after a PDF header', async () => {
      const bytes = latin1(
        '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Kids [3 0 R\n%%EOF\n',
      );
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.unreadable' });
    });

    it('a PDF with no page', async () => {
      expect(await checkConsentPdf(await pdf({ pages: 0 }))).toEqual({
        ok: false,
        message: 'healthSystems.pdf.unreadable',
      });
    });

    it('a PDF whose object stream is damaged', async () => {
      const bytes = await pdf({ pages: 2 });
      const text = textOf(bytes);
      const data = text.indexOf('stream', text.indexOf('/Type /ObjStm')) + 'stream\n'.length;
      const damaged = latin1(`${text.slice(0, data + 10)}${'\xff'.repeat(20)}${text.slice(data + 30)}`);
      expect(await checkConsentPdf(damaged)).toEqual({ ok: false, message: 'healthSystems.pdf.unreadable' });
    });

    it('a PDF whose page content is damaged compressed data', async () => {
      const bytes = await pdf({ objectStreams: false });
      const text = textOf(bytes);
      const data = text.indexOf('stream', text.indexOf('/Filter /FlateDecode')) + 'stream\n'.length;
      const damaged = latin1(`${text.slice(0, data)}${'\xff'.repeat(8)}${text.slice(data + 8)}`);
      expect(await checkConsentPdf(damaged)).toEqual({ ok: false, message: 'healthSystems.pdf.unreadable' });
    });
  });

  describe('refuses active content', () => {
    it('JavaScript run on open (inside an object stream)', async () => {
      const bytes = await pdf({
        edit: ({ catalog, context }) =>
          catalog.set(
            PDFName.of('OpenAction'),
            context.register(context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })),
          ),
      });
      expect(textOf(bytes)).not.toContain('JavaScript');
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.activeContent' });
    });

    it('a web address opened on open', async () => {
      const bytes = await pdf({
        edit: ({ catalog, context }) =>
          catalog.set(PDFName.of('OpenAction'), context.obj({ S: 'URI', URI: PDFString.of('https://example.org') })),
      });
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.activeContent' });
    });

    it("a page's additional actions", async () => {
      const bytes = await pdf({
        edit: (document) =>
          document
            .getPage(0)
            .node.set(
              PDFName.of('AA'),
              document.context.obj({ O: { S: 'GoTo', D: [document.getPage(0).ref, 'Fit'] } }),
            ),
      });
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.activeContent' });
    });

    it('a Launch action', async () => {
      const bytes = await pdf({
        edit: (document) => linkRunning(document, { S: 'Launch', F: PDFString.of('calc.exe') }),
      });
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.activeContent' });
    });

    it('a form submitted elsewhere', async () => {
      const bytes = await pdf({
        edit: (document) => linkRunning(document, { S: 'SubmitForm', F: PDFString.of('https://example.org/collect') }),
      });
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.activeContent' });
    });

    it('an embedded file', async () => {
      const bytes = await pdf({
        edit: (document) => document.attach(latin1('MZ\x90\0'), 'setup.exe', { mimeType: 'application/octet-stream' }),
      });
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.activeContent' });
    });

    it('an XFA form', async () => {
      const bytes = await pdf({
        edit: ({ catalog, context }) =>
          catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [], XFA: PDFString.of('<xdp:xdp/>') })),
      });
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.activeContent' });
    });

    it('JavaScript named with escapes (/J#61vaScript, /#4aavaScript)', async () => {
      for (const escaped of ['J#61vaScript', '#4aavaScript']) {
        const written = await pdf({
          objectStreams: false,
          edit: (document) => linkRunning(document, { S: 'JXXXvaScript', JS: PDFString.of('app.alert(1)') }),
        });
        const bytes = rewrite(written, '/JXXXvaScript', `/${escaped}`);
        expect(await checkConsentPdf(bytes), escaped).toEqual({
          ok: false,
          message: 'healthSystems.pdf.activeContent',
        });
      }
    });

    it('JavaScript in an earlier definition of an object that a later one shadows', async () => {
      const bytes = latin1(
        [
          '%PDF-1.7',
          '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj',
          '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
          '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
          '4 0 obj << /S /JavaScript /JS (app.alert\\(1\\)) >> endobj',
          '4 0 obj [3 0 R /Fit] endobj',
          'trailer << /Root 1 0 R /Size 5 >>',
          '%%EOF',
          '',
        ].join('\n'),
      );
      expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.pdf.activeContent' });
    });

    it('but not those words inside a string or a comment', async () => {
      const bytes = latin1(
        [
          '%PDF-1.7',
          '% /JavaScript is not run here',
          '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
          '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
          '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
          '4 0 obj << /Title (Why \\(we\\) never use /JavaScript or /Launch) >> endobj',
          'trailer << /Root 1 0 R /Info 4 0 R /Size 5 >>',
          '%%EOF',
          '',
        ].join('\n'),
      );
      expect(await checkConsentPdf(bytes)).toEqual({
        ok: true,
        bytes: expect.any(Uint8Array),
        pages: [{ width: 612, height: 792 }],
      });
    });
  });

  it('refuses a file over 5 MB (5,242,880 bytes)', async () => {
    const bytes = join(await pdf(), new Uint8Array(5_242_881));
    expect(await checkConsentPdf(bytes)).toEqual({ ok: false, message: 'healthSystems.consent.fileOverLimit' });
  });
});

describe('pdfPageSizes', () => {
  it('gives the page sizes of a stored PDF as shown', async () => {
    const bytes = await pdf({ pages: 2, edit: (document) => document.getPage(1).setRotation(degrees(270)) });
    expect(await pdfPageSizes(bytes)).toEqual([
      { width: 612, height: 792 },
      { width: 792, height: 612 },
    ]);
  });
});
