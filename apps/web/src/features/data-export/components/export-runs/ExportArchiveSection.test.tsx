import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TExportRun } from '@portal/shared/data-export/export-runs';
import { i18n } from '../../../../lib/i18n';
import { okReply, renderAsStaff, stubBlobFiles, stubPortal, type PortalCall } from '../../../../test-portal';
import { EXPORT_RUNS_POLL_MS } from '../../api/export-runs-api';
import { DataExportPanel } from '../DataExportPanel';

const INSTRUMENTS = [
  { formKey: 'core', version: 1, kind: 'round', title: { en: 'About you', sp: 'Sobre usted' }, submitted: 12 },
  {
    formKey: 'exit-interview',
    version: 2,
    kind: 'one-time',
    title: { en: 'Exit interview', sp: 'Entrevista final' },
    submitted: 1,
  },
];
const NOW = new Date('2026-04-15T12:00:00.000Z');
const RUN_ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const SHA = 'ab'.repeat(32);

const run = (overrides: Partial<TExportRun>): TExportRun => ({
  id: RUN_ID,
  status: 'queued',
  forms: [{ formKey: 'core', version: 1 }],
  registers: ['consent'],
  formats: ['dataPackage', 'redcap', 'fhir'],
  from: null,
  to: null,
  deidentified: true,
  progress: { filesDone: 0, filesTotal: 0, rows: 0 },
  requestedAt: '2026-04-15T11:58:00.000Z',
  finishedAt: null,
  expiresAt: null,
  archive: null,
  failure: null,
  ...overrides,
});
const RUNNING = run({ status: 'running', progress: { filesDone: 3, filesTotal: 7, rows: 1234 } });
const DONE = run({
  status: 'done',
  progress: { filesDone: 7, filesTotal: 7, rows: 2048 },
  finishedAt: '2026-04-15T11:59:00.000Z',
  expiresAt: '2026-04-22T11:59:00.000Z',
  archive: { fileName: 'study-data-2026-04-15.zip', bytes: 2_345_678, sha256: SHA },
});

/**
 * A portal with the questionnaires, the archives `runs()` answers (or its reply, such as a failure), and `other`
 * for anything else.
 */
function portal(runs: () => TExportRun[] | Response, other: (call: PortalCall) => Response = () => okReply(RUNNING)) {
  return stubPortal((call) => {
    if (call.path === '/data-export/instruments') return okReply(INSTRUMENTS);
    if (call.path === '/data-export/runs' && call.method === 'GET') {
      const answer = runs();
      return answer instanceof Response ? answer : okReply(answer);
    }
    return other(call);
  });
}

/** How many times the list of archives was asked for. */
const listings = (calls: PortalCall[]) =>
  calls.filter((call) => call.path === '/data-export/runs' && call.method === 'GET').length;

/**
 * Every timer fake, moving with real time and moved on by the test at will, so waiting out the polling takes no
 * real seconds; the clock at the same moment as the other tests'.
 */
function fakeAllTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** The archive's part of the tab, once its questionnaires are there. */
async function archiveSection(name = 'Archive for research platforms') {
  const section = screen.getByRole('region', { name });
  // A busy machine may take a while to answer even a stubbed call.
  await within(section).findByRole('checkbox', { name: /About you|Sobre usted/ }, { timeout: 5000 });
  return section;
}

