import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { TInboxMessage } from '@portal/shared/inbox/messages';
import { i18n } from '../../lib/i18n';
import { SessionProvider } from '../../lib/session';
import { okReply, renderWithQueries, stubPortal } from '../../test-portal';
import { storeParticipantToken } from '../../test-session';
import MessagesPage from './MessagesPage';
import { MessagesLink } from './components/MessagesLink';

afterEach(() => localStorage.clear());

const SURVEY_REMINDER: TInboxMessage = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'surveyReminder',
  params: { closesOn: '2026-05-03' },
  title: null,
  body: null,
  createdAt: '2026-02-07T15:00:00.000Z',
  read: false,
};
const NOTICE: TInboxMessage = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'notice',
  params: {},
  title: { en: 'New clinic hours', sp: 'Nuevo horario de la clínica' },
  body: { en: 'Open on Saturdays.\n\nClosed on Sundays.', sp: 'Abierta los sábados.\n\nCerrada los domingos.' },
  createdAt: '2026-02-01T15:00:00.000Z',
  read: true,
};

/** A portal holding the two messages; reading one marks it and lowers the count, as the server does. */
function portal() {
  const read = new Set<string>([NOTICE.id]);
  const messages = () => [SURVEY_REMINDER, NOTICE].map((m) => ({ ...m, read: read.has(m.id) }));
  const unread = () => messages().filter((m) => !m.read).length;
  return stubPortal((call) => {
    if (call.path === '/messages')
      return okReply({ content: messages(), totalElements: 2, page: 0, size: 10, unread: unread() });
    if (call.path === '/messages/unread-count') return okReply({ unread: unread() });
    const id = /^\/messages\/(.+)\/read$/.exec(call.path)?.[1];
    if (id && call.method === 'PUT') {
      read.add(id);
      return okReply({ unread: unread() });
    }
    return new Response('{}', { status: 404 });
  });
}

function renderPage() {
  storeParticipantToken();
  return renderWithQueries(
    <SessionProvider>
      <MemoryRouter initialEntries={['/messages']}>
        <MessagesLink />
        <MessagesPage />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('the Messages page', () => {
  it('marks the unread with New and bold, opens one to read it (marking it read) with a link to what it asks for', async () => {
    const calls = portal();
    renderPage();
    const reminder = await screen.findByRole('button', { name: /Reminder: your questionnaires are ready/ });
    expect(reminder).toHaveTextContent('NewReminder: your questionnaires are ready02/07/2026');
    expect(reminder).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: /New clinic hours/ })).not.toHaveTextContent('New clinic hoursNew');
    expect(await screen.findAllByRole('link', { name: 'Messages, 1 unread' })).toHaveLength(2);
    expect(screen.getByText('1 unread message')).toBeInTheDocument();

    await userEvent.setup().click(reminder);
    expect(reminder).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByText(
        'Your Kidney Research Study questionnaires are waiting for you. Please answer them by 05/03/2026.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open Surveys' })).toHaveAttribute('href', '/survey');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      `/messages/${SURVEY_REMINDER.id}/read`,
    ]);
    expect(await screen.findAllByRole('link', { name: 'Messages' })).toHaveLength(2);
    expect(await screen.findByText('No unread messages')).toBeInTheDocument();
  });

  it('shows a notice in its own words in Spanish, a paragraph for each, and reading it again asks nothing', async () => {
    await i18n.changeLanguage('sp');
    const calls = portal();
    renderPage();
    const notice = await screen.findByRole('button', { name: /Nuevo horario de la clínica/ });
    expect(
      await screen.findByRole('button', { name: /Recordatorio: sus cuestionarios están listos/ }),
    ).toHaveTextContent('Nuevo');
    await userEvent.setup().click(notice);
    const text = document.getElementById(notice.getAttribute('aria-controls')!)!;
    expect(within(text).getAllByText(/Abierta los sábados\.|Cerrada los domingos\./)).toHaveLength(2);
    expect(within(text).queryByRole('link')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(await screen.findAllByRole('link', { name: 'Mensajes, 1 sin leer' })).toHaveLength(2);
  });

  it('says so when there is no message yet, and the header shows no count', async () => {
    stubPortal((call) =>
      call.path === '/messages'
        ? okReply({ content: [], totalElements: 0, page: 0, size: 10, unread: 0 })
        : okReply({ unread: 0 }),
    );
    renderPage();
    expect(await screen.findByText('You have no messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    // Nothing unread: no badge, so neither header link holds text its name lacks (a hidden badge keeps its "0").
    const links = await screen.findAllByRole('link', { name: 'Messages' });
    expect(links.map((link) => link.textContent)).toEqual(['', 'Messages ']);
  });

  it('keeps the header’s count and the list in step, puts no block inside a button, and keeps focus on paging', async () => {
    // The count answered first is stale (3); the list then says 1 unread, and the header takes the list's.
    const many = Array.from({ length: 11 }, (_, i) => ({
      ...NOTICE,
      id: `00000000-0000-4000-8000-0000000000${10 + i}`,
    }));
    stubPortal((call) => {
      if (call.path === '/messages') {
        const page = Number(call.query.get('page'));
        const content = [SURVEY_REMINDER, ...many].slice(page * 10, page * 10 + 10);
        return okReply({ content, totalElements: 12, page, size: 10, unread: 1 });
      }
      return okReply({ unread: 3 });
    });
    renderPage();
    const reminder = await screen.findByRole('button', { name: /Reminder: your questionnaires are ready/ });
    expect(await screen.findAllByRole('link', { name: 'Messages, 1 unread' })).toHaveLength(2);
    expect(reminder.querySelector('div')).toBeNull();
    expect(reminder.closest('h2')!.querySelector('div')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Older messages' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older messages' })).toBeDisabled();
    expect(screen.getByText('1 unread message')).toHaveFocus();
  });
});
