import { createDecipheriv, createSecretKey } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IV_BYTES, payloadKeyBytes, PayloadEnvelopeError, TAG_BYTES } from '@portal/shared/crypto/payload-envelope';
import { requestLanguage, translate } from '../lib/localize';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Opens one sealed value, base64 of a 12-byte IV, the AES-256-GCM ciphertext and its 16-byte tag under the
 * 32-byte key, with node's crypto in the calling thread: a value is a few dozen bytes, far less work than a
 * WebCrypto job on the thread pool, where it would wait behind password hashes. Anything that is not such a
 * value, does not open under the key, or opens to bytes that are not UTF-8 throws PayloadEnvelopeError. The key
 * object is made once, not from the bytes again for each value (twice a sign-in).
 */
export function sealedValueOpener(base64Key: string) {
  const key = createSecretKey(payloadKeyBytes(base64Key));
  return (sealed: string): string => {
    if (!BASE64.test(sealed)) throw new PayloadEnvelopeError();
    const bytes = Buffer.from(sealed, 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new PayloadEnvelopeError();
    const tagStart = bytes.length - TAG_BYTES;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(bytes.subarray(tagStart));
      return utf8.decode(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, tagStart)), decipher.final()]));
    } catch {
      throw new PayloadEnvelopeError();
    }
  };
}

/** Opens every value of a sealed body; anything that is not an object of sealed strings is refused. */
export function openSealedPayload(open: (sealed: string) => string, body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new PayloadEnvelopeError();
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => {
      if (typeof value !== 'string') throw new PayloadEnvelopeError();
      return [name, open(value)];
    }),
  );
}

/**
 * A preValidation hook that opens the sealed values of a request body (AES-256-GCM under PAYLOAD_KEY).
 * A value that does not open is answered with 400 before any rule runs.
 */
export function openSealedBody(base64Key: string) {
  const open = sealedValueOpener(base64Key);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.body = openSealedPayload(open, request.body);
    } catch {
      return reply
        .code(400)
        .send({ status: false, message: translate(requestLanguage(request), 'error.payloadUnreadable') });
    }
  };
}
