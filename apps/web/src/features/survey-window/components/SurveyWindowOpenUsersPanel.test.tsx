import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import { SessionProvider } from '../../../lib/session';
import { storeStaffToken } from '../../../test-session';
import { SurveyWindowOpenUsersPanel } from './SurveyWindowOpenUsersPanel';

afterEach(() => {
  vi.unstubAllEnvs();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const title = (en: string, sp: string) => ({ en, sp });
const ROW = {
  roundId: 'r1',
  userId: 'u1',
  email: 'rose.walker@example.org',
  name: 'Rose Walker',
  roundNumber: 1,
  opensAt: '2026-03-01T12:00:00.000Z',
  closesAt: '2026-05-30T12:00:00.000Z',
  questionnaires: [
    { formKey: 'core', title: title('About you', 'Sobre usted'), progress: 'started' },
    { formKey: 'quality-of-life', title: title('Quality of life', 'Calidad de vida'), progress: 'notStarted' },
    { formKey: 'health-status', title: title('Health status', 'Estado de salud'), progress: 'submitted' },
  ],
};
const COUNT = { openWindows: 4, notStarted: 2, started: 1, submitted: 1 };
const DAYS = [
  { date: '2026-03-04', openWindows: 3, submitted: 0 },
  { date: '2026-03-05', openWindows: 4, submitted: 2 },
];

/** Answers each call of the tab from `replies` (by path), and keeps what was asked. */
function stubApi(replies: Record<string, Response | (() => Response)>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const path = new URL(url, 'http://portal.test').pathname.replace('/common-server', '');
      const reply = replies[path];
      return typeof reply === 'function' ? reply() : (reply ?? json(404, { status: false, message: 'Not found' }));
    }),
  );
  return asked;
}

const working = () => ({
  '/survey/report/count': () => json(200, { status: true, data: COUNT }),
  '/survey/report/completion': () => json(200, { status: true, data: { timeZone: 'America/Chicago', days: DAYS } }),
  '/survey/opened-users': () =>
    json(200, { status: true, data: { content: [ROW], totalElements: 1, page: 0, size: 10 } }),
});

function renderPanel(role: StaffRole = 'studyAdmin') {
  storeStaffToken(role);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <SurveyWindowOpenUsersPanel />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('SurveyWindowOpenUsersPanel', () => {
  it('shows the counts, the figures per day, and each open window with its dates and questionnaires in words', async () => {
    vi.stubEnv('TZ', 'America/Chicago');
    const asked = stubApi(working());
    const user = userEvent.setup();
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Participants with an open survey window' });
    expect(asked).toContain('/common-server/survey/opened-users?page=0&size=10&sort=closesAt,asc');
    expect(within(table).getByRole('columnheader', { name: 'Closes On' })).toHaveAttribute('aria-sort', 'ascending');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Rose Walker',
      'rose.walker@example.org',
      '1',
      '03/01/2026',
      '05/30/2026',
      'About you: In progressQuality of life: Not startedHealth status: Submitted',
    ]);
    expect(within(cells[5]!).getAllByRole('listitem')).toHaveLength(3);

    const counts = await screen.findByRole('region', { name: 'Open survey windows right now' });
    expect(
      within(counts)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Open windows', 'Not started', 'Started, not finished', 'Every questionnaire submitted']);
    expect(
      within(counts)
        .getAllByRole('definition')
        .map((figure) => figure.textContent),
    ).toEqual(['4', '2', '1', '1']);

    // The chart is loaded on its own, after the rest of the tab.
    const chart = await screen.findByRole(
      'figure',
      { name: 'Open windows and submitted questionnaires, last 30 days' },
      { timeout: 10_000 },
    );
    expect(asked).toContain('/common-server/survey/report/completion?days=30');
    expect(
      within(chart).getByRole('img', {
        name: 'Line chart by day from 03/04/2026 to 03/05/2026: open windows went from 3 to 4, and 2 questionnaires were submitted in all.',
      }),
    ).toBeInTheDocument();
    const rows = within(chart).getAllByRole('row', { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayOpen windowsQuestionnaires submitted',
      '03/04/202630',
      '03/05/202642',
    ]);

    await user.click(within(table).getByRole('button', { name: 'Opened On' }));
    await vi.waitFor(() =>
      expect(asked.at(-1)).toBe('/common-server/survey/opened-users?page=0&size=10&sort=opensAt,asc'),
    );
  });

  it('says so in Spanish when nothing is open, and when a report cannot be loaded, with Try again', async () => {
    await i18n.changeLanguage('sp');
    let countFails = true;
    stubApi({
      ...working(),
      '/survey/report/count': () =>
        countFails
          ? json(500, { status: false, message: 'Algo salió mal. Inténtelo de nuevo más tarde.' })
          : json(200, { status: true, data: COUNT }),
      '/survey/opened-users': () =>
        json(200, { status: true, data: { content: [], totalElements: 0, page: 0, size: 10 } }),
    });
    const user = userEvent.setup();
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Lista de participantes con la encuesta abierta' });
    expect(within(table).getByText(/ningún participante tiene una ventana de encuestas abierta/)).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Algo salió mal. Inténtelo de nuevo más tarde.');
    countFails = false;
    await user.click(within(alert).getByRole('button'));
    const counts = await screen.findByRole('region', { name: 'Ventanas de encuestas abiertas en este momento' });
    expect(await within(counts).findAllByRole('definition')).toHaveLength(4);
  });

  it('shows a coordinator who has a window open, without the dashboard’s figures or its full-screen link', async () => {
    const asked = stubApi(working());
    renderPanel('coordinator');
    const table = await screen.findByRole('table', { name: 'Participants with an open survey window' });
    expect(within(table).getByText('rose.walker@example.org')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Open survey windows right now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open full screen' })).not.toBeInTheDocument();
    expect(asked.filter((url) => url.includes('/survey/report/'))).toEqual([]);
  });
});
