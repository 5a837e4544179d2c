import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import { okReply, renderAsStaff, stubPortal, type PortalCall } from '../../../test-portal';
import { WithdrawalsPanel } from './WithdrawalsPanel';

const page = (content: unknown[], extra: object = {}) =>
  okReply({ content, totalElements: content.length, page: 0, size: 10, ...extra });

const WITHDRAWN = {
  id: 'w1',
  email: 'luis@example.org',
  name: 'Luis Garcia',
  withdrawalDate: '2026-03-02T15:00:00.000Z',
  reason: 'Moving away',
  source: 'participant',
  requestedBy: null,
};
const PENDING = {
  id: 'p1',
  email: 'ana@example.org',
  reason: 'Asked by phone',
  requestedAt: '2026-03-05T15:00:00.000Z',
  dueAt: '2026-03-06T15:00:00.000Z',
  requestedBy: 'admin@example.org',
};
const SUMMARY = {
  from: '2025-04-01',
  to: '2026-03-31',
  months: [{ month: '2026-03', participant: 1, manual: 0 }],
  total: { participant: 1, manual: 0 },
};

/** A stubbed portal: the withdrawn participants, the dashboard's figures and one pending request. */
function stubWithdrawals() {
  return stubPortal((call) => {
    if (call.path === '/consent/withdrawal-users/summary') return okReply(SUMMARY);
    if (call.path === '/consent/withdrawal-users') return page([WITHDRAWN]);
    if (call.path === '/consent/manual-withdraw') return page([PENDING], { holdSeconds: 3600 });
    return new Response('', { status: 404 });
  });
}

const summaryCalls = (calls: PortalCall[]) => calls.filter((c) => c.path === '/consent/withdrawal-users/summary');

async function renderPanel(role: StaffRole) {
  const calls = stubWithdrawals();
  renderAsStaff(<WithdrawalsPanel />, role);
  await screen.findByRole('cell', { name: 'luis@example.org' });
  return calls;
}

describe('Withdrawals for each role', () => {
  it('a study administrator records and deletes requests, sees the dashboard and may open it full screen', async () => {
    const user = userEvent.setup();
    await renderPanel('studyAdmin');
    expect(await screen.findByRole('figure', { name: 'Withdrawals per month' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open full screen' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Manual Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Manual Withdraw' });
    expect(within(dialog).getByRole('textbox', { name: /Participant's e-mail/ })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Pending Requests' }));
    expect(await within(dialog).findByRole('button', { name: 'Delete the request for ana@example.org' })).toBeVisible();
  });

  it('a coordinator records and deletes requests, without the dashboard or its full-screen link', async () => {
    const user = userEvent.setup();
    const calls = await renderPanel('coordinator');
    expect(screen.queryByRole('figure', { name: 'Withdrawals per month' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open full screen' })).toBeNull();
    expect(summaryCalls(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Manual Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Manual Withdraw' });
    expect(within(dialog).getByRole('textbox', { name: /Participant's e-mail/ })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Pending Requests' }));
    expect(await within(dialog).findByRole('button', { name: 'Delete the request for ana@example.org' })).toBeVisible();
  });

  it('an auditor sees the dashboard and the pending requests, and neither records nor deletes one', async () => {
    const user = userEvent.setup();
    await renderPanel('auditor');
    expect(await screen.findByRole('figure', { name: 'Withdrawals per month' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open full screen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manual Withdraw' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pending Requests' }));
    const dialog = screen.getByRole('dialog', { name: 'Pending Requests' });
    expect(await within(dialog).findByRole('cell', { name: 'ana@example.org' })).toBeVisible();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'New request' })).toBeNull();
  });
});
