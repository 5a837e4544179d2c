import type { LightMyRequestResponse } from 'fastify';
import type { Language } from '@portal/shared/constants';
import type { TestApp } from './helpers';
import { API } from './registration-helpers';

/** A part as HTTP clients other than browsers send it: each may carry its own media type and file name. */
export interface TypedPart {
  name: string;
  value: string | Uint8Array;
  contentType?: string;
  fileName?: string;
}

const BOUNDARY = '----portal-typed-multipart-7d1f';

/** The multipart body curl writes for `-F 'name=<value;type=...'` (no file name) or `-F 'name=@file;type=...'`. */
export function typedMultipartBody(parts: TypedPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** An authenticated multipart call whose parts carry the media types given. */
export function typedMultipartCall(
  t: TestApp,
  method: 'POST' | 'PUT',
  path: string,
  token: string,
  parts: TypedPart[],
  language?: Language,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: typedMultipartBody(parts),
    cookies: language ? { preferredLanguage: language } : {},
  });
}
