import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TSurveyEntry, TSurveyWidget } from '@portal/shared/surveys/survey-entries';
import { SurveyOverview } from './SurveyOverview';

const ROUND = '11111111-1111-4111-8111-111111111111';
const RESPONSE = '22222222-2222-4222-8222-222222222222';
const entry = (overrides: Partial<TSurveyEntry>): TSurveyEntry => ({
  kind: 'round',
  roundId: ROUND,
  roundNumber: 1,
  formKey: 'core',
  title: { en: 'About you and your kidney health', sp: 'Sobre usted y la salud de sus riñones' },
  opensAt: '2026-03-01T12:00:00.000Z',
  closesAt: '2026-05-30T12:00:00.000Z',
  status: 'open',
  window: 'open',
  ...overrides,
});
const SUBMITTED = entry({
  formKey: 'quality-of-life',
  title: { en: 'Quality of life', sp: 'Calidad de vida' },
  status: 'submitted',
  responseId: RESPONSE,
  submittedAt: '2026-03-03T10:00:00.000Z',
});
const WIDGET: TSurveyWidget = {
  consentSigned: true,
  tourSeen: true,
  current: [
    entry({}),
    entry({
      formKey: 'health-status',
      title: { en: 'Health status', sp: 'Estado de salud' },
      status: 'started',
      responseId: RESPONSE,
      startedAt: '2026-03-02T10:00:00.000Z',
    }),
    SUBMITTED,
  ],
  nextRoundOpensAt: '2027-03-01T12:00:00.000Z',
  past: [SUBMITTED],
  oneTime: [],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderOverview(widget: TSurveyWidget) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/survey/widget')) return json({ status: true, data: widget });
    if (url.endsWith('/survey/start')) return json({ status: true, data: { responseId: RESPONSE } });
    if (url.endsWith('/survey/tour')) return json({ status: true });
    return json({ status: false, message: `unexpected ${init?.method} ${url}` }, 500);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/survey']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <SurveyOverview />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

describe.each(['en', 'sp'] as const)('the Surveys screen in %s', (language) => {
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

  it('shows Start, Continue and View as each survey allows, with dates as MM/DD/YYYY', async () => {
    await i18n.changeLanguage(language);
    const fetch = renderOverview(WIDGET);
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [open, started, submitted] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByText(t('survey.status.open'))).toBeVisible();
    expect(within(open).getByRole('button', { name: t('survey.start') })).toBeVisible();
    expect(within(open).getByText(new RegExp(t('survey.openUntil', { date: '05/30/2026' })))).toBeVisible();
    expect(within(started).getByRole('button', { name: t('survey.continue') })).toBeVisible();
    expect(within(started).queryByRole('button', { name: t('survey.start') })).toBeNull();
    expect(within(started).getByText(new RegExp(t('survey.startedOn', { date: '03/02/2026' })))).toBeVisible();
    expect(within(submitted).getByRole('button', { name: t('survey.view') })).toBeVisible();

    // Start asks the server for the response, then opens it.
    await userEvent.click(within(open).getByRole('button', { name: t('survey.start') }));
    expect(await screen.findByText(`/survey?survey=${RESPONSE}`)).toBeVisible();
    const start = fetch.mock.calls.find(([url]) => String(url).endsWith('/survey/start'))!;
    expect(JSON.parse(String(start[1]!.body))).toEqual({ kind: 'round', roundId: ROUND, formKey: 'core' });
  });

  it('lists past surveys in a table and says when the next round opens', async () => {
    await i18n.changeLanguage(language);
    renderOverview({ ...WIDGET, current: [] });
    expect(await screen.findByText(t('survey.noCurrent'))).toBeVisible();
    expect(screen.getByText(t('survey.nextRound', { date: '03/01/2027' }))).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: t('survey.tabs.past') }));
    const row = screen.getByRole('row', { name: /Quality of life|Calidad de vida/ });
    expect(within(row).getByText('03/01/2026')).toBeVisible();
    expect(within(row).getByText('03/03/2026')).toBeVisible();
    expect(within(row).getByText(t('survey.pastStatus.submitted'))).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: t('survey.tabs.oneTime') }));
    expect(screen.getByText(t('survey.noOneTime'))).toBeVisible();
  });

  it('lists an assigned one-time survey in its own tab and starts it as one', async () => {
    await i18n.changeLanguage(language);
    const oneTime = entry({
      kind: 'one-time',
      roundId: undefined,
      roundNumber: undefined,
      formKey: undefined,
      oneTimeSurveyId: ROUND,
      title: { en: 'Your experience with telehealth', sp: 'Su experiencia con la telesalud' },
    });
    const fetch = renderOverview({ ...WIDGET, oneTime: [oneTime] });
    await userEvent.click(await screen.findByRole('tab', { name: t('survey.tabs.oneTime') }));
    const card = screen.getByRole('listitem', { name: /telehealth|telesalud/ });
    expect(within(card).getByText(new RegExp(t('survey.oneTimeLabel')))).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: t('survey.start') }));
    expect(await screen.findByText(`/survey?survey=${RESPONSE}`)).toBeVisible();
    const start = fetch.mock.calls.find(([url]) => String(url).endsWith('/survey/start'))!;
    expect(JSON.parse(String(start[1]!.body))).toEqual({ kind: 'one-time', oneTimeSurveyId: ROUND });
  });

  it('shows the welcome tour once: it can be stepped through or skipped, and the server is told', async () => {
    await i18n.changeLanguage(language);
    const fetch = renderOverview({ ...WIDGET, tourSeen: false });
    expect(await screen.findByRole('dialog', { name: t('survey.tour.welcomeTitle') })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: t('survey.tour.next') }));
    expect(screen.getByRole('dialog', { name: t('survey.tour.currentTitle') })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: t('survey.tour.back') }));
    expect(screen.getByRole('dialog', { name: t('survey.tour.welcomeTitle') })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: t('survey.tour.skip') }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const tour = fetch.mock.calls.filter(([url]) => String(url).endsWith('/survey/tour'));
    expect(tour.map(([, init]) => init?.method)).toEqual(['POST']);
  });

  it('asks for consent before anything else', async () => {
    await i18n.changeLanguage(language);
    renderOverview({ ...WIDGET, consentSigned: false, current: [], past: [] });
    expect(await screen.findByText(t('survey.error.consentRequired'))).toBeVisible();
    expect(screen.getByRole('link', { name: t('survey.signConsent') })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says so when the surveys cannot be loaded', async () => {
    await i18n.changeLanguage(language);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ status: false, message: 'down' }, 500)),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SurveyOverview />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(t('survey.loadFailed'), {}, { timeout: 5000 })).toBeVisible();
  });
});
