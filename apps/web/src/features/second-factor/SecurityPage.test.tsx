import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMySecurity } from '@portal/shared/staff/second-factor';
import { StepUpPrompt } from '../../components/second-factor/StepUpPrompt';
import { i18n } from '../../lib/i18n';
import { okReply, renderAsStaff, stubPasskeySupport, stubPortal, type PortalCall } from '../../test-portal';
import SecurityPage from './SecurityPage';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const APP = {
  id: '7a0c0000-0000-4000-8000-000000000001',
  kind: 'app' as const,
  name: 'Work phone',
  createdAt: '2026-03-01T15:00:00.000Z',
  lastUsedAt: null,
};
const PASSKEY = {
  id: '7a0c0000-0000-4000-8000-000000000002',
  kind: 'passkey' as const,
  name: 'Work laptop',
  createdAt: '2026-03-02T15:00:00.000Z',
  lastUsedAt: '2026-03-05T15:00:00.000Z',
};
const session = (id: number, overrides: Partial<TMySecurity['sessions'][number]>) => ({
  id: `5e550000-0000-4000-8000-00000000000${id}`,
  current: false,
  device: 'Windows',
  browser: 'Chrome',
  ipPrefix: '203.0.113.x',
  createdAt: '2026-03-05T14:00:00.000Z',
  lastSeenAt: '2026-03-05T16:30:00.000Z',
  expiresAt: '2026-03-06T14:00:00.000Z',
  ...overrides,
});
const SESSIONS = [
  session(1, { current: true }),
  session(2, { device: null, browser: null, ipPrefix: null }),
  session(3, { device: 'iOS', browser: 'Safari', ipPrefix: '198.51.100.x', lastSeenAt: '2026-03-04T09:05:00.000Z' }),
];
const SECURITY: TMySecurity = { factors: [APP], recoveryCodesLeft: 7, sessions: SESSIONS };

beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
  stubPasskeySupport();
});
afterEach(() => {
  vi.unstubAllEnvs();
  localStorage.clear();
});

const refusal = (status: number, message: string, data?: unknown) =>
  new Response(JSON.stringify({ status: false, message, data }), { status });

/** The page's calls: `GET /staff-security` answers `security`, every change `change`'s answer. */
function stubSecurity(
  security: TMySecurity,
  change: (call: PortalCall) => Response = () => okReply(undefined, 'Done.'),
) {
  return stubPortal((call) => (call.method === 'GET' ? okReply(security) : change(call)));
}
const changes = (calls: PortalCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);
const section = (name: string) => screen.findByRole('region', { name });
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(text))!;

