import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { okReply, renderWithQueries, stubPortal, type PortalCall } from '../../../test-portal';
import { user } from '../consent/test-kit';
import { HealthSystemModal } from './HealthSystemModal';

const ID = '6f1c3d4e-0000-4000-8000-000000000001';
const BASIC = { id: ID, name: 'Lakeside Helth', description: 'Hospitals around the lake', revision: 3 };
const SYSTEM = {
  id: ID,
  databaseValue: 'lakeside',
  dropdownLabels: { en: 'Lakeside Health', sp: 'Salud Lakeside' },
  isActive: true,
  revision: 3,
};
const CHANGED_MEANWHILE =
  'Another administrator changed this health system while you were editing. Reload it to see the latest version, then make your change again.';

/** Types a text into a box at once (as pasted), after clicking it. */
async function type(element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

const refusal = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
type Answer = (call: PortalCall) => Response | Promise<Response>;

/** A system's tabs as stored, and whatever a test answers for the updates. */
function stubSystem(answers: Record<string, Answer> = {}, stored = { basic: BASIC, system: SYSTEM }) {
  return stubPortal((call) => {
    const answer = answers[`${call.method} ${call.path}`];
    if (answer) return answer(call);
    if (call.path === '/health-system' && call.query.get('tab') === 'BASIC') return okReply(stored.basic);
    if (call.path === '/health-system' && call.query.get('tab') === 'SYSTEM_INFO') return okReply(stored.system);
    if (call.path === '/externalization/languages')
      return okReply([
        { name: 'English', code: 'en' },
        { name: 'Spanish', code: 'sp' },
      ]);
    return refusal(404, { status: false, message: 'Not found' });
  });
}

function renderModal(mode: 'edit' | 'view') {
  renderWithQueries(<HealthSystemModal mode={mode} healthSystemId={ID} onClose={vi.fn()} />);
  return screen.getByRole('dialog', { name: mode === 'edit' ? 'Edit Health System' : 'View Health System' });
}

const updates = (calls: PortalCall[]) => calls.filter((c) => c.method === 'PUT');

describe('Editing a health system', () => {
  it('opens any step, and fixes a typo in the name with Update, sending the revision it loaded', async () => {
    const calls = stubSystem({
      'PUT /update/basic-info': () => okReply({ id: ID, revision: 4 }, 'Basic information updated successfully'),
    });
    const dialog = renderModal('edit');
    expect(within(dialog).getByText('All steps completed')).toBeVisible();
    expect(within(dialog).queryByRole('progressbar', { name: /Step/ })).toBeNull();
    expect(within(dialog).getByText('Loading health system data...')).toBeVisible();
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Lakeside Helth');
    expect(calls[0]!.query.toString()).toBe(`id=${ID}&tab=BASIC`);

    await user.clear(name);
    await type(name, 'Lakeside Health');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Basic information updated successfully')).toBeVisible();
    const [update] = updates(calls);
    expect(update!.path).toBe('/update/basic-info');
    expect(update!.query.get('id')).toBe(ID);
    expect(update!.body).toEqual({ name: 'Lakeside Health', description: 'Hospitals around the lake', revision: 3 });

    await user.click(within(dialog).getByRole('button', { name: 'Consent Forms, completed' }));
    expect(within(dialog).getByRole('heading', { name: 'Consent Forms' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Basic Information, completed' }));
    await user.clear(await within(dialog).findByRole('textbox', { name: 'Description' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Description is required')).toBeVisible();
    expect(updates(calls)).toHaveLength(1);
  });

  it('says when another administrator changed the system meanwhile, and Reload brings the latest values', async () => {
    let stale = true;
    const stored = { basic: BASIC, system: SYSTEM };
    const calls = stubSystem(
      {
        'PUT /update/basic-info': () =>
          stale
            ? refusal(409, { status: false, message: CHANGED_MEANWHILE })
            : okReply({ id: ID, revision: 6 }, 'Basic information updated successfully'),
      },
      stored,
    );
    const dialog = renderModal('edit');
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    await type(name, ' Group');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(CHANGED_MEANWHILE);

    stored.basic = { ...BASIC, name: 'Lakeside Health', revision: 5 };
    stale = false;
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(name).toHaveValue('Lakeside Health'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Basic information updated successfully')).toBeVisible();
    expect(updates(calls).map((c) => c.body?.revision)).toEqual([3, 5]);
  });

  it('edits the labels and the Active switch; the database value stays as onboarded', async () => {
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const calls = stubSystem({
      'GET /health-system': async (call) => {
        if (call.query.get('tab') === 'BASIC') return okReply(BASIC);
        await loaded;
        return okReply(SYSTEM);
      },
      'PUT /update/system-info': () => okReply({ id: ID, revision: 4 }, 'System configuration updated successfully'),
    });
    const dialog = renderModal('edit');
    await user.click(within(dialog).getByRole('button', { name: 'System Configuration, completed' }));
    expect(within(dialog).getByText('Loading system configuration...')).toBeVisible();
    release();
    const value = await within(dialog).findByRole('textbox', { name: 'Database Value' });
    expect(value).toHaveValue('lakeside');
    expect(value).toHaveAttribute('readonly');
    expect(value).toHaveAccessibleDescription(
      'The database value cannot be changed after onboarding: participants are registered under it.',
    );
    const active = within(dialog).getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();
    expect(active).toHaveAccessibleDescription(/not offered to new participants/);

    const spanish = within(dialog).getByRole('textbox', { name: 'Dropdown Label (Spanish)' });
    await user.clear(spanish);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Labels for all languages are required')).toBeVisible();
    expect(spanish).toHaveAccessibleDescription('Labels for all languages are required');

    await type(spanish, 'Salud del Lago');
    await user.click(active);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('System configuration updated successfully')).toBeVisible();
    const [update] = updates(calls);
    expect(update!.query.get('id')).toBe(ID);
    expect(update!.body).toEqual({
      systemInfo: { dropdownLabels: { en: 'Lakeside Health', sp: 'Salud del Lago' }, isActive: false },
      revision: 3,
    });
  });

  it('says “Failed to update system info” when the update fails without a message', async () => {
    stubSystem({ 'PUT /update/system-info': () => new Response('', { status: 500, statusText: '' }) });
    const dialog = renderModal('edit');
    await user.click(within(dialog).getByRole('button', { name: 'System Configuration, completed' }));
    await within(dialog).findByRole('textbox', { name: 'Database Value' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update system info');
  });

  it('says when a tab cannot be loaded, and tries again', async () => {
    let fail = true;
    stubSystem({
      'GET /health-system': (call) =>
        fail
          ? refusal(500, { status: false, message: 'Something went wrong.' })
          : okReply(call.query.get('tab') === 'BASIC' ? BASIC : SYSTEM),
    });
    const dialog = renderModal('edit');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load health system data');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toHaveValue('Lakeside Helth');

    fail = true;
    await user.click(within(dialog).getByRole('button', { name: 'System Configuration, completed' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to load system configuration');
  });
});

describe('Viewing a health system', () => {
  it('shows every step read-only, without Update', async () => {
    stubSystem();
    const dialog = renderModal('view');
    expect(within(dialog).getByText('All steps completed')).toBeVisible();
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'System Configuration, completed' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Database Value' })).toHaveAttribute('readonly');
    for (const label of ['Dropdown Label (English)', 'Dropdown Label (Spanish)'])
      expect(within(dialog).getByRole('textbox', { name: label })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
  });
});
