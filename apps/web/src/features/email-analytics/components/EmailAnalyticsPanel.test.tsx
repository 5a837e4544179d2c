import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import { SessionProvider } from '../../../lib/session';
import { storeStaffToken } from '../../../test-session';
import { EmailAnalyticsPanel } from './EmailAnalyticsPanel';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 1, 28, 10, 0));
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  await i18n.changeLanguage('en');
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const counts = (sent: number, failed: number, bounced: number, suppressed: number, queued: number) => ({
  sent,
  failed,
  bounced,
  suppressed,
  queued,
});
const SUMMARY = {
  timeZone: 'America/Chicago',
  totals: { ...counts(5, 2, 1, 1, 2), deliveryRate: 62.5 },
  days: [
    { date: '2026-02-10', ...counts(2, 1, 0, 0, 0) },
    { date: '2026-02-11', ...counts(3, 1, 1, 1, 0) },
  ],
  templates: [
    { template: 'activation', ...counts(3, 1, 0, 0, 0) },
    { template: 'survey-reminder', ...counts(2, 0, 1, 1, 0) },
  ],
  languages: [
    { language: 'en', ...counts(3, 1, 1, 0, 1) },
    { language: 'sp', ...counts(2, 1, 0, 1, 1) },
  ],
  followUps: [
    { kind: 'activationReminder', sent: 3, followed: 1, rate: 33.3 },
    { kind: 'icfReminder', sent: 2, followed: 1, rate: 50 },
    { kind: 'surveyReminder', sent: 0, followed: 0, rate: null },
    { kind: 'oneTimeInvitation', sent: 3, followed: 2, rate: 66.7 },
  ],
  notSent: [{ reason: 'unsubscribed', suppressed: 1, remindersSkipped: 2 }],
};
const failure = (id: string, recipient: string, retry: string, bounced = false) => ({
  id,
  lastAttemptAt: '2026-02-11T21:00:00.000Z',
  recipient,
  template: 'activation',
  language: 'sp',
  attempts: 7,
  reply: '451 4.3.0 Try again later',
  bounced,
  retry,
});
const FAILURES = [
  failure('f1', 'ana@example.org', 'available'),
  failure('f2', 'bea@example.org', 'bounced', true),
  failure('f3', 'cruz@example.org', 'expired'),
];

const EMPTY_BACKLOG = {
  timeZone: 'America/Chicago',
  sendHours: { from: 9, to: 19 },
  inDowntime: false,
  waiting: 0,
  oldestQueuedAt: null,
  oldestWaitingMinutes: null,
  clearsAt: null,
  keys: [],
};

