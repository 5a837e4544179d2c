import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WithdrawDialog } from './WithdrawDialog';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WithdrawDialog open onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe.each(['en', 'sp'] as const)('the Withdraw dialog in %s', (language) => {
  it('needs a reason, asks for confirmation, then clears the browser and goes to the login page', async () => {
    await i18n.changeLanguage(language);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: true, message: 'ok' })));
    vi.stubGlobal('fetch', fetch);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    localStorage.setItem('authorize', '{}');
    sessionStorage.setItem('something', 'kept until now');
    renderDialog();

    await userEvent.click(screen.getByRole('button', { name: i18n.t('consent.withdraw.continue') }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('consent.reasonRequired'));
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(
      screen.getByRole('textbox', { name: new RegExp(i18n.t('consent.withdraw.reasonLabel')) }),
      'Moving away',
    );
    await userEvent.click(screen.getByRole('button', { name: i18n.t('consent.withdraw.continue') }));
    expect(screen.getByRole('heading', { name: i18n.t('consent.withdraw.confirmTitle') })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: i18n.t('consent.withdraw.confirm') }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login-patient'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/common-server/consent/withdraw');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'Moving away' });
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('shows the server’s refusal and stays signed in', async () => {
    await i18n.changeLanguage(language);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: false, message: 'Refused here' }), { status: 403 })),
    );
    localStorage.setItem('authorize', '{}');
    renderDialog();
    await userEvent.type(screen.getByRole('textbox'), 'Reason');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('consent.withdraw.continue') }));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('consent.withdraw.confirm') }));
    expect(await screen.findByText('Refused here')).toBeVisible();
    expect(localStorage.getItem('authorize')).toBe('{}');
  });
});
