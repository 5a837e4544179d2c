import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import { SessionProvider } from '../../../lib/session';
import { storeStaffToken } from '../../../test-session';
import { OneTimeSurveysPanel } from './OneTimeSurveysPanel';

beforeEach(() => {
  vi.stubEnv('TZ', 'America/Chicago');
  // The form engine's preview watches its size; jsdom has no layout to watch.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllEnvs();
});

interface Call {
  method: string;
  url: string;
  body?: { participants?: string[] } & Record<string, unknown>;
}

const ok = (data: unknown) => new Response(JSON.stringify({ status: true, data }), { status: 200 });
const page = (content: unknown[]) => ok({ content, totalElements: content.length, page: 0, size: 10 });

const SURVEY = {
  id: '5b1f0a52-8d3c-4f0e-9a51-0d6c1f2e3a40',
  formId: '9e2d7c61-1b4a-4c3e-8f20-6a5b4c3d2e10',
  name: { en: 'Kidney diet check-in', sp: 'Consulta sobre la dieta renal' },
  sendDate: '2026-04-01T14:00:00.000Z',
  effectiveStartDate: '2026-04-01T14:00:00.000Z',
  effectiveEndDate: '2026-04-30T22:00:00.000Z',
  createdAt: '2026-03-10T12:00:00.000Z',
  state: 'inProgress',
  userCount: 3,
  successCount: 2,
  failureCount: 1,
  submittedCount: 1,
  formEditable: false,
};

const FORM = {
  pages: [
    {
      name: 'p1',
      elements: [{ type: 'text', name: 'meals', title: { default: 'Meals a day?', es: '¿Comidas al día?' } }],
    },
  ],
};

