import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordTab } from './ChangePasswordTab';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The policy call fails (the built-in policy applies); `update` answers PUT /update-password. */
function renderTab(update: () => Promise<Response>) {
  const fetch = vi.fn(async (url: string) =>
    url.endsWith('/update-password') ? update() : json(500, { status: false, message: 'down' }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ChangePasswordTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const fill = async (current: string, next: string) => {
  await userEvent.type(await screen.findByLabelText(i18n.t('account.password.current'), { exact: false }), current);
  await userEvent.type(screen.getByLabelText(i18n.t('account.password.new'), { exact: false }), next);
  await userEvent.click(screen.getByRole('button', { name: i18n.t('account.save') }));
};

describe.each(['en', 'sp'] as const)('Change Password in %s', (language) => {
  it('asks for both passwords before calling the server', async () => {
    await i18n.changeLanguage(language);
    const fetch = renderTab(async () => json(200, { status: true }));
    await userEvent.click(await screen.findByRole('button', { name: i18n.t('account.save') }));
    expect(await screen.findByText(i18n.t('error.password.currentRequired'))).toBeVisible();
    expect(screen.getByText(i18n.t('error.password.newRequired'))).toBeVisible();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/update-password'))).toBe(false);
  });

  it('puts the server’s wrong-current-password message under the current password', async () => {
    await i18n.changeLanguage(language);
    const message = i18n.t('error.password.wrongCurrent');
    renderTab(async () => json(400, { status: false, message, data: [{ errorField: 'password', message }] }));
    await fill('Not#Mine123', 'Riñon#2027');
    const current = screen.getByLabelText(i18n.t('account.password.current'), { exact: false });
    expect(await screen.findByText(message)).toBeVisible();
    expect(current).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the connection fails, and shows the server’s message on success', async () => {
    await i18n.changeLanguage(language);
    let fail = true;
    renderTab(async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return json(200, { status: true, message: 'Changed on the server' });
    });
    await fill('Kidney#2026', 'Riñon#2027');
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('error.password.network'));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: i18n.t('account.save') }));
    expect(await screen.findByText('Changed on the server')).toBeVisible();
    expect(screen.getByLabelText(i18n.t('account.password.current'), { exact: false })).toHaveValue('');
  });
});
