import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startRegistration } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blobText, okReply, renderWithQueries, stubBlobFiles, stubPasskeySupport, stubPortal } from '../../test-portal';
import { SecondFactorEnrolment } from './SecondFactorEnrolment';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const SECRET = {
  factorId: '7a0c0000-0000-4000-8000-000000000001',
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Study:ana?secret=JBSWY3DPEHPK3PXP&issuer=Study',
};
const CODES = Array.from({ length: 10 }, (_, i) => `ab${i}d-efgh-jkmn`);
const TOKENS = { access_token: 'access', refresh_token: 'refresh', expires_in: 300, token_type: 'Bearer' };
const ENROLLED = { recoveryCodes: CODES, accessTokenResponse: TOKENS };
const WRONG = 'That code is not right or was already used. Check the code and try again.';
const writeText = vi.fn();

const refusal = (status: number, message: string, data?: unknown) =>
  new Response(JSON.stringify({ status: false, message, data }), { status });

beforeEach(() => {
  stubPasskeySupport();
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.clearAllMocks());

function renderEnrolment() {
  const onDone = vi.fn();
  const onRestart = vi.fn();
  renderWithQueries(<SecondFactorEnrolment onDone={onDone} onRestart={onRestart} />);
  return { onDone, onRestart };
}

describe('setting up a second factor', () => {
  it('adds an authenticator app from its QR code or key, then shows the recovery codes once', async () => {
    let confirm = () => refusal(400, WRONG);
    const calls = stubPortal((call) => (call.path === '/login/enrolment/app' ? okReply(SECRET) : confirm()));
    const files = stubBlobFiles('blob:codes');
    const { onDone } = renderEnrolment();
    expect(screen.getByRole('heading', { level: 2, name: 'Set up a second way to sign in' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create a passkey' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticator app' }));

    expect(
      await screen.findByRole('img', { name: 'QR code to add this account to your authenticator app' }),
    ).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
    expect(await screen.findByText('Setup key copied.')).toBeVisible();

    const code = screen.getByRole('textbox', { name: /^Enter the 6-digit code the app shows/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(code).toHaveFocus();

    confirm = () => okReply(ENROLLED);
    await userEvent.type(code, '654321{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Save your recovery codes' })).toBeVisible();
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/login/enrolment/app', undefined],
      ['/login/enrolment/app/confirm', { factorId: SECRET.factorId, otp: '123456' }],
      ['/login/enrolment/app/confirm', { factorId: SECRET.factorId, otp: '654321' }],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(files.saved).toEqual(['recovery-codes.txt']);
    const text = await blobText(files.blobs[0]!);
    expect(text).toMatch(/^Recovery codes for .+\. Each code lets you sign in once/);
    expect(text.trim().split('\n').slice(-10)).toEqual(CODES);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenLastCalledWith(CODES.join('\n'));
    expect(await screen.findByText('Recovery codes copied.')).toBeVisible();

    // Continue waits for the box saying they were saved.
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes in a safe place' }));
    expect(next).toBeEnabled();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(next);
    expect(onDone).toHaveBeenCalledWith(TOKENS);
  });

  it('creates a passkey with its name, and says so when the device’s prompt was cancelled', async () => {
    const registration = { id: 'credential-1', rawId: 'credential-1', type: 'public-key', response: {} };
    vi.mocked(startRegistration)
      .mockRejectedValueOnce(new DOMException('Cancelled.', 'NotAllowedError'))
      .mockResolvedValue(registration as never);
    const calls = stubPortal((call) =>
      call.path === '/login/enrolment/passkey/options' ? okReply({ challenge: 'challenge-1' }) : okReply(ENROLLED),
    );
    renderEnrolment();
    await userEvent.click(screen.getByRole('button', { name: 'Create a passkey' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Passkey name (optional)' }), ' Work laptop ');
    await userEvent.click(screen.getByRole('button', { name: 'Create a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey could not be used. Try again or use another way.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create a passkey' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Save your recovery codes' })).toBeVisible();
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'challenge-1' } });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/login/enrolment/passkey/options', undefined],
      ['/login/enrolment/passkey/options', undefined],
      ['/login/enrolment/passkey', { response: registration, name: 'Work laptop' }],
    ]);
  });

  it('leads back to sign in once the setup has expired', async () => {
    stubPortal(() => refusal(401, 'This setup has expired. Please sign in again.'));
    const { onRestart } = renderEnrolment();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticator app' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This setup has expired. Please sign in again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Back to sign in' }));
    expect(onRestart).toHaveBeenCalled();
  });

  it('goes back to the choices', async () => {
    stubPortal(() => okReply(SECRET));
    renderEnrolment();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticator app' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Choose another way' }));
    expect(screen.getByRole('button', { name: 'Authenticator app' })).toBeVisible();
  });
});
