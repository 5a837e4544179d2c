import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE } from '@portal/shared/constants';
import { i18n } from '../../lib/i18n';
import { SessionProvider } from '../../lib/session';
import { okReply, renderWithQueries, stubPortal, type PortalCall } from '../../test-portal';
import { staffTokenResponse } from '../../test-session';
import AcceptInvitationPage from './AcceptInvitationPage';

const TOKEN = 'c2VjcmV0LXRva2Vu';
const INVITATION = { email: 'dana@study.example.org', firstName: 'Dana', language: 'en' };
const INVALID = 'This invitation link is not valid: it may have expired, been cancelled or been used already.';

afterEach(() => {
  document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
  localStorage.clear();
});

const refusal = (status: number, message: string, data?: unknown) =>
  new Response(JSON.stringify({ status: false, message, data }), { status });

/** The invitation's calls answered by `verify` and `accept`; every other call (the policy, say) fails. */
function stubInvitation(verify: () => Response, accept: () => Response = () => okReply(undefined)) {
  return stubPortal((call) => {
    if (call.path === '/staff-invitation/verify') return verify();
    if (call.path === '/staff-invitation/accept') return accept();
    return refusal(404, 'Not found');
  });
}

function renderPage(address: string) {
  renderWithQueries(
    <MemoryRouter initialEntries={[address]}>
      <AcceptInvitationPage />
    </MemoryRouter>,
  );
}

const passwordBox = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const accepts = (calls: PortalCall[]) => calls.filter((c) => c.path === '/staff-invitation/accept');

describe('the invitation page', () => {
  it('says a link without a token cannot be used, and leads home', async () => {
    const calls = stubInvitation(() => okReply(INVITATION));
    renderPage('/accept-invitation');
    expect(screen.getByRole('heading', { level: 1, name: 'Staff invitation' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'This invitation link cannot be used' })).toBeVisible();
    expect(screen.getByText(INVALID)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(calls.filter((c) => c.path === '/staff-invitation/verify')).toEqual([]);
  });

  it.each(['en', 'sp'] as const)('shows the server’s words for an expired or used link (%s)', async (language) => {
    await i18n.changeLanguage(language);
    const message = language === 'en' ? INVALID : 'Este enlace de invitación no es válido.';
    const calls = stubInvitation(() => refusal(400, message));
    renderPage(`/accept-invitation#token=${TOKEN}`);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: i18n.t('staff.invitation.invalidTitle') })).toBeVisible();
    expect(screen.getByRole('link', { name: i18n.t('staff.invitation.home') })).toHaveAttribute('href', '/');
    expect(calls.find((c) => c.path === '/staff-invitation/verify')!.body).toEqual({ token: TOKEN });
    expect(calls.find((c) => c.path === '/staff-invitation/verify')!.query.toString()).toBe('');
  });

  it('welcomes the member, takes a password under the policy, and leads to sign-in', async () => {
    const calls = stubInvitation(
      () => okReply(INVITATION),
      () => okReply(undefined, 'Your account is ready. You can sign in now.'),
    );
    renderPage(`/accept-invitation#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome, Dana' })).toBeVisible();
    expect(screen.getByText(/dana@study\.example\.org/)).toBeVisible();
    const password = passwordBox('New password');
    // The security policy, under the box and read with it, each rule ticked off as it is met.
    expect(password).toHaveAccessibleDescription(/^Your password must have: Between 8 and 15 characters\(not yet\)/);

    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(i18n.t('error.password.bothRequired'));
    await userEvent.type(password, 'Kidney#2027');
    expect(password).toHaveAccessibleDescription(/At least 1 capital letter \(A–Z\)\(done\)/);
    await userEvent.type(passwordBox('Confirm new password'), 'Kidney#2028');
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('error.password.mustMatch'));
    expect(accepts(calls)).toEqual([]);

    await userEvent.type(passwordBox('Confirm new password'), 'Kidney#2027');
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account is ready. You can sign in now.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login-patient');
    expect(accepts(calls)[0]!.body).toEqual({ token: TOKEN, password: 'Kidney#2027' });
  });

  it('goes on to set up a second factor, whose Continue signs the new member in on System Options', async () => {
    const tokens = staffTokenResponse();
    const codes = Array.from({ length: 10 }, (_, i) => `ab${i}d-efgh-jkmn`);
    const calls = stubPortal((call) => {
      if (call.path === '/staff-invitation/verify') return okReply(INVITATION);
      if (call.path === '/staff-invitation/accept') return okReply({ enrolmentRequired: true });
      if (call.path === '/login/enrolment/app')
        return okReply({
          factorId: '7a0c0000-0000-4000-8000-000000000001',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Study:dana?secret=JBSWY3DPEHPK3PXP',
        });
      if (call.path === '/login/enrolment/app/confirm')
        return okReply({ recoveryCodes: codes, accessTokenResponse: tokens });
      return refusal(404, 'Not found');
    });
    renderWithQueries(
      <SessionProvider>
        <MemoryRouter initialEntries={[`/accept-invitation#token=${TOKEN}`]}>
          <Routes>
            <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
            <Route path="/system-options" element={<p>The System Options page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    await screen.findByRole('heading', { level: 2, name: 'Welcome, Dana' });
    await userEvent.type(passwordBox('New password'), 'Kidney#2027');
    await userEvent.type(passwordBox('Confirm new password'), 'Kidney#2027');
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Set up a second way to sign in' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticator app' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /^Enter the 6-digit code the app shows/ }),
      '123456{Enter}',
    );
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'I have saved my recovery codes in a safe place' }),
    );
    expect(localStorage.getItem('authorize')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The System Options page')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('authorize')!)).toMatchObject({ access_token: tokens.access_token });
    expect(calls.map((c) => c.path).slice(-2)).toEqual(['/login/enrolment/app', '/login/enrolment/app/confirm']);
  });

  it('shows a refused password under the password, and a link used meanwhile as unusable', async () => {
    let answer = () =>
      refusal(400, 'The password does not meet the security policy.', [
        { errorField: 'password', message: 'The password was used before.' },
      ]);
    stubInvitation(
      () => okReply(INVITATION),
      () => answer(),
    );
    renderPage(`/accept-invitation#token=${TOKEN}`);
    await screen.findByRole('heading', { level: 2, name: 'Welcome, Dana' });
    await userEvent.type(passwordBox('New password'), 'Kidney#2027');
    await userEvent.type(passwordBox('Confirm new password'), 'Kidney#2027');
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('The password was used before.')).toBeVisible();
    expect(passwordBox('New password')).toHaveAccessibleDescription(/^The password was used before\./);
    expect(passwordBox('Confirm new password')).toHaveValue('');

    answer = () => refusal(400, INVALID);
    await userEvent.type(passwordBox('Confirm new password'), 'Kidney#2027');
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'This invitation link cannot be used' })).toBeVisible();
    expect(screen.getByText(INVALID)).toBeVisible();
  });

  it('speaks the invitation’s language when the reader has chosen none', async () => {
    stubInvitation(() => okReply({ ...INVITATION, language: 'sp' }));
    renderPage(`/accept-invitation#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Le damos la bienvenida, Dana' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aceptar invitación' })).toBeVisible();
  });

  it('keeps the language the reader chose', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=en; Path=/`;
    stubInvitation(() => okReply({ ...INVITATION, language: 'sp' }));
    renderPage(`/accept-invitation#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome, Dana' })).toBeVisible();
    await vi.waitFor(() => expect(i18n.language).toBe('en'));
  });
});
