import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CommunicationTab } from './CommunicationTab';

const ALL = { reminders: true, invitations: true, news: true };
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
      json(200, { status: true, data: { emailSubscription: true, newsletterSubscription: false, categories: ALL } }),
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
    // No category was touched, so none is sent: the server keeps each as it has it.
    expect(JSON.parse(String(put[1]!.body))).toEqual({ emailSubscription: false, newsletterSubscription: true });
  });

  it('shows the e-mails one gets, says account mail always goes and leaving is not withdrawing, and saves them', async () => {
    await i18n.changeLanguage(language);
    const categories = { reminders: false, invitations: true, news: true };
    const fetch = renderTab(() =>
      json(200, { status: true, data: { emailSubscription: true, newsletterSubscription: true, categories } }),
    );
    const group = await screen.findByRole('group', { name: i18n.t('account.communication.categories.legend') });
    const box = (key: string) => within(group).getByRole('checkbox', { name: new RegExp(i18n.t(key)) });
    expect(box('account.communication.categories.reminders')).not.toBeChecked();
    expect(box('account.communication.categories.invitations')).toBeChecked();
    expect(box('account.communication.categories.news')).toBeChecked();
    expect(group).toHaveAccessibleDescription(
      `${i18n.t('account.communication.categories.alwaysSent')} ${i18n.t('account.communication.categories.notWithdrawing')}`,
    );

    await userEvent.click(box('account.communication.categories.reminders'));
    await userEvent.click(box('account.communication.categories.news'));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('account.save') }));
    expect(await screen.findByText(i18n.t('account.communication.updated'))).toBeVisible();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    // Only the two changed: invitations, untouched, may have been left from an e-mail since the form loaded.
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      emailSubscription: true,
      newsletterSubscription: true,
      categories: { reminders: true, news: false },
    });
  });

  it('sends a category only when the form changed it since it was loaded or last saved', async () => {
    await i18n.changeLanguage(language);
    const fetch = renderTab(() =>
      json(200, { status: true, data: { emailSubscription: true, newsletterSubscription: true, categories: ALL } }),
    );
    const group = await screen.findByRole('group', { name: i18n.t('account.communication.categories.legend') });
    const box = (key: string) => within(group).getByRole('checkbox', { name: new RegExp(i18n.t(key)) });
    const puts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => init!.body);
    const save = async (count: number) => {
      await userEvent.click(screen.getByRole('button', { name: i18n.t('account.save') }));
      await vi.waitFor(() => expect(puts()).toHaveLength(count));
      return JSON.parse(String(puts()[count - 1])) as unknown;
    };

    // Ticked off and on again: no change, nothing sent.
    await userEvent.click(box('account.communication.categories.news'));
    await userEvent.click(box('account.communication.categories.news'));
    await userEvent.click(box('account.communication.categories.invitations'));
    expect(await save(1)).toEqual({
      emailSubscription: true,
      newsletterSubscription: true,
      categories: { invitations: false },
    });
    // After a save, what was saved is the new starting point: ticking invitations again sends it alone.
    await userEvent.click(box('account.communication.categories.invitations'));
    expect(await save(2)).toEqual({
      emailSubscription: true,
      newsletterSubscription: true,
      categories: { invitations: true },
    });
  });

  it('shows after a save a category left meanwhile from an e-mail, which the form did not send', async () => {
    await i18n.changeLanguage(language);
    // Reminders were left from an e-mail's link while the form was open: the second read says so.
    let reads = 0;
    const fetch = renderTab(() => {
      reads += 1;
      const categories = reads === 1 ? ALL : { ...ALL, reminders: false };
      return json(200, { status: true, data: { emailSubscription: true, newsletterSubscription: true, categories } });
    });
    const group = await screen.findByRole('group', { name: i18n.t('account.communication.categories.legend') });
    const box = (key: string) => within(group).getByRole('checkbox', { name: new RegExp(i18n.t(key)) });
    expect(box('account.communication.categories.reminders')).toBeChecked();

    await userEvent.click(box('account.communication.categories.news'));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('account.save') }));
    expect(await screen.findByText(i18n.t('account.communication.updated'))).toBeVisible();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      emailSubscription: true,
      newsletterSubscription: true,
      categories: { news: false },
    });
    expect(box('account.communication.categories.reminders')).not.toBeChecked();
    expect(box('account.communication.categories.news')).not.toBeChecked();
    expect(box('account.communication.categories.invitations')).toBeChecked();
  });

  it('says so when the preferences cannot be loaded', async () => {
    await i18n.changeLanguage(language);
    renderTab(() => json(500, { status: false, message: 'down' }));
    expect(await screen.findByText(i18n.t('account.fetchFailed'))).toBeVisible();
  });
});
