import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importPayloadKey, PayloadEnvelopeError, sealPayload, sealValue } from './payload-envelope';

const KEY = 'a2lkbmV5LXN0dWR5LXBvcnRhbC1kZXYta2V5LTIwMjY=';

/** Opens a sealed value with node's AES-256-GCM, as a server in any language would. */
function openWithNode(sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(KEY, 'base64'), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
}

describe('payload envelope', () => {
  it('seals as base64 of a 12-byte IV, the ciphertext and a 16-byte tag, fresh each time', async () => {
    const key = await importPayloadKey(KEY);
    const first = await sealValue(key, 'abc');
    const second = await sealValue(key, 'abc');
    expect(first).not.toBe(second);
    expect(atob(first)).toHaveLength(12 + 3 + 16);
    expect(openWithNode(first)).toBe('abc');
  });

  it('seals UTF-8 text that AES-256-GCM elsewhere opens', async () => {
    const key = await importPayloadKey(KEY);
    expect(openWithNode(await sealValue(key, 'María José Peña'))).toBe('María José Peña');
  });

  it('seals booleans as the strings "true" and "false"', async () => {
    const key = await importPayloadKey(KEY);
    const sealed = await sealPayload(key, { isAdult: true, email: 'a@b.co', other: false });
    expect(Object.values(sealed).every((value) => typeof value === 'string')).toBe(true);
    expect(sealed.isAdult).not.toBe('true');
    expect(Object.fromEntries(Object.entries(sealed).map(([name, value]) => [name, openWithNode(value)]))).toEqual({
      isAdult: 'true',
      email: 'a@b.co',
      other: 'false',
    });
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => importPayloadKey(btoa('short'))).toThrow(PayloadEnvelopeError);
  });
});
