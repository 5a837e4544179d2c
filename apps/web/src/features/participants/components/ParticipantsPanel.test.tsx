import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import type { TParticipantSummary, TParticipantView } from '@portal/shared/participants/participants';
import { okReply, renderAsStaff, stubBlobFiles, stubPortal, type PortalCall } from '../../../test-portal';
import { ParticipantsPanel } from './ParticipantsPanel';

const ROSALIND = '5b1f3c2a-6d7e-4f80-9a1b-2c3d4e5f6a7b';
const ROSA = '0c9e8d7f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const SIGNATURE = '7d6c5b4a-3f2e-4d1c-9b8a-7f6e5d4c3b2a';

const summary = (overrides: Partial<TParticipantSummary>): TParticipantSummary => ({
  id: ROSALIND,
  firstName: 'Rosalind',
  lastName: 'Quintero',
  email: 'rosalind@example.org',
  healthSystem: { value: 'geisinger', name: 'Geisinger' },
  account: { status: 'active', lockedUntil: null },
  ...overrides,
});

const FOUND = {
  results: [
    summary({
      id: ROSA,
      firstName: 'Rosa',
      lastName: 'Marquez',
      email: 'rosa@example.org',
      healthSystem: null,
      account: { status: 'pendingActivation', lockedUntil: null },
    }),
    summary({}),
  ],
  more: false,
};

const view = (overrides: Partial<TParticipantView> = {}): TParticipantView => ({
  ...summary({}),
  language: 'sp',
  registeredAt: '2031-05-01T14:00:00.000Z',
  activatedAt: '2031-05-02T09:30:00.000Z',
  withdrawnAt: null,
  withdrawalRequest: null,
  consent: {
    reconsentRequestedAt: null,
    signed: [
      {
        signatureId: SIGNATURE,
        formVersion: 3,
        language: 'sp',
        healthSystemForm: true,
        signedAt: '2031-05-03T15:00:00.000Z',
      },
    ],
  },
  rounds: [
    {
      number: 1,
      opensAt: '2031-05-03T15:00:00.000Z',
      closesAt: '2031-06-02T15:00:00.000Z',
      window: 'open',
      questionnaires: [
        {
          formKey: 'core',
          title: { en: 'Core questionnaire', sp: 'Cuestionario principal' },
          state: 'submitted',
          startedAt: '2031-05-04T10:00:00.000Z',
          submittedAt: '2031-05-05T10:00:00.000Z',
        },
        {
          formKey: 'qol',
          title: { en: 'Quality of life', sp: 'Calidad de vida' },
          state: 'notStarted',
          startedAt: null,
          submittedAt: null,
        },
      ],
    },
  ],
  history: [
    { at: '2031-05-01T14:00:00.000Z', kind: 'account', text: 'Registered in the portal' },
    { at: '2031-05-01T14:00:05.000Z', kind: 'email', text: 'E-mail “Activate your account” sent' },
    {
      at: '2031-05-10T14:00:00.000Z',
      kind: 'email',
      text: 'E-mail “Your survey is waiting” not sent: the participant turned study e-mails off',
    },
  ],
  ...overrides,
});

const PENDING_LOCKED = view({
  id: ROSA,
  firstName: 'Rosa',
  lastName: 'Marquez',
  email: 'rosa@example.org',
  account: { status: 'pendingActivation', lockedUntil: '2031-05-20T12:15:00.000Z' },
  activatedAt: null,
  consent: { reconsentRequestedAt: null, signed: [] },
  rounds: [],
  history: [],
});

beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-05-20T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  localStorage.clear();
});

/** A portal that finds FOUND and answers each participant's view (Rosa's from `rosa`). */
function stubParticipants(rosa: TParticipantView = PENDING_LOCKED) {
  return stubPortal((call) => {
    if (call.path === '/participants/search') return okReply(FOUND);
    if (call.path === `/participants/${ROSALIND}`) return okReply(view());
    if (call.path === `/participants/${ROSA}`) return okReply(rosa);
    if (call.path.endsWith('/signed-copies/' + SIGNATURE)) return new Response(new Blob(['%PDF-1.7']));
    if (call.path.endsWith('/resend-activation'))
      return okReply(undefined, 'A new activation e-mail with a fresh link was sent.');
    if (call.path.endsWith('/unlock'))
      return okReply(undefined, 'The account is unlocked. The participant can sign in again.');
    if (call.path === '/consent/manual-withdraw') return okReply(undefined, 'Request recorded and queued');
    return new Response(JSON.stringify({ status: false, message: 'Unexpected call' }), { status: 500 });
  });
}

