// zod/mini's `parse` takes any zod schema, full or mini, without bringing the full zod into the app's start-up.
import * as z from 'zod/mini';
import type { CallMethod } from '@portal/shared/api/call';
import { API_BASE } from '@portal/shared/constants';
import { readStoredTokens } from './auth-storage';

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
export async function apiRequest<S extends z.core.$ZodType<{ status: boolean; message?: string }>>(
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
  return z.parse(schema, body);
}

/**
 * The server's own words for a refusal, already in the reader's language; undefined for a lost connection or
 * an unreadable reply, whose browser text (such as 'Failed to fetch') would be English only.
 */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.message ? error.message : undefined;
}

/** Request options for a JSON body, or for none (then without a content type, which would ask for one). */
export const jsonRequest = (method: CallMethod, body?: unknown): RequestInit =>
  body === undefined
    ? { method }
    : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };

let onUnauthorized: () => void = () => {};

/** What happens when the server refuses a signed-in call's token: the session sets a clean sign-out. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * Asked about a signed-in call refused with 403: answers true once the person has confirmed it's them (the step-up
 * of a dangerous action), and the call is then made again, once. Any other refusal answers false at once.
 */
export type StepUpHandler = (refusal: ApiError) => Promise<boolean>;
let onStepUp: StepUpHandler | undefined;

/** Registered by the signed-in staff shell's "Confirm it's you" dialog; none (undefined) while it is not there. */
export function setStepUpHandler(handler: StepUpHandler | undefined) {
  onStepUp = handler;
}

/**
 * Makes a signed-in call with `attempt`; a refusal the step-up handler resolves is made once more, so the action
 * goes through without being asked for again. A second refusal, or a step-up given up, throws as any other.
 */
async function withStepUp<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && onStepUp && (await onStepUp(error))) return attempt();
    throw error;
  }
}

const bearer = (): Record<string, string> => {
  const token = readStoredTokens()?.access_token;
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** `apiRequest` with the stored access token as a bearer header; a 401 ends the session, a step-up is asked for. */
export function authorizedRequest<S extends z.core.$ZodType<{ status: boolean; message?: string }>>(
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<z.infer<S>> {
  return withStepUp(async () => {
    try {
      return await apiRequest(path, schema, { ...init, headers: { ...init.headers, ...bearer() } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onUnauthorized();
      throw error;
    }
  });
}

/**
 * A signed-in file download (a PDF) as a Blob, with the stored access token; a 401 ends the session, a step-up is
 * asked for, and a refusal carries the server's message like `apiRequest`'s. `path` may already start with the API
 * base; `init` is the request's method and body when it is not a GET (a search sent as JSON, say).
 */
export function authorizedDownload(path: string, init: RequestInit = {}): Promise<Blob> {
  return withStepUp(async () => {
    const response = await fetch(path.startsWith(API_BASE) ? path : `${API_BASE}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...bearer() },
    });
    if (response.ok) return response.blob();
    if (response.status === 401) onUnauthorized();
    const body = (await response.json().catch(() => undefined)) as { message?: string; data?: unknown } | undefined;
    throw new ApiError(body?.message ?? response.statusText, response.status, body?.data);
  });
}
