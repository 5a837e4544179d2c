import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TStudyNotice } from '@portal/shared/inbox/notices';
import { i18n } from '../../../lib/i18n';
import { okReply, renderAsStaff, stubPortal } from '../../../test-portal';
import { StudyNoticesPanel } from './StudyNoticesPanel';

afterEach(() => localStorage.clear());

const GEISINGER = '40ba5934-57e7-4292-be17-596aa4527621';
const AUDIENCES = {
  everyone: 5,
  healthSystems: [
    { id: GEISINGER, name: 'Geisinger', recipients: 1 },
    { id: '50ba5934-57e7-4292-be17-596aa4527622', name: 'Riverside', recipients: 4 },
  ],
};
const POSTED: TStudyNotice = {
  id: '60ba5934-57e7-4292-be17-596aa4527623',
  title: { en: 'New clinic hours', sp: 'Nuevo horario' },
  body: { en: 'Open on Saturdays.', sp: 'Abierta los sábados.' },
  healthSystemId: GEISINGER,
  healthSystemName: 'Geisinger',
  recipients: 1,
  postedAt: '2026-03-02T16:00:00.000Z',
  postedBy: 'admin@example.org',
};

function portal(answerPost: () => Response = () => okReply(POSTED)) {
  const posted: TStudyNotice[] = [];
  return stubPortal((call) => {
    if (call.path === '/study-notices/audiences') return okReply(AUDIENCES);
    if (call.path === '/study-notices' && call.method === 'POST') {
      const reply = answerPost();
      if (reply.ok) posted.push(POSTED);
      return reply;
    }
    return okReply({ content: posted, totalElements: posted.length, page: 0, size: 10 });
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Title in English' }), 'New clinic hours');
  await user.type(screen.getByRole('textbox', { name: 'Message in English' }), 'Open on Saturdays.');
  await user.type(screen.getByRole('textbox', { name: 'Title in Spanish' }), 'Nuevo horario');
  await user.type(screen.getByRole('textbox', { name: 'Message in Spanish' }), 'Abierta los sábados.');
}

describe('Study notices', () => {
  it('posts a notice to one health system after saying how many it goes to, then lists it', async () => {
    const calls = portal();
    renderAsStaff(<StudyNoticesPanel />);
    expect(await screen.findByText('No notice has been posted yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await fill(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send to' }), 'Geisinger (1 participant)');
    await user.click(screen.getByRole('button', { name: 'Post notice' }));
    expect(
      screen.getByText(
        'It goes to the participants of Geisinger: 1 participant, in Messages and by e-mail. A posted notice cannot be taken back.',
      ),
    ).toBeInTheDocument();
    // Both languages' titles and messages, to check before posting.
    for (const text of ['In English', 'New clinic hours', 'Open on Saturdays.', 'In Spanish', 'Nuevo horario'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Abierta los sábados.').closest('[lang]')).toHaveAttribute('lang', 'es');
    await user.click(screen.getByRole('button', { name: 'Yes, post it' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Notice posted to 1 participant.');
    // The confirmation's buttons are gone: focus is on the form's heading, not lost.
    expect(screen.getByRole('heading', { name: 'Post a notice' })).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: { en: 'New clinic hours', sp: 'Nuevo horario' },
      body: { en: 'Open on Saturdays.', sp: 'Abierta los sábados.' },
      healthSystemId: GEISINGER,
    });
    const table = await screen.findByRole('table', { name: 'Posted notices' });
    expect(table).toHaveTextContent('New clinic hoursNuevo horarioGeisinger1admin@example.org');

    // Opening a posted notice shows its texts in both languages, as written.
    const notice = within(table).getByRole('button', { name: /New clinic hours/ });
    expect(notice).toHaveAttribute('aria-expanded', 'false');
    await user.click(notice);
    expect(notice).toHaveAttribute('aria-expanded', 'true');
    const texts = document.getElementById(notice.getAttribute('aria-controls')!)!;
    expect(texts).toHaveTextContent(
      'In EnglishNew clinic hoursOpen on Saturdays.In SpanishNuevo horarioAbierta los sábados.',
    );
  });

  it('pages the posted notices, focus on the list’s heading when the pressed button turns disabled', async () => {
    const notices = Array.from({ length: 11 }, (_, i) => ({
      ...POSTED,
      id: `60ba5934-57e7-4292-be17-5964a45276${10 + i}`,
      title: { en: `Notice ${i + 1}`, sp: `Aviso ${i + 1}` },
    }));
    const calls = stubPortal((call) => {
      if (call.path === '/study-notices/audiences') return okReply(AUDIENCES);
      const page = Number(call.query.get('page'));
      return okReply({ content: notices.slice(page * 10, page * 10 + 10), totalElements: 11, page, size: 10 });
    });
    renderAsStaff(<StudyNoticesPanel />, 'auditor');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Older notices' }));
    expect(await screen.findByRole('button', { name: /Notice 11/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older notices' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Posted notices' })).toHaveFocus();
    expect(calls.map((c) => `${c.path}?${c.query.toString()}`)).toEqual([
      '/study-notices?page=0&size=10',
      '/study-notices?page=1&size=10',
    ]);
  });

  it('says under each box what is missing, in Spanish, before anything is sent', async () => {
    await i18n.changeLanguage('sp');
    const calls = portal();
    renderAsStaff(<StudyNoticesPanel />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Título en inglés' }), 'Horario');
    await user.click(screen.getByRole('button', { name: 'Publicar aviso' }));
    expect(await screen.findAllByText('Escriba un mensaje.')).toHaveLength(2);
    expect(screen.getByText('Escriba un título.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Enviar a' })).toHaveDisplayValue('Todos (5 participantes)');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows an auditor the posted notices without the form', async () => {
    portal();
    renderAsStaff(<StudyNoticesPanel />, 'auditor');
    expect(await screen.findByText('No notice has been posted yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post notice' })).toBeNull();
  });
});
