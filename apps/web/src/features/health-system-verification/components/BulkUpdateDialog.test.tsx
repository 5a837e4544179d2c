import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { okReply, renderWithQueries, stubPortal } from '../../../test-portal';
import { BulkUpdateDialog } from './BulkUpdateDialog';

const KNOWN = '2f1c3d4e-0000-4000-8000-0000000000aa';
const UNKNOWN = '2f1c3d4e-0000-4000-8000-0000000000ff';

/** A portal that knows one of the IDs: the others are issues; an update sets the known one and leaves the rest out. */
function stubVerification() {
  return stubPortal((call) => {
    if (call.path.endsWith('/not-exists')) {
      const content = (call.body!.userIds as string[])
        .filter((id) => id !== KNOWN)
        .map((userId) => ({ userId, reason: userId === UNKNOWN ? 'notFound' : 'invalid' }));
      return okReply({ content, totalElements: content.length, page: 0, size: 5 });
    }
    return okReply({ batchId: 'b1', applied: 1, skipped: 2 });
  });
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithQueries(<BulkUpdateDialog onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'Bulk update verification status' }), onClose };
}

describe('the bulk update', () => {
  it('needs user IDs and a status', async () => {
    const calls = stubVerification();
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alerts = within(dialog).getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Please enter user ID', 'Please select status']);
    expect(within(dialog).getByRole('textbox', { name: 'User IDs' })).toHaveAttribute(
      'aria-describedby',
      alerts[0]!.id,
    );
    expect(calls).toEqual([]);
  });

  it('previews valid IDs and ID issues, says how many are left out, then updates the rest', async () => {
    const calls = stubVerification();
    const { dialog, onClose } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'User IDs' }), {
      target: { value: `${KNOWN}\n${UNKNOWN.toUpperCase()}, =cmd\n${KNOWN}\n` },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some User IDs are invalid');
    expect(within(dialog).getByRole('button', { name: 'Data preview (2)', pressed: true })).toBeVisible();
    const data = within(dialog).getByRole('table', { name: 'Valid User IDs' });
    expect(
      within(data)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['User ID', KNOWN, UNKNOWN]);

    const issuesButton = await within(dialog).findByRole('button', { name: 'ID issues (2)' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/health-system-verification/not-exists',
      body: { userIds: [KNOWN, UNKNOWN, '=cmd'] },
    });
    await userEvent.click(issuesButton);
    const issues = within(dialog).getByRole('table', { name: 'User IDs with issues' });
    expect(
      within(issues)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'User IDIssue',
      `${UNKNOWN}User ID(s) not found in the system.`,
      '=cmdInvalid format: User ID must be a valid UUID.',
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Please select status')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Rejected' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('1 record will be set to Rejected.')).toBeVisible();
    expect(within(dialog).getByText('2 User IDs with issues will be left out (see ID issues).')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Update status' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Update done: 1 record updated; 2 User IDs left out.',
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      userIds: [KNOWN, UNKNOWN],
      invalidIds: ['=cmd'],
      status: false,
      skipIdIssues: true,
      source: 'bulk',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
