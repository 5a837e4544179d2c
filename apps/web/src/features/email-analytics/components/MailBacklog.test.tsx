import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMailBacklog } from '@portal/shared/email-analytics/email-backlog';
import { i18n } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';
import { storeStaffToken } from '../../../test-session';
import { MailBacklog } from './MailBacklog';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 10:00 in Chicago.
  vi.setSystemTime(new Date('2026-03-03T16:00:00.000Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

const BACKLOG: TMailBacklog = {
  timeZone: 'America/Chicago',
  sendHours: { from: 9, to: 19 },
  inDowntime: false,
  waiting: 185,
  oldestQueuedAt: '2026-03-03T15:30:00.000Z',
  oldestWaitingMinutes: 30,
  clearsAt: '2026-03-03T16:03:00.000Z',
  keys: [
    { paceKey: 'microsoft', waiting: 130, perMinute: 60, clearsAt: '2026-03-03T16:03:00.000Z' },
    { paceKey: 'yahoo', waiting: 45, perMinute: 30, clearsAt: '2026-03-04T15:01:00.000Z' },
    { paceKey: 'clinic.example.org', waiting: 7, perMinute: 600, clearsAt: '2026-03-03T16:01:00.000Z' },
    { paceKey: '*', waiting: 3, perMinute: 600, clearsAt: '2026-03-03T16:01:00.000Z' },
  ],
};
const ONE_WAITING: TMailBacklog = {
  ...BACKLOG,
  waiting: 1,
  oldestWaitingMinutes: 1,
  clearsAt: '2026-03-03T16:01:00.000Z',
  keys: [{ paceKey: 'google', waiting: 1, perMinute: 300, clearsAt: '2026-03-03T16:01:00.000Z' }],
};

function renderBacklog(backlog: TMailBacklog) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ status: true, data: backlog }), { status: 200 });
    }),
  );
  storeStaffToken('studyAdmin');
  const { container } = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MailBacklog />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { asked, container };
}

/** Each row of the table as its cells' texts. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('MailBacklog', () => {
  it('shows the mail waiting per provider or domain, its rate and when it clears, in the study’s time zone', async () => {
    const { asked } = renderBacklog(BACKLOG);
    const table = await screen.findByRole('table', { name: 'Mail waiting to go out' });
    expect(asked).toEqual(['/common-server/email-analytics/backlog']);
    expect(screen.getByRole('heading', { level: 3, name: 'Mail waiting to go out' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Reminders, survey invitations and study news leave at a steady pace for each mail provider, so that providers accept them, and only from 09:00 AM to 07:00 PM in the study’s time zone (America/Chicago). Account e-mails and sign-in codes never wait behind them.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('185 e-mails are waiting. The oldest has waited about 30 minutes.')).toBeInTheDocument();
    expect(rowsOf(table)).toEqual([
      ['Provider or domain', 'Waiting', 'Per minute', 'All sent by'],
      ['Microsoft (Outlook, Hotmail, Live)', '130', '60', '03/03/2026 10:03 AM (in about 3 minutes)'],
      ['Yahoo (and AOL)', '45', '30', '03/04/2026 09:01 AM (in about 23 hours)'],
      ['clinic.example.org', '7', '600', '03/03/2026 10:01 AM (in about 1 minute)'],
      ['Other domains (fewer than 5 waiting each)', '3', '600 each', '03/03/2026 10:01 AM (in about 1 minute)'],
    ]);
  });

  it('speaks Spanish, one e-mail in the singular', async () => {
    await i18n.changeLanguage('sp');
    renderBacklog(ONE_WAITING);
    const table = await screen.findByRole('table', { name: 'Correos en espera de envío' });
    expect(
      screen.getByText('1 correo electrónico está en espera. El más antiguo lleva esperando aproximadamente 1 minuto.'),
    ).toBeInTheDocument();
    expect(rowsOf(table)).toEqual([
      ['Proveedor o dominio', 'En espera', 'Por minuto', 'Todos enviados para'],
      ['Google (Gmail)', '1', '300', '03/03/2026 10:01 AM (en aproximadamente 1 minuto)'],
    ]);
  });

  it('says when nothing is waiting, in both languages', async () => {
    const empty = {
      ...BACKLOG,
      waiting: 0,
      oldestQueuedAt: null,
      oldestWaitingMinutes: null,
      clearsAt: null,
      keys: [],
    };
    const view = renderBacklog(empty);
    expect(await screen.findByText('Nothing is waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    view.container.remove();
    await i18n.changeLanguage('sp');
    renderBacklog(empty);
    expect(await screen.findByText('No hay nada en espera.')).toBeInTheDocument();
  });

  it('says that downtime holds the mail back', async () => {
    renderBacklog({
      ...ONE_WAITING,
      inDowntime: true,
      clearsAt: null,
      keys: [{ ...ONE_WAITING.keys[0]!, clearsAt: null }],
    });
    const table = await screen.findByRole('table', { name: 'Mail waiting to go out' });
    expect(screen.getByText('The portal is in downtime: these e-mails go out once it ends.')).toBeInTheDocument();
    expect(rowsOf(table)[1]).toEqual(['Google (Gmail)', '1', '300', 'After the downtime']);
  });

  it.each(['en', 'sp'] as const)('has nothing axe can find against WCAG 2.2 AA (%s)', async (language) => {
    await i18n.changeLanguage(language);
    const { container } = renderBacklog(BACKLOG);
    await screen.findByRole('table');
    const results = await axe.run(container, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      // jsdom paints nothing; contrast is checked in the browser journeys.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
