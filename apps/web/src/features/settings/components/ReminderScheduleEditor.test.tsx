import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { describe, expect, it, vi } from 'vitest';
import type { TReminderSchedule, TReminderType } from '@portal/shared/settings/reminders';
import { json, renderEditor, retype, ok, stubEditorServer, type EditorCall } from './editor-test-server';
import { ReminderScheduleEditor } from './ReminderScheduleEditor';

const INVALID = 'Please enter a valid value (Duplicates not allowed)';
const ID = [
  '10000000-0000-4000-8000-000000000001',
  '10000000-0000-4000-8000-000000000002',
  '10000000-0000-4000-8000-000000000003',
];
const schedule = (type: TReminderType, version: string, ...days: number[]): TReminderSchedule => ({
  type,
  reminders: days.map((d, i) => ({ id: ID[i]!, days: d })),
  version,
});

/** A stubbed reminder server: `current` answers each GET of the schedule, `answer` each POST or DELETE. */
const stubServer = (current: () => TReminderSchedule, answer: (call: EditorCall) => Response = () => json(500, {})) =>
  stubEditorServer((call) => (call.method === 'GET' ? ok(current()) : answer(call)));

const show = (type: TReminderType) => renderEditor(<ReminderScheduleEditor type={type} />);
const dayBox = (n: number) => screen.getByRole('spinbutton', { name: `Reminder ${n} (days)` });

