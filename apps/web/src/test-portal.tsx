import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { API_BASE } from '@portal/shared/constants';
import type { StaffRole } from '@portal/shared/staff/roles';
import { SessionProvider } from './lib/session';
import { storeStaffToken } from './test-session';

/** A call the web app made: its method, path under the API base, query and JSON body. */
export interface PortalCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: Record<string, unknown>;
  /** A multipart body, as sent. */
  form?: FormData;
  headers: Headers;
}

/** For component tests: a portal that answers each call through `answer`; every call is recorded, in order. */
export function stubPortal(answer: (call: PortalCall) => Response | Promise<Response>): PortalCall[] {
  const calls: PortalCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://portal.test');
      const call: PortalCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.slice(API_BASE.length),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
        form: init?.body instanceof FormData ? init.body : undefined,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** A successful reply: `{ status: true, message?, data }`. */
export const okReply = (data: unknown, message?: string) =>
  new Response(JSON.stringify({ status: true, message, data }), { status: 200 });

/** Renders a component with a query client of its own that tries each call once. */
export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/**
 * Renders a staff member's page or panel, signed in with a role (a study administrator unless told), with a query
 * client of its own that tries each call once.
 */
export function renderAsStaff(ui: ReactElement, role: StaffRole | null = 'studyAdmin') {
  storeStaffToken(role);
  return renderWithQueries(<SessionProvider>{ui}</SessionProvider>);
}

/** A blob's text, read as a browser page reads it (jsdom's Blob has no `text()`). */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('the blob could not be read'));
    reader.readAsText(blob);
  });
}

/**
 * jsdom makes no object URLs and follows no links: records each blob given a URL (every one answers `url`) and
 * the name of each file saved through a link. `restore` lets links be clicked again.
 */
export function stubBlobFiles(url: string) {
  const blobs: Blob[] = [];
  const saved: string[] = [];
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = (blob: Blob) => {
        blobs.push(blob);
        return url;
      };
      static override revokeObjectURL = () => {};
    },
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { blobs, saved, restore: () => click.mockRestore() };
}

/**
 * jsdom has no WebAuthn: for the tests of this one, a browser that has passkeys (a `PublicKeyCredential`, which is
 * what the passkey buttons look for). Undone after each test with the other stubbed globals.
 */
export function stubPasskeySupport() {
  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
}
