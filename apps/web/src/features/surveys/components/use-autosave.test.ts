import { act, renderHook, waitFor } from '@testing-library/react';
import { Model } from 'survey-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLoginData, saveTokens } from '../../../lib/auth-storage';
import { chooseLanguage } from '../../../lib/language';
import { useAutosave } from './use-autosave';

const RESPONSE = '22222222-2222-4222-8222-222222222222';
const FORM = {
  pages: [
    { name: 'one', elements: [{ type: 'text', name: 'a' }] },
    { name: 'two', elements: [{ type: 'text', name: 'b' }] },
  ],
};

afterEach(() => {
  clearLoginData();
  vi.useRealTimers();
});

function setup(reply: () => Response = () => new Response(JSON.stringify({ status: true, data: { savedAt: 'x' } }))) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => reply());
  vi.stubGlobal('fetch', fetch);
  const model = new Model(FORM);
  const hook = renderHook(() => useAutosave(RESPONSE, model, true));
  const puts = () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([url, init]) => ({ url, body: JSON.parse(String(init!.body)), keepalive: Boolean(init?.keepalive) }));
  return { model, hook, puts };
}

describe('saving answers as the participant goes', () => {
  it('saves 1.5 seconds after a change, and at once on a page turn', async () => {
    vi.useFakeTimers();
    const { model, hook, puts } = setup();
    model.setValue('a', 'first');
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(puts()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(puts()).toEqual([
      {
        url: `/common-server/survey/response/${RESPONSE}`,
        body: { answers: { a: 'first' }, pageNo: 0 },
        keepalive: false,
      },
    ]);
    expect(hook.result.current.state).toEqual({ kind: 'saved' });

    act(() => {
      model.nextPage();
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(puts().at(-1)!.body).toEqual({ answers: { a: 'first' }, pageNo: 1 });
    // Nothing new: nothing sent.
    await act(() => hook.result.current.flush());
    expect(puts()).toHaveLength(2);
  });

  it('reports a failed save in the server’s words and tries again with the next change', async () => {
    let fail = true;
    const { model, hook, puts } = setup(() =>
      fail
        ? new Response(JSON.stringify({ status: false, message: 'The time to answer this survey is over.' }), {
            status: 409,
          })
        : new Response(JSON.stringify({ status: true, data: { savedAt: 'x' } })),
    );
    model.setValue('a', 'one');
    await act(() => hook.result.current.flush());
    expect(hook.result.current.state).toEqual({ kind: 'failed', message: 'The time to answer this survey is over.' });
    fail = false;
    await act(() => hook.result.current.flush());
    expect(hook.result.current.state).toEqual({ kind: 'saved' });
    expect(puts().map((p) => p.body.answers)).toEqual([{ a: 'one' }, { a: 'one' }]);
  });

  it('sends what is new with a keepalive request when the page goes away, and nothing once stopped', async () => {
    saveTokens({ access_token: 'token', refresh_token: 'refresh', expires_in: 300, token_type: 'Bearer' });
    const { model, hook, puts } = setup();
    model.setValue('a', 'leaving');
    window.dispatchEvent(new Event('pagehide'));
    expect(puts()).toEqual([
      {
        url: `/common-server/survey/response/${RESPONSE}`,
        body: { answers: { a: 'leaving' }, pageNo: 0 },
        keepalive: true,
      },
    ]);
    act(() => hook.result.current.stop());
    model.setValue('a', 'after submission');
    await act(() => hook.result.current.flush());
    window.dispatchEvent(new Event('pagehide'));
    expect(puts()).toHaveLength(1);
  });

  it('finishes saving before a language change reloads the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { model, puts } = setup();
    model.setValue('b', 'kept');
    await chooseLanguage('sp', 'en');
    expect(puts().map((p) => p.body.answers)).toEqual([{ b: 'kept' }]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('saves what is new when the questionnaire closes inside the portal', async () => {
    const { model, hook, puts } = setup();
    model.setValue('a', 'closing');
    hook.unmount();
    await waitFor(() => expect(puts().map((p) => p.body.answers)).toEqual([{ a: 'closing' }]));
  });
});
