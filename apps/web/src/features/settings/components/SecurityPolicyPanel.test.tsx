import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { describe, expect, it, vi } from 'vitest';
import { json, ok, historyLoads, renderEditor, stubEditorServer } from './editor-test-server';
import { SecurityPolicyPanel } from './SecurityPolicyPanel';

/** The study's default policy. */
const VALUES = {
  otpLength: 6,
  otpExpiryInMin: 10,
  otpEnabledForPatient: true,
  otpRequiredBeforeICFSign: false,
  minLength: 8,
  maxLength: 15,
  upperCaseCharCount: 1,
  lowerCaseCharCount: 1,
  digitCharCount: 1,
  specialCharCount: 1,
  resetPasswordAgainLimitInHrs: 24,
  registrationTokenExpiryInDays: 90,
  failedAttemptLimit: 5,
  unlockAccountTimeInMin: 15,
  inactiveSessionTimeoutInMin: 30,
};
const STORED = { ...VALUES, errorMessages: { en: {}, sp: {} }, version: 'v1' };

/** A stubbed portal: PUT answers `saved(body)`, any other call `stored()`; all but the history recorded. */
const stubServer = (saved: (body: unknown) => Response, stored: () => unknown = () => STORED) =>
  stubEditorServer((call) => (call.method === 'PUT' ? saved(call.body) : ok(stored())));

const renderPanel = () => renderEditor(<SecurityPolicyPanel />);

async function openEditor() {
  const user = userEvent.setup();
  renderPanel();
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return user;
}

