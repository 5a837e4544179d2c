import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { describe, expect, it } from 'vitest';
import { okReply, renderAsStaff, stubPortal, type PortalCall } from '../../../test-portal';
import { axeViolations, fillField, openFieldDialog, pdfFile, pickPdf, user } from '../consent/test-kit';
import { HealthSystemManagementPanel } from './HealthSystemManagementPanel';

const LAKESIDE = {
  id: '6f1c3d4e-0000-4000-8000-000000000001',
  name: 'Lakeside Health',
  databaseValue: 'lakeside',
  count: 1250,
  onboardedOn: '03/05/2026',
  status: 'Active',
  isActive: true,
};
const RIVERBEND = {
  id: '6f1c3d4e-0000-4000-8000-000000000002',
  name: 'Riverbend Clinics',
  databaseValue: 'riverbend',
  count: 0,
  onboardedOn: '11/20/2026',
  status: 'Inactive',
  isActive: false,
};

/** Twenty-three systems, System 01 to System 23, as the server pages them by name. */
const MANY = Array.from({ length: 23 }, (_, i) => ({
  ...LAKESIDE,
  id: `6f1c3d4e-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
  name: `System ${String(i + 1).padStart(2, '0')}`,
}));

/** Types a text into a box at once (as pasted), after clicking it. */
async function type(element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

const refusal = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const servePage = (rows: unknown[]) => (call: PortalCall) => {
  const page = Number(call.query.get('page'));
  const size = Number(call.query.get('size'));
  return okReply({ content: rows.slice(page * size, page * size + size), totalElements: rows.length, page, size });
};

type Answer = (call: PortalCall) => Response | Promise<Response>;

/** The portal of these tests: the overview, the languages, and whatever a test answers for the other calls. */
function stubManagement(answers: Record<string, Answer> = {}, rows: unknown[] = [LAKESIDE, RIVERBEND]) {
  return stubPortal((call) => {
    const answer = answers[`${call.method} ${call.path}`];
    if (answer) return answer(call);
    if (call.path === '/health-system/overview') return servePage(rows)(call);
    if (call.path === '/externalization/languages')
      return okReply([
        { name: 'English', code: 'en' },
        { name: 'Spanish', code: 'sp' },
      ]);
    return refusal(404, { status: false, message: 'Not found' });
  });
}

const overviews = (calls: PortalCall[]) => calls.filter((c) => c.path === '/health-system/overview');

async function openRegistration() {
  await user.click(screen.getByRole('button', { name: 'Onboard New System' }));
  return screen.getByRole('dialog', { name: 'Register New Health System' });
}

async function fillBasic(dialog: HTMLElement, name = 'Lakeside Health') {
  await type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
  await type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Hospitals around the lake');
}

async function fillSystem(dialog: HTMLElement) {
  await type(within(dialog).getByRole('textbox', { name: 'Database Value' }), 'lakeside');
  await type(within(dialog).getByRole('textbox', { name: 'Dropdown Label (English)' }), 'Lakeside Health');
  await type(within(dialog).getByRole('textbox', { name: 'Dropdown Label (Spanish)' }), 'Salud Lakeside');
}

const VALIDATIONS: Record<string, Answer> = {
  'POST /health-system/validate/basic': () => okReply(undefined, 'Basic information validated successfully'),
  'POST /health-system/validate/system': () => okReply(undefined, 'System configuration validated successfully'),
};

/** Registers up to the Consent Forms step. */
async function walkToConsent() {
  const dialog = await openRegistration();
  await fillBasic(dialog);
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await within(dialog).findByRole('textbox', { name: 'Database Value' });
  await fillSystem(dialog);
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await within(dialog).findByRole('heading', { name: 'Consent Forms' });
  return dialog;
}

describe('Health System Management: the table', () => {
  it('says it is loading, then lists each system with its users, date, status, View and Edit', async () => {
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const calls = stubManagement({
      'GET /health-system/overview': async (call) => {
        await loaded;
        return servePage([LAKESIDE, RIVERBEND])(call);
      },
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'Health System Management' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Health Systems' })).toBeVisible();
    expect(screen.getByText('Loading health systems...')).toBeVisible();
    release();

    const table = await screen.findByRole('table', { name: 'Health Systems' });
    expect(overviews(calls)[0]!.query.toString()).toBe('page=0&size=10');
    const [header, lakeside, riverbend] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Health System Name', 'Registered Users', 'Onboarded Date', 'Status', 'Actions']);
    expect(
      within(lakeside!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Lakeside Health', '1250', '03/05/2026', 'Active', 'ViewEdit']);
    expect(within(riverbend!).getByText('Inactive')).toBeVisible();
    expect(within(lakeside!).getByRole('button', { name: 'View Lakeside Health' })).toBeVisible();
    expect(within(riverbend!).getByRole('button', { name: 'Edit Riverbend Clinics' })).toBeVisible();
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
  });

  it('an auditor views each system but neither onboards nor edits one', async () => {
    stubManagement({});
    renderAsStaff(<HealthSystemManagementPanel />, 'auditor');
    const table = await screen.findByRole('table', { name: 'Health Systems' });
    const [, lakeside] = within(table).getAllByRole('row');
    expect(within(lakeside!).getByRole('button', { name: 'View Lakeside Health' })).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Onboard New System' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when the list fails, and loads it again on Try Again', async () => {
    let fail = true;
    stubManagement({
      'GET /health-system/overview': (call) =>
        fail ? refusal(503, { status: false, message: 'The database is not reachable.' }) : servePage([LAKESIDE])(call),
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading health systems');
    expect(alert).toHaveTextContent('The database is not reachable.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('cell', { name: 'Lakeside Health' })).toBeVisible();
  });

  it('says “Unknown error occurred” when the failure carries no message', async () => {
    stubManagement({ 'GET /health-system/overview': () => new Response('', { status: 502, statusText: '' }) });
    renderAsStaff(<HealthSystemManagementPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading health systems');
    expect(alert).toHaveTextContent('Unknown error occurred');
  });

  it('says when there are no health systems', async () => {
    stubManagement({}, []);
    renderAsStaff(<HealthSystemManagementPanel />);
    expect(await screen.findByText('No health systems found')).toBeVisible();
  });

  it('pages 10 at a time, offers 5, 10, 15 and 25 rows, and a new size goes back to the first page', async () => {
    const calls = stubManagement({}, MANY);
    renderAsStaff(<HealthSystemManagementPanel />);
    expect(await screen.findByText('Showing 1 to 10 of 23 results')).toBeVisible();
    const sizes = screen.getByRole('combobox', { name: 'Rows per page:' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '15', '25']);
    expect(sizes).toHaveDisplayValue('10');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Showing 11 to 20 of 23 results')).toBeVisible();
    expect(screen.getByRole('cell', { name: 'System 11' })).toBeVisible();

    await user.selectOptions(sizes, '15');
    expect(await screen.findByText('Showing 1 to 15 of 23 results')).toBeVisible();
    expect(overviews(calls).map((c) => c.query.toString())).toEqual([
      'page=0&size=10',
      'page=1&size=10',
      'page=0&size=15',
    ]);
  });

  it('Refresh loads the page again, saying “Refreshing...” meanwhile', async () => {
    let release: () => void = () => {};
    let hold = false;
    const calls = stubManagement({
      'GET /health-system/overview': async (call) => {
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return servePage([LAKESIDE])(call);
      },
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    await screen.findByRole('cell', { name: 'Lakeside Health' });
    hold = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeVisible();
    release();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeVisible();
    expect(overviews(calls)).toHaveLength(2);
  });
});

describe('Health System Management: registering a system', () => {
  it('Basic Information: its rules, then the server’s field errors, then on to step 2', async () => {
    let nameTaken = true;
    const calls = stubManagement({
      'POST /health-system/validate/basic': () =>
        nameTaken
          ? refusal(400, {
              status: false,
              message: 'The request is not valid.',
              data: [{ errorField: 'name', message: 'A health system with this name already exists.' }],
            })
          : okReply(undefined, 'Basic information validated successfully'),
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    const dialog = await openRegistration();

    // The step buttons only show the way; the progress bar and the focus say where one is.
    const steps = within(dialog).getByRole('navigation', { name: 'Steps' });
    for (const step of ['Basic Information', 'System Configuration', 'Consent Forms'])
      expect(within(steps).getByRole('button', { name: step })).toBeDisabled();
    const progress = within(dialog).getByRole('progressbar', { name: 'Step 1 of 3' });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(within(dialog).getByText('Description is required')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await fillBasic(dialog, '  Lakeside Health ');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const nameError = await within(dialog).findByText('A health system with this name already exists.');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-describedby', nameError.id);
    expect(calls.at(-1)!.body).toEqual({ name: 'Lakeside Health', description: 'Hospitals around the lake' });

    nameTaken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Basic information validated successfully')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Database Value' })).toHaveFocus();
    expect(within(dialog).getByRole('progressbar', { name: 'Step 2 of 3' })).toHaveAttribute('aria-valuenow', '2');
    expect(within(steps).getByRole('button', { name: 'Basic Information, completed' })).toBeDisabled();
  });

  it('System Configuration: its rules, the server’s field errors, Back keeping both steps, then step 3', async () => {
    let valueTaken = true;
    const calls = stubManagement({
      ...VALIDATIONS,
      'POST /health-system/validate/system': () =>
        valueTaken
          ? refusal(400, {
              status: false,
              message: 'The request is not valid.',
              data: [
                { errorField: 'databaseValue', message: 'Another health system already uses this database value.' },
              ],
            })
          : okReply(undefined, 'System configuration validated successfully'),
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    const dialog = await openRegistration();
    await fillBasic(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('textbox', { name: 'Database Value' });

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Please enter database value')).toBeVisible();
    expect(within(dialog).getByText('Labels for all languages are required')).toBeVisible();
    expect(calls.filter((c) => c.path === '/health-system/validate/system')).toEqual([]);

    await fillSystem(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const valueError = await within(dialog).findByText('Another health system already uses this database value.');
    expect(within(dialog).getByRole('textbox', { name: 'Database Value' })).toHaveAttribute(
      'aria-describedby',
      valueError.id,
    );
    expect(calls.at(-1)!.body).toEqual({
      databaseValue: 'lakeside',
      dropdownLabels: { en: 'Lakeside Health', sp: 'Salud Lakeside' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Lakeside Health');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Database Value' })).toHaveValue('lakeside');

    valueTaken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('System configuration validated successfully')).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Consent Forms' })).toBeVisible();
    expect(within(dialog).getByRole('progressbar', { name: 'Step 3 of 3' })).toHaveAttribute('aria-valuenow', '3');
    const steps = within(dialog).getByRole('navigation', { name: 'Steps' });
    expect(within(steps).getByRole('button', { name: 'System Configuration, completed' })).toBeDisabled();
  });

  it('registers with the default forms, says so, and closing the success dialog closes the modal and reloads', async () => {
    const calls = stubManagement({
      ...VALIDATIONS,
      'POST /health-system/register': () =>
        okReply({ id: LAKESIDE.id, revision: 1 }, 'Health System registered successfully!'),
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    await screen.findByRole('cell', { name: 'Lakeside Health' });
    const dialog = await walkToConsent();
    const before = overviews(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Register Health System' }));

    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success).toHaveTextContent('Health System registered successfully!');
    const register = calls.find((c) => c.path === '/health-system/register')!;
    expect(JSON.parse(register.form!.get('data') as string)).toEqual({
      basicInfo: { name: 'Lakeside Health', description: 'Hospitals around the lake' },
      systemInfo: { databaseValue: 'lakeside', dropdownLabels: { en: 'Lakeside Health', sp: 'Salud Lakeside' } },
      consentForms: [
        { language: 'en', useDefault: true, inputFields: [] },
        { language: 'sp', useDefault: true, inputFields: [] },
      ],
    });
    expect([...register.form!.keys()]).toEqual(['data']);
    // The table behind has the new system already.
    expect(overviews(calls)).toHaveLength(before + 1);

    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the consent forms first, then sends a custom form’s PDF as file_en with its fields', async () => {
    const calls = stubManagement({
      ...VALIDATIONS,
      'GET /consent/supported-fields': () =>
        okReply([
          { label: 'Signature', value: 'signature' },
          { label: 'Text', value: 'text' },
        ]),
      'POST /health-system/register': () =>
        okReply({ id: LAKESIDE.id, revision: 1 }, 'Health System registered successfully!'),
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    const dialog = await walkToConsent();
    const english = within(dialog).getByRole('region', { name: 'English' });
    await user.click(within(english).getByRole('switch', { name: 'Use Default Consent Form' }));
    await user.click(within(dialog).getByRole('button', { name: 'Register Health System' }));
    const problems = await within(dialog).findByRole('alert');
    expect(problems).toHaveTextContent('Please upload a PDF file for English consent form.');
    expect(problems).toHaveTextContent(
      'No input fields configured for English consent form. Consider adding at least one input field or using the default form.',
    );
    expect(calls.filter((c) => c.path === '/health-system/register')).toEqual([]);

    await pickPdf(english, 'English', pdfFile('lakeside-en.pdf'));
    const field = await openFieldDialog(english);
    await user.selectOptions(within(field).getByRole('combobox', { name: 'Type' }), 'signature');
    await fillField(field, {
      Description: 'Participant signature',
      'X (points)': '72',
      'Y (points)': '600',
      'Width (points)': '200',
      'Height (points)': '40',
    });
    await user.click(within(field).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Register Health System' }));
    await screen.findByRole('dialog', { name: 'Success' });
    const register = calls.find((c) => c.path === '/health-system/register')!;
    expect([...register.form!.keys()]).toEqual(['data', 'file_en']);
    expect((register.form!.get('file_en') as File).name).toBe('lakeside-en.pdf');
    expect(JSON.parse(register.form!.get('data') as string).consentForms).toEqual([
      {
        language: 'en',
        useDefault: false,
        fileName: 'lakeside-en.pdf',
        inputFields: [
          {
            description: 'Participant signature',
            type: 'signature',
            coordinates: { page: 1, x: 72, y: 600 },
            dimensions: { width: 200, height: 40 },
            isRequired: false,
          },
        ],
      },
      { language: 'sp', useDefault: true, inputFields: [] },
    ]);
  });

  it('shows the Error dialog with the server’s details, and closing it goes back to the step', async () => {
    stubManagement({
      ...VALIDATIONS,
      'POST /health-system/register': () =>
        refusal(409, {
          status: false,
          message: 'Registration failed. Please check your input and try again.',
          data: [{ errorField: 'name', message: 'A health system with this name already exists.' }],
        }),
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    const dialog = await walkToConsent();
    await user.click(within(dialog).getByRole('button', { name: 'Register Health System' }));

    const failure = await screen.findByRole('dialog', { name: 'Error' });
    expect(failure).toHaveTextContent('Registration failed. Please check your input and try again.');
    expect(within(failure).getByText('A health system with this name already exists.')).toBeVisible();
    await user.click(within(failure).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Register New Health System' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Register Health System' })).toBeVisible();
  });

  it('has nothing axe can find against WCAG 2.2 AA, in Spanish, on the table and each registration step', async () => {
    await i18n.changeLanguage('sp');
    stubManagement({
      'POST /health-system/validate/basic': () => okReply(undefined, 'Información básica validada correctamente'),
    });
    renderAsStaff(<HealthSystemManagementPanel />);
    await screen.findByRole('table', { name: 'Sistemas de salud' });
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Incorporar nuevo sistema' }));
    const dialog = screen.getByRole('dialog', { name: 'Registrar nuevo sistema de salud' });
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await within(dialog).findByText('El nombre es obligatorio');
    expect(await axeViolations()).toEqual([]);

    await type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Lakeside Health');
    await type(within(dialog).getByRole('textbox', { name: 'Descripción' }), 'Hospitales junto al lago');
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await within(dialog).findByRole('textbox', { name: 'Valor de base de datos' });
    expect(await axeViolations()).toEqual([]);
  });

  it('closing the modal drops what was typed and starts again at step 1', async () => {
    stubManagement(VALIDATIONS);
    renderAsStaff(<HealthSystemManagementPanel />);
    const dialog = await openRegistration();
    await fillBasic(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('textbox', { name: 'Database Value' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const again = await openRegistration();
    expect(within(again).getByRole('progressbar', { name: 'Step 1 of 3' })).toBeVisible();
    expect(within(again).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});
