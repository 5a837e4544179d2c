import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../../lib/i18n';
import { MemoryRouter } from 'react-router';
import { DEFAULT_CONTACT, type TClientConfig } from '@portal/shared/client-config';
import ContactUsPage from './ContactUsPage';

const CONFIG: TClientConfig = {
  payloadKey: 'x',
  captchaEnabled: false,
  inactiveSessionTimeoutInMin: 30,
  contact: DEFAULT_CONTACT,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderPage(reply: () => Response = () => json(200, { status: true, data: CONFIG })) {
  const fetch = vi.fn(async (_input: RequestInfo | URL) => reply());
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/contact-us']}>
        <main>
          <ContactUsPage />
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe.each(['en', 'sp'] as const)('Contact Us in %s', (language) => {
  const { contact } = CONFIG;

  it('asks the settings for the contact details, with headings in order', async () => {
    await i18n.changeLanguage(language);
    const fetch = renderPage();
    expect(screen.getByRole('progressbar', { name: i18n.t('common.loading') })).toBeInTheDocument();
    await screen.findByRole('link', { name: contact.phone });
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/client-config$/);

    const headings = screen.getAllByRole('heading');
    expect(headings.map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H1', i18n.t('pages.contactUs')],
      ['H2', i18n.t('contact.callHeading')],
      ['H2', i18n.t('contact.emailHeading')],
      ['H2', i18n.t('contact.helpDeskHeading')],
    ]);
    expect(document.title).toContain(i18n.t('pages.contactUs'));
  });

  it('has nothing axe can find against WCAG 2.2 AA', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    await screen.findByRole('link', { name: contact.phone });
    const results = await axe.run(document.body, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      // jsdom paints nothing; contrast is checked in the browser journeys.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('gives the phone as a tel: link with its extension and phone hours', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    const phone = await screen.findByRole('link', { name: contact.phone });
    expect(phone).toHaveAttribute('href', `tel:${contact.phone}`);
    const call = screen.getByRole('region', { name: i18n.t('contact.callHeading') });
    expect(call).toHaveTextContent(`ext. ${contact.extension}`);
    expect(within(call).getByText(i18n.t('contact.phoneHours'))).toBeInTheDocument();
    expect(within(call).getByText(contact.hours[language])).toBeInTheDocument();
  });

  it('gives the e-mail as a mailto: link with the other reading of the hours', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    const email = await screen.findByRole('link', { name: contact.email });
    expect(email).toHaveAttribute('href', `mailto:${contact.email}`);
    const region = screen.getByRole('region', { name: i18n.t('contact.emailHeading') });
    expect(within(region).getByText(i18n.t('contact.emailHours'))).toBeInTheDocument();
    expect(within(region).getByText(contact.hoursAlternate[language])).toBeInTheDocument();
  });

  it('opens the help desk in a new tab, and says so', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    const link = await screen.findByRole('link', {
      name: (name) => name.startsWith(i18n.t('contact.helpDeskLink')),
    });
    expect(link).toHaveAttribute('href', contact.helpDeskUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('hreflang', 'en');
    expect(link).toHaveTextContent(i18n.t('contact.newTab'));
  });

  it('says the study team gives no medical advice and to call 911 in an emergency', async () => {
    await i18n.changeLanguage(language);
    renderPage();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(i18n.t('contact.medicalNote'));
    expect(note).toHaveTextContent('911');
  });

  it('says so when the contact details cannot be loaded, and tries again on request', async () => {
    await i18n.changeLanguage(language);
    let fail = true;
    renderPage(() =>
      fail ? json(500, { status: false, message: 'down' }) : json(200, { status: true, data: CONFIG }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('contact.loadFailed'));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: i18n.t('common.retry') }));
    expect(await screen.findByRole('link', { name: contact.phone })).toBeInTheDocument();
  });
});

describe('Contact Us help desk language', () => {
  it('tells Spanish readers that the help desk is in English only', async () => {
    await i18n.changeLanguage('sp');
    renderPage();
    const link = await screen.findByRole('link', { name: /mesa de ayuda/i });
    expect(link).toHaveTextContent('solo en inglés');
  });

  it('does not call the help desk English only in English', async () => {
    await i18n.changeLanguage('en');
    renderPage();
    const link = await screen.findByRole('link', { name: /help desk/i });
    expect(link).not.toHaveTextContent(/english only/i);
  });
});