/** Types a date into a box at once (pasted), as a quick typist would. */
async function fill(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

const starts = (calls: PortalCall[]) => calls.filter((call) => call.method === 'POST');

// Each test clicks through a long form: a busy machine has taken over 20 s for one.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  vi.stubEnv('TZ', 'UTC');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the archive for research platforms', () => {
  it('sends what was chosen, in the order shown, and follows the run it starts', async () => {
    const user = userEvent.setup();
    let runs: TExportRun[] = [];
    const calls = portal(
      () => runs,
      () => {
        runs = [RUNNING];
        return okReply(RUNNING);
      },
    );
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection();
    const versions = within(section).getByRole('group', { name: 'Questionnaire versions' });
    expect(
      within(versions)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent),
    ).toEqual([
      'Select all versions',
      'About you — version 1 (12 submitted)',
      'Exit interview — version 2 (1 submitted)',
    ]);
    expect(await within(section).findByText('You have not asked for an archive in the last 7 days.')).toBeVisible();

    await user.click(within(versions).getByRole('checkbox', { name: 'Exit interview — version 2 (1 submitted)' }));
    await user.click(within(versions).getByRole('checkbox', { name: 'About you — version 1 (12 submitted)' }));
    await user.click(within(section).getByRole('checkbox', { name: "Participants' study status" }));
    await user.click(within(section).getByRole('checkbox', { name: 'Consent register' }));
    await fill(user, within(section).getByRole('textbox', { name: 'First day (MM/DD/YYYY)' }), '03/01/2026');
    await fill(user, within(section).getByRole('textbox', { name: 'Last day (MM/DD/YYYY)' }), '04/15/2026');
    await user.click(within(section).getByRole('checkbox', { name: 'FHIR R4 (NDJSON)' }));
    await user.click(within(section).getByRole('checkbox', { name: 'Data package (CSV with typed schema)' }));
    const identity = within(section).getByRole('radiogroup', { name: 'Participants in the archive' });
    expect(within(identity).getByRole('radio', { name: 'De-identified' })).toBeChecked();
    await user.click(within(identity).getByRole('radio', { name: 'Identified' }));
    await user.click(within(section).getByRole('button', { name: 'Prepare archive' }));

    expect(starts(calls).map((call) => [call.path, JSON.stringify(call.body)])).toEqual([
      [
        '/data-export/runs',
        '{"forms":[{"formKey":"core","version":1},{"formKey":"exit-interview","version":2}],' +
          '"registers":["consent","studyStatus"],"formats":["dataPackage","fhir"],' +
          '"from":"2026-03-01","to":"2026-04-15","deidentified":false}',
      ],
    ]);
    expect(
      await within(section).findByText('Your archive is being prepared. Follow it under Your archives.'),
    ).toHaveAttribute('role', 'status');
    expect(within(section).getByRole('progressbar', { name: 'Archive progress' })).toBeInTheDocument();
  });

  it('selects all versions at once, and sends a de-identified archive of every date unless told', async () => {
    const user = userEvent.setup();
    const calls = portal(() => []);
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection();
    const all = within(section).getByRole<HTMLInputElement>('checkbox', { name: 'Select all versions' });
    const first = within(section).getByRole('checkbox', { name: 'About you — version 1 (12 submitted)' });
    // Some chosen: "mixed" to assistive technology and to the browser alike.
    await user.click(first);
    expect(all).toBePartiallyChecked();
    expect(all.indeterminate).toBe(true);
    await user.click(first);
    expect(all.indeterminate).toBe(false);
    await user.click(all);
    expect(all.indeterminate).toBe(false);
    expect(first).toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Exit interview — version 2 (1 submitted)' })).toBeChecked();
    await user.click(within(section).getByRole('checkbox', { name: 'REDCap (data dictionary and import files)' }));
    await user.click(within(section).getByRole('button', { name: 'Prepare archive' }));
    expect(starts(calls).map((call) => call.body)).toEqual([
      {
        forms: [
          { formKey: 'core', version: 1 },
          { formKey: 'exit-interview', version: 2 },
        ],
        registers: [],
        formats: ['redcap'],
        deidentified: true,
      },
    ]);
  });

  it('names what is missing or wrong, announced, and asks nothing of the server', async () => {
    const user = userEvent.setup();
    const calls = portal(() => []);
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection();
    await user.click(within(section).getByRole('button', { name: 'Prepare archive' }));
    const alerts = await within(section).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Choose at least one questionnaire or register.',
      'Choose at least one format.',
    ]);
    expect(within(section).getByRole('group', { name: 'Questionnaire versions' })).toHaveAccessibleDescription(
      'Choose at least one questionnaire or register.',
    );
    expect(within(section).getByRole('group', { name: 'Registers' })).toHaveAccessibleDescription(
      'Choose at least one questionnaire or register.',
    );
    expect(within(section).getByRole('group', { name: 'Formats' })).toHaveAccessibleDescription(
      'Choose at least one format.',
    );
    // The first group refused takes the focus.
    expect(within(section).getByRole('checkbox', { name: 'About you — version 1 (12 submitted)' })).toHaveFocus();

    await user.click(within(section).getByRole('checkbox', { name: 'Verification register' }));
    await user.click(within(section).getByRole('checkbox', { name: 'FHIR R4 (NDJSON)' }));
    const from = within(section).getByRole('textbox', { name: 'First day (MM/DD/YYYY)' });
    await fill(user, from, '04/15/2026');
    await fill(user, within(section).getByRole('textbox', { name: 'Last day (MM/DD/YYYY)' }), '03/01/2026');
    await user.click(within(section).getByRole('button', { name: 'Prepare archive' }));
    expect(
      within(section)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['The start date must be on or before the end date.']);
    expect(from).toHaveAccessibleDescription('The start date must be on or before the end date.');
    expect(starts(calls)).toEqual([]);
  });

  it('names them in Spanish', async () => {
    await i18n.changeLanguage('sp');
    const user = userEvent.setup();
    portal(() => []);
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection('Archivo para plataformas de investigación');
    await user.click(within(section).getByRole('button', { name: 'Preparar el archivo' }));
    expect((await within(section).findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      'Elija al menos un cuestionario o un registro.',
      'Elija al menos un formato.',
    ]);
    await user.click(within(section).getByRole('checkbox', { name: 'Registro de consentimientos' }));
    await user.click(
      within(section).getByRole('checkbox', { name: 'REDCap (diccionario de datos y archivos de importación)' }),
    );
    await fill(user, within(section).getByRole('textbox', { name: 'Primer día (MM/DD/AAAA)' }), '04/15/2026');
    await fill(user, within(section).getByRole('textbox', { name: 'Último día (MM/DD/AAAA)' }), '03/01/2026');
    await user.click(within(section).getByRole('button', { name: 'Preparar el archivo' }));
    expect(
      within(section)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['La fecha de inicio debe ser igual o anterior a la fecha de fin.']);
  });

  it("shows the server's refusals: under the group they name, or above the button", async () => {
    const user = userEvent.setup();
    const replies = [
      new Response(
        JSON.stringify({
          status: false,
          message: 'Invalid request',
          data: [{ errorField: 'formats.0', message: 'dataExport.run.error.noFormat' }],
        }),
        { status: 400 },
      ),
      new Response(
        JSON.stringify({
          status: false,
          message: 'An archive you asked for is still being prepared. Wait for it to finish.',
        }),
        { status: 409 },
      ),
    ];
    portal(
      () => [],
      () => replies.shift()!,
    );
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection();
    await user.click(within(section).getByRole('checkbox', { name: 'Consent register' }));
    await user.click(within(section).getByRole('checkbox', { name: 'FHIR R4 (NDJSON)' }));
    await user.click(within(section).getByRole('button', { name: 'Prepare archive' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Choose at least one format.');
    expect(within(section).getByRole('group', { name: 'Formats' })).toHaveAccessibleDescription(
      'Choose at least one format.',
    );
    await user.click(within(section).getByRole('button', { name: 'Prepare archive' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'An archive you asked for is still being prepared. Wait for it to finish.',
    );
  });

  it('shows a running archive’s progress, and looks again every second until it is ready', async () => {
    const user = fakeAllTimers();
    const files = stubBlobFiles('blob:archive');
    const answers = [RUNNING];
    const calls = portal(
      () => [answers.length > 1 ? answers.shift()! : answers[0]!],
      () => new Response(new Blob(['PK'])),
    );
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection();
    const archives = within(section).getByRole('region', { name: 'Your archives' });
    const progress = await within(archives).findByRole('progressbar', { name: 'Archive progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '43');
    expect(progress).toHaveAttribute('aria-valuetext', '3 of 7 files written');
    expect(within(archives).getByText('3 of 7 files written · 1,234 rows written')).toBeVisible();
    expect(within(archives).getByText('Running')).toHaveAttribute('role', 'status');
    const archive = within(archives).getByRole('article', { name: 'Requested 04/15/2026 11:58 AM' });
    expect(within(archive).getByText('1 questionnaire version, 1 register, 3 formats')).toBeVisible();
    expect(within(archive).getByText('All dates')).toBeVisible();
    expect(within(archive).getByText('De-identified')).toBeVisible();
    expect(within(archives).queryByRole('button', { name: 'Download archive' })).not.toBeInTheDocument();

    answers.push(DONE);
    await vi.advanceTimersByTimeAsync(2 * EXPORT_RUNS_POLL_MS);
    const download = await within(archives).findByRole('button', { name: 'Download archive' }, { timeout: 5000 });
    expect(within(archives).getByText('Ready')).toBeVisible();
    expect(within(archives).queryByRole('progressbar')).not.toBeInTheDocument();
    const listed = calls.filter((call) => call.path === '/data-export/runs').length;
    // Ended, the run is not asked about again.
    await vi.advanceTimersByTimeAsync(5 * EXPORT_RUNS_POLL_MS);
    expect(calls.filter((call) => call.path === '/data-export/runs').length).toBe(listed);

    await user.click(download);
    expect(calls.at(-1)?.path).toBe(`/data-export/runs/${RUN_ID}/archive`);
    await vi.waitFor(() => expect(files.saved).toEqual(['study-data-2026-04-15.zip']));
  });

  it('shows a ready archive’s size, checksum and last day, and a failed and an expired one', async () => {
    const failed = run({
      id: '7f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      status: 'failed',
      requestedAt: '2026-04-14T09:00:00.000Z',
      failure: 'dataExport.run.error.interrupted',
      from: '2026-01-01',
      to: '2026-03-31',
      registers: [],
      formats: ['fhir'],
    });
    const expired = run({
      id: '8f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      status: 'expired',
      requestedAt: '2026-04-01T09:00:00.000Z',
    });
    portal(() => [DONE, failed, expired]);
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection();

    const ready = await within(section).findByRole('article', { name: 'Requested 04/15/2026 11:58 AM' });
    expect(within(ready).getByText('2.3 MB')).toBeVisible();
    expect(within(ready).getByText(SHA).tagName).toBe('CODE');
    expect(within(ready).getByText('Available until 04/22/2026')).toBeVisible();
    expect(within(ready).getByRole('button', { name: 'Download archive' })).toBeEnabled();

    const broken = within(section).getByRole('article', { name: 'Requested 04/14/2026 09:00 AM' });
    expect(within(broken).getByText('Failed')).toBeVisible();
    expect(within(broken).getByText('01/01/2026 to 03/31/2026')).toBeVisible();
    expect(within(broken).getByText('1 questionnaire version, 1 format')).toBeVisible();
    expect(
      within(broken).getByText('Preparing the archive was interrupted when the portal restarted. Prepare it again.'),
    ).toBeVisible();
    expect(within(broken).queryByRole('button')).not.toBeInTheDocument();

    const gone = within(section).getByRole('article', { name: 'Requested 04/01/2026 09:00 AM' });
    expect(within(gone).getByText('Expired')).toBeVisible();
    expect(
      within(gone).getByText('This archive is no longer available: archives are kept for 7 days. Prepare a new one.'),
    ).toBeVisible();
    expect(within(gone).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a ready archive as expired once its last day has passed, though the list still says ready', async () => {
    fakeAllTimers();
    const lapsed = run({
      ...DONE,
      id: '9f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      requestedAt: '2026-04-08T09:00:00.000Z',
      expiresAt: '2026-04-15T09:00:00.000Z',
    });
    const lapsing = run({ ...DONE, expiresAt: '2026-04-15T12:00:30.000Z' });
    const calls = portal(() => [lapsing, lapsed]);
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection();
    const expectExpired = async (archive: HTMLElement) => {
      expect(await within(archive).findByText('Expired')).toHaveAttribute('role', 'status');
      expect(
        within(archive).getByText(
          'This archive is no longer available: archives are kept for 7 days. Prepare a new one.',
        ),
      ).toBeVisible();
      expect(within(archive).queryByRole('button')).not.toBeInTheDocument();
      expect(within(archive).queryByText(SHA)).not.toBeInTheDocument();
    };

    await expectExpired(await within(section).findByRole('article', { name: 'Requested 04/08/2026 09:00 AM' }));
    const ready = within(section).getByRole('article', { name: 'Requested 04/15/2026 11:58 AM' });
    expect(within(ready).getByRole('button', { name: 'Download archive' })).toBeEnabled();

    // Left open past its last day: shown as expired then, without asking the server again.
    const listed = listings(calls);
    await vi.advanceTimersByTimeAsync(30_000);
    await expectExpired(ready);
    expect(listings(calls)).toBe(listed);
  });

  it('stops looking while the list cannot be loaded, and looks again after Try again', async () => {
    const user = fakeAllTimers();
    let failing = false;
    const calls = portal(() => (failing ? new Response('', { status: 500 }) : [RUNNING]));
    renderAsStaff(<DataExportPanel />);
    const section = await archiveSection();
    const archives = within(section).getByRole('region', { name: 'Your archives' });
    await within(archives).findByRole('progressbar', { name: 'Archive progress' });

    failing = true;
    await vi.advanceTimersByTimeAsync(EXPORT_RUNS_POLL_MS);
    const alert = await within(archives).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Your archives could not be loaded.');
    const listed = listings(calls);
    await vi.advanceTimersByTimeAsync(10 * EXPORT_RUNS_POLL_MS);
    expect(listings(calls)).toBe(listed);

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(archives).findByRole('progressbar', { name: 'Archive progress' })).toBeInTheDocument();
    // The run is under way again: followed every second as before.
    const looked = listings(calls);
    await vi.advanceTimersByTimeAsync(EXPORT_RUNS_POLL_MS);
    await vi.waitFor(() => expect(listings(calls)).toBeGreaterThan(looked));
  });

  it('gives an analyst de-identified archives only, and says so', async () => {
    const user = userEvent.setup();
    const calls = portal(() => []);
    renderAsStaff(<DataExportPanel />, 'analyst');
    const section = await archiveSection();
    expect(
      within(section).getByText(
        'Your archives are de-identified: each participant appears under a pseudonym, the same in every file, and ' +
          'free-text answers are left out.',
      ),
    ).toBeVisible();
    expect(within(section).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: 'Consent register' }));
    await user.click(within(section).getByRole('checkbox', { name: 'Data package (CSV with typed schema)' }));
    await user.click(within(section).getByRole('button', { name: 'Prepare archive' }));
    expect(starts(calls).map((call) => call.body)).toEqual([
      { forms: [], registers: ['consent'], formats: ['dataPackage'], deidentified: true },
    ]);
  });
});
