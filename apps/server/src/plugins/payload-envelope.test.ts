import { createCipheriv, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importPayloadKey, PayloadEnvelopeError, sealPayload, sealValue } from '@portal/shared/crypto/payload-envelope';
import { openSealedPayload, sealedValueOpener } from './payload-envelope';

const KEY = 'a2lkbmV5LXN0dWR5LXBvcnRhbC1kZXYta2V5LTIwMjY=';
const OTHER_KEY = Buffer.from('x'.repeat(32)).toString('base64');

/** Seals raw bytes as the browser does: base64 of IV, ciphertext and tag. */
function sealBytes(base64Key: string, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(base64Key, 'base64'), iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

describe('the server opening sealed values with node crypto', () => {
  it('opens what the browser’s WebCrypto sealed, for any text', async () => {
    const key = await importPayloadKey(KEY);
    const open = sealedValueOpener(KEY);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 80 }), async (text) => {
        expect(open(await sealValue(key, text))).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a wrong key, a changed byte, a cut-off tag, plain text and bytes that are not UTF-8', async () => {
    const open = sealedValueOpener(KEY);
    const sealed = await sealValue(await importPayloadKey(KEY), 'María José');
    expect(() => sealedValueOpener(OTHER_KEY)(sealed)).toThrow(PayloadEnvelopeError);
    const bytes = Buffer.from(sealed, 'base64');
    bytes.writeUInt8(bytes.readUInt8(14) ^ 1, 14);
    expect(() => open(bytes.toString('base64'))).toThrow(PayloadEnvelopeError);
    expect(() =>
      open(
        Buffer.from(sealed, 'base64')
          .subarray(0, 12 + 10 + 8)
          .toString('base64'),
      ),
    ).toThrow(PayloadEnvelopeError);
    expect(() => open('plain text')).toThrow(PayloadEnvelopeError);
    expect(() => open('')).toThrow(PayloadEnvelopeError);
    expect(() => open(sealBytes(KEY, Buffer.from([0x61, 0xff, 0x62])))).toThrow(PayloadEnvelopeError);
    expect(open(sealBytes(KEY, Buffer.from('Peña', 'utf8')))).toBe('Peña');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => sealedValueOpener(Buffer.from('short').toString('base64'))).toThrow(PayloadEnvelopeError);
  });

  it('opens a whole sealed body, booleans arriving as "true" and "false"', async () => {
    const open = sealedValueOpener(KEY);
    const sealed = await sealPayload(await importPayloadKey(KEY), { isAdult: true, email: 'a@b.co', other: false });
    expect(openSealedPayload(open, sealed)).toEqual({ isAdult: 'true', email: 'a@b.co', other: 'false' });
  });

  it('refuses a body that is not an object of sealed strings', async () => {
    const open = sealedValueOpener(KEY);
    const sealed = await sealValue(await importPayloadKey(KEY), 'a@b.co');
    expect(() => openSealedPayload(open, { email: sealed, age: 70 })).toThrow(PayloadEnvelopeError);
    expect(() => openSealedPayload(open, [sealed])).toThrow(PayloadEnvelopeError);
    expect(() => openSealedPayload(open, null)).toThrow(PayloadEnvelopeError);
    expect(() => openSealedPayload(open, 'text')).toThrow(PayloadEnvelopeError);
  });

  it('refuses base64 with padding in the middle or characters outside its alphabet', async () => {
    const open = sealedValueOpener(KEY);
    const sealed = await sealValue(await importPayloadKey(KEY), 'María');
    expect(() => open(`${sealed.slice(0, 8)}=${sealed.slice(9)}`)).toThrow(PayloadEnvelopeError);
    expect(() => open(`${sealed.slice(0, 8)}-${sealed.slice(9)}`)).toThrow(PayloadEnvelopeError);
    expect(() => open(`${sealed}\n`)).toThrow(PayloadEnvelopeError);
  });
});
