/**
 * The payload envelope of registration and sign-in: each string value is sealed with AES-256-GCM under the shared
 * 32-byte key, with a fresh 12-byte IV, and sent as base64(iv || ciphertext || tag); booleans travel as
 * the sealed strings "true"/"false". The browser seals with WebCrypto (this module); the server opens with its
 * own crypto. It is an obfuscation layer required for compatibility; transport security is TLS.
 */
export const IV_BYTES = 12;
const KEY_BYTES = 32;
export const TAG_BYTES = 16;

export class PayloadEnvelopeError extends Error {
  constructor(message = 'A value of the payload could not be decrypted.') {
    super(message);
    this.name = 'PayloadEnvelopeError';
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The imported key (WebCrypto's CryptoKey, named without relying on the DOM library). */
export type PayloadKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** The 32 bytes of a base64 payload key; anything else is refused. */
export function payloadKeyBytes(base64Key: string): Uint8Array<ArrayBuffer> {
  const raw = Uint8Array.from(atob(base64Key), (c) => c.charCodeAt(0));
  if (raw.length !== KEY_BYTES) throw new PayloadEnvelopeError('The payload key must be 32 bytes.');
  return raw;
}

export function importPayloadKey(base64Key: string): Promise<PayloadKey> {
  return crypto.subtle.importKey('raw', payloadKeyBytes(base64Key), 'AES-GCM', false, ['encrypt']);
}

export async function sealValue(key: PayloadKey, value: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(value)),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return bytesToBase64(out);
}

export type PlainPayload = Record<string, string | boolean>;

/** Seals every value of a payload; booleans become the strings "true" and "false" first. */
export async function sealPayload(key: PayloadKey, payload: PlainPayload): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(payload).map(async ([name, value]) => [name, await sealValue(key, String(value))] as const),
  );
  return Object.fromEntries(entries);
}
