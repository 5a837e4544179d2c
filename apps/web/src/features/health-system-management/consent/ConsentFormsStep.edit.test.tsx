import { screen, within } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_FIELD_TYPES } from '@portal/shared/reference/supported-fields';
import { blobText, okReply, renderWithQueries, stubBlobFiles, stubPortal, type PortalCall } from '../../../test-portal';
import { ConsentFormsStep } from './ConsentFormsStep';
import { axeViolations, editorSeen, fillField, openFieldDialog, pdfFile, pickPdf, PLACED, user } from './test-kit';

vi.mock('../editor/LazyFieldPlacementEditor', async () => (await import('./test-kit')).standInEditorModule());

const HS = '6f1c3d4e-0000-4000-8000-000000000001';
const SIGNATURE = {
  id: 'field-1',
  name: 'signature',
  description: 'Participant signature',
  type: 'signature',
  coordinates: { page: 1, x: 72, y: 600 },
  dimensions: { width: 200, height: 40 },
  isRequired: true,
};
const ENGLISH = {
  id: 'form-en-2',
  language: 'en',
  useDefault: false,
  fileName: 'lakeside-en.pdf',
  fileId: 'file-en-2',
  version: 2,
  publishedOn: '03/05/2026',
  inputFields: [SIGNATURE],
  signedParticipants: 3,
};
const SPANISH = {
  id: null,
  language: 'sp',
  useDefault: true,
  fileName: null,
  fileId: null,
  version: null,
  publishedOn: null,
  inputFields: [],
  signedParticipants: 0,
};
const refusal = (status: number, message: string, data?: unknown) =>
  new Response(JSON.stringify({ status: false, message, data }), { status });
const published = (reconsentRequested: number, message?: string) =>
  okReply({ formId: 'form-en-3', version: 3, revision: 8, reconsentRequested }, message);

/** A portal holding one system whose English form is custom (version 2, signed by 3) and Spanish is the default. */
function stubConsent(change: (call: PortalCall) => Response = () => published(0), english: object = ENGLISH) {
  return stubPortal((call) => {
    if (call.path === '/consent/supported-fields') return okReply(FALLBACK_FIELD_TYPES);
    if (call.path === '/health-system' && call.method === 'GET')
      return okReply({ id: HS, revision: 7, consentForms: [english, SPANISH] });
    if (call.path === '/health-system/files') return new Response('%PDF-1.7 lakeside', { status: 200 });
    return change(call);
  });
}
const loads = (calls: PortalCall[]) => calls.filter((c) => c.path === '/health-system').length;
const changes = (calls: PortalCall[]) => calls.filter((c) => c.method !== 'GET' && c.path !== '/health-system/files');

async function renderStep(mode: 'edit' | 'view') {
  renderWithQueries(<ConsentFormsStep mode={mode} healthSystemId={HS} />);
  return await screen.findByRole('region', { name: 'English' });
}