/** Types a value into a number box (emptied first) and waits for the form's check. */
async function enter(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  const box = screen.getByRole('spinbutton', { name });
  await user.clear(box);
  await user.type(box, value);
  return box;
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('SecurityPolicyPanel', () => {
  it('lists every value read-only with its unit, in three sections, under a note that a change applies at once', async () => {
    stubServer(() => json(500, {}));
    renderPanel();
    await screen.findByRole('button', { name: 'Edit' });
    expect(
      screen.getByText(
        'A saved change takes effect at once for everyone: new login codes, new passwords, lockouts and sign-in sessions.',
      ),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Login codes',
      'Passwords',
      'Accounts and sessions',
      'Change history',
    ]);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, values[i]]))).toEqual({
      'Participants sign in with an e-mailed code': 'On',
      'An e-mailed code is required before signing the consent': 'Off',
      'OTP length (digits)': '6',
      'OTP expiry (minutes)': '10',
      'Minimum password length (characters)': '8',
      'Maximum password length (characters)': '15',
      'Upper-case letters required (at least)': '1',
      'Lower-case letters required (at least)': '1',
      'Digits required (at least)': '1',
      'Special characters required (at least)': '1',
      'Time between password changes (hours)': '24',
      'Activation link expiry (days)': '90',
      'Failed sign-in attempts before lockout': '5',
      'Lockout time (minutes)': '15',
      'Inactivity timeout (minutes)': '30',
    });
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('an auditor sees every value and the change history read-only, with no Edit', async () => {
    stubServer(() => json(500, {}));
    renderEditor(<SecurityPolicyPanel />, 'auditor');
    expect(await screen.findByText('OTP length (digits)')).toBeVisible();
    expect(screen.getByText('OTP length (digits)').nextElementSibling).toHaveTextContent('6');
    expect(screen.getByRole('heading', { level: 3, name: 'Change history' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('edits each field in its labelled group, each number with its bounds as its hint', async () => {
    stubServer(() => json(500, {}));
    await openEditor();
    expect(screen.getByRole('switch', { name: 'Participants sign in with an e-mailed code' })).toHaveFocus();
    expect(screen.getByRole('switch', { name: 'Participants sign in with an e-mailed code' })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'An e-mailed code is required before signing the consent' }),
    ).not.toBeChecked();
    const codes = screen.getByRole('group', { name: 'Login codes' });
    expect(
      within(codes)
        .getAllByRole('spinbutton')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['otpLength', 'otpExpiryInMin']);
    expect(within(screen.getByRole('group', { name: 'Passwords' })).getAllByRole('spinbutton')).toHaveLength(7);
    expect(
      within(screen.getByRole('group', { name: 'Accounts and sessions' })).getAllByRole('spinbutton'),
    ).toHaveLength(4);
    const hints: Record<string, string> = {
      'OTP length (digits)': 'From 4 to 8.',
      'OTP expiry (minutes)': 'From 5 to 60.',
      'Minimum password length (characters)': 'From 8 to 64.',
      'Maximum password length (characters)': 'From 8 to 128.',
      'Special characters required (at least)': 'From 1 to 10.',
      'Time between password changes (hours)': 'From 1 to 720.',
      'Activation link expiry (days)': 'From 90 to 365.',
      'Failed sign-in attempts before lockout': 'From 3 to 20.',
      'Lockout time (minutes)': 'From 5 to 1440.',
      'Inactivity timeout (minutes)': 'From 30 to 720.',
    };
    for (const [name, hint] of Object.entries(hints)) {
      expect(screen.getByRole('spinbutton', { name }), name).toHaveAccessibleDescription(hint);
    }
    expect(screen.getByRole('spinbutton', { name: 'OTP length (digits)' })).toHaveValue(6);
    expect(save()).toBeEnabled();
  });

  it('refuses a value outside its bounds with its own message under it; Save is off until it is fixed', async () => {
    stubServer(() => json(500, {}));
    const user = await openEditor();
    const otp = await enter(user, 'OTP length (digits)', '3');
    expect(await screen.findByText('OTP length must be a whole number from 4 to 8.')).toBeVisible();
    expect(otp).toHaveAccessibleDescription('OTP length must be a whole number from 4 to 8. From 4 to 8.');
    expect(otp).toHaveAttribute('aria-invalid', 'true');
    expect(save()).toBeDisabled();
    await enter(user, 'OTP length (digits)', '9');
    expect(await screen.findByText('OTP length must be a whole number from 4 to 8.')).toBeVisible();
    await enter(user, 'OTP length (digits)', '8');
    await vi.waitFor(() => expect(save()).toBeEnabled());

    await enter(user, 'Activation link expiry (days)', '89');
    expect(
      await screen.findByText('Activation link expiry must be a whole number of days from 90 to 365.'),
    ).toBeVisible();
    await enter(user, 'Inactivity timeout (minutes)', '29');
    expect(
      await screen.findByText('Inactivity timeout must be a whole number of minutes from 30 to 720.'),
    ).toBeVisible();
    await user.clear(screen.getByRole('spinbutton', { name: 'Failed sign-in attempts before lockout' }));
    expect(
      await screen.findByText('Failed sign-in attempts before lockout must be a whole number from 3 to 20.'),
    ).toBeVisible();
    expect(save()).toBeDisabled();
    await enter(user, 'Activation link expiry (days)', '90');
    await enter(user, 'Inactivity timeout (minutes)', '30');
    await enter(user, 'Failed sign-in attempts before lockout', '3');
    await vi.waitFor(() => expect(save()).toBeEnabled());
  });

  it('a minimum length above the maximum is named under both; required characters above the maximum under the special characters', async () => {
    stubServer(() => json(500, {}));
    const user = await openEditor();
    const MIN_ABOVE_MAX = 'Minimum password length cannot be more than the maximum password length.';
    const min = await enter(user, 'Minimum password length (characters)', '16');
    await vi.waitFor(() => expect(screen.getAllByText(MIN_ABOVE_MAX)).toHaveLength(2));
    expect(min).toHaveAccessibleDescription(`${MIN_ABOVE_MAX} From 8 to 64.`);
    expect(
      screen.getByRole('spinbutton', { name: 'Maximum password length (characters)' }),
    ).toHaveAccessibleDescription(`${MIN_ABOVE_MAX} From 8 to 128.`);
    expect(save()).toBeDisabled();
    await enter(user, 'Maximum password length (characters)', '16');
    await vi.waitFor(() => expect(screen.queryByText(MIN_ABOVE_MAX)).not.toBeInTheDocument());
    await enter(user, 'Minimum password length (characters)', '8');
    await enter(user, 'Maximum password length (characters)', '15');
    await vi.waitFor(() => expect(save()).toBeEnabled());

    // 5 + 5 + 5 + 1 = 16 characters required, one more than a 15-character maximum allows.
    const COUNTS_ABOVE_MAX =
      'Upper-case letters, lower-case letters, digits and special characters required cannot add up to more than the maximum password length.';
    await enter(user, 'Upper-case letters required (at least)', '5');
    await enter(user, 'Lower-case letters required (at least)', '5');
    expect(screen.queryByText(COUNTS_ABOVE_MAX)).not.toBeInTheDocument();
    await enter(user, 'Digits required (at least)', '5');
    expect(await screen.findByText(COUNTS_ABOVE_MAX)).toBeVisible();
    expect(
      screen.getByRole('spinbutton', { name: 'Special characters required (at least)' }),
    ).toHaveAccessibleDescription(`${COUNTS_ABOVE_MAX} From 1 to 10.`);
    expect(save()).toBeDisabled();
    await enter(user, 'Maximum password length (characters)', '16');
    await vi.waitFor(() => expect(screen.queryByText(COUNTS_ABOVE_MAX)).not.toBeInTheDocument());
    await vi.waitFor(() => expect(save()).toBeEnabled());
  });

  it('saves every value with the version opened, shows the success popup, the new values and the history again', async () => {
    let stored: unknown = STORED;
    const calls = stubServer(
      (body) => {
        stored = { ...STORED, ...(body as object), version: 'v2' };
        return ok(stored);
      },
      () => stored,
    );
    const user = await openEditor();
    await vi.waitFor(() => expect(historyLoads()).toBe(1));
    await enter(user, 'Minimum password length (characters)', '10');
    await user.click(screen.getByRole('switch', { name: 'An e-mailed code is required before signing the consent' }));
    await vi.waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect((await screen.findByText('Saved successfully.')).closest('[role="status"]')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { ...VALUES, minLength: 10, otpRequiredBeforeICFSign: true, version: 'v1' },
    ]);
    expect(screen.getByText('Minimum password length (characters)').nextElementSibling).toHaveTextContent('10');
    expect(
      screen.getByText('An e-mailed code is required before signing the consent').nextElementSibling,
    ).toHaveTextContent('On');
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    await vi.waitFor(() => expect(historyLoads()).toBe(2));
  });

  it('shows a server refusal under the field it names, and a stale save’s message with Reload', async () => {
    let reply = json(400, {
      status: false,
      message: 'Invalid request',
      data: [{ errorField: 'failedAttemptLimit', message: 'Failed attempts must be at least 3.' }],
    });
    stubServer(() => reply);
    const user = await openEditor();
    await user.click(save());
    const attempts = screen.getByRole('spinbutton', { name: 'Failed sign-in attempts before lockout' });
    await vi.waitFor(() =>
      expect(attempts).toHaveAccessibleDescription('Failed attempts must be at least 3. From 3 to 20.'),
    );
    expect(attempts).toHaveFocus();
    expect(save()).toBeDisabled();

    reply = json(409, { status: false, message: 'Another administrator changed this setting after you opened it.' });
    await enter(user, 'Failed sign-in attempts before lockout', '6');
    await vi.waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another administrator changed this setting after you opened it.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  it('speaks Spanish: the sections, a rule’s message and the popup', async () => {
    await i18n.changeLanguage('sp');
    stubServer(() => ok({ ...STORED, version: 'v2' }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('group', { name: 'Códigos de acceso' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Cuentas y sesiones' })).toBeVisible();
    const min = screen.getByRole('spinbutton', { name: 'Longitud mínima de la contraseña (caracteres)' });
    expect(min).toHaveAccessibleDescription('De 8 a 64.');
    await user.clear(min);
    await user.type(min, '7');
    expect(
      await screen.findByText('La longitud mínima de la contraseña debe ser un número entero del 8 al 64.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await user.clear(min);
    await user.type(min, '8');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByText('Se guardó correctamente.')).closest('[role="status"]')).toBeVisible();
    expect(
      screen.getByText(
        'Un cambio guardado se aplica de inmediato a todos: nuevos códigos de acceso, nuevas contraseñas, bloqueos y sesiones.',
      ),
    ).toBeVisible();
  });
});
