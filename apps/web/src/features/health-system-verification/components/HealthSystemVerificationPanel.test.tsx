import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import { okReply, renderAsStaff, stubPortal, type PortalCall } from '../../../test-portal';
import { HealthSystemVerificationPanel } from './HealthSystemVerificationPanel';

beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const page = (content: unknown[]) => okReply({ content, totalElements: content.length, page: 0, size: 10 });

const PENDING = {
  userId: '2f1c3d4e-0000-4000-8000-0000000000aa',
  healthSystem: 'geisinger',
  healthSystemName: 'Geisinger',
  isVerified: null,
  updatedAt: '2026-03-05T15:00:00.000Z',
  withdrawn: false,
};
const WITHDRAWN = {
  userId: '2f1c3d4e-0000-4000-8000-0000000000bb',
  healthSystem: 'geisinger',
  healthSystemName: 'Geisinger',
  isVerified: true,
  updatedAt: '2026-02-01T15:00:00.000Z',
  withdrawn: true,
};

/** A stubbed portal: the health systems, the records found, no batches or keys, and a PUT that sets one record. */
function stubVerification(records: unknown[] = [PENDING, WITHDRAWN]) {
  return stubPortal((call) => {
    if (call.path.endsWith('/health-systems')) return okReply([{ value: 'geisinger', name: 'Geisinger' }]);
    if (call.path.endsWith('/batches') || call.path.startsWith('/health-system-api-keys')) return page([]);
    if (call.method === 'PUT') return okReply({ batchId: 'b1', applied: 1, skipped: 0 }, 'Status saved.');
    return page(records);
  });
}

