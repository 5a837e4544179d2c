import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TContactSettings } from '@portal/shared/client-config';
import { assistant as englishAssistant } from '@portal/shared/help/assistant-en';
import { assistant as spanishAssistant } from '@portal/shared/help/assistant-sp';
import { SessionProvider } from '../../lib/session';
import { storeParticipantToken } from '../../test-session';
import { stubPhoneScreen } from '../../test-media';
import { HelpAssistant } from './HelpAssistant';
import { setHelpToggleSlot } from './toggle-slot';

const CONTACT: TContactSettings = {
  phone: '1-800-555-0100',
  extension: '100',
  email: 'study@example.org',
  helpDeskUrl: 'https://help.example.org',
  hours: { en: 'Monday to Friday, 10am to 4pm Central', sp: 'De lunes a viernes, de 10 a. m. a 4 p. m.' },
  hoursAlternate: { en: 'Monday to Friday, 9am to 7pm CT', sp: 'De lunes a viernes, de 9 a. m. a 7 p. m.' },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Where the router is, to see that an answer link leads inside the app. */
function CurrentLocation() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${search}${hash}`}</output>;
}

function renderAssistant() {
  const fetch = vi.fn(async (url: string) =>
    url === '/common-server/client-config'
      ? json(200, {
          status: true,
          data: { payloadKey: 'key', captchaEnabled: false, contact: CONTACT, inactiveSessionTimeoutInMin: 30 },
        })
      : json(404, { status: false, message: 'Not found' }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/']}>
          <CurrentLocation />
          {/* The header's room for the toggle below `md`. */}
          <header ref={setHelpToggleSlot} />
          <HelpAssistant />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: i18n.t('help.toggle') }));
  const dialog = await screen.findByRole('dialog', { name: i18n.t('help.title') });
  await screen.findByRole('button', { name: i18n.t('help.send') });
  return dialog;
}

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(screen.getByRole('textbox', { name: i18n.t('help.questionLabel') }), `${question}{Enter}`);
  const log = screen.getByRole('log');
  await waitFor(() => expect(log).not.toHaveTextContent(i18n.t('help.thinking')), { timeout: 10_000 });
  return log;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('help assistant', () => {
  it('opens from the keyboard with focus in the question box, and Escape closes it back to the toggle', async () => {
    const user = userEvent.setup();
    renderAssistant();
    const toggle = screen.getByRole('button', { name: 'Help' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Help assistant' });
    expect(dialog).toHaveAttribute('aria-modal', 'false');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', dialog.id);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveFocus());
    expect(dialog).toHaveAccessibleDescription(i18n.t('help.greeting'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Help assistant' });
    await user.click(screen.getByRole('button', { name: 'Close help' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('answers an English question with the short answer and a link to the page that answers in full', async () => {
    storeParticipantToken();
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    const log = await ask(user, 'How do I change my password?');

    const best = englishAssistant.reply('How do I change my password?').matches[0]!.document;
    expect(log).toHaveTextContent('You asked: How do I change my password?');
    expect(log).toHaveTextContent(best.answer);
    const link = within(log).getByRole('link', { name: `Read more: ${best.title}` });
    expect(link).toHaveAttribute('href', '/profile-settings');
    expect(log).toHaveTextContent('(Using the portal)');

    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile-settings$/);
    // On a wide screen the window stays open beside the page.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks a suggested question when it is pressed, and offers further answers', async () => {
    storeParticipantToken();
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    await user.click(screen.getByRole('button', { name: 'How do I withdraw from the study?' }));
    const log = screen.getByRole('log');
    const [best, ...others] = englishAssistant.reply('How do I withdraw from the study?').matches;
    expect(await within(log).findByRole('link', { name: `Read more: ${best!.document.title}` })).toHaveAttribute(
      'href',
      best!.document.path,
    );
    expect(others.length).toBeGreaterThan(0);
    expect(log).toHaveTextContent('You may also find these helpful:');
    for (const match of others)
      expect(within(log).getByRole('link', { name: match.document.title })).toHaveAttribute(
        'href',
        match.document.path,
      );
  });

  it('gives a visitor the answer without links to pages that need signing in', async () => {
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    const question = 'What is hemodialysis?';
    const log = await ask(user, question);

    const [best, ...others] = englishAssistant.reply(question).matches;
    expect(best!.document.path).toMatch(/^\/education#/);
    expect(log).toHaveTextContent(best!.document.answer);
    expect(within(log).queryByRole('link', { name: `Read more: ${best!.document.title}` })).not.toBeInTheDocument();
    for (const match of others.filter((m) => !m.document.path.startsWith('/#')))
      expect(within(log).queryByRole('link', { name: match.document.title })).not.toBeInTheDocument();
    for (const link of within(log).queryAllByRole('link'))
      expect(link.getAttribute('href')).toMatch(
        /^(\/#|tel:|mailto:|\/(register-patient|login-patient|forgot-password)$)/,
      );
  });

  it('says plainly when it does not know, with the study team’s phone, hours and e-mail', async () => {
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    const log = await ask(user, 'what’s the weather tomorrow');

    expect(log).toHaveTextContent("I'm sorry, I don't know the answer to that.");
    expect(within(log).getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', `tel:${CONTACT.phone}`);
    expect(log).toHaveTextContent('ext. 100');
    expect(log).toHaveTextContent(CONTACT.hours.en);
    expect(within(log).getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`);
    // Signed out: the Contact Us page is for participants only.
    expect(within(log).queryByRole('link', { name: /Contact Us/ })).not.toBeInTheDocument();
  });

  it('offers signed-in participants the Contact Us page when it does not know', async () => {
    storeParticipantToken();
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    const log = await ask(user, 'who won the football game last night');
    expect(within(log).getByRole('link', { name: 'See every way to reach us on the Contact Us page' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  it('puts 911 and 988 first when a question sounds like an emergency or a crisis', async () => {
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    const log = await ask(user, 'I want to kill myself');

    const alert = within(log).getByRole('alert');
    expect(alert).toHaveTextContent('In an emergency, call 911 now.');
    expect(alert).toHaveTextContent('call or text 988');
    expect(within(alert).getByRole('link', { name: '911' })).toHaveAttribute('href', 'tel:911');
    expect(within(alert).getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988');
    expect(within(log).getByRole('link', { name: CONTACT.phone })).toBeInTheDocument();
  });

  it('links the English footer to the help desk, in a new tab', async () => {
    const user = userEvent.setup();
    renderAssistant();
    const dialog = await openChat(user);
    const helpDesk = await within(dialog).findByRole('link', { name: 'Visit our help desk (opens in a new tab)' });
    expect(helpDesk).toHaveAttribute('href', CONTACT.helpDeskUrl);
    expect(helpDesk).toHaveAttribute('target', '_blank');
    expect(helpDesk).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).queryByRole('link', { name: /Escríbanos/ })).not.toBeInTheDocument();
  });

  it('greets, answers and points to the study e-mail in Spanish', async () => {
    await i18n.changeLanguage('sp');
    const user = userEvent.setup();
    renderAssistant();
    expect(screen.getByRole('button', { name: 'Ayuda' })).toBeInTheDocument();
    const dialog = await openChat(user);
    expect(dialog).toHaveAccessibleName('Asistente de ayuda');
    expect(dialog).toHaveAccessibleDescription(/^¡Hola! Puedo responder preguntas sobre el estudio/);
    expect(within(dialog).getByRole('button', { name: 'Cerrar la ayuda' })).toBeInTheDocument();

    const log = await ask(user, '¿Cuesta algo participar?');
    const best = spanishAssistant.reply('¿Cuesta algo participar?').matches[0]!.document;
    expect(log).toHaveTextContent(best.answer);
    expect(within(log).getByRole('link', { name: `Más información: ${best.title}` })).toHaveAttribute(
      'href',
      '/#faq-cost',
    );
    expect(log).toHaveTextContent('(Preguntas frecuentes)');

    const email = within(dialog).getByRole('link', { name: `¿Necesita más ayuda? Escríbanos a ${CONTACT.email}` });
    expect(email).toHaveAttribute('href', `mailto:${CONTACT.email}`);
    expect(within(dialog).queryByRole('link', { name: /mesa de ayuda/i })).not.toBeInTheDocument();
  });

  it('says so in Spanish when it does not know, and gives 988 with the Spanish option', async () => {
    await i18n.changeLanguage('sp');
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    let log = await ask(user, 'cual es la capital de francia');
    expect(log).toHaveTextContent('Lo siento, no sé la respuesta a esa pregunta.');
    expect(log).toHaveTextContent(CONTACT.hours.sp);

    log = await ask(user, 'pienso en el suicidio');
    const alert = within(log).getByRole('alert');
    expect(alert).toHaveTextContent('En una emergencia, llame al 911 ahora mismo.');
    expect(alert).toHaveTextContent('llame o envíe un mensaje de texto al 988 (oprima 2 para español)');
  });

  it('does not send an empty question, and says why', async () => {
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    const log = screen.getByRole('log');
    const box = screen.getByRole('textbox', { name: 'Your question' });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please type a question.');
    expect(box).toHaveAccessibleDescription('Please type a question.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.type(box, '   {Enter}');
    expect(log).toBeEmptyDOMElement();

    await user.type(box, 'Does it cost anything?');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('maxLength', '300');
  });

  it('keeps the conversation when closed and reopened, and closes on phones when an answer link is followed', async () => {
    stubPhoneScreen();
    const user = userEvent.setup();
    renderAssistant();
    await openChat(user);
    await ask(user, 'Does it cost anything?');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('Does it cost anything?');

    await user.click(within(log).getByRole('link', { name: /^Read more:/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/#faq-cost');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('floats on a wide screen and sits in the header on a phone, so it never lies over the page', async () => {
    renderAssistant();
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Help' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Help' })).toHaveClass('MuiFab-root');
    cleanup();

    stubPhoneScreen();
    renderAssistant();
    const toggle = within(screen.getByRole('banner')).getByRole('button', { name: 'Help' });
    expect(toggle).not.toHaveClass('MuiFab-root');
    expect(screen.getAllByRole('button', { name: 'Help' })).toEqual([toggle]);
  });

  it('stores nothing of the conversation in the browser and sends none of it to the server', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const cookies = document.cookie;
    const user = userEvent.setup();
    const fetch = renderAssistant();
    await openChat(user);
    await ask(user, 'How do I change my password?');
    await ask(user, 'what’s the weather tomorrow');

    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(document.cookie).toBe(cookies);
    for (const [url] of fetch.mock.calls) expect(url).toBe('/common-server/client-config');
  });
});
