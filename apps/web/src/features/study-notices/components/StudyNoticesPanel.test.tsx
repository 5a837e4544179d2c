import { screen } from '@testing-library/react';
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
    return okReply(posted);
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
    await user.click(screen.getByRole('button', { name: 'Yes, post it' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Notice posted to 1 participant.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: { en: 'New clinic hours', sp: 'Nuevo horario' },
      body: { en: 'Open on Saturdays.', sp: 'Abierta los sábados.' },
      healthSystemId: GEISINGER,
    });
    const table = await screen.findByRole('table', { name: 'Posted notices' });
    expect(table).toHaveTextContent('New clinic hoursNuevo horarioGeisinger1admin@example.org');
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