describe('Your security', () => {
  it('lists the sign-in methods, and keeps the only one from being removed, saying why', async () => {
    stubSecurity(SECURITY);
    renderAsStaff(<SecurityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your security' })).toBeVisible();
    const methods = await section('Sign-in methods');
    const table = within(methods).getByRole('table', { name: 'Sign-in methods' });
    const row = rowOf(table, 'Work phone');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Work phone', 'Authenticator app', '03/01/2026', 'Never', 'Remove']);
    const remove = within(row).getByRole('button', { name: 'Remove Work phone' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription("You can't remove your only sign-in method. Add another first.");
    expect(within(methods).getByText("You can't remove your only sign-in method. Add another first.")).toBeVisible();
    expect(within(methods).getByRole('button', { name: 'Add an authenticator app' })).toBeVisible();
    expect(within(methods).getByRole('button', { name: 'Add a passkey' })).toBeVisible();
  });

  it('removes a method after asking, and shows a refusal in the dialog', async () => {
    let answer = () => refusal(400, "You can't remove your only sign-in method. Add another first.");
    const calls = stubSecurity({ ...SECURITY, factors: [APP, PASSKEY] }, () => answer());
    renderAsStaff(<SecurityPage />);
    const methods = await section('Sign-in methods');
    const row = rowOf(within(methods).getByRole('table'), 'Work laptop');
    expect(within(row).getByText('03/05/2026')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Work laptop?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("You can't remove your only sign-in method.");

    answer = () => okReply(undefined, 'Sign-in method removed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(methods).getByText('Sign-in method removed.').closest('[role="status"]')).not.toBeNull();
    expect(changes(calls).at(-1)).toEqual(['DELETE', `/staff-security/factors/${PASSKEY.id}`, undefined]);
  });

  it('adds an authenticator app with a name', async () => {
    const secret = {
      factorId: '7a0c0000-0000-4000-8000-000000000009',
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/x',
    };
    const calls = stubSecurity(SECURITY, (call) =>
      call.path === '/staff-security/app' ? okReply(secret) : okReply(undefined, 'Sign-in method added.'),
    );
    renderAsStaff(<SecurityPage />);
    const methods = await section('Sign-in methods');
    await userEvent.click(within(methods).getByRole('button', { name: 'Add an authenticator app' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an authenticator app' });
    await userEvent.type(
      await within(dialog).findByRole('textbox', { name: /^Enter the 6-digit code the app shows/ }),
      '123456',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), 'Tablet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(methods).getByText('Sign-in method added.')).toBeVisible();
    expect(changes(calls)).toEqual([
      ['POST', '/staff-security/app', undefined],
      ['POST', '/staff-security/app/confirm', { factorId: secret.factorId, otp: '123456', name: 'Tablet' }],
    ]);
  });

  it('shows the sessions, this device marked, and ends one or all the others', async () => {
    const calls = stubSecurity(SECURITY, (call) =>
      okReply(undefined, call.method === 'DELETE' ? 'Session ended.' : 'All your other sessions have ended.'),
    );
    renderAsStaff(<SecurityPage />);
    const sessions = await section('Sessions');
    const table = within(sessions).getByRole('table', { name: 'Sessions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Device', 'Browser', 'Approximate location', 'Signed in', 'Last seen', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['WindowsThis device', 'Chrome', '203.0.113.x', '03/05/2026 02:00 PM', '03/05/2026 04:30 PM', ''],
      ['Unknown device', 'Unknown browser', 'Unknown', '03/05/2026 02:00 PM', '03/05/2026 04:30 PM', 'End session'],
      ['iOS', 'Safari', '198.51.100.x', '03/05/2026 02:00 PM', '03/04/2026 09:05 AM', 'End session'],
    ]);

    await userEvent.click(
      within(rows[2]!).getByRole('button', { name: 'End session on iOS, Safari, last seen 03/04/2026 09:05 AM' }),
    );
    expect(await within(sessions).findByText('Session ended.')).toBeVisible();
    await userEvent.click(within(sessions).getByRole('button', { name: 'End all other sessions' }));
    expect(await within(sessions).findByText('All your other sessions have ended.')).toBeVisible();
    expect(within(sessions).getByText('All your other sessions have ended.').closest('[role="status"]')).not.toBeNull();
    expect(changes(calls)).toEqual([
      ['DELETE', `/staff-security/sessions/${SESSIONS[2]!.id}`, undefined],
      ['POST', '/staff-security/sessions/end-others', undefined],
    ]);
  });

  it('ends the other sessions once the staff member has confirmed it’s them', async () => {
    let confirmed = false;
    const calls = stubSecurity(SECURITY, (call) => {
      if (call.path === '/staff-security/step-up') {
        confirmed = true;
        return okReply(undefined);
      }
      return confirmed
        ? okReply(undefined, 'All your other sessions have ended.')
        : refusal(403, "Confirm it's you: enter your second factor again to continue.", {
            errorCode: 'STEP_UP_REQUIRED',
            factors: ['app'],
          });
    });
    renderAsStaff(
      <>
        <SecurityPage />
        <StepUpPrompt />
      </>,
    );
    const sessions = await section('Sessions');
    await userEvent.click(within(sessions).getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Authentication code/ }), '123456{Enter}');
    expect(await within(sessions).findByText('All your other sessions have ended.')).toBeVisible();
    expect(changes(calls).map(([, path]) => path)).toEqual([
      '/staff-security/sessions/end-others',
      '/staff-security/step-up',
      '/staff-security/sessions/end-others',
    ]);
  });

  it.each(['en', 'sp'] as const)('says how many recovery codes are left (%s)', async (language) => {
    await i18n.changeLanguage(language);
    stubSecurity({ ...SECURITY, recoveryCodesLeft: 1 });
    renderAsStaff(<SecurityPage />);
    const codes = await section(i18n.t('security.recovery.title'));
    expect(
      within(codes).getByText(
        language === 'en' ? '1 of 10 recovery codes left' : 'Le queda 1 de 10 códigos de recuperación',
      ),
    ).toBeVisible();
  });

  it('makes new recovery codes after asking, and shows them once', async () => {
    const made = Array.from({ length: 10 }, (_, i) => `wxy${i}-efgh-jkmn`);
    const calls = stubSecurity(SECURITY, () =>
      okReply({ recoveryCodes: made }, 'New recovery codes made. Your old codes no longer work.'),
    );
    renderAsStaff(<SecurityPage />);
    const codes = await section('Recovery codes');
    expect(within(codes).getByText('7 of 10 recovery codes left')).toBeVisible();
    await userEvent.click(within(codes).getByRole('button', { name: 'Make new recovery codes' }));
    const ask = screen.getByRole('dialog', { name: 'Make new recovery codes?' });
    expect(ask).toHaveAccessibleDescription(/Your old recovery codes stop working at once\./);
    await userEvent.click(within(ask).getByRole('button', { name: 'Make new codes' }));

    const shown = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(made);
    expect(within(codes).getByText('New recovery codes made. Your old codes no longer work.')).toBeInTheDocument();
    const next = within(shown).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await userEvent.click(
      within(shown).getByRole('checkbox', { name: 'I have saved my recovery codes in a safe place' }),
    );
    await userEvent.click(next);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([['POST', '/staff-security/recovery-codes', undefined]]);
  });
});
