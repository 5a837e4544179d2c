import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../lib/session';
import { storeParticipantToken } from '../../../test-session';
import { useSurveyNotification } from '../api/survey-api';
import { SurveyNotice } from './SurveyNotice';

afterEach(() => {
  localStorage.clear();
});

/** Shows a line once the page holds the server's notification flags, whoever asked for them. */
function NotificationRead() {
  return useSurveyNotification(true).data ? <p>Notification read</p> : null;
}

function renderNotice(flags: { generalSurveyOpen: boolean; oneTimeSurveyOpen: boolean }, path = '/education') {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: true, data: flags }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <SurveyNotice />
          <NotificationRead />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
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

  it.each(['/survey', '/dashboard'])('stays silent on %s, which says what waits itself', async (path) => {
    storeParticipantToken();
    const fetchMock = renderNotice({ generalSurveyOpen: true, oneTimeSurveyOpen: true }, path);
    await screen.findByText('Notification read');
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/survey/notification'), expect.anything());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('stays silent for visitors, even when the flags are at hand', async () => {
    renderNotice({ generalSurveyOpen: true, oneTimeSurveyOpen: true });
    await screen.findByText('Notification read');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
