import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from '@portal/shared/staff/roles';
import type { TStaffMember } from '@portal/shared/staff/staff';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import { okReply, renderWithQueries, stubPortal, type PortalCall } from '../../../test-portal';
import { PERMISSION_LABELS, ROLE_LABELS } from './staff-labels';
import { StaffPanel } from './StaffPanel';

const OWN_ID = '0b6f8c1e-0000-4000-8000-000000000001';
const GEISINGER = '5d1e0000-0000-4000-8000-0000000000a1';
const MAYO = '5d1e0000-0000-4000-8000-0000000000a2';

const member = (overrides: Partial<TStaffMember>): TStaffMember => ({
  id: OWN_ID,
  firstName: 'Ana',
  lastName: 'Reyes',
  email: 'ana@study.example.org',
  role: 'studyAdmin',
  healthSystems: [],
  status: 'active',
  language: 'en',
  lastSignInAt: '2026-03-05T15:00:00.000Z',
  invitationExpiresAt: null,
  ...overrides,
});
const OWN = member({});
const COORDINATOR = member({
  id: '0b6f8c1e-0000-4000-8000-000000000002',
  firstName: 'Carlos',
  lastName: 'Ruiz',
  email: 'carlos@study.example.org',
  role: 'coordinator',
  healthSystems: [
    { id: GEISINGER, name: 'Geisinger' },
    { id: MAYO, name: 'Mayo Clinic' },
  ],
  lastSignInAt: '2026-02-01T15:00:00.000Z',
});
const INVITED = member({
  id: '0b6f8c1e-0000-4000-8000-000000000003',
  firstName: 'Dana',
  lastName: 'Lee',
  email: 'dana@study.example.org',
  role: 'helpDesk',
  status: 'invited',
  lastSignInAt: null,
  invitationExpiresAt: '2099-01-08T12:00:00.000Z',
});
const DEACTIVATED = member({
  id: '0b6f8c1e-0000-4000-8000-000000000004',
  firstName: 'Eli',
  lastName: 'Park',
  email: 'eli@study.example.org',
  role: 'analyst',
  status: 'deactivated',
});
const MEMBERS = [OWN, COORDINATOR, INVITED, DEACTIVATED];

beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
});
afterEach(() => {
  vi.unstubAllEnvs();
  localStorage.clear();
});

/** Signed in as the study administrator of the first row (whose token's subject is their id). */
function storeOwnToken() {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const nowSeconds = Math.floor(Date.now() / 1000);
  const claims = {
    sub: OWN_ID,
    email: OWN.email,
    name: 'Ana Reyes',
    given_name: 'Ana',
    family_name: 'Reyes',
    isConsentSigned: false,
    language: 'en',
    exp: nowSeconds + 3600,
    iat: nowSeconds,
    azp: 'portal',
    realm_access: { roles: ['admin', 'studyAdmin'] },
  };
  localStorage.setItem(
    'authorize',
    JSON.stringify({ access_token: `${part({ alg: 'RS256' })}.${part(claims)}.signature`, refresh_token: 'refresh' }),
  );
}

const refusal = (message: string, data?: unknown) =>
  new Response(JSON.stringify({ status: false, message, data }), { status: 400 });

/**
 * A stubbed portal: 12 members (the four above on the first page), two health systems, and the changes, each
 * answered by `change` (a success with the server's message unless told).
 */
function stubStaff(change: (call: PortalCall) => Response = () => okReply(OWN, 'Done by the server.')) {
  return stubPortal((call) => {
    if (call.path === '/staff/search' && call.method === 'POST') {
      const search = call.body?.search as string | undefined;
      const content = search ? MEMBERS.filter((m) => m.email.includes(search)) : MEMBERS;
      return okReply({ content, totalElements: search ? content.length : 12, page: 0, size: 10 });
    }
    if (call.path === '/health-system/overview') {
      const system = (id: string, name: string) => ({
        id,
        name,
        databaseValue: name.toLowerCase(),
        count: 0,
        onboardedOn: '01/01/2026',
        status: 'Active',
        isActive: true,
      });
      return okReply({
        content: [system(GEISINGER, 'Geisinger'), system(MAYO, 'Mayo Clinic')],
        totalElements: 2,
        page: 0,
        size: 25,
      });
    }
    return change(call);
  });
}

function renderPanel() {
  storeOwnToken();
  renderWithQueries(
    <SessionProvider>
      <StaffPanel />
    </SessionProvider>,
  );
}

