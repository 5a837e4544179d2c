import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  importPayloadKey,
  openPayload,
  openValue,
  PayloadEnvelopeError,
  sealPayload,
  sealValue,
} from './payload-envelope';

const KEY = 'a2lkbmV5LXN0dWR5LXBvcnRhbC1kZXYta2V5LTIwMjY=';
const OTHER_KEY = btoa('x'.repeat(32));

describe('payload envelope', () => {
  it('opens what it sealed, for any text', async () => {
    const key = await importPayloadKey(KEY);
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 80 }), async (text) => {
        expect(await openValue(key, await sealValue(key, text))).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('seals as base64 of a 12-byte IV, the ciphertext and a 16-byte tag, fresh each time', async () => {
    const key = await importPayloadKey(KEY);
    const first = await sealValue(key, 'abc');
    const second = await sealValue(key, 'abc');
    expect(first).not.toBe(second);
    expect(atob(first)).toHaveLength(12 + 3 + 16);
  });

  it('interoperates with node:crypto AES-256-GCM, as a server in another language would seal', async () => {
    const { createCipheriv, randomBytes } = await import('node:crypto');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(KEY, 'base64'), iv);
    const body = Buffer.concat([cipher.update('José', 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const key = await importPayloadKey(KEY);
    expect(await openValue(key, Buffer.concat([iv, body]).toString('base64'))).toBe('José');
  });

  it('seals booleans as the strings "true" and "false"', async () => {
    const key = await importPayloadKey(KEY);
    const sealed = await sealPayload(key, { isAdult: true, email: 'a@b.co', other: false });
    expect(await openPayload(key, sealed)).toEqual({ isAdult: 'true', email: 'a@b.co', other: 'false' });
  });

  it('refuses a wrong key, tampering, plain text and non-string values', async () => {
    const key = await importPayloadKey(KEY);
    const wrong = await importPayloadKey(OTHER_KEY);
    const sealed = await sealValue(key, 'secret');
    await expect(openValue(wrong, sealed)).rejects.toBeInstanceOf(PayloadEnvelopeError);
    const tampered = btoa(
      String.fromCharCode(
        ...Uint8Array.from(atob(sealed), (c, i) => (i === 14 ? c.charCodeAt(0) ^ 1 : c.charCodeAt(0))),
      ),
    );
    await expect(openValue(key, tampered)).rejects.toBeInstanceOf(PayloadEnvelopeError);
    await expect(openValue(key, 'plain text')).rejects.toBeInstanceOf(PayloadEnvelopeError);
    await expect(openValue(key, '')).rejects.toBeInstanceOf(PayloadEnvelopeError);
    await expect(openPayload(key, { a: 1 })).rejects.toBeInstanceOf(PayloadEnvelopeError);
    await expect(openPayload(key, ['x'])).rejects.toBeInstanceOf(PayloadEnvelopeError);
    await expect(openPayload(key, null)).rejects.toBeInstanceOf(PayloadEnvelopeError);
  });
});
