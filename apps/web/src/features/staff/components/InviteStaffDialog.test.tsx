import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { okReply, renderWithQueries, stubPortal, type PortalCall } from '../../../test-portal';
import { InviteStaffDialog } from './InviteStaffDialog';

const GEISINGER = '5d1e0000-0000-4000-8000-0000000000a1';
const MAYO = '5d1e0000-0000-4000-8000-0000000000a2';

const system = (id: string, name: string) => ({
  id,
  name,
  databaseValue: name.toLowerCase(),
  count: 0,
  onboardedOn: '01/01/2026',
  status: 'Active',
  isActive: true,
});

/** Two health systems, and `invite` answering the invitation. */
function stubInvite(invite: (call: PortalCall) => Response) {
  return stubPortal((call) =>
    call.path === '/health-system/overview'
      ? okReply({
          content: [system(GEISINGER, 'Geisinger'), system(MAYO, 'Mayo Clinic')],
          totalElements: 2,
          page: 0,
          size: 25,
        })
      : invite(call),
  );
}

function renderDialog() {
  const onInvited = vi.fn();
  const onClose = vi.fn();
  renderWithQueries(<InviteStaffDialog onClose={onClose} onInvited={onInvited} />);
  return { onInvited, onClose, dialog: screen.getByRole('dialog', { name: i18n.t('staff.invite.title') }) };
}

/** A control by its label, which begins with the catalog text (a required mark may follow). */
const named = (key: string) => new RegExp(`^${i18n.t(key)}`);
const invitations = (calls: PortalCall[]) => calls.filter((c) => c.path === '/staff/invitation');

describe.each(['en', 'sp'] as const)('the Invite dialog in %s', (language) => {
  it('checks every field before sending, and asks for health systems only for a coordinator', async () => {
    await i18n.changeLanguage(language);
    const calls = stubInvite(() => okReply(undefined));
    const { dialog } = renderDialog();
    expect(dialog).toHaveAccessibleDescription(i18n.t('staff.invite.intro', { count: 7 }));
    const send = within(dialog).getByRole('button', { name: i18n.t('staff.invite.submit') });
    await userEvent.click(send);
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual([
      i18n.t('staff.errors.firstNameRequired'),
      i18n.t('staff.errors.lastNameRequired'),
      i18n.t('staff.errors.emailInvalid'),
      i18n.t('staff.errors.roleInvalid'),
    ]);
    expect(within(dialog).getByRole('textbox', { name: named('staff.fields.email') })).toHaveAttribute(
      'aria-describedby',
      'email-error',
    );
    expect(within(dialog).queryByRole('group', { name: named('staff.fields.healthSystems') })).toBeNull();

    const role = within(dialog).getByRole('combobox', { name: named('staff.fields.role') });
    await userEvent.selectOptions(role, i18n.t('staff.roles.coordinator'));
    const systems = within(dialog).getByRole('group', { name: named('staff.fields.healthSystems') });
    expect(await within(systems).findByRole('checkbox', { name: 'Geisinger' })).not.toBeChecked();
    expect(role).toHaveAccessibleDescription(i18n.t('staff.roleSummaries.coordinator'));
    await userEvent.click(send);
    expect(within(systems).getByRole('alert')).toHaveTextContent(i18n.t('staff.errors.healthSystemsRequired'));

    await userEvent.selectOptions(role, i18n.t('staff.roles.analyst'));
    expect(within(dialog).queryByRole('group')).toBeNull();
    expect(invitations(calls)).toEqual([]);
  });

  it('shows the server’s refusal under the field it concerns, then sends the invitation', async () => {
    await i18n.changeLanguage(language);
    const taken = language === 'en' ? 'An account with this e-mail address already exists.' : 'Ya existe una cuenta.';
    let answer = () =>
      new Response(JSON.stringify({ status: false, message: taken, data: [{ errorField: 'email', message: taken }] }), {
        status: 409,
      });
    const calls = stubInvite(() => answer());
    const { dialog, onInvited } = renderDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: named('staff.fields.firstName') }), ' Carlos ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: named('staff.fields.lastName') }), 'Ruiz');
    const email = within(dialog).getByRole('textbox', { name: named('staff.fields.email') });
    await userEvent.type(email, 'carlos@study.example.org');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: named('staff.fields.role') }),
      i18n.t('staff.roles.coordinator'),
    );
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Mayo Clinic' }));
    const languageSelect = within(dialog).getByRole('combobox', { name: named('staff.fields.language') });
    expect(languageSelect).toHaveValue(language);
    await userEvent.selectOptions(languageSelect, i18n.t('common.languages.sp'));
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('staff.invite.submit') }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(taken);
    expect(alert).toHaveAttribute('id', 'email-error');
    expect(email).toHaveAttribute('aria-describedby', 'email-error');
    expect(email).toHaveFocus();
    expect(invitations(calls)[0]!.body).toEqual({
      firstName: 'Carlos',
      lastName: 'Ruiz',
      email: 'carlos@study.example.org',
      role: 'coordinator',
      healthSystemIds: [MAYO],
      language: 'sp',
    });
    expect(onInvited).not.toHaveBeenCalled();

    answer = () => okReply(undefined, 'Invitation sent.');
    await userEvent.clear(email);
    await userEvent.type(email, 'c.ruiz@study.example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('staff.invite.submit') }));
    await vi.waitFor(() => expect(onInvited).toHaveBeenCalledWith('Invitation sent.'));
    expect(invitations(calls)[1]!.body).toMatchObject({ email: 'c.ruiz@study.example.org', healthSystemIds: [MAYO] });
  });
});

describe('the Invite dialog', () => {
  it('sends no health systems for a role not limited to them, even ones ticked before', async () => {
    const calls = stubInvite(() => okReply(undefined));
    const { dialog, onInvited } = renderDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Eli');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Park');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail address/ }), 'eli@study.example.org');
    const role = within(dialog).getByRole('combobox', { name: /^Role/ });
    await userEvent.selectOptions(role, 'Coordinator');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Geisinger' }));
    await userEvent.selectOptions(role, 'Analyst');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    // No message from the server: the panel says it in its own words.
    await vi.waitFor(() => expect(onInvited).toHaveBeenCalledWith('Invitation sent.'));
    expect(invitations(calls)[0]!.body).toMatchObject({ role: 'analyst', healthSystemIds: [] });
  });

  it('says so in an alert when the server refuses without naming a field', async () => {
    stubInvite(() => new Response(JSON.stringify({ status: false, message: 'You may not do this.' }), { status: 403 }));
    const { dialog } = renderDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Eli');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Park');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail address/ }), 'eli@study.example.org');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /^Role/ }), 'Auditor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not do this.');
  });
});