const staffTable = () => screen.findByRole('table', { name: 'Staff members' });
const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(name))!;
const lists = (calls: PortalCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/staff/search');
/** The changes sent: every POST but the list's own. */
const changes = (calls: PortalCall[]) => calls.filter((c) => c.method === 'POST' && c.path !== '/staff/search');

describe('the Staff tab', () => {
  it('lists the staff a page at a time, with role, health systems, status and last sign-in', async () => {
    const calls = stubStaff();
    renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'Staff' })).toBeVisible();
    const table = await staffTable();
    expect(screen.getByText('12 staff members')).toBeVisible();
    expect(screen.getByText('Showing 1 to 4 of 12 results')).toBeVisible();
    expect(lists(calls)[0]!.query.toString()).toBe('page=0&size=10&sort=name%2Casc');

    const own = rowOf(table, 'Ana Reyes');
    expect(within(own).getByText('(you)')).toBeVisible();
    expect(within(own).getByText('Study administrator')).toBeVisible();
    expect(within(own).getByText('Not limited')).toBeVisible();
    expect(within(own).getByText('03/05/2026')).toBeVisible();
    const coordinator = rowOf(table, 'Carlos Ruiz');
    expect(within(coordinator).getByText('Geisinger, Mayo Clinic')).toBeVisible();
    expect(within(coordinator).getByText('Active')).toBeVisible();
    const invited = rowOf(table, 'Dana Lee');
    expect(within(invited).getByText('Invited')).toBeVisible();
    expect(within(invited).getByText('Never')).toBeVisible();
    expect(within(invited).getByText('01/08/2099')).toBeVisible();
    expect(within(rowOf(table, 'Eli Park')).getByText('Deactivated')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await vi.waitFor(() => expect(lists(calls).at(-1)!.query.get('page')).toBe('1'));
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Last sign-in' })).getByRole('button'));
    await vi.waitFor(() => expect(lists(calls).at(-1)!.query.get('sort')).toBe('lastSignInAt,asc'));
    expect(lists(calls).at(-1)!.query.get('page')).toBe('0');
  });

  it('searches by name or e-mail from the first page, and Clear shows everyone again', async () => {
    const calls = stubStaff();
    renderPanel();
    await staffTable();
    const search = screen.getByRole('search', { name: 'Search staff' });
    await userEvent.type(within(search).getByRole('textbox', { name: 'Name or e-mail address' }), ' carlos {Enter}');
    await vi.waitFor(() => expect(lists(calls).at(-1)!.body).toEqual({ search: 'carlos' }));
    expect(await screen.findByText('1 staff member')).toBeVisible();
    await userEvent.type(within(search).getByRole('textbox'), '{Control>}a{/Control}nobody{Enter}');
    expect(await screen.findByText('No staff member matches your search.')).toBeVisible();
    await userEvent.click(within(search).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('12 staff members')).toBeVisible();
    expect(lists(calls).at(-1)!.body).toEqual({});
  });

  it('offers only the actions that apply, and none that would change the signed-in member’s own access', async () => {
    stubStaff();
    renderPanel();
    const table = await staffTable();
    const names = (name: string) =>
      within(rowOf(table, name))
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(names('Ana Reyes')).toEqual([]);
    expect(names('Carlos Ruiz')).toEqual(['Change role', 'Reset second factors', 'Deactivate']);
    expect(names('Dana Lee')).toEqual(['Resend invitation', 'Cancel invitation', 'Change role']);
    expect(names('Eli Park')).toEqual(['Reactivate']);
    // Each button's name starts with its text and says whose row it acts on.
    expect(within(rowOf(table, 'Carlos Ruiz')).getByRole('button', { name: 'Deactivate Carlos Ruiz' })).toBeVisible();
    expect(
      within(rowOf(table, 'Dana Lee')).getByRole('button', { name: 'Resend invitation to Dana Lee' }),
    ).toBeVisible();
  });

  it('deactivates a member after asking, and announces what the server says', async () => {
    const calls = stubStaff((call) =>
      call.path.endsWith('/deactivate') ? okReply(COORDINATOR, 'Account deactivated.') : refusal('unexpected'),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Carlos Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Carlos Ruiz?' });
    expect(dialog).toHaveAccessibleDescription(/carlos@study\.example\.org/);
    expect(changes(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Account deactivated.')).toBeVisible();
    expect(screen.getByText('Account deactivated.').closest('[role="status"]')).not.toBeNull();
    const post = changes(calls)[0]!;
    expect(post.path).toBe(`/staff/${COORDINATOR.id}/deactivate`);
  });

  it('resets a member’s second factors after asking, and announces what the server says', async () => {
    const calls = stubStaff((call) =>
      call.path.endsWith('/factors/reset')
        ? okReply(undefined, 'Second factors reset. They will set up a new one at their next sign-in.')
        : refusal('unexpected'),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Reset second factors of Carlos Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the second factors of Carlos Ruiz?' });
    expect(dialog).toHaveAccessibleDescription(
      /They will set up a new second factor at their next sign-in\. They get an e-mail about it\./,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Reset second factors of Carlos Ruiz' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset second factors' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const done = screen.getByText('Second factors reset. They will set up a new one at their next sign-in.');
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(changes(calls).map((c) => [c.path, c.body])).toEqual([
      [`/staff/${COORDINATOR.id}/factors/reset`, undefined],
    ]);
    // Nobody resets their own, nor those of a member who is invited or deactivated.
    const table = await staffTable();
    for (const name of ['Ana Reyes', 'Dana Lee', 'Eli Park']) {
      expect(within(rowOf(table, name)).queryByRole('button', { name: /^Reset second factors/ })).toBeNull();
    }
  });

  it('shows the server’s refusal of a deactivation in the dialog', async () => {
    stubStaff(() => refusal('The study must keep at least one active study administrator.'));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Carlos Ruiz' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The study must keep at least one active study administrator.',
    );
  });

  it('resends an invitation at once and cancels one after asking', async () => {
    const calls = stubStaff((call) =>
      okReply(INVITED, call.method === 'DELETE' ? 'Invitation cancelled.' : 'Invitation sent again.'),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend invitation to Dana Lee' }));
    expect(await screen.findByText('Invitation sent again.')).toBeVisible();
    expect(changes(calls)[0]!.path).toBe(`/staff/${INVITED.id}/invitation/resend`);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel invitation of Dana Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the invitation of Dana Lee?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep invitation' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel invitation of Dana Lee' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('Invitation cancelled.')).toBeVisible();
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(`/staff/${INVITED.id}/invitation`);
  });

  it('changes a role and its health systems, with the server’s refusals under the field or in an alert', async () => {
    const unknown = 'One of the chosen health systems no longer exists. Please choose again.';
    let answer = () => refusal(unknown, [{ errorField: 'healthSystemIds.0', message: unknown }]);
    const calls = stubStaff(() => answer());
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Change role of Carlos Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Change role of Carlos Ruiz' });
    const role = within(dialog).getByRole('combobox', { name: /^Role/ });
    expect(role).toHaveValue('coordinator');
    const systems = within(dialog).getByRole('group', { name: /^Health systems/ });
    const geisinger = await within(systems).findByRole('checkbox', { name: 'Geisinger' });
    const mayo = within(systems).getByRole('checkbox', { name: 'Mayo Clinic' });
    expect(geisinger).toBeChecked();
    expect(mayo).toBeChecked();
    await userEvent.click(geisinger);
    await userEvent.click(mayo);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(within(systems).getByRole('alert')).toHaveTextContent(
      'Please choose at least one health system for this role.',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(mayo);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(systems).findByRole('alert')).toHaveTextContent(unknown);
    expect(systems).toHaveAccessibleDescription(expect.stringContaining(unknown));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/staff/${COORDINATOR.id}`);
    expect(put.body).toEqual({ role: 'coordinator', healthSystemIds: [MAYO] });

    // A refusal of no field of the form (the last administrator, say) reads in an alert.
    answer = () => refusal('The study must keep at least one active study administrator.');
    await userEvent.selectOptions(role, 'Auditor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(
      await within(dialog).findByText('The study must keep at least one active study administrator.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ role: 'auditor', healthSystemIds: [] });

    answer = () => okReply(COORDINATOR, 'Role saved.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Role saved.')).toBeVisible();
  });

  it('invites a member from the Invite button and announces it', async () => {
    const calls = stubStaff(() => okReply(INVITED, 'Invitation sent.'));
    renderPanel();
    await staffTable();
    const before = lists(calls).length;
    await userEvent.click(screen.getByRole('button', { name: 'Invite staff member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite staff member' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Dana');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Lee');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail address/ }), 'dana@study.example.org');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /^Role/ }), 'Help desk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Invitation sent.').closest('[role="status"]')).not.toBeNull();
    // The list is loaded again, with the new member in it.
    await vi.waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
  });

  it.each(['en', 'sp'] as const)(
    'explains the roles with a table made from the roles’ permissions (%s)',
    async (language) => {
      await i18n.changeLanguage(language);
      stubStaff();
      renderPanel();
      const table = screen.getByRole('table', { name: i18n.t('staff.rolesTable.caption') });
      const [header, ...rows] = within(table).getAllByRole('row');
      expect(
        within(header!)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual([i18n.t('staff.rolesTable.permission'), ...STAFF_ROLES.map((role) => i18n.t(ROLE_LABELS[role]))]);
      expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
        PERMISSIONS.map((permission) => i18n.t(PERMISSION_LABELS[permission])),
      );
      rows.forEach((row, index) => {
        const permission = PERMISSIONS[index]!;
        expect(
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ).toEqual(
          // An allowed permission shows a tick, any other a dash; each says which in words to screen readers.
          STAFF_ROLES.map((role) =>
            ROLE_PERMISSIONS[role].includes(permission)
              ? i18n.t('staff.rolesTable.allowed')
              : `–${i18n.t('staff.rolesTable.notAllowed')}`,
          ),
        );
      });
    },
  );
});