describe('Consent Forms of a registered system, in edit mode', () => {
  it('shows each language’s version, signers and fields, with the tip that changes are per language', async () => {
    const calls = stubConsent();
    const english = await renderStep('edit');
    expect(calls[0]!.query.toString()).toBe(`id=${HS}&tab=CONSENT`);
    expect(
      screen.getByText(
        "Consent settings are made per language: each change publishes a new version of that language's consent form.",
      ),
    ).toBeVisible();
    expect(within(english).getByText('Version 2 · published 03/05/2026')).toBeVisible();
    expect(within(english).getByText('3 participants signed this form')).toBeVisible();
    expect(within(english).getByText('File: lakeside-en.pdf')).toBeVisible();
    expect(within(english).getByRole('switch', { name: 'Use Default Consent Form' })).not.toBeChecked();
    expect(within(english).getByRole('button', { name: 'Apply Changes' })).toBeDisabled();
    const spanish = screen.getByRole('region', { name: 'Spanish' });
    expect(within(spanish).getByText("This language uses the study's default consent form.")).toBeVisible();
    expect(within(spanish).queryByText(/participants signed/)).toBeNull();
    expect(within(spanish).queryByText(/Version/)).toBeNull();
  });

  it('adds an input field after the publish dialog, asking the signers to sign again when chosen', async () => {
    const calls = stubConsent(() => published(3, 'Input field added successfully!'));
    const english = await renderStep('edit');
    const dialog = await openFieldDialog(english);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'text');
    await fillField(dialog, {
      Description: 'Witness name',
      'X (points)': '72',
      'Y (points)': '660',
      'Width (points)': '200',
      'Height (points)': '20',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const publish = screen.getByRole('dialog', { name: 'Publish a new version' });
    expect(within(publish).getByText('Add the input field “Witness name”.')).toBeVisible();
    expect(
      within(publish).getByText(
        'This change publishes version 3 of the English consent form. Signatures already made are kept as they are.',
      ),
    ).toBeVisible();
    const ask = within(publish).getByRole('checkbox', {
      name: 'Ask the 3 participants who signed an earlier version to read and sign the new one',
    });
    expect(ask).not.toBeChecked();
    expect(changes(calls)).toEqual([]);
    await user.click(ask);
    await user.click(within(publish).getByRole('button', { name: 'Publish' }));

    const result = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(result).getByText('Input field added successfully!')).toBeVisible();
    expect(
      within(result).getByText('3 participants will be asked to sign the new version at their next sign-in.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Add Input Field' })).toBeNull();
    const [add] = changes(calls);
    expect(add!.method).toBe('POST');
    expect(add!.path).toBe('/consent/input-field');
    expect(add!.query.toString()).toBe('formId=form-en-2');
    expect(add!.body).toEqual({
      inputField: {
        description: 'Witness name',
        type: 'text',
        coordinates: { page: 1, x: 72, y: 660 },
        dimensions: { width: 200, height: 20 },
        isRequired: false,
      },
      reconsent: true,
      version: 2,
    });
    await vi.waitFor(() => expect(loads(calls)).toBe(2));
    await user.click(within(result).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusals of the field in its dialog: a value on its box, the placement above the buttons', async () => {
    const outside = 'The field runs past the edge of page 1, which is 612 × 792 points.';
    const calls = stubConsent(() =>
      refusal(400, 'Please check the input field.', [
        { errorField: 'inputField.dimensions.height', message: 'Height must be a positive number greater than 0.' },
        { errorField: 'inputField.coordinates', message: outside },
      ]),
    );
    const english = await renderStep('edit');
    await user.click(within(english).getByRole('button', { name: 'Edit Participant signature' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Input Field' });
    await fillField(dialog, { 'Width (points)': '600' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const publish = screen.getByRole('dialog', { name: 'Publish a new version' });
    expect(within(publish).getByText('Change the input field “Participant signature”.')).toBeVisible();
    await user.click(within(publish).getByRole('button', { name: 'Publish' }));

    const height = within(dialog).getByLabelText('Height (points)', { exact: false });
    await vi.waitFor(() =>
      expect(height).toHaveAccessibleDescription('Height must be a positive number greater than 0.'),
    );
    expect(within(dialog).getAllByRole('alert').at(-1)).toHaveTextContent(outside);
    expect(screen.queryByRole('dialog', { name: 'Publish a new version' })).toBeNull();
    const [update] = changes(calls);
    expect(update!.method).toBe('PUT');
    expect(update!.query.toString()).toBe('id=field-1');
    expect(update!.body).toMatchObject({ reconsent: false, version: 2, inputField: { dimensions: { width: 600 } } });
  });

  it('says why a field was not deleted', async () => {
    const calls = stubConsent(() => refusal(500, 'The database is not answering.'));
    const english = await renderStep('edit');
    await user.click(within(english).getByRole('button', { name: 'Delete Participant signature' }));
    const publish = screen.getByRole('dialog', { name: 'Publish a new version' });
    expect(within(publish).getByText('Delete the input field “Participant signature”.')).toBeVisible();
    await user.click(within(publish).getByRole('button', { name: 'Publish' }));
    const result = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(result).getByRole('alert')).toHaveTextContent(
      'Failed to delete input field: The database is not answering.',
    );
    const [remove] = changes(calls);
    expect(remove!.method).toBe('DELETE');
    expect(remove!.query.toString()).toBe('id=field-1&reconsent=false&version=2');
  });

  it('offers Reload when another administrator changed the system meanwhile', async () => {
    const stale = 'Another administrator changed this health system while you were editing.';
    const calls = stubConsent(() => refusal(409, stale));
    const english = await renderStep('edit');
    await user.click(within(english).getByRole('button', { name: 'Delete Participant signature' }));
    const publish = screen.getByRole('dialog', { name: 'Publish a new version' });
    await user.click(within(publish).getByRole('button', { name: 'Publish' }));
    expect(await within(publish).findByRole('alert')).toHaveTextContent(stale);
    expect(within(publish).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.click(within(publish).getByRole('button', { name: 'Reload' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(loads(calls)).toBe(2));
  });

  it('applies a switch to the default form, and a new custom form once it is complete', async () => {
    const calls = stubConsent((call) =>
      published(0, call.method === 'DELETE' ? 'This language now uses the default consent form.' : undefined),
    );
    const english = await renderStep('edit');
    await user.click(within(english).getByRole('switch', { name: 'Use Default Consent Form' }));
    expect(
      within(english).getByText(
        "After Apply Changes, this language uses the study's default consent form instead of its custom form.",
      ),
    ).toBeVisible();
    await user.click(within(english).getByRole('button', { name: 'Apply Changes' }));
    let publish = screen.getByRole('dialog', { name: 'Publish a new version' });
    expect(
      within(publish).getByText(
        "This change switches the English consent form to the study's default form. Signatures already made are kept as they are.",
      ),
    ).toBeVisible();
    await user.click(within(publish).getByRole('button', { name: 'Publish' }));
    const done = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(done).getByText('This language now uses the default consent form.')).toBeVisible();
    expect(within(done).queryByText(/will be asked/)).toBeNull();
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    const [toDefault] = changes(calls);
    expect(toDefault!.method).toBe('DELETE');
    expect(toDefault!.path).toBe('/consent-form');
    expect(toDefault!.query.toString()).toBe('id=form-en-2&reconsent=false&version=2');

    const spanish = screen.getByRole('region', { name: 'Spanish' });
    await user.click(within(spanish).getByRole('switch', { name: 'Use Default Consent Form' }));
    await user.click(within(spanish).getByRole('button', { name: 'Apply Changes' }));
    expect(
      within(spanish)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Please upload a PDF file for Spanish consent form.',
      'No input fields configured for Spanish consent form. Consider adding at least one input field or using the default form.',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await pickPdf(spanish, 'Spanish', pdfFile('lakeside-sp.pdf'));
    const dialog = await openFieldDialog(spanish);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'checkbox');
    await fillField(dialog, {
      Description: 'I agree',
      'X (points)': '50',
      'Y (points)': '700',
      'Width (points)': '12',
      'Height (points)': '12',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(changes(calls)).toHaveLength(1);
    await user.click(within(spanish).getByRole('button', { name: 'Apply Changes' }));
    publish = screen.getByRole('dialog', { name: 'Publish a new version' });
    expect(
      within(publish).getByText(
        'This change publishes a new version of the Spanish consent form. Signatures already made are kept as they are.',
      ),
    ).toBeVisible();
    expect(within(publish).queryByRole('checkbox')).toBeNull();
    await user.click(within(publish).getByRole('button', { name: 'Publish' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Success' })).getByText(
        'The new version of the consent form is published.',
      ),
    ).toBeVisible();

    const [, toCustom] = changes(calls);
    expect(toCustom!.method).toBe('POST');
    expect(toCustom!.path).toBe('/consent-form');
    expect(toCustom!.query.toString()).toBe(`healthSystemId=${HS}`);
    expect(JSON.parse(toCustom!.form!.get('data') as string)).toEqual({
      language: 'sp',
      fileName: 'lakeside-sp.pdf',
      inputFields: [
        {
          description: 'I agree',
          type: 'checkbox',
          coordinates: { page: 1, x: 50, y: 700 },
          dimensions: { width: 12, height: 12 },
          isRequired: false,
        },
      ],
      reconsent: false,
      revision: 7,
    });
    expect((toCustom!.form!.get('file') as File).name).toBe('lakeside-sp.pdf');
  });

  it('publishes the fields placed in the visual editor on the stored PDF', async () => {
    const calls = stubConsent();
    const english = await renderStep('edit');
    await user.click(within(english).getByRole('button', { name: 'Place fields on the PDF' }));
    const editor = await screen.findByRole('dialog', { name: 'Field editor' });
    expect(calls.find((c) => c.path === '/health-system/files')!.query.toString()).toBe('id=file-en-2');
    expect(await blobText(editorSeen.pdf!)).toBe('%PDF-1.7 lakeside');

    await user.click(within(editor).getByRole('button', { name: 'Save placed fields' }));
    const publish = screen.getByRole('dialog', { name: 'Publish a new version' });
    expect(within(publish).getByText('Save the input fields as placed on the PDF.')).toBeVisible();
    await user.click(within(publish).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(editorSeen.failures).toHaveLength(1));
    expect((editorSeen.failures[0] as Error).message).toBe('Nothing was published.');
    expect(screen.getByRole('dialog', { name: 'Field editor' })).toBeVisible();

    await user.click(within(editor).getByRole('button', { name: 'Save placed fields' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(screen.queryByRole('dialog', { name: 'Field editor' })).toBeNull();
    const [save] = changes(calls);
    expect(save!.method).toBe('PUT');
    expect(save!.path).toBe('/update/consent-form/input-fields');
    expect(save!.query.toString()).toBe('id=form-en-2&language=en');
    expect(save!.body).toEqual({ inputFields: [PLACED], reconsent: false, version: 2 });
  });

  it('replaces the PDF through Edit, keeping the fields', async () => {
    const calls = stubConsent();
    const english = await renderStep('edit');
    await user.click(within(english).getByRole('button', { name: 'Edit lakeside-en.pdf' }));
    expect(within(english).getByRole('button', { name: 'Close' })).toBeVisible();
    await user.upload(
      within(english).getByLabelText('PDF file for the English consent form'),
      pdfFile('lakeside-en-2026.pdf'),
    );
    const publish = await screen.findByRole('dialog', { name: 'Publish a new version' });
    expect(within(publish).getByText('Replace the PDF with “lakeside-en-2026.pdf”.')).toBeVisible();
    await user.click(within(publish).getByRole('button', { name: 'Publish' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(within(english).queryByRole('button', { name: 'Close' })).toBeNull();
    const [replace] = changes(calls);
    expect(replace!.method).toBe('PUT');
    expect(replace!.path).toBe('/update/consent-form');
    expect(replace!.query.toString()).toBe('id=form-en-2&language=en');
    expect(JSON.parse(replace!.form!.get('consentFormSettings') as string)).toEqual({
      reconsent: false,
      version: 2,
    });
    expect((replace!.form!.get('file') as File).name).toBe('lakeside-en-2026.pdf');
  });
  it('says why a new PDF was refused, with the server’s details', async () => {
    const encrypted = 'The PDF for English is password-protected or encrypted. Please upload an unprotected copy.';
    stubConsent(() => refusal(400, 'Please check the consent form.', [{ errorField: 'file', message: encrypted }]));
    const english = await renderStep('edit');
    await user.click(within(english).getByRole('button', { name: 'Edit lakeside-en.pdf' }));
    await user.upload(within(english).getByLabelText('PDF file for the English consent form'), pdfFile('locked.pdf'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish a new version' })).getByRole('button', {
        name: 'Publish',
      }),
    );
    const result = await screen.findByRole('dialog', { name: 'Error' });
    const alert = within(result).getByRole('alert');
    expect(alert).toHaveTextContent('The change could not be published: Please check the consent form.');
    expect(alert).toHaveTextContent(encrypted);
    await user.click(within(result).getByRole('button', { name: 'OK' }));
    expect(within(english).getByRole('button', { name: 'Close' })).toBeVisible();
  });
});

describe('Consent Forms of a registered system, for everyone', () => {
  /** The step in Spanish, inside the page's main landmark as in the portal; answers its English panel. */
  async function renderInSpanish() {
    await i18n.changeLanguage('sp');
    stubConsent();
    renderWithQueries(
      <main>
        <ConsentFormsStep mode="edit" healthSystemId={HS} />
      </main>,
    );
    return await screen.findByRole('region', { name: 'inglés' });
  }

  it('has nothing axe can find in edit mode, nor in the field dialog, in Spanish', async () => {
    const english = await renderInSpanish();
    expect(within(english).getByText('Versión 2 · publicada el 03/05/2026')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(english).getByRole('button', { name: 'Agregar campo' }));
    await screen.findByRole('option', { name: 'Firma' });
    expect(await axeViolations()).toEqual([]);
  });

  it('has nothing axe can find in the publish dialog, in Spanish', async () => {
    const english = await renderInSpanish();
    await user.click(within(english).getByRole('button', { name: 'Eliminar Participant signature' }));
    const publish = screen.getByRole('dialog', { name: 'Publicar una nueva versión' });
    expect(
      within(publish).getByRole('checkbox', {
        name: 'Pedir a los 3 participantes que firmaron una versión anterior que lean y firmen la nueva',
      }),
    ).not.toBeChecked();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Consent Forms of a registered system, in view mode', () => {
  it('is read-only: the default notice, or the file with View File and the fields without actions', async () => {
    stubConsent();
    const english = await renderStep('view');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Apply Changes|Add Input Field|Edit|Delete/ })).toBeNull();
    expect(within(english).getByText('File: lakeside-en.pdf')).toBeVisible();
    expect(within(english).getByRole('button', { name: 'View File' })).toBeVisible();
    const table = within(english).getByRole('table', { name: 'Input fields of the English consent form' });
    expect([...table.querySelectorAll('thead th')].map((c) => c.textContent)).toEqual([
      'Description',
      'Type',
      'Page',
      'X',
      'Y',
      'Width',
      'Height',
      'Required',
    ]);
    const spanish = screen.getByRole('region', { name: 'Spanish' });
    expect(within(spanish).getByText("This language uses the study's default consent form.")).toBeVisible();
  });

  it('opens the PDF in a new tab, or saves it as consent-form.pdf when the pop-up is blocked', async () => {
    const calls = stubConsent();
    const { blobs, saved, restore } = stubBlobFiles('blob:consent-form');
    const open = vi.fn<() => Window | null>(() => ({}) as Window);
    vi.stubGlobal('open', open);
    const english = await renderStep('view');
    await user.click(within(english).getByRole('button', { name: 'View File' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('blob:consent-form', '_blank'));
    expect(calls.find((c) => c.path === '/health-system/files')!.query.toString()).toBe('id=file-en-2');
    expect(await blobText(blobs[0]!)).toBe('%PDF-1.7 lakeside');
    expect(saved).toEqual([]);

    open.mockReturnValue(null);
    await user.click(within(english).getByRole('button', { name: 'View File' }));
    await vi.waitFor(() => expect(saved).toEqual(['consent-form.pdf']));
    restore();
  });

  it('says when the file cannot be viewed', async () => {
    stubPortal((call) => {
      if (call.path === '/health-system/files') return refusal(404, 'This file is not a consent form.');
      return okReply({
        id: HS,
        revision: 7,
        consentForms: [ENGLISH, { ...SPANISH, ...ENGLISH, language: 'sp', fileId: null }],
      });
    });
    const english = await renderStep('view');
    await user.click(within(english).getByRole('button', { name: 'View File' }));
    expect(await within(english).findByRole('alert')).toHaveTextContent(
      'Error viewing file. Please try again or contact support.',
    );
    const spanish = screen.getByRole('region', { name: 'Spanish' });
    await user.click(within(spanish).getByRole('button', { name: 'View File' }));
    expect(within(spanish).getByRole('alert')).toHaveTextContent(
      'File viewing is not available for this consent form. This may be due to missing file ID or the form was created before file viewing was implemented.',
    );
  });
});
