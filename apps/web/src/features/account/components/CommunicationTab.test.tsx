import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CommunicationTab } from './CommunicationTab';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderTab(view: () => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'PUT' ? json(200, { status: true, message: 'ok' }) : view(),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CommunicationTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe.each(['en', 'sp'] as const)('Communication Preferences in %s', (language) => {
  it('keeps at least one ticked without calling the server, then saves', async () => {
    await i18n.changeLanguage(language);
    const fetch = renderTab(() =>
      json(200, { status: true, data: { emailSubscription: true, newsletterSubscription: false } }),
    );
    const email = await screen.findByRole('checkbox', { name: new RegExp(i18n.t('account.communication.email')) });
    expect(screen.getByRole('checkbox', { name: new RegExp(i18n.t('account.communication.text')) })).toBeDisabled();
    await userEvent.click(email);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('account.save') }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('error.communication.atLeastOne'));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('checkbox', { name: new RegExp(i18n.t('account.communication.newsletter')) }),
    );
    await userEvent.click(screen.getByRole('button', { name: i18n.t('account.save') }));
    expect(await screen.findByText(i18n.t('account.communication.updated'))).toBeVisible();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ emailSubscription: false, newsletterSubscription: true });
  });

  it('says so when the preferences cannot be loaded', async () => {
    await i18n.changeLanguage(language);
    renderTab(() => json(500, { status: false, message: 'down' }));
    expect(await screen.findByText(i18n.t('account.fetchFailed'))).toBeVisible();
  });
});
