import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import { SessionProvider } from '../../../lib/session';
import { storeStaffToken } from '../../../test-session';

/** A call an editor made: its method, address and JSON body. */
export interface EditorCall {
  method: string;
  url: string;
  body?: unknown;
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
/** A successful reply carrying `data`. */
export const ok = (data: unknown) => json(200, { status: true, data });

/**
 * A stubbed portal for a settings editor: the change history is empty; every other call is recorded and
 * answered by `answer`.
 */
export function stubEditorServer(answer: (call: EditorCall) => Response) {
  const calls: EditorCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/settings/changes')) {
        return ok({ content: [], totalElements: 0, page: 0, size: 5 });
      }
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** How many times the change history has been fetched from the stubbed portal. */
export const historyLoads = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/settings/changes')).length;

/**
 * Renders an editor for a staff member of a role (a study administrator unless told), with a query client of its
 * own that does not retry.
 */
export function renderEditor(editor: ReactNode, role: StaffRole = 'studyAdmin') {
  storeStaffToken(role);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>{editor}</SessionProvider>
    </QueryClientProvider>,
  );
}

/** Empties a box and types a value into it, as a person does; an empty value leaves it empty. */
export async function retype(box: HTMLElement, value: string) {
  const user = userEvent.setup();
  await user.clear(box);
  if (value) await user.type(box, value);
}