describe('ReminderScheduleEditor', () => {
  it('lists the days read-only, each counted from its event, and says what they count from', async () => {
    stubServer(() => schedule('ACCOUNT_ACTIVATION', 'v1', 3, 10));
    show('ACCOUNT_ACTIVATION');
    expect(await screen.findByText('Day 3 after registration')).toBeVisible();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Day 3 after registration', 'Day 10 after registration']);
    expect(screen.getByText('Accounts not yet activated are reminded on these days after registration.')).toBeVisible();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change history' })).toBeVisible();
  });

  it('counts ICF days from activation and survey days from a round opening; an empty schedule says so', async () => {
    stubServer(() => schedule('ICF', 'v1', 5));
    show('ICF');
    expect(await screen.findByText('Day 5 after account activation')).toBeVisible();
    expect(
      screen.getByText(
        'Participants who have not signed the informed consent are reminded on these days after their account is activated.',
      ),
    ).toBeVisible();
    cleanup();

    stubServer(() => schedule('SURVEY', 'v1'));
    show('SURVEY');
    expect(await screen.findByText('No reminders are set.')).toBeVisible();
    expect(
      screen.getByText(
        'Participants who have not submitted their surveys are reminded on these days after a survey round opens.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('a new row takes day 1 when there is none, then the last row’s day plus 1', async () => {
    stubServer(() => schedule('SURVEY', 'v1'));
    const user = userEvent.setup();
    show('SURVEY');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add reminder' });

    await user.click(add);
    expect(dayBox(1)).toHaveValue(1);
    await user.click(add);
    expect(dayBox(2)).toHaveValue(2);
    await retype(dayBox(2), '30');
    await user.click(add);
    expect(dayBox(3)).toHaveValue(31);
    expect(dayBox(3)).toHaveFocus();
    expect(dayBox(3)).toHaveAccessibleDescription('From 1 to 365.');
  });

  it('refuses a duplicate, 0, 366, a fraction and an empty box under the row, with Save off until fixed', async () => {
    stubServer(() => schedule('ICF', 'v1', 3, 10));
    const user = userEvent.setup();
    show('ICF');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();

    for (const wrong of ['3', '0', '366', '2.5', '']) {
      await retype(dayBox(2), wrong);
      await vi.waitFor(() => expect(dayBox(2)).toHaveAccessibleDescription(`${INVALID} From 1 to 365.`));
      expect(dayBox(2)).toHaveAttribute('aria-invalid', 'true');
      expect(dayBox(1)).toHaveAttribute('aria-invalid', 'false');
      expect(save).toBeDisabled();
    }

    await retype(dayBox(2), '365');
    await vi.waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('clears a duplicate’s message when the other row of the pair changes', async () => {
    stubServer(() => schedule('ICF', 'v1', 3, 10));
    const user = userEvent.setup();
    show('ICF');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await retype(dayBox(2), '3');
    expect(await screen.findByText(INVALID)).toBeVisible();
    await retype(dayBox(1), '4');
    await vi.waitFor(() => expect(screen.queryByText(INVALID)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('saves the whole schedule, new rows without an id, with the version opened, and shows it read-only', async () => {
    let current = schedule('ICF', 'v1', 3, 10);
    const calls = stubServer(
      () => current,
      () => {
        current = schedule('ICF', 'v2', 3, 10, 11);
        return ok(current);
      },
    );
    const user = userEvent.setup();
    show('ICF');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The popup is a status message (the history table's count is another).
    expect(await screen.findByText('Saved successfully.')).toBeVisible();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Saved successfully.');
    expect(screen.getByText('Day 11 after account activation')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/common-server/settings/reminder?type=ICF',
        body: {
          reminders: [{ id: ID[0], days: 3 }, { id: ID[1], days: 10 }, { days: 11 }],
          version: 'v1',
        },
      },
    ]);
  });

  it('puts the server’s refusal of a row under that row', async () => {
    stubServer(
      () => schedule('ACCOUNT_ACTIVATION', 'v1', 3, 10),
      () =>
        json(400, {
          status: false,
          message: 'Invalid request',
          data: [{ errorField: 'reminders.1.days', message: 'Day 10 is refused by the server.' }],
        }),
    );
    const user = userEvent.setup();
    show('ACCOUNT_ACTIVATION');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() =>
      expect(dayBox(2)).toHaveAccessibleDescription('Day 10 is refused by the server. From 1 to 365.'),
    );
    expect(dayBox(2)).toHaveFocus();
    expect(dayBox(1)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('removes a saved row on the server once confirmed, keeping the rows not yet saved', async () => {
    let current = schedule('ICF', 'v1', 3, 10);
    const calls = stubServer(
      () => current,
      (call) => {
        if (call.method !== 'DELETE') return json(500, {});
        current = { type: 'ICF', reminders: [{ id: ID[1]!, days: 10 }], version: 'v2' };
        return ok(current);
      },
    );
    const user = userEvent.setup();
    show('ICF');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    expect(dayBox(3)).toHaveValue(11);

    await user.click(screen.getByRole('button', { name: 'Remove reminder 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove reminder 1?' });
    expect(dialog).toHaveAccessibleDescription(
      'The reminder on day 3 is removed from the schedule now. Your other changes stay in the form until you save them.',
    );
    // Cancel has the focus first, so Enter alone removes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/common-server/settings/reminder?type=ICF&id=${ID[0]}&version=v1`,
    ]);
    expect(screen.getAllByRole('spinbutton').map((box) => (box as HTMLInputElement).value)).toEqual(['10', '11']);
    expect(screen.getByRole('button', { name: 'Add reminder' })).toHaveFocus();

    // A save afterwards sends the schedule the server now keeps, with its new version.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      reminders: [{ id: ID[1], days: 10 }, { days: 11 }],
      version: 'v2',
    });
  });

  it('keeps a saved row when the removal is cancelled, and shows a refused removal in the dialog', async () => {
    const calls = stubServer(
      () => schedule('ICF', 'v1', 3, 10),
      () => json(404, { status: false, message: 'This reminder no longer exists. Please reload the page.' }),
    );
    const user = userEvent.setup();
    show('ICF');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove reminder 2' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('spinbutton')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove reminder 2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'This reminder no longer exists. Please reload the page.',
    );
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('a removal refused as stale closes the dialog; Reload loads the schedule another administrator saved', async () => {
    const STALE =
      'Another administrator changed this setting after you opened it. Select Reload to see the current values, ' +
      'then make your change again.';
    let current = schedule('ICF', 'v1', 3, 10);
    const calls = stubServer(
      () => current,
      () => json(409, { status: false, message: STALE }),
    );
    const user = userEvent.setup();
    show('ICF');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    current = schedule('ICF', 'v2', 4, 12, 20);
    await user.click(screen.getByRole('button', { name: 'Remove reminder 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(STALE);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('spinbutton').map((box) => (box as HTMLInputElement).value)).toEqual([
        '4',
        '12',
        '20',
      ]),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('removes a row not yet saved at once, without asking and without a call', async () => {
    const calls = stubServer(() => schedule('SURVEY', 'v1', 3));
    const user = userEvent.setup();
    show('SURVEY');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    expect(screen.getAllByRole('spinbutton').map((box) => (box as HTMLInputElement).value)).toEqual(['3', '4', '5']);

    await user.click(screen.getByRole('button', { name: 'Remove reminder 2' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('spinbutton').map((box) => (box as HTMLInputElement).value)).toEqual(['3', '5']);
    expect(screen.getByRole('button', { name: 'Add reminder' })).toHaveFocus();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('Cancel leaves edit mode and loads the schedule again', async () => {
    const calls = stubServer(() => schedule('SURVEY', 'v1', 3));
    const user = userEvent.setup();
    show('SURVEY');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Day 3 after a survey round opens')).toBeVisible();
    expect(screen.queryByText('Day 4 after a survey round opens')).not.toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET']);
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('sp');
    stubServer(() => schedule('ACCOUNT_ACTIVATION', 'v1', 3));
    const user = userEvent.setup();
    show('ACCOUNT_ACTIVATION');
    expect(await screen.findByText('Día 3 después del registro')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Agregar recordatorio' }));
    const second = screen.getByRole('spinbutton', { name: 'Recordatorio 2 (días)' });
    expect(second).toHaveValue(4);
    await retype(second, '3');
    expect(await screen.findByText('Ingrese un valor válido (no se permiten duplicados)')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Quitar el recordatorio 1' }));
    expect(screen.getByRole('dialog', { name: '¿Quitar el recordatorio 1?' })).toBeVisible();
  });
});
