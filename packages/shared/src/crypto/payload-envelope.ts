/**
 * The payload envelope of registration and sign-in: each string value is sealed with AES-256-GCM under the shared
 * 32-byte key, with a fresh 12-byte IV, and sent as base64(iv || ciphertext || tag); booleans travel as
 * the sealed strings "true"/"false". WebCrypto, so the browser and the server run this same code.
 * It is an obfuscation layer required for compatibility; transport security is TLS.
 */
const IV_BYTES = 12;
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

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new PayloadEnvelopeError();
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
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
  return crypto.subtle.importKey('raw', payloadKeyBytes(base64Key), 'AES-GCM', false, ['encrypt', 'decrypt']);
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

/** A sealed value's IV and its ciphertext followed by the tag; refused when it cannot be one. */
export function sealedParts(sealed: string): {
  iv: Uint8Array<ArrayBuffer>;
  ciphertextAndTag: Uint8Array<ArrayBuffer>;
} {
  const bytes = base64ToBytes(sealed);
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new PayloadEnvelopeError();
  return { iv: bytes.subarray(0, IV_BYTES), ciphertextAndTag: bytes.subarray(IV_BYTES) };
}

/** The opened bytes as text: they must be UTF-8. */
export function plainText(bytes: ArrayBuffer | Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export async function openValue(key: PayloadKey, sealed: string): Promise<string> {
  const { iv, ciphertextAndTag } = sealedParts(sealed);
  try {
    return plainText(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, ciphertextAndTag));
  } catch {
    throw new PayloadEnvelopeError();
  }
}

export type PlainPayload = Record<string, string | boolean>;

/** Seals every value of a payload; booleans become the strings "true" and "false" first. */
export async function sealPayload(key: PayloadKey, payload: PlainPayload): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(payload).map(async ([name, value]) => [name, await sealValue(key, String(value))] as const),
  );
  return Object.fromEntries(entries);
}

/**
 * Opens every value of a sealed payload with `open`, which opens one value or throws PayloadEnvelopeError;
 * anything that is not an object of sealed strings is refused.
 */
export async function openPayloadWith(
  open: (sealed: string) => string | Promise<string>,
  body: unknown,
): Promise<Record<string, string>> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new PayloadEnvelopeError();
  const entries = await Promise.all(
    Object.entries(body).map(async ([name, value]) => {
      if (typeof value !== 'string') throw new PayloadEnvelopeError();
      return [name, await open(value)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Opens every value of a sealed payload under the key. */
export function openPayload(key: PayloadKey, body: unknown): Promise<Record<string, string>> {
  return openPayloadWith((sealed) => openValue(key, sealed), body);
}