async function searchFor(text: string) {
  await userEvent.type(screen.getByRole('textbox', { name: /E-mail, user ID or name/ }), text);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

/** Searches for "ros" as a role and opens one of the participants found. */
async function openParticipant(role: StaffRole, name: string) {
  renderAsStaff(<ParticipantsPanel />, role);
  await searchFor('ros');
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('heading', { level: 3, name });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const searches = (calls: PortalCall[]) => calls.filter((call) => call.path === '/participants/search');

describe('the Participants tab', () => {
  it('searches in the body, announces and lists what it found, opens a view and goes back to the results', async () => {
    const calls = stubParticipants();
    renderAsStaff(<ParticipantsPanel />, 'studyAdmin');
    expect(screen.getByRole('heading', { level: 2, name: 'Participants' })).toBeVisible();

    await searchFor('Rosa@Example.org');
    expect(await screen.findByRole('status')).toHaveTextContent('2 participants found.');
    expect(searches(calls)).toEqual([expect.objectContaining({ method: 'POST', body: { query: 'Rosa@Example.org' } })]);
    expect(calls.every((call) => !call.query.toString().includes('example.org'))).toBe(true);
    const results = screen.getByRole('table', { name: 'Search results' });
    expect(rowsOf(results)).toEqual([
      ['Rosa Marquez', 'rosa@example.org', 'None', 'Awaiting activation'],
      ['Rosalind Quintero', 'rosalind@example.org', 'Geisinger', 'Active'],
    ]);

    await userEvent.click(within(results).getByRole('button', { name: 'Rosalind Quintero' }));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Rosalind Quintero' });
    expect(heading).toHaveFocus();
    expect(calls.some((call) => call.method === 'GET' && call.path === `/participants/${ROSALIND}`)).toBe(true);

    const account = screen.getByRole('region', { name: 'Account' });
    for (const [term, value] of [
      ['User ID', ROSALIND],
      ['Account state', 'Active'],
      ['Health system', 'Geisinger'],
      ['Language', 'Spanish'],
      ['Registered', '05/01/2031'],
      ['Activated', '05/02/2031'],
    ]) {
      expect(within(account).getByText(term!).nextElementSibling).toHaveTextContent(value!);
    }
    const consent = screen.getByRole('table', { name: 'Consent' });
    expect(rowsOf(consent)).toEqual([['3', 'Health system form', 'Spanish', '05/03/2031', SIGNATURE, 'View copy']]);
    const round = screen.getByRole('table', { name: 'Round 1: 05/03/2031 to 06/02/2031 (open)' });
    expect(rowsOf(round)).toEqual([
      ['Core questionnaire', 'Submitted', '05/04/2031', '05/05/2031'],
      ['Quality of life', 'Not started', 'Not yet', 'Not yet'],
    ]);
    const emails = screen.getByRole('table', { name: 'E-mails and reminders' });
    expect(rowsOf(emails)).toEqual([
      ['05/01/2031 02:00 PM', 'E-mail', 'E-mail “Activate your account” sent'],
      [
        '05/10/2031 02:00 PM',
        'E-mail',
        'E-mail “Your survey is waiting” not sent: the participant turned study e-mails off',
      ],
    ]);
    await userEvent.click(screen.getByRole('switch', { name: 'Show the whole history' }));
    expect(rowsOf(screen.getByRole('table', { name: 'E-mails and reminders' }))).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Back to results' }));
    const back = await screen.findByRole('button', { name: 'Rosalind Quintero' });
    expect(back).toHaveFocus();
    expect(searches(calls)).toHaveLength(1);
  });

  it('asks for something to search for, under the box, without calling', async () => {
    const calls = stubParticipants();
    renderAsStaff(<ParticipantsPanel />, 'studyAdmin');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const box = screen.getByRole('textbox', { name: /E-mail, user ID or name/ });
    expect(await screen.findByText('Enter an e-mail address, a user ID or a name.')).toBeVisible();
    expect(box).toHaveAccessibleDescription(/Enter an e-mail address, a user ID or a name\./);
    expect(searches(calls)).toEqual([]);
  });

  it('gives the help desk Resend and Unlock where they apply, and no signed copies', async () => {
    const calls = stubParticipants();
    await openParticipant('helpDesk', 'Rosa Marquez');
    expect(screen.getByText('Awaiting activation, locked until 05/20/2031 12:15 PM')).toBeVisible();
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Resend activation e-mail', 'Unlock account', 'Record withdrawal request']);

    await userEvent.click(within(actions).getByRole('button', { name: 'Resend activation e-mail' }));
    const done = await screen.findByText('A new activation e-mail with a fresh link was sent.');
    expect(done.closest('[role="status"]')).toHaveFocus();
    await userEvent.click(within(actions).getByRole('button', { name: 'Unlock account' }));
    expect(await screen.findByText('The account is unlocked. The participant can sign in again.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/participants/search',
      `/participants/${ROSA}/resend-activation`,
      `/participants/${ROSA}/unlock`,
    ]);

    // Back to results looks again, since the actions changed what was found.
    await userEvent.click(screen.getByRole('button', { name: 'Back to results' }));
    await vi.waitFor(() => expect(searches(calls)).toHaveLength(2));
    // Rosalind has signed, but the help desk cannot open signed copies; she is active and not locked.
    await userEvent.click(await screen.findByRole('button', { name: 'Rosalind Quintero' }));
    const consent = await screen.findByRole('table', { name: 'Consent' });
    expect(within(consent).queryByRole('button')).toBeNull();
    expect(within(consent).queryByText('Signed copy')).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Actions' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Record withdrawal request']);
  });

  it('shows an auditor no action, and opens a signed copy for them', async () => {
    const calls = stubParticipants();
    const files = stubBlobFiles('blob:copy');
    const open = vi.fn(() => ({ opener: window }));
    vi.stubGlobal('open', open);
    await openParticipant('auditor', 'Rosalind Quintero');
    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend|Unlock|withdrawal/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'View copy of version 3, signed 05/03/2031' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('blob:copy', '_blank'));
    expect(files.blobs).toHaveLength(1);
    expect(calls.some((call) => call.path === `/participants/${ROSALIND}/signed-copies/${SIGNATURE}`)).toBe(true);
  });

  it('shows an auditor a locked, pending participant without Resend or Unlock', async () => {
    stubParticipants();
    await openParticipant('auditor', 'Rosa Marquez');
    expect(screen.getByText('Awaiting activation, locked until 05/20/2031 12:15 PM')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Resend|Unlock/ })).toBeNull();
  });

  it('records a withdrawal request with the reason given, through the Withdrawals tab’s call', async () => {
    const calls = stubParticipants();
    await openParticipant('studyAdmin', 'Rosalind Quintero');
    await userEvent.click(screen.getByRole('button', { name: 'Record withdrawal request' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a withdrawal request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record request' }));
    expect(await within(dialog).findByText('Reason cannot be blank')).toBeVisible();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason the participant gave/ }), 'Moving abroad');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record request' }));
    expect(await screen.findByText('Request recorded and queued')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.path === '/consent/manual-withdraw')).toMatchObject({
      method: 'POST',
      body: { email: 'rosalind@example.org', reason: 'Moving abroad' },
    });
  });

  it('offers no Record withdrawal request while a request is pending, and says when it will be carried out', async () => {
    stubParticipants(
      view({
        id: ROSA,
        firstName: 'Rosa',
        lastName: 'Marquez',
        withdrawalRequest: { requestedAt: '2031-05-19T12:00:00.000Z', dueAt: '2031-05-20T13:00:00.000Z' },
      }),
    );
    await openParticipant('helpDesk', 'Rosa Marquez');
    expect(
      screen.getByText('Recorded 05/19/2031; carried out on 05/20/2031 unless deleted before then.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record withdrawal request' })).toBeNull();
  });
});