/** A stubbed portal answering each call through `answer`, recording every call. */
function stubPortal(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** Puts a whole value into a box at once, as pasting does. */
function paste(box: HTMLElement, value: string) {
  fireEvent.change(box, { target: { value } });
}

function renderPanel(role: StaffRole = 'studyAdmin') {
  storeStaffToken(role);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <OneTimeSurveysPanel />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('OneTimeSurveysPanel', () => {
  it(
    'lists surveys newest start first with their dates and figures, and opens one with its users and failures',
    { timeout: 60_000 },
    async () => {
      const calls = stubPortal((call) => {
        if (call.url.includes('/survey/one-time/detail')) return ok({ ...SURVEY, definition: FORM });
        if (call.url.includes('/survey/one-time/users'))
          return page([
            { userId: 'u1', email: 'ana@example.org', invitedAt: '2026-04-01T14:01:00.000Z', progress: 'submitted' },
          ]);
        if (call.url.includes('/survey/one-time/failure'))
          return page([{ email: 'luis@example.org', reason: 'emailsOff' }]);
        return page([SURVEY]);
      });
      const user = userEvent.setup();
      renderPanel();
      const table = await screen.findByRole('table', { name: 'All one-time surveys' });
      expect(calls[0]!.url).toBe('/common-server/survey/one-time?page=0&size=10&sort=effectiveStartDate,desc');
      const [, row] = within(table).getAllByRole('row');
      expect(
        within(row!)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        'Kidney diet check-in',
        '04/01/2026',
        '04/01/2026',
        '04/30/2026',
        'In progress',
        '3',
        '2',
        '1',
        '1',
        'View',
      ]);

      await user.click(screen.getByRole('button', { name: 'View Kidney diet check-in' }));
      expect(await screen.findByRole('heading', { name: 'Kidney diet check-in' })).toHaveFocus();
      expect(screen.getByText('The send date has passed, so the form can no longer be changed.')).toBeInTheDocument();
      const users = await screen.findByRole('table', { name: 'Configured users' });
      expect(
        within(users).getByRole('row', { name: /ana@example.org 04\/01\/2026 09:01 AM Submitted/ }),
      ).toBeInTheDocument();
      const failures = await screen.findByRole('table', { name: 'Not-initiated users' });
      expect(
        within(failures).getByRole('row', { name: 'luis@example.org Turned study e-mails off' }),
      ).toBeInTheDocument();
      expect(calls.map((c) => c.url)).toContain(
        `/common-server/survey/one-time/failure?formId=${SURVEY.formId}&page=0&size=10&sort=email,asc`,
      );

      await user.click(screen.getByRole('button', { name: 'Back to Surveys' }));
      expect(await screen.findByRole('table', { name: 'All one-time surveys' })).toBeInTheDocument();
    },
  );

  it('an auditor sees the surveys and one survey’s figures, with neither Create nor Edit', async () => {
    stubPortal((call) => {
      if (call.url.includes('/survey/one-time/detail'))
        return ok({ ...SURVEY, state: 'upcoming', formEditable: true, definition: FORM });
      if (call.url.includes('/survey/one-time/')) return page([]);
      return page([SURVEY]);
    });
    const user = userEvent.setup();
    renderPanel('auditor');
    await screen.findByRole('table', { name: 'All one-time surveys' });
    expect(screen.queryByRole('button', { name: 'Create survey' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Kidney diet check-in' }));
    expect(await screen.findByRole('heading', { name: 'Kidney diet check-in' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Back to Surveys' })).toBeVisible();
    expect(screen.getByText('Upcoming')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit survey' })).not.toBeInTheDocument();
  });

  it(
    'creates a survey: checks the form, refuses dates out of order, previews the rows that match no one, and saves once they are removed',
    { timeout: 60_000 },
    async () => {
      const calls = stubPortal((call) => {
        if (call.url.endsWith('/participants/check')) {
          const unmatched = call.body!.participants!.includes('nobody@example.org')
            ? [{ row: 2, value: 'nobody@example.org', reason: 'notFound' }]
            : [];
          return ok({ matched: call.body!.participants!.length - unmatched.length, unmatched });
        }
        if (call.method === 'POST') return ok({ id: SURVEY.id, formId: SURVEY.formId });
        return page([]);
      });
      const user = userEvent.setup();
      renderPanel();
      await user.click(await screen.findByRole('button', { name: 'Create survey' }));
      expect(screen.getByRole('heading', { name: 'Create a one-time survey' })).toHaveFocus();

      paste(screen.getByRole('textbox', { name: 'Name in English' }), 'Kidney diet check-in');
      paste(screen.getByRole('textbox', { name: 'Name in Spanish' }), 'Consulta sobre la dieta renal');
      const definition = screen.getByRole('textbox', { name: 'Form definition (SurveyJS JSON)' });
      paste(definition, '{"pages": [');
      fireEvent.blur(definition);
      expect(
        await screen.findByText('This is not valid JSON. Please check the brackets, quotes and commas.'),
      ).toBeInTheDocument();
      paste(definition, JSON.stringify(FORM));
      expect(await screen.findByText('The survey engine read the form: 1 question on 1 page.')).toBeInTheDocument();
      const preview = await screen.findByRole('region', { name: 'Preview' }, { timeout: 15_000 });
      expect(within(preview).getByText('Meals a day?')).toBeInTheDocument();
      await user.click(within(preview).getByRole('button', { name: 'Español' }));
      expect(await within(preview).findByText('¿Comidas al día?')).toBeInTheDocument();

      paste(screen.getByLabelText(/Send date/), '2099-05-01T09:00');
      paste(screen.getByLabelText(/Start date/), '2099-05-01T09:00');
      paste(screen.getByLabelText(/End date/), '2099-04-01T09:00');
      await user.click(screen.getByRole('button', { name: 'Save survey' }));
      expect(
        (await screen.findAllByText('Please enter valid start and end dates, with the start before the end.')).length,
      ).toBe(1);
      expect(screen.getByText('The send date must come before the end date.')).toBeInTheDocument();
      paste(screen.getByLabelText(/End date/), '2099-05-31T17:00');

      paste(
        screen.getByRole('textbox', { name: 'E-mails or user IDs' }),
        'email\nana@example.org\nnobody@example.org\nANA@example.org',
      );
      expect(
        screen.getByText('Participants read: 2. The header row was skipped. Repeated rows skipped: 1.'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save survey' }));
      const unmatched = await screen.findByRole('table', { name: 'Rows that match no active participant' });
      expect(
        within(unmatched).getByRole('row', { name: '3 nobody@example.org No participant with this e-mail or user ID' }),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          '1 row matches no active participant. The survey cannot be saved until it is removed or corrected.',
        ),
      ).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST' && !c.url.endsWith('/check'))).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Remove this row (1)' }));
      expect(screen.getByText('Participants matched in the study: 1.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save survey' }));
      expect(await screen.findByText('The survey was saved.')).toBeInTheDocument();
      const saved = calls.find((c) => c.method === 'POST' && c.url === '/common-server/survey/one-time');
      expect(saved!.body).toEqual({
        name: { en: 'Kidney diet check-in', sp: 'Consulta sobre la dieta renal' },
        definition: FORM,
        sendDate: '2099-05-01T14:00:00.000Z',
        effectiveStartDate: '2099-05-01T14:00:00.000Z',
        effectiveEndDate: '2099-05-31T22:00:00.000Z',
        participants: ['ana@example.org'],
      });
      expect(calls.filter((c) => c.url.endsWith('/participants/check'))).toHaveLength(1);
    },
  );
});
