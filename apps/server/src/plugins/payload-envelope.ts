import { createDecipheriv } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  openPayloadWith,
  payloadKeyBytes,
  PayloadEnvelopeError,
  plainText,
  sealedParts,
  TAG_BYTES,
} from '@portal/shared/crypto/payload-envelope';
import { requestLanguage, translate } from '../lib/localize';

/**
 * Opens one sealed value (AES-256-GCM under the 32-byte key) with node's crypto, in the calling thread: a value
 * is a few dozen bytes, far less work than WebCrypto's job on the thread pool, where it would wait behind
 * password hashes.
 */
export function sealedValueOpener(base64Key: string) {
  const key = payloadKeyBytes(base64Key);
  return (sealed: string): string => {
    const { iv, ciphertextAndTag } = sealedParts(sealed);
    const tagStart = ciphertextAndTag.length - TAG_BYTES;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(ciphertextAndTag.subarray(tagStart));
      return plainText(Buffer.concat([decipher.update(ciphertextAndTag.subarray(0, tagStart)), decipher.final()]));
    } catch {
      throw new PayloadEnvelopeError();
    }
  };
}

/**
 * A preValidation hook that opens the sealed values of a request body (AES-256-GCM under PAYLOAD_KEY).
 * A value that does not open is answered with 400 before any rule runs.
 */
export function openSealedBody(base64Key: string) {
  const open = sealedValueOpener(base64Key);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.body = await openPayloadWith(open, request.body);
    } catch {
      return reply
        .code(400)
        .send({ status: false, message: translate(requestLanguage(request), 'error.payloadUnreadable') });
    }
  };
}
