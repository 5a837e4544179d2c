import type { z } from 'zod';
import { API_BASE } from '@portal/shared/constants';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Calls the API and checks the reply against the call's shared zod schema. A reply with
 * `status: false` (or a non-2xx code) becomes an ApiError carrying the server's message.
 */
export async function apiRequest<S extends z.ZodType<{ status: boolean; message?: string }>>(
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  const response = await fetch(`${API_BASE}${path}`, {
    ...init,
    headers: { Accept: 'application/json', ...init.headers },
  });
  const body: unknown = await response.json().catch(() => undefined);
  const envelope = body as { status?: boolean; message?: string; data?: unknown } | undefined;
  if (!response.ok || envelope?.status !== true) {
    throw new ApiError(envelope?.message ?? response.statusText, response.status, envelope?.data);
  }
  return schema.parse(body);
}
