import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import { okReply, renderAsStaff, stubPortal } from '../../../test-portal';
import { BatchHistory } from './BatchHistory';

beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const BULK = {
  id: '7d0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
  source: 'bulk',
  status: false,
  createdAt: '2026-03-05T15:04:00.000Z',
  actor: 'admin@example.org',
  requested: 3,
  applied: 2,
  skipped: 1,
  undoneAt: null,
  undoneBy: null,
  undoableUntil: '2026-03-12T15:04:00.000Z',
};
const PUSH = {
  ...BULK,
  id: '8e1d2b3c-4d5e-4f60-9b7c-8d9e0f1a2b3c',
  source: 'push',
  status: null,
  createdAt: '2026-03-01T09:30:00.000Z',
  actor: 'Geisinger EHR',
  undoneAt: '2026-03-02T10:00:00.000Z',
  undoneBy: 'admin@example.org',
  undoableUntil: null,
};

function renderHistory(role: StaffRole = 'studyAdmin') {
  renderAsStaff(<BatchHistory />, role);
}

describe('the update history', () => {
  it('lists each update with what it did, downloads its result and undoes it after a confirmation', async () => {
    const saved: string[] = [];
    // jsdom makes no object URLs and follows no links: the file saved is the link's download name.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:result';
        static override revokeObjectURL = () => {};
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = stubPortal((call) => {
      if (call.path.endsWith('/result.csv')) return new Response('userId,previousStatus,newStatus,result\r\n');
      if (call.path.endsWith('/undo')) {
        return okReply({ batchId: 'u1', restored: 2, kept: 0 }, 'Update undone: 2 restored; 0 kept.');
      }
      return okReply({ content: [BULK, PUSH], totalElements: 2, page: 0, size: 5 });
    });
    renderHistory();
    const table = await screen.findByRole('table', { name: 'Bulk update history' });
    const [, bulk, push] = within(table).getAllByRole('row');
    expect(
      within(bulk!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '03/05/2026 03:04 PM',
      'admin@example.org',
      'Bulk update',
      'Rejected',
      '3',
      '2',
      '1',
      'Download resultUndo',
    ]);
    expect(within(push!).getByText('Health system push')).toBeVisible();
    expect(within(push!).getByText('Various')).toBeVisible();
    expect(within(push!).getByText('Undone on 03/02/2026 10:00 AM by admin@example.org')).toBeVisible();
    expect(within(push!).queryByRole('button', { name: /Undo/ })).toBeNull();

    await userEvent.click(
      within(bulk!).getByRole('button', { name: 'Download result of the update of 03/05/2026 03:04 PM' }),
    );
    await vi.waitFor(() => expect(saved).toEqual([`verification-batch-${BULK.id}.csv`]));

    await userEvent.click(within(bulk!).getByRole('button', { name: 'Undo the update of 03/05/2026 03:04 PM' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this update?' });
    expect(dialog).toHaveTextContent('This update can be undone until 03/12/2026 03:04 PM.');
    expect(calls.some((c) => c.path.endsWith('/undo'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, undo' }));
    expect((await screen.findByText('Update undone: 2 restored; 0 kept.')).closest('[role="status"]')).not.toBeNull();
    const undo = calls.find((c) => c.path.endsWith('/undo'))!;
    expect(undo).toMatchObject({ method: 'POST', path: `/health-system-verification/batches/${BULK.id}/undo` });
    await vi.waitFor(() => expect(calls.filter((c) => c.path.endsWith('/batches')).length).toBe(2));
  });

  it('offers an auditor the result files but no Undo', async () => {
    stubPortal(() => okReply({ content: [BULK], totalElements: 1, page: 0, size: 5 }));
    renderHistory('auditor');
    const table = await screen.findByRole('table', { name: 'Bulk update history' });
    const [, bulk] = within(table).getAllByRole('row');
    expect(
      within(bulk!).getByRole('button', { name: 'Download result of the update of 03/05/2026 03:04 PM' }),
    ).toBeVisible();
    expect(within(bulk!).queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it('shows the refusal of an undo in its dialog', async () => {
    stubPortal((call) =>
      call.path.endsWith('/undo')
        ? new Response(JSON.stringify({ status: false, message: 'This update was already undone.' }), { status: 409 })
        : okReply({ content: [BULK], totalElements: 1, page: 0, size: 5 }),
    );
    renderHistory();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo the update of 03/05/2026 03:04 PM' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this update?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, undo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This update was already undone.');
  });
});