/** Answers the tab's calls (by path and method), and keeps what was asked. */
function stubApi(retryReply: () => Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${url}`);
      const path = new URL(url, 'http://portal.test').pathname.replace('/common-server', '');
      if (path === '/email-analytics/summary') return json(200, { status: true, data: SUMMARY });
      if (path === '/email-analytics/backlog') return json(200, { status: true, data: EMPTY_BACKLOG });
      if (path === '/email-analytics/failures')
        return json(200, { status: true, data: { content: FAILURES, totalElements: 3, page: 0, size: 10 } });
      if (path === '/email-analytics/failures/f1/retry') return retryReply();
      return json(404, { status: false, message: 'Not found' });
    }),
  );
  return asked;
}

function renderPanel(role: StaffRole = 'studyAdmin') {
  storeStaffToken(role);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <EmailAnalyticsPanel />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const textsOf = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe('EmailAnalyticsPanel', () => {
  it('shows the last 30 days’ totals, rate, charts as tables, follow-ups and failures in words', async () => {
    vi.stubEnv('TZ', 'America/Chicago');
    const asked = stubApi(() => json(200, { status: true }));
    renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'Email Analytics' })).toBeInTheDocument();
    const totals = await screen.findByRole('figure', { name: 'Totals for the range' });
    expect(asked).toContain('GET /common-server/email-analytics/summary?from=2026-01-30&to=2026-02-28');
    expect(textsOf(within(totals).getAllByRole('term'))).toEqual([
      'Sent',
      'Failed',
      'Bounced',
      'Suppressed',
      'Queued',
      'Delivery rate',
    ]);
    expect(textsOf(within(totals).getAllByRole('definition'))).toEqual(['5', '2', '1', '1', '2', '62.5%']);
    expect(
      screen.getByText(
        'Showing 01/30/2026 to 02/28/2026. Each e-mail counts on the day it was created, in the study’s time zone (America/Chicago).',
      ),
    ).toBeInTheDocument();

    const byTemplate = screen.getByRole('figure', { name: 'E-mails by template' });
    expect(textsOf(within(byTemplate).getAllByRole('row', { hidden: true }))).toEqual([
      'TemplateSentFailedBouncedSuppressedQueued',
      'Account activation31000',
      'Survey reminder20110',
    ]);
    const byDay = screen.getByRole('figure', { name: 'E-mails by day' });
    expect(textsOf(within(byDay).getAllByRole('row', { hidden: true })).slice(1)).toEqual([
      '02/10/202621000',
      '02/11/202631110',
    ]);

    const followUps = screen.getByRole('table', { name: 'What followed the reminders and invitations' });
    expect(textsOf(within(followUps).getAllByRole('row')).slice(1)).toEqual([
      'Account activation reminders (account activated)3133.3%',
      'ICF reminders (consent signed)2150.0%',
      'Survey reminders (survey submitted)00n/a',
      'One-time survey invitations (survey submitted)3266.7%',
    ]);
    const notSent = screen.getByRole('table', { name: 'E-mails not sent, by reason' });
    expect(textsOf(within(notSent).getAllByRole('row')).slice(1)).toEqual(['Unsubscribed from the category12']);

    const table = await screen.findByRole('table', { name: 'Latest failures' });
    expect(asked).toContain('GET /common-server/email-analytics/failures?page=0&size=10&from=2026-01-30&to=2026-02-28');
    expect(screen.getByRole('heading', { level: 3, name: 'Mail waiting to go out' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing is waiting.')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(textsOf(within(rows[0]!).getAllByRole('cell'))).toEqual([
      '02/11/2026 03:00 PM',
      'ana@example.org',
      'Account activation',
      'Spanish',
      '7',
      '451 4.3.0 Try again later',
      'No',
      'Retry',
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(6)
        .map((c) => c.textContent),
    ).toEqual(['Yes', 'Address refused']);
    expect(within(rows[2]!).getAllByRole('cell').at(-1)).toHaveTextContent('No longer available');
  });

  it('shows an analyst the figures alone: no failures, which name their recipients, and no full-screen link', async () => {
    const asked = stubApi(() => json(200, { status: true }));
    renderPanel('analyst');
    await screen.findByRole('figure', { name: 'Totals for the range' });
    expect(screen.queryByRole('table', { name: 'Latest failures' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open full screen' })).not.toBeInTheDocument();
    expect(asked.filter((call) => call.includes('/failures'))).toEqual([]);
  });

  it('shows an auditor the failures without Retry', async () => {
    stubApi(() => json(200, { status: true }));
    renderPanel('auditor');
    const table = await screen.findByRole('table', { name: 'Latest failures' });
    const [header, first] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('cell', { name: 'ana@example.org' })).toBeVisible();
    expect(textsOf(within(header!).getAllByRole('columnheader')).at(-1)).toBe('Bounced');
    expect(within(table).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('asks both lists again for a new range', async () => {
    const asked = stubApi(() => json(200, { status: true }));
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('figure', { name: 'Totals for the range' });
    await user.clear(screen.getByRole('textbox', { name: /From/ }));
    await user.type(screen.getByRole('textbox', { name: /From/ }), '02/01/2026');
    await user.clear(screen.getByRole('textbox', { name: /To/ }));
    await user.type(screen.getByRole('textbox', { name: /To/ }), '02/15/2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => {
      expect(asked).toContain('GET /common-server/email-analytics/summary?from=2026-02-01&to=2026-02-15');
      expect(asked).toContain(
        'GET /common-server/email-analytics/failures?page=0&size=10&from=2026-02-01&to=2026-02-15',
      );
    });
    expect(await screen.findByText(/Showing 02\/01\/2026 to 02\/15\/2026\./)).toBeInTheDocument();
  });

  it('retries a failed e-mail after confirming, and shows a refusal in Spanish in the dialog', async () => {
    await i18n.changeLanguage('sp');
    let reply = json(409, { status: false, message: 'Este correo electrónico ya se envió de nuevo.' });
    const asked = stubApi(() => reply);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Reintentar el correo electrónico a ana@example.org' }));
    const dialog = screen.getByRole('dialog', { name: '¿Enviar este correo electrónico de nuevo?' });
    expect(dialog).toHaveTextContent(
      'Se enviará una copia nueva de “Activación de la cuenta” a ana@example.org. Un correo electrónico solo se puede enviar de nuevo una vez.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sí, enviar de nuevo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Este correo electrónico ya se envió de nuevo.');
    expect(asked).toContain('POST /common-server/email-analytics/failures/f1/retry');

    reply = json(200, { status: true, message: 'El correo electrónico se puso en cola para enviarse de nuevo.' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, enviar de nuevo' }));
    const done = await screen.findByText('El correo electrónico se puso en cola para enviarse de nuevo.');
    expect(done.closest('[role="status"]')).not.toBeNull();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
