import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLoginResult } from '@portal/shared/auth/login';
import { SessionProvider } from '../../lib/session';
import { okReply, renderWithQueries, stubPasskeySupport, stubPortal } from '../../test-portal';
import { staffTokenResponse } from '../../test-session';
import { login } from './api/auth-api';
import LoginPage from './LoginPage';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
// The password step's call seals its values with the server's key; here it answers what each test says.
vi.mock('./api/auth-api', async (original) => ({
  ...(await original<typeof import('./api/auth-api')>()),
  login: vi.fn(),
}));

const TOKENS = staffTokenResponse();

beforeEach(stubPasskeySupport);
afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

function renderLogin(result?: TLoginResult, state?: unknown) {
  if (result) vi.mocked(login).mockResolvedValue(result);
  renderWithQueries(
    <SessionProvider>
      <MemoryRouter initialEntries={[{ pathname: '/login-patient', state }]}>
        <Routes>
          <Route path="/login-patient" element={<LoginPage />} />
          <Route path="/dashboard" element={<p>The home page</p>} />
          <Route path="/system-options" element={<p>The System Options page</p>} />
          <Route path="/messages" element={<p>The Messages page</p>} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

async function signInWithPassword() {
  await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'ana@study.example.org');
  await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Kidney#2027');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the login page’s second step', () => {
  it('asks a staff member for their own factor, then goes home', async () => {
    const calls = stubPortal(() => okReply({ twoFactorEnabled: true, accessTokenResponse: TOKENS }));
    renderLogin({ twoFactorEnabled: true, secondFactors: ['app'] });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { level: 2, name: 'Enter your authentication code' })).toBeVisible();
    expect(screen.queryByText('Verify your email address')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /^Authentication code/ }), '123456{Enter}');
    expect(await screen.findByText('The home page')).toBeVisible();
    expect(calls[0]!.body).toEqual({ otp: '123456', username: 'ana@study.example.org' });
    expect(JSON.parse(localStorage.getItem('authorize')!)).toMatchObject({ access_token: TOKENS.access_token });
  });

  it('sets up a staff member’s first factor, and signs in on System Options once the codes are saved', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}000-abcd`);
    const calls = stubPortal((call) =>
      call.path === '/login/enrolment/app'
        ? okReply({
            factorId: '7a0c0000-0000-4000-8000-000000000001',
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUri: 'otpauth://totp/Study:ana?secret=JBSWY3DPEHPK3PXP',
          })
        : okReply({ recoveryCodes: codes, accessTokenResponse: TOKENS }),
    );
    renderLogin({ twoFactorEnabled: true, enrolmentRequired: true, secondFactors: [] });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { level: 2, name: 'Set up a second way to sign in' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticator app' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /^Enter the 6-digit code the app shows/ }),
      '123456{Enter}',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Save your recovery codes' })).toBeVisible();
    // Until Continue the session is in memory only.
    expect(localStorage.getItem('authorize')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes in a safe place' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The System Options page')).toBeVisible();
    expect(localStorage.getItem('authorize')).not.toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/login/enrolment/app', '/login/enrolment/app/confirm']);
  });

  it('keeps the e-mailed code for a participant', async () => {
    stubPortal(() => okReply({ twoFactorEnabled: true, accessTokenResponse: TOKENS }));
    renderLogin({ twoFactorEnabled: true });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify your email address' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Code from the e-mail/ })).toBeVisible();
  });

  it('signs a staff member in with a passkey alone', async () => {
    const assertion = { id: 'credential-1', type: 'public-key', rawId: 'credential-1', response: {} };
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const calls = stubPortal((call) =>
      call.path === '/login/passkey/options'
        ? okReply({ challenge: 'challenge-1' })
        : okReply({ twoFactorEnabled: false, accessTokenResponse: TOKENS }),
    );
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The home page')).toBeVisible();
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/login/passkey/options', undefined],
      ['/login/passkey', { response: assertion }],
    ]);
    expect(login).not.toHaveBeenCalled();
  });

  it('offers no passkey in a browser without WebAuthn', async () => {
    vi.unstubAllGlobals();
    stubPortal(() => okReply(undefined));
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});

describe('the login page’s way back', () => {
  it('goes back to the private page a guard sent the visitor from (a link in an e-mail)', async () => {
    stubPortal(() => okReply({}));
    renderLogin({ twoFactorEnabled: false, accessTokenResponse: TOKENS }, { from: '/messages' });
    await signInWithPassword();
    expect(await screen.findByText('The Messages page')).toBeVisible();
  });

  it('goes home instead of to an address outside the portal', async () => {
    stubPortal(() => okReply({}));
    renderLogin({ twoFactorEnabled: false, accessTokenResponse: TOKENS }, { from: '//evil.example/messages' });
    await signInWithPassword();
    expect(await screen.findByText('The home page')).toBeVisible();
  });
});
