import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '@portal/shared/api/envelope';
import { ApiError, authorizedRequest } from '../../lib/api-client';
import { okReply, renderAsStaff, stubPortal, type PortalCall } from '../../test-portal';
import { StepUpPrompt } from './StepUpPrompt';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const ZReply = envelope(z.unknown());
const ASK = "Confirm it's you: enter your second factor again to continue.";
const WRONG = 'That code is not right or was already used. Check the code and try again.';
const ACTION = '/staff-security/sessions/end-others';

afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

const refusal = (status: number, message: string, data?: unknown) =>
  new Response(JSON.stringify({ status: false, message, data }), { status });

/**
 * A portal whose dangerous action asks for a step-up until one succeeds; the step-up's answer is `stepUp`'s.
 */
function stubStepUp(stepUp: (call: PortalCall) => Response, factors = ['app', 'passkey']) {
  let confirmed = false;
  return stubPortal((call) => {
    if (call.path.startsWith('/staff-security/step-up')) {
      const answer = stepUp(call);
      if (answer.ok && call.path !== '/staff-security/step-up/passkey/options') confirmed = true;
      return answer;
    }
    return confirmed
      ? okReply(undefined, 'All your other sessions have ended.')
      : refusal(403, ASK, { errorCode: 'STEP_UP_REQUIRED', factors });
  });
}

const actionCalls = (calls: PortalCall[]) => calls.filter((c) => c.path === ACTION);

describe('the "Confirm it’s you" dialog', () => {
  it('asks for the second factor, keeps a wrong code’s refusal in the dialog, then makes the call again', async () => {
    let stepUp = () => refusal(400, WRONG, { errorCode: 'INVALID_OTP' });
    const calls = stubStepUp(() => stepUp());
    renderAsStaff(<StepUpPrompt />);
    const action = authorizedRequest(ACTION, ZReply, { method: 'POST' });

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(dialog).toHaveAccessibleDescription(ASK);
    const code = within(dialog).getByRole('textbox', { name: /^Authentication code/ });
    expect(code).toHaveFocus();
    await userEvent.type(code, '123456{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WRONG);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(code).toHaveFocus();

    stepUp = () => okReply(undefined, 'Thank you: it’s confirmed.');
    await userEvent.type(code, '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await expect(action).resolves.toMatchObject({ message: 'All your other sessions have ended.' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      [ACTION, undefined],
      ['/staff-security/step-up', { otp: '123456' }],
      ['/staff-security/step-up', { otp: '654321' }],
      [ACTION, undefined],
    ]);
    expect(calls[1]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('takes a recovery code, and asks once for calls refused together', async () => {
    const calls = stubStepUp(() => okReply(undefined));
    renderAsStaff(<StepUpPrompt />);
    const first = authorizedRequest(ACTION, ZReply, { method: 'POST' });
    const second = authorizedRequest(ACTION, ZReply, { method: 'POST' });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Recovery code/ }), 'ABCD-EFGH-JKMN{Enter}');
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(calls.filter((c) => c.path === '/staff-security/step-up').map((c) => c.body)).toEqual([
      { otp: 'ABCD-EFGH-JKMN' },
    ]);
    expect(actionCalls(calls)).toHaveLength(4);
  });

  it('confirms with a passkey', async () => {
    const assertion = { id: 'credential-1', rawId: 'credential-1', type: 'public-key', response: {} };
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const calls = stubStepUp(
      (call) => (call.path.endsWith('/options') ? okReply({ challenge: 'challenge-1' }) : okReply(undefined)),
      ['passkey'],
    );
    renderAsStaff(<StepUpPrompt />);
    const action = authorizedRequest(ACTION, ZReply, { method: 'POST' });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use your passkey' }));
    await expect(action).resolves.toMatchObject({ status: true });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      [ACTION, undefined],
      ['/staff-security/step-up/passkey/options', undefined],
      ['/staff-security/step-up/passkey', { response: assertion }],
      [ACTION, undefined],
    ]);
  });

  it('lets the call fail as refused when cancelled', async () => {
    const calls = stubStepUp(() => okReply(undefined));
    renderAsStaff(<StepUpPrompt />);
    const failure = authorizedRequest(ACTION, ZReply, { method: 'POST' }).catch((error: unknown) => error);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await failure).toEqual(
      new ApiError(ASK, 403, { errorCode: 'STEP_UP_REQUIRED', factors: ['app', 'passkey'] }),
    );
    expect(calls).toHaveLength(1);
  });
});
