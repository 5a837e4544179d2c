import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { consentSignatures } from '../src/db/schema';
import { describeOnDatabase } from './helpers';
import { useAuthApp } from './auth-helpers';
import { completeSigning, openCeremony, sign } from './consent-helpers';
import { call, signedInParticipant } from './participant-helpers';
import { pdfPageTexts } from './pdf-text';

describeOnDatabase('The signed copy, read back as a PDF', (target) => {
  const testApp = useAuthApp(target);

  it('carries the stamped values on the form and a certificate page after it', async () => {
    const t = testApp();
    const { tokens, email, userId } = await signedInParticipant(t, { firstName: 'Rosa', lastName: 'Ibáñez' });
    const ceremony = await openCeremony(t, tokens.access_token);
    const original = await pdfPageTexts((await call(t, 'GET', ceremony.documentUrl, tokens.access_token)).rawPayload);
    const request = completeSigning(t, ceremony);
    const reply = await sign(t, tokens.access_token, request);
    expect(reply.statusCode, reply.body).toBe(200);

    const signed = await pdfPageTexts(
      (await call(t, 'GET', '/consent/download-stream', tokens.access_token)).rawPayload,
    );
    // The certificate follows the form's pages (one page, or two with long answers).
    expect(signed.length).toBeGreaterThan(original.length);
    expect(signed.slice(0, original.length).every((page, i) => page.length >= original[i]!.length)).toBe(true);
    const fieldPage = signed[ceremony.fields.find((f) => f.type === 'text')!.coordinates.page - 1]!;
    expect(fieldPage).toContain('Rosa Ibáñez');
    expect(fieldPage).toContain('03/01/2026');

    const [row] = await t.db.select().from(consentSignatures).where(eq(consentSignatures.userId, userId));
    const certificate = signed.slice(original.length).join(' ').replace(/\s+/g, ' ');
    for (const expected of [
      'Signature certificate',
      'Rosa Ibáñez',
      email,
      '03/01/2026 12:01:00 UTC',
      'I consent to take part in this study',
      `version ${ceremony.version}`,
      'Drawn by hand on screen',
      'ConsentTest/1.0',
    ])
      expect(certificate).toContain(expected);
    // Hashes may wrap across lines; they are compared without the spaces a line break leaves.
    const compact = certificate.replace(/\s/g, '');
    expect(compact).toContain(ceremony.sha256);
    expect(compact).toContain(row!.formSha256);
  });

  it('writes the certificate in Spanish for a Spanish form, with a typed signature', async () => {
    const t = testApp();
    const { tokens } = await signedInParticipant(t, { language: 'sp' });
    const ceremony = await openCeremony(t, tokens.access_token);
    const request = completeSigning(t, ceremony, { signature: { method: 'typed', text: 'Ana Núñez' } });
    expect((await sign(t, tokens.access_token, request)).statusCode).toBe(200);
    const signed = await pdfPageTexts(
      (await call(t, 'GET', '/consent/download-stream', tokens.access_token)).rawPayload,
    );
    // The default form's fields are on its last page; the certificate comes after it.
    const formPages = Math.max(...ceremony.fields.map((f) => f.coordinates.page));
    const certificate = signed.slice(formPages).join(' ');
    expect(certificate).toContain('Certificado de firma');
    expect(certificate).toContain('Doy mi consentimiento para participar en este estudio');
    expect(certificate).toContain('Nombre escrito: Ana Núñez');
    const signaturePage = signed[ceremony.fields.find((f) => f.type === 'signature')!.coordinates.page - 1]!;
    expect(signaturePage).toContain('Ana Núñez');
  });
});
