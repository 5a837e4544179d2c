import type { FastifyReply, FastifyRequest } from 'fastify';
import { importPayloadKey, openPayload } from '@portal/shared/crypto/payload-envelope';
import { requestLanguage, translate } from '../lib/localize';

/**
 * A preValidation hook that opens the sealed values of a request body (AES-256-GCM under PAYLOAD_KEY).
 * A value that does not open is answered with 400 before any rule runs.
 */
export function openSealedBody(base64Key: string) {
  const key = importPayloadKey(base64Key);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.body = await openPayload(await key, request.body);
    } catch {
      return reply
        .code(400)
        .send({ status: false, message: translate(requestLanguage(request), 'error.payloadUnreadable') });
    }
  };
}
