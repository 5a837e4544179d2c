import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../lib/session';
import { initI18n } from '../../../lib/i18n';
import { storeParticipantToken } from '../../../test-session';
import { SurveyNotice } from './SurveyNotice';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderNotice(flags: { generalSurveyOpen: boolean; oneTimeSurveyOpen: boolean }, path = '/education') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: true, data: flags }), { status: 200 })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <SurveyNotice />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const GENERAL = 'Your study questionnaires are open. Your answers are saved as you go.';
const ONE_TIME = 'A one-time survey from the study team is open for you.';

describe('survey notice', () => {
  it('says what waits, both when both do, and can be dismissed', async () => {
    storeParticipantToken();
    renderNotice({ generalSurveyOpen: true, oneTimeSurveyOpen: true });
    const notice = await screen.findByRole('region', { name: 'A survey is waiting for you' });
    expect(notice).toHaveTextContent(GENERAL);
    expect(notice).toHaveTextContent(ONE_TIME);
    expect(screen.getByRole('link', { name: 'Go to Surveys' })).toHaveAttribute('href', '/survey');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('names only the one-time survey when no round waits', async () => {
    storeParticipantToken();
    renderNotice({ generalSurveyOpen: false, oneTimeSurveyOpen: true });
    const notice = await screen.findByRole('region', { name: 'A survey is waiting for you' });
    expect(notice).toHaveTextContent(ONE_TIME);
    expect(notice).not.toHaveTextContent(GENERAL);
  });

  it('stays silent on the Surveys screen, and for visitors', async () => {
    storeParticipantToken();
    renderNotice({ generalSurveyOpen: true, oneTimeSurveyOpen: false }, '/survey');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    cleanup();
    localStorage.clear();
    renderNotice({ generalSurveyOpen: true, oneTimeSurveyOpen: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
