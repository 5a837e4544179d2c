import type { z } from 'zod';
import { ZClientConfigReply, GET_CLIENT_CONFIG } from '@portal/shared/client-config';
import {
  importPayloadKey,
  sealPayload,
  type PayloadKey,
  type PlainPayload,
} from '@portal/shared/crypto/payload-envelope';
import { apiRequest } from './api-client';

let key: Promise<PayloadKey> | undefined;

/** The key the server runs with, handed over by GET /client-config (so a new key needs no rebuild), imported once. */
function payloadKey(): Promise<PayloadKey> {
  key ??= apiRequest(GET_CLIENT_CONFIG.path, ZClientConfigReply).then(
    (reply) => importPayloadKey(reply.data!.payloadKey),
    (error: unknown) => {
      key = undefined;
      throw error;
    },
  );
  return key;
}

/** POSTs a payload with every value sealed in the payload envelope (register, login, credentials check). */
export async function postSealed<S extends z.core.$ZodType<{ status: boolean; message?: string }>>(
  path: string,
  payload: PlainPayload,
  schema: S,
): Promise<z.infer<S>> {
  const body = await sealPayload(await payloadKey(), payload);
  return apiRequest(path, schema, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
