import { expect, it } from 'vitest';
import { describeOnDatabase } from './helpers';
import { signInAdmin, useAuthApp } from './auth-helpers';
import {
  encryptedPdf,
  letterPdf,
  openActionJavaScriptPdf,
  pdfPart,
  register,
  registrationData,
  storedCounts,
} from './health-system-helpers';

const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
/** The first bytes of a ZIP archive's local file header and its end record. */
const ZIP = concat(text('PK\u0003\u0004'), new Uint8Array(26), text('payload.txt'), text('PK\u0005\u0006'));

describeOnDatabase('Health system registration: uploads judged by content', (target) => {
  const testApp = useAuthApp(target);

  it('refuses each file of the attack set with its own message, named .pdf or not, and stores nothing', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const good = await letterPdf();
    const attacks: [string, Uint8Array, string][] = [
      [
        'HTML renamed .pdf',
        text('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
        'The file for English is not a PDF document.',
      ],
      [
        'an HTML page before a PDF (polyglot)',
        concat(text('<html><body>hello</body></html>\n'), good),
        'The file for English is not a PDF document.',
      ],
      [
        'a PDF with a ZIP archive after its end (polyglot)',
        concat(good, ZIP),
        'The file for English holds other content besides the PDF. Please upload a plain PDF.',
      ],
      [
        'a PDF that runs JavaScript when opened',
        await openActionJavaScriptPdf(),
        'The PDF for English contains scripts, actions or attached files, which a consent form may not have. ' +
          'Please upload a plain PDF.',
      ],
      [
        'an encrypted PDF',
        await encryptedPdf(),
        'The PDF for English is password-protected or encrypted. Please upload an unprotected copy.',
      ],
    ];
    const before = await storedCounts(t);
    for (const [attack, bytes, message] of attacks) {
      const reply = await register(t, token, registrationData(), [
        pdfPart('en', bytes, 'lakeside-en.pdf'),
        pdfPart('sp', good),
      ]);
      expect(reply.statusCode, attack).toBe(400);
      expect(reply.json().data, attack).toContainEqual({ errorField: 'consentForms.en.file', message });
      expect(await storedCounts(t), attack).toEqual(before);
    }
  });

  it('refuses a file over 5 MB and stores nothing', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const before = await storedCounts(t);
    const good = await letterPdf();
    // A real PDF padded with a comment to 5,242,881 bytes, a byte over the limit.
    const padding = text(`%${'x'.repeat(5_242_881 - good.byteLength - 2)}\n`);
    const large = concat(good.subarray(0, 9), padding, good.subarray(9));
    expect(large.byteLength).toBe(5_242_881);
    const reply = await register(t, token, registrationData(), [pdfPart('en', large), pdfPart('sp', good)]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data).toEqual([
      {
        errorField: 'consentForms.en.file',
        message: 'File for English must be less than 5MB.',
      },
    ]);
    expect(await storedCounts(t)).toEqual(before);
  });

  it('answers a refusal in Spanish to a Spanish-speaking administrator', async () => {
    const t = testApp();
    const token = (await signInAdmin(t)).access_token;
    const reply = await register(
      t,
      token,
      registrationData(),
      [pdfPart('en', await letterPdf()), pdfPart('sp', text('<html><body>hola</body></html>'))],
      'sp',
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      status: false,
      message: 'El registro falló. Revise los datos e inténtelo de nuevo.',
    });
    expect(reply.json().data).toContainEqual({
      errorField: 'consentForms.sp.file',
      message: 'El archivo en español no es un documento PDF.',
    });
  });
});
