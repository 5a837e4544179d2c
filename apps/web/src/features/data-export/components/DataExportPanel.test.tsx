import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okReply, renderAsStaff, stubBlobFiles, stubPortal, type PortalCall } from '../../../test-portal';
import { DataExportPanel } from './DataExportPanel';

const INSTRUMENTS = [
  { formKey: 'core', version: 1, kind: 'round', title: { en: 'About you', sp: 'Sobre usted' }, submitted: 12 },
  {
    formKey: 'exit-interview',
    version: 2,
    kind: 'one-time',
    title: { en: 'Exit interview', sp: 'Entrevista final' },
    submitted: 3,
  },
];

/** The lists the tab loads: the questionnaire versions, and the archives asked for (none). */
const LISTS = ['/data-export/instruments', '/data-export/runs'];
const answerWith = (call: PortalCall, download: Response | Promise<Response>) =>
  call.path === '/data-export/instruments'
    ? okReply(INSTRUMENTS)
    : call.path === '/data-export/runs'
      ? okReply([])
      : download;

// The tab now holds the archive's form too: a busy machine has taken over 13 s for the first test.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-04-15T12:00:00.000Z'));
});
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the Data Export tab', () => {
  it('downloads each export for the chosen questionnaire version and date range, under its name', async () => {
    const user = userEvent.setup();
    const files = stubBlobFiles('blob:export');
    const calls = stubPortal((call) => answerWith(call, new Response('\uFEFFparticipantId\r\n')));
    renderAsStaff(<DataExportPanel />);

    expect(screen.getByRole('heading', { level: 2, name: 'Data Export' })).toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Questionnaire and version' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['About you — version 1 (12 submitted)', 'Exit interview — version 2 (3 submitted)']);
    expect(screen.getByText('Survey answers and registers cover all dates.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download survey answers' }));
    await user.selectOptions(picker, 'exit-interview@2');
    await user.click(screen.getByRole('button', { name: 'Download data dictionary' }));

    const from = screen.getByRole('textbox', { name: 'From (MM/DD/YYYY)' });
    expect(from).toHaveValue('01/01/2026');
    await user.clear(from);
    await user.type(from, '03/01/2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      screen.getByText('Survey answers and registers cover 03/01/2026 to 04/15/2026 (the study time zone).'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download survey answers' }));
    await user.click(screen.getByRole('button', { name: 'Download data dictionary' }));
    await user.click(screen.getByRole('button', { name: 'Download consent register' }));
    await user.click(screen.getByRole('button', { name: 'Show all dates' }));
    await user.click(screen.getByRole('button', { name: 'Download verification register' }));

    const downloads = calls.filter((call) => !LISTS.includes(call.path));
    expect(downloads.map((call) => [call.path, call.query.toString()].filter(Boolean).join('?'))).toEqual([
      '/data-export/survey-answers?formKey=core&version=1',
      '/data-export/data-dictionary?formKey=exit-interview&version=2',
      '/data-export/survey-answers?formKey=exit-interview&version=2&from=2026-03-01&to=2026-04-15',
      '/data-export/data-dictionary?formKey=exit-interview&version=2',
      '/data-export/consent-register?from=2026-03-01&to=2026-04-15',
      '/data-export/verification-register',
    ]);
    expect(files.saved).toEqual([
      'survey-answers-core-v1-2026-04-15.csv',
      'data-dictionary-exit-interview-v2-2026-04-15.csv',
      'survey-answers-exit-interview-v2-2026-04-15.csv',
      'data-dictionary-exit-interview-v2-2026-04-15.csv',
      'consent-register-2026-04-15.csv',
      'verification-register-2026-04-15.csv',
    ]);
  });

  it('offers a study administrator identified files, as before, or de-identified ones named so', async () => {
    const user = userEvent.setup();
    const files = stubBlobFiles('blob:export');
    const calls = stubPortal((call) => answerWith(call, new Response('\uFEFFparticipantId\r\n')));
    renderAsStaff(<DataExportPanel />, 'studyAdmin');

    const choice = await screen.findByRole('radiogroup', { name: 'Participants in the files' });
    expect(within(choice).getByRole('radio', { name: 'Identified' })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: 'De-identified' })).not.toBeChecked();
    expect(choice).toHaveAccessibleDescription(
      'De-identified files show each participant under a pseudonym, the same in every file, and leave out ' +
        'free-text answers and staff IDs.',
    );
    expect(screen.queryByText(/Your exports are de-identified/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Download consent register' }));
    await user.click(within(choice).getByRole('radio', { name: 'De-identified' }));
    await user.click(screen.getByRole('button', { name: 'Download survey answers' }));
    await user.click(screen.getByRole('button', { name: 'Download data dictionary' }));
    await user.click(screen.getByRole('button', { name: 'Download verification register' }));
    await user.click(within(choice).getByRole('radio', { name: 'Identified' }));
    await user.click(screen.getByRole('button', { name: 'Download consent register' }));

    const downloads = calls.filter((call) => !LISTS.includes(call.path));
    expect(downloads.map((call) => [call.path, call.query.toString()].filter(Boolean).join('?'))).toEqual([
      '/data-export/consent-register',
      '/data-export/survey-answers?formKey=core&version=1&deidentified=true',
      '/data-export/data-dictionary?formKey=core&version=1&deidentified=true',
      '/data-export/verification-register?deidentified=true',
      '/data-export/consent-register',
    ]);
    expect(files.saved).toEqual([
      'consent-register-2026-04-15.csv',
      'survey-answers-deidentified-core-v1-2026-04-15.csv',
      'data-dictionary-deidentified-core-v1-2026-04-15.csv',
      'verification-register-deidentified-2026-04-15.csv',
      'consent-register-2026-04-15.csv',
    ]);
  });

  it('gives an analyst no choice: a note that their exports are de-identified, and de-identified files', async () => {
    const user = userEvent.setup();
    const files = stubBlobFiles('blob:export');
    const calls = stubPortal((call) => answerWith(call, new Response('\uFEFFparticipantPseudonym\r\n')));
    renderAsStaff(<DataExportPanel />, 'analyst');

    await user.click(await screen.findByRole('button', { name: 'Download survey answers' }));
    await user.click(screen.getByRole('button', { name: 'Download consent register' }));
    expect(
      screen.getByText(
        'Your exports are de-identified: each participant appears under a pseudonym, the same in every file, and ' +
          'free-text answers are left out.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    const downloads = calls.filter((call) => !LISTS.includes(call.path));
    expect(downloads.map((call) => [call.path, call.query.toString()].filter(Boolean).join('?'))).toEqual([
      '/data-export/survey-answers?formKey=core&version=1&deidentified=true',
      '/data-export/consent-register?deidentified=true',
    ]);
    expect(files.saved).toEqual([
      'survey-answers-deidentified-core-v1-2026-04-15.csv',
      'consent-register-deidentified-2026-04-15.csv',
    ]);
  });

  it('is busy while a file comes, and says why when it fails', async () => {
    const user = userEvent.setup();
    stubBlobFiles('blob:export');
    let fail: (reply: Response) => void = () => {};
    stubPortal((call) =>
      answerWith(
        call,
        new Promise<Response>((resolve) => {
          fail = resolve;
        }),
      ),
    );
    renderAsStaff(<DataExportPanel />);
    const button = await screen.findByRole('button', { name: 'Download consent register' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(screen.getByText('Preparing the file…')).toHaveAttribute('role', 'status');

    fail(new Response(JSON.stringify({ status: false, message: 'Too many requests.' }), { status: 429 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(button).toBeEnabled();
    expect(screen.queryByText('Preparing the file…')).not.toBeInTheDocument();
  });

  it('offers a retry when the questionnaires cannot be loaded', async () => {
    stubPortal((call) =>
      call.path === '/data-export/runs'
        ? okReply([])
        : new Response(JSON.stringify({ status: false, message: 'Down' }), { status: 500 }),
    );
    renderAsStaff(<DataExportPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The list of questionnaires could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
