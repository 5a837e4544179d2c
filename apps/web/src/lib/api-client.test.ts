import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '@portal/shared/api/envelope';
import { okReply, stubPortal } from '../test-portal';
import { ApiError, authorizedDownload, authorizedRequest, setStepUpHandler } from './api-client';

const ZReply = envelope(z.unknown());
const STEP_UP = { errorCode: 'STEP_UP_REQUIRED', factors: ['app'] };
const stepUpRefusal = () =>
  new Response(JSON.stringify({ status: false, message: 'Confirm it’s you.', data: STEP_UP }), { status: 403 });

afterEach(() => setStepUpHandler(undefined));

describe('a signed-in call refused for a step-up', () => {
  it('is made once more when the handler confirms, and the action goes through', async () => {
    let answers = [stepUpRefusal(), okReply(undefined, 'Session ended.')];
    const calls = stubPortal(() => answers.shift()!);
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    await expect(authorizedRequest('/staff-security/sessions/end-others', ZReply, { method: 'POST' })).resolves.toEqual(
      {
        status: true,
        message: 'Session ended.',
      },
    );
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ status: 403, data: STEP_UP }));
    expect(calls.map((c) => c.path)).toEqual([
      '/staff-security/sessions/end-others',
      '/staff-security/sessions/end-others',
    ]);

    // A file download the same way.
    answers = [stepUpRefusal(), new Response('a,b\n', { status: 200 })];
    await expect(authorizedDownload('/audit/log/export', { method: 'POST' })).resolves.toBeInstanceOf(Blob);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('fails as refused when the step-up is given up, when none is asked for, and when the retry is refused', async () => {
    stubPortal(() => stepUpRefusal());
    setStepUpHandler(async () => false);
    const given = authorizedRequest('/staff-security/sessions/end-others', ZReply, { method: 'POST' });
    await expect(given).rejects.toEqual(new ApiError('Confirm it’s you.', 403, STEP_UP));

    setStepUpHandler(undefined);
    await expect(authorizedRequest('/staff/1/factors/reset', ZReply)).rejects.toBeInstanceOf(ApiError);

    // Asked once per call: a second refusal is the answer.
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    await expect(authorizedRequest('/staff/1/factors/reset', ZReply)).rejects.toMatchObject({ status: 403 });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
