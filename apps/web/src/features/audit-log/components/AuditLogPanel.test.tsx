import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okReply, renderWithQueries, stubBlobFiles, stubPortal, type PortalCall } from '../../../test-portal';
import { AuditLogPanel } from './AuditLogPanel';

const BEN = '5b1f3c2a-6d7e-4f80-9a1b-2c3d4e5f6a7b';
const RECORDS = [
  {
    id: 'r2',
    at: '2031-05-05T12:00:00.000Z',
    action: 'withdrawal.request.carriedOut',
    actorId: null,
    actorEmail: null,
    subjectId: BEN,
    subjectEmail: 'ben@example.org',
    ip: null,
    details: { requestId: 'req-1' },
  },
  {
    id: 'r1',
    at: '2031-05-04T15:30:00.000Z',
    action: 'setting.changed',
    actorId: 'a1',
    actorEmail: 'admin@example.org',
    subjectId: null,
    subjectEmail: null,
    ip: '10.0.0.9',
    details: { setting: 'security-policy', before: { failedAttemptLimit: 5 }, after: { failedAttemptLimit: 3 } },
  },
];
const TIMELINE = {
  participant: { id: BEN, email: 'ben@example.org', name: 'Ben Ruiz', status: 'withdrawn' },
  entries: [
    { at: '2031-05-01T14:00:00.000Z', kind: 'account', text: 'Registered in the portal' },
    { at: '2031-05-05T12:00:00.000Z', kind: 'withdrawal', text: 'Withdrawn from the study on request' },
  ],
};

beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-05-20T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

function stubAudit() {
  return stubPortal((call) => {
    if (call.path === '/audit/log/export') return new Response('\uFEFFat,actor\r\n');
    if (call.path.endsWith('/timeline')) return okReply(TIMELINE);
    return okReply({ content: RECORDS, totalElements: 2, moreThanTotal: false, page: 0, size: 10 });
  });
}
const searches = (calls: PortalCall[]) => calls.filter((call) => call.path === '/audit/log');

describe('the Audit Log tab', () => {
  it('searches the last 30 days at first, then by participant and action, and shows who did what, when', async () => {
    const calls = stubAudit();
    renderWithQueries(<AuditLogPanel />);
    const table = await screen.findByRole('table', { name: 'Audit records' });
    expect(searches(calls)[0]).toMatchObject({ method: 'POST', body: { from: '2031-04-21', to: '2031-05-20' } });
    expect(searches(calls)[0]!.query.toString()).toBe('page=0&size=10');
    const [, system, admin] = within(table).getAllByRole('row');
    expect(
      within(system!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '05/05/2031 12:00 PM',
      'System',
      'Manual withdrawal request carried out',
      'ben@example.org Timeline',
      '',
      'View values',
    ]);
    expect(within(admin!).getByText('Setting changed')).toBeVisible();
    expect(within(admin!).getByText('10.0.0.9')).toBeVisible();

    await userEvent.type(screen.getByRole('textbox', { name: 'Participant (e-mail or user ID)' }), 'Ben@Example.org');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Signed in');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(searches(calls)[1]!.body).toEqual({
      participant: 'Ben@Example.org',
      action: 'login.succeeded',
      from: '2031-04-21',
      to: '2031-05-20',
    });
    // No address ever goes in the address bar of a call.
    expect(calls.every((call) => !call.query.toString().includes('example.org'))).toBe(true);
  });

  it('opens a record’s old and new values', async () => {
    stubAudit();
    renderWithQueries(<AuditLogPanel />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'View values of the record of 05/04/2031 03:30 PM' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Values of the record' });
    const [, change] = within(dialog).getAllByRole('row');
    expect(
      within(change!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '3']);
    expect(within(change!).getByRole('rowheader')).toHaveTextContent('failedAttemptLimit');
    expect(within(dialog).getByText('security-policy')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('exports the search shown as a CSV file', async () => {
    const calls = stubAudit();
    const files = stubBlobFiles('blob:audit');
    renderWithQueries(<AuditLogPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export as CSV' }));
    await vi.waitFor(() => expect(files.saved).toEqual(['audit-log-2031-04-21-2031-05-20.csv']));
    expect(calls.find((call) => call.path === '/audit/log/export')).toMatchObject({
      method: 'POST',
      body: { from: '2031-04-21', to: '2031-05-20' },
    });
  });

  it('opens a participant’s timeline from their record, and goes back to the search', async () => {
    const calls = stubAudit();
    renderWithQueries(<AuditLogPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open the timeline of ben@example.org' }));
    const timeline = await screen.findByRole('table', { name: 'Timeline of ben@example.org' });
    expect(calls.some((call) => call.method === 'GET' && call.path === `/audit/participants/${BEN}/timeline`)).toBe(
      true,
    );
    expect(
      within(timeline)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '05/01/2031 02:00 PMAccountRegistered in the portal',
      '05/05/2031 12:00 PMWithdrawalWithdrawn from the study on request',
    ]);
    expect(screen.getByText(/Ben Ruiz, ben@example.org \(user ID 5b1f3c2a/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the search' }));
    expect(await screen.findByRole('table', { name: 'Audit records' })).toBeVisible();
  });
});
