import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { okReply, renderWithQueries, stubPortal } from '../../../test-portal';
import { StaffFactorForm } from './StaffFactorForm';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const EMAIL = 'ana@study.example.org';
const TOKENS = { access_token: 'access', refresh_token: 'refresh', expires_in: 300, token_type: 'Bearer' };
const SIGNED_IN = { twoFactorEnabled: true, accessTokenResponse: TOKENS };
const WRONG = 'That code is not right or was already used. Check the code and try again.';
const ASSERTION = {
  id: 'credential-1',
  rawId: 'credential-1',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

const refusal = (status: number, message: string, data?: unknown) =>
  new Response(JSON.stringify({ status: false, message, data }), { status });

function renderForm(factors: ('app' | 'passkey')[]) {
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  renderWithQueries(<StaffFactorForm email={EMAIL} factors={factors} onSignedIn={onSignedIn} onRestart={onRestart} />);
  return { onSignedIn, onRestart };
}

describe('a staff member’s second step at sign-in', () => {
  it('asks for the app’s code, refuses a wrong one in the server’s words, and signs in with the right one', async () => {
    let answer = () => refusal(401, WRONG, { errorCode: 'INVALID_OTP' });
    const calls = stubPortal(() => answer());
    const { onSignedIn, onRestart } = renderForm(['app', 'passkey']);
    expect(screen.getByRole('heading', { level: 2, name: 'Enter your authentication code' })).toBeVisible();
    const code = screen.getByRole('textbox', { name: /^Authentication code/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    // Six digits are checked before anything is sent.
    await userEvent.type(code, '12345{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(WRONG);
    expect(calls).toEqual([]);

    await userEvent.clear(code);
    await userEvent.type(code, '123 456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(code).toHaveFocus();
    expect(code).toHaveValue('');
    expect(onRestart).not.toHaveBeenCalled();

    answer = () => okReply(SIGNED_IN);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SIGNED_IN));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/login/otp', { otp: '123456', username: EMAIL }],
      ['POST', '/login/otp', { otp: '654321', username: EMAIL }],
    ]);
  });

  it('takes a recovery code in the same form', async () => {
    const calls = stubPortal(() => okReply(SIGNED_IN));
    const { onSignedIn } = renderForm(['app']);
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Enter a recovery code' })).toBeVisible();
    const code = screen.getByRole('textbox', { name: /^Recovery code/ });
    expect(code).toHaveFocus();
    await userEvent.type(code, 'abcd-efgh-jkmn{Enter}');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SIGNED_IN));
    expect(calls[0]!.body).toEqual({ otp: 'abcd-efgh-jkmn', username: EMAIL });
    // Back to the app's code, among the other ways.
    await userEvent.click(screen.getByRole('button', { name: 'Use another way' }));
    const ways = screen.getByRole('list', { name: "Other ways to confirm it's you" });
    expect(
      within(ways)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Use your authenticator app']);
  });

  it('lists the other ways, and signs in with the passkey', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const calls = stubPortal((call) =>
      call.path === '/login/passkey/step-options' ? okReply({ challenge: 'challenge-1' }) : okReply(SIGNED_IN),
    );
    const { onSignedIn } = renderForm(['app', 'passkey']);
    const another = screen.getByRole('button', { name: 'Use another way' });
    expect(another).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(another);
    expect(another).toHaveAttribute('aria-expanded', 'true');
    const ways = screen.getByRole('list', { name: "Other ways to confirm it's you" });
    expect(
      within(ways)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Use your passkey', 'Use a recovery code']);
    await userEvent.click(within(ways).getByRole('button', { name: 'Use your passkey' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in with your passkey' })).toBeVisible();
    const use = screen.getByRole('button', { name: 'Use your passkey' });
    expect(use).toHaveFocus();
    await userEvent.click(use);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SIGNED_IN));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'challenge-1' } });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/login/passkey/step-options', undefined],
      ['/login/passkey', { response: ASSERTION }],
    ]);
  });

  it.each(['en', 'sp'] as const)('says a cancelled passkey failed, in the catalog’s words (%s)', async (language) => {
    await i18n.changeLanguage(language);
    vi.mocked(startAuthentication).mockRejectedValue(new DOMException('The operation was aborted.', 'NotAllowedError'));
    const calls = stubPortal(() => okReply({ challenge: 'challenge-1' }));
    renderForm(['passkey']);
    expect(screen.getByRole('heading', { level: 2, name: i18n.t('login.factor.passkeyTitle') })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('secondFactor.challenge.usePasskey') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('secondFactor.errors.passkeyFailed'));
    expect(calls.map((c) => c.path)).toEqual(['/login/passkey/step-options']);
  });

  it('leads back to the password once the attempt has expired', async () => {
    const expired = 'Your sign-in has expired. Please log in again.';
    stubPortal(() => refusal(401, expired, { errorCode: 'LOGIN_OTP_EXPIRED' }));
    const { onRestart } = renderForm(['app']);
    await userEvent.type(screen.getByRole('textbox', { name: /^Authentication code/ }), '123456{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(expired);
    await userEvent.click(within(alert).getByRole('button', { name: 'Back to login' }));
    expect(onRestart).toHaveBeenCalled();
  });
});