const searches = (calls: PortalCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/health-system-verification');

function renderPanel(role: StaffRole = 'studyAdmin') {
  renderAsStaff(<HealthSystemVerificationPanel />, role);
}

const keyCalls = (calls: PortalCall[]) => calls.filter((c) => c.path.startsWith('/health-system-api-keys'));

describe('Health System Verification', () => {
  it('searches nothing until asked, and asks for a valid User ID or a health system', async () => {
    const calls = stubVerification();
    renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'Health System Verification' })).toBeVisible();
    expect(screen.getByText('Search by User ID or health system to see verification records.')).toBeVisible();
    const box = screen.getByRole('textbox', { name: 'User ID' });
    expect(box).toHaveAttribute('placeholder', 'User ID (UUID format: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)');

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please enter valid User ID or select health system');
    expect(box).toHaveAttribute('aria-describedby', alert.id);
    await userEvent.type(box, '2f1c3d4e-0000{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter valid User ID or select health system');
    expect(searches(calls)).toEqual([]);
  });

  it('searches by an ID on Enter, shows each status, and offers Edit except to the withdrawn', async () => {
    const calls = stubVerification();
    renderPanel();
    await userEvent.type(screen.getByRole('textbox', { name: 'User ID' }), `${PENDING.userId.toUpperCase()}{Enter}`);
    const table = await screen.findByRole('table', { name: 'Verification Records' });
    expect(screen.getByText('2 records')).toBeVisible();
    const [search] = searches(calls);
    expect(search!.query.toString()).toBe('page=0&size=10');
    expect(search!.body).toEqual({ userIds: [PENDING.userId] });

    const [, pending, withdrawn] = within(table).getAllByRole('row');
    expect(within(pending!).getByText('Pending')).toBeVisible();
    expect(within(pending!).getByText('03/05/2026')).toBeVisible();
    expect(
      within(pending!).getByRole('button', { name: `Edit verification status of ${PENDING.userId}` }),
    ).toBeVisible();
    expect(within(withdrawn!).getByText('Verified')).toBeVisible();
    expect(within(withdrawn!).getByText('Withdrawn')).toBeVisible();
    expect(within(withdrawn!).queryByRole('button')).toBeNull();
  });

  it('a coordinator edits statuses and updates them in bulk, and neither sees nor issues API keys', async () => {
    const calls = stubVerification();
    renderPanel('coordinator');
    expect(screen.getByRole('button', { name: 'Bulk Update' })).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'User ID' }), `${PENDING.userId}{Enter}`);
    expect(await screen.findByRole('button', { name: `Edit verification status of ${PENDING.userId}` })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Bulk update history' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Health system API keys' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Issue API key' })).toBeNull();
    expect(keyCalls(calls)).toEqual([]);
  });

  it('an auditor sees the records and the API keys, with no Edit, Bulk Update or Issue API key', async () => {
    const calls = stubVerification();
    renderPanel('auditor');
    await userEvent.type(screen.getByRole('textbox', { name: 'User ID' }), `${PENDING.userId}{Enter}`);
    const table = await screen.findByRole('table', { name: 'Verification Records' });
    const [header, pending] = within(table).getAllByRole('row');
    expect(within(pending!).getByText('Pending')).toBeVisible();
    expect(within(header!).queryByRole('columnheader', { name: 'Action' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bulk Update' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Health system API keys' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Issue API key' })).toBeNull();
    await vi.waitFor(() => expect(keyCalls(calls)).not.toEqual([]));
  });

  it('says when nothing is found', async () => {
    stubVerification([]);
    renderPanel();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Health System' }), 'none');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No user found Please try again with different filters')).toBeVisible();
    expect(screen.getByText('No records found')).toBeVisible();
  });

  it('sorts by a header through none, ascending, descending and none again', async () => {
    const calls = stubVerification();
    renderPanel();
    await screen.findByRole('option', { name: 'Geisinger' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Health System' }), 'geisinger');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Verification Records' });
    const header = () => screen.getByRole('columnheader', { name: 'Updated On' });
    expect(header()).toHaveAttribute('aria-sort', 'none');
    const sorts: (string | null)[] = [];
    for (const expected of ['ascending', 'descending', 'none']) {
      await userEvent.click(within(header()).getByRole('button'));
      await vi.waitFor(() => expect(header()).toHaveAttribute('aria-sort', expected));
      await vi.waitFor(() => expect(searches(calls).length).toBe(sorts.length + 2));
      sorts.push(searches(calls).at(-1)!.query.get('sort'));
    }
    expect(sorts).toEqual(['updatedAt,asc', 'updatedAt,desc', null]);
    expect(searches(calls).every((c) => c.body?.healthSystem === 'geisinger')).toBe(true);
  });

  it('ends the search when the User ID box is emptied, keeping the health system; Clear resets both', async () => {
    stubVerification();
    renderPanel();
    const box = screen.getByRole('textbox', { name: 'User ID' });
    const select = screen.getByRole('combobox', { name: 'Health System' });
    await screen.findByRole('option', { name: 'Geisinger' });
    await userEvent.selectOptions(select, 'geisinger');
    await userEvent.type(box, `${PENDING.userId}{Enter}`);
    await screen.findByRole('table', { name: 'Verification Records' });
    await userEvent.clear(box);
    expect(screen.queryByRole('table', { name: 'Verification Records' })).toBeNull();
    expect(screen.getByText('Search by User ID or health system to see verification records.')).toBeVisible();
    expect(select).toHaveValue('geisinger');

    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Verification Records' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(select).toHaveValue('');
    expect(screen.queryByRole('table', { name: 'Verification Records' })).toBeNull();
  });

  it('edits one status: asks for a status, saves it as a single edit, and reloads the list on closing', async () => {
    const calls = stubVerification();
    renderPanel();
    await userEvent.type(screen.getByRole('textbox', { name: 'User ID' }), `${PENDING.userId}{Enter}`);
    await userEvent.click(await screen.findByRole('button', { name: `Edit verification status of ${PENDING.userId}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Verification status' });
    expect(within(dialog).getByText(`User ID: ${PENDING.userId}`)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select status');
    expect(within(dialog).getByRole('radiogroup')).toHaveAttribute(
      'aria-describedby',
      within(dialog).getByRole('alert').id,
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Verified' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Status saved.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ userIds: [PENDING.userId], status: true, skipIdIssues: false, source: 'single' });

    const before = searches(calls).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(searches(calls).length).toBe(before + 1));
  });
});
