import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DowntimeBannerPanel } from './DowntimeBannerPanel';
import { json, ok, historyLoads, renderEditor, stubEditorServer } from './editor-test-server';

beforeEach(() => {
  // Chicago is on daylight saving time (UTC-5) from March 8, 2026; the clock reads noon UTC on March 10.
  vi.stubEnv('TZ', 'America/Chicago');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const STORED = {
  enableDowntime: true,
  message: { en: 'The portal is closed for maintenance.', sp: 'El portal está cerrado por mantenimiento.' },
  effectiveStartDate: '2026-03-20T14:00:00.000Z',
  effectiveEndDate: '2026-03-20T18:30:00.000Z',
  reminderDaysInAdvance: 2,
  inDowntime: false,
  show: false,
  version: 'v1',
};

/** A stubbed portal: POST /downtime answers `saved(body)`, any other call `stored()`; all but the history recorded. */
const stubServer = (saved: (body: unknown) => Response, stored: () => unknown = () => STORED) =>
  stubEditorServer((call) => (call.method === 'POST' ? saved(call.body) : ok(stored())));

const renderPanel = () => renderEditor(<DowntimeBannerPanel />);

/** The read-only list as label → value. */
function readOnlyValues() {
  const terms = screen.getAllByRole('term').map((term) => term.textContent);
  const values = screen.getAllByRole('definition').map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
}

/** Sets a date-time box as the browser's picker does: the whole value at once. */
function setMoment(box: HTMLElement, value: string) {
  fireEvent.change(box, { target: { value } });
}

/** The success popup, once it shows. */
async function popup(text: string) {
  return (await screen.findByText(text)).closest('[role="status"]');
}

async function openEditor() {
  const user = userEvent.setup();
  renderPanel();
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return user;
}

describe('DowntimeBannerPanel', () => {
  it('shows the window read-only in the reader’s time zone, with its state, and the change history under it', async () => {
    stubServer(() => json(500, {}));
    renderPanel();
    await screen.findByRole('button', { name: 'Edit' });
    expect(readOnlyValues()).toEqual({
      'Downtime enabled': 'Yes',
      'Message in English': 'The portal is closed for maintenance.',
      'Message in Spanish': 'El portal está cerrado por mantenimiento.',
      Start: '03/20/2026 09:00 AM',
      End: '03/20/2026 01:30 PM',
      'Banner shown before the start (days)': '2',
      'Current state': 'Scheduled: the banner is not showing yet',
    });
    expect(screen.getByText('Times are in your time zone: America/Chicago.')).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Change history' })).toBeVisible();
  });

  it('says when the banner shows, when the portal is down, and when downtime is off', async () => {
    let stored: unknown = { ...STORED, show: true };
    stubServer(
      () => json(500, {}),
      () => stored,
    );
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Banner showing: the portal is still open')).toBeVisible();
    stored = { ...STORED, show: true, inDowntime: true };
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Portal down now: participants cannot sign in')).toBeVisible();
    stored = { ...STORED, enableDowntime: false };
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Off: no banner, the portal is open')).toBeVisible();
    expect(readOnlyValues()['Downtime enabled']).toBe('No');
  });

  it('edits each value in local time, counting each message’s characters, with its bounds as hints', async () => {
    stubServer(() => json(500, {}));
    await openEditor();
    expect(screen.getByRole('switch', { name: 'Enable downtime' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enable downtime' })).toHaveFocus();
    const english = screen.getByRole('textbox', { name: 'Message in English' });
    expect(english).toHaveValue('The portal is closed for maintenance.');
    expect(english).toHaveAccessibleDescription('37 of 255 characters');
    expect(screen.getByText('37 of 255 characters')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('textbox', { name: 'Message in Spanish' })).toHaveAccessibleDescription(
      '41 of 255 characters',
    );
    expect(screen.getByLabelText(/^Start/)).toHaveValue('2026-03-20T09:00');
    expect(screen.getByLabelText(/^End/)).toHaveValue('2026-03-20T13:30');
    expect(screen.getByLabelText(/^Start/)).toHaveAccessibleDescription(
      'In the future and before the end. Times are in your time zone: America/Chicago.',
    );
    const days = screen.getByRole('spinbutton', { name: 'Banner shown before the start (days)' });
    expect(days).toHaveValue(2);
    expect(days).toHaveAccessibleDescription('From 0 to 365.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('refuses an empty or a 256-character message, and reminder days outside 0 to 365; Save is off meanwhile', async () => {
    stubServer(() => json(500, {}));
    const user = await openEditor();
    const save = screen.getByRole('button', { name: 'Save' });
    const spanish = screen.getByRole('textbox', { name: 'Message in Spanish' });
    await user.clear(spanish);
    expect(await screen.findByText('Please enter the message in both languages.')).toBeVisible();
    expect(spanish).toHaveAccessibleDescription('Please enter the message in both languages. 0 of 255 characters');
    expect(save).toBeDisabled();

    await user.click(spanish);
    await user.paste('a'.repeat(256));
    expect(await screen.findByText('The message can be at most 255 characters.')).toBeVisible();
    expect(screen.getByText('256 of 255 characters')).toBeVisible();
    await user.keyboard('{Backspace}');
    await vi.waitFor(() => expect(save).toBeEnabled());
    expect(screen.getByText('255 of 255 characters')).toBeVisible();

    const days = screen.getByRole('spinbutton', { name: 'Banner shown before the start (days)' });
    await user.clear(days);
    await user.type(days, '366');
    expect(await screen.findByText('Please enter a number of days from 0 to 365.')).toBeVisible();
    expect(save).toBeDisabled();
    await user.clear(days);
    await user.type(days, '365');
    await vi.waitFor(() => expect(save).toBeEnabled());
    await user.clear(days);
    await user.type(days, '0');
    await vi.waitFor(() => expect(save).toBeEnabled());
  });

  it('refuses a start in the past, and an end before the start; the message describes both boxes', async () => {
    stubServer(() => json(500, {}));
    const user = await openEditor();
    const save = screen.getByRole('button', { name: 'Save' });
    const start = screen.getByLabelText(/^Start/);
    const end = screen.getByLabelText(/^End/);
    const WINDOW = 'Please ensure the start date is in the future and comes before the end date.';

    // 06:59 in Chicago on March 10 is 11:59 UTC, a minute before the clock.
    setMoment(start, '2026-03-10T06:59');
    expect(await screen.findByText(WINDOW)).toBeVisible();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription(
      `In the future and after the start. ${WINDOW} Times are in your time zone: America/Chicago.`,
    );
    expect(save).toBeDisabled();
    setMoment(start, '2026-03-10T07:01');
    await vi.waitFor(() => expect(save).toBeEnabled());

    // The end a minute before the start: the start's message comes back when the end changes.
    setMoment(end, '2026-03-10T07:00');
    expect(await screen.findByText(WINDOW)).toBeVisible();
    expect(save).toBeDisabled();
    setMoment(end, '2026-03-10T07:02');
    await vi.waitFor(() => expect(save).toBeEnabled());

    // A window that has passed may be kept while downtime is off.
    setMoment(start, '2026-03-01T07:00');
    expect(await screen.findByText(WINDOW)).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Enable downtime' }));
    await vi.waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByText(WINDOW)).not.toBeInTheDocument();
  });

  it('saves the window as UTC instants with the version opened, shows the success popup, the new values and the history again', async () => {
    let stored: unknown = STORED;
    const calls = stubServer(
      () => {
        stored = {
          ...STORED,
          message: { ...STORED.message, en: 'Closed on Friday night.' },
          effectiveStartDate: '2026-03-20T13:00:00.000Z',
          reminderDaysInAdvance: 5,
          version: 'v2',
        };
        return ok(stored);
      },
      () => stored,
    );
    const user = await openEditor();
    await vi.waitFor(() => expect(historyLoads()).toBe(1));
    const english = screen.getByRole('textbox', { name: 'Message in English' });
    await user.clear(english);
    await user.type(english, 'Closed on Friday night.');
    const start = screen.getByLabelText(/^Start/);
    setMoment(start, '2026-03-20T08:00');
    const days = screen.getByRole('spinbutton', { name: 'Banner shown before the start (days)' });
    await user.clear(days);
    await user.type(days, '5');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await popup('Saved successfully.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        enableDowntime: true,
        message: { en: 'Closed on Friday night.', sp: 'El portal está cerrado por mantenimiento.' },
        effectiveStartDate: '2026-03-20T13:00:00.000Z',
        effectiveEndDate: '2026-03-20T18:30:00.000Z',
        reminderDaysInAdvance: 5,
        version: 'v1',
      },
    ]);
    expect(readOnlyValues()).toMatchObject({
      'Message in English': 'Closed on Friday night.',
      Start: '03/20/2026 08:00 AM',
      'Banner shown before the start (days)': '5',
    });
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    await vi.waitFor(() => expect(historyLoads()).toBe(2));
  });

  it('shows a server refusal under the field it names', async () => {
    stubServer(() =>
      json(400, {
        status: false,
        message: 'Invalid request',
        data: [{ errorField: 'message.sp', message: 'The Spanish message may not hold a link.' }],
      }),
    );
    const user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const spanish = screen.getByRole('textbox', { name: 'Message in Spanish' });
    await vi.waitFor(() =>
      expect(spanish).toHaveAccessibleDescription('The Spanish message may not hold a link. 41 of 255 characters'),
    );
    expect(spanish).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('speaks Spanish: the values, the rules’ messages and the popup', async () => {
    await i18n.changeLanguage('sp');
    stubServer(() => ok({ ...STORED, version: 'v2' }));
    renderPanel();
    await screen.findByRole('button', { name: 'Editar' });
    expect(readOnlyValues()).toMatchObject({
      'Mantenimiento activado': 'Sí',
      Inicio: '03/20/2026 09:00 AM',
      'Estado actual': 'Programado: el aviso todavía no se muestra',
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const english = screen.getByRole('textbox', { name: 'Mensaje en inglés' });
    await user.clear(english);
    expect(await screen.findByText('Escriba el mensaje en ambos idiomas.')).toBeVisible();
    expect(screen.getByText('0 de 255 caracteres')).toBeVisible();
    setMoment(screen.getByLabelText(/^Inicio/), '2026-03-09T10:00');
    expect(
      await screen.findByText('Asegúrese de que la fecha de inicio sea futura y anterior a la fecha de fin.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await user.type(english, 'Closed.');
    setMoment(screen.getByLabelText(/^Inicio/), '2026-03-20T09:00');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await popup('Se guardó correctamente.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cerrar mensaje' })).toBeVisible();
  });
});
