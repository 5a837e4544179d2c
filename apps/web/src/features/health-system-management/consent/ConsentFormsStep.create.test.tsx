import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_FIELD_TYPES } from '@portal/shared/reference/supported-fields';
import { okReply, renderWithQueries, stubPortal } from '../../../test-portal';
import { consentDraftProblems, initialConsentDrafts, type ConsentDraft } from './consent-drafts';
import { ConsentFormsStep } from './ConsentFormsStep';
import { customPdf, editorSeen, fillField, openFieldDialog, pdfFile, PLACED, user } from './test-kit';

vi.mock('../editor/LazyFieldPlacementEditor', async () => (await import('./test-kit')).standInEditorModule());

const pdf = () => pdfFile('lakeside-en.pdf');
const NAMES = { en: 'English', sp: 'Spanish' } as const;

/** The step as the modal holds it: the drafts in state, the problems shown after Register. */
function Step({ seen, check }: { seen(drafts: ConsentDraft[]): void; check?: boolean }) {
  const [drafts, setDrafts] = useState(initialConsentDrafts());
  return (
    <ConsentFormsStep
      mode="create"
      drafts={drafts}
      onChange={(next) => {
        seen(next);
        setDrafts(next);
      }}
      problems={check ? consentDraftProblems(drafts, (l) => NAMES[l]) : []}
    />
  );
}

function renderStep(check = false, fieldTypes: () => Response = () => okReply(FALLBACK_FIELD_TYPES)) {
  const calls = stubPortal(fieldTypes);
  const seen = vi.fn<(drafts: ConsentDraft[]) => void>();
  renderWithQueries(<Step seen={seen} check={check} />);
  return { calls, seen };
}

const panel = (language: string) => screen.getByRole('region', { name: language });

describe('Consent Forms step while registering', () => {
  it('starts both languages on the default form', () => {
    renderStep();
    for (const language of ['English', 'Spanish']) {
      expect(within(panel(language)).getByRole('heading', { level: 3, name: language })).toBeVisible();
      expect(within(panel(language)).getByRole('switch', { name: 'Use Default Consent Form' })).toBeChecked();
      expect(within(panel(language)).getByText("This language uses the study's default consent form.")).toBeVisible();
    }
  });

  it('takes a PDF and checks each typed value of an input field, announced at its box', async () => {
    renderStep();
    const english = panel('English');
    await user.click(within(english).getByRole('switch', { name: 'Use Default Consent Form' }));
    expect(within(english).getByRole('button', { name: 'Place fields on the PDF' })).toBeDisabled();
    await user.upload(within(english).getByLabelText('PDF file for the English consent form'), pdf());
    expect(await within(english).findByText('Selected file: lakeside-en.pdf')).toBeVisible();
    expect(within(english).getByRole('button', { name: 'Place fields on the PDF' })).toBeEnabled();
    expect(within(english).getByText('No input fields yet.')).toBeVisible();

    const dialog = await openFieldDialog(english);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([
      'Field type is required.',
      'Field description is required.',
      'X coordinate is required and must be a valid number.',
      'Y coordinate is required and must be a valid number.',
      'Width is required and must be a valid number.',
      'Height is required and must be a valid number.',
    ]);
    const x = within(dialog).getByLabelText('X (points)', { exact: false });
    expect(x).toHaveAttribute('aria-describedby', 'coordinates.x-error');
    expect(x).toHaveAttribute('aria-invalid', 'true');

    await fillField(dialog, { Description: 'Sign', Page: '0', 'X (points)': '-1', 'Width (points)': '0' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([
      'Field type is required.',
      'Field description must be at least 5 characters long.',
      'Page number must be 1 or greater.',
      'X coordinate must be a positive number.',
      'Y coordinate is required and must be a valid number.',
      'Width must be a positive number greater than 0.',
      'Height is required and must be a valid number.',
    ]);
  });

  it('keeps typed input fields in the draft, and edits and deletes them', async () => {
    const { seen } = renderStep();
    const english = panel('English');
    await customPdf(english, 'English', pdf());
    const dialog = await openFieldDialog(english);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'signature');
    await fillField(dialog, {
      Description: 'Participant signature',
      'X (points)': '72',
      'Y (points)': '600',
      'Width (points)': '200',
      'Height (points)': '40',
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Required' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const table = within(english).getByRole('table', { name: 'Input fields of the English consent form' });
    const [header, row] = within(table).getAllByRole('row');
    expect([...header!.querySelectorAll('th')].map((c) => c.textContent)).toEqual([
      'Description',
      'Type',
      'Page',
      'X',
      'Y',
      'Width',
      'Height',
      'Required',
      'Actions',
    ]);
    expect([...row!.querySelectorAll('th, td')].slice(0, 8).map((c) => c.textContent)).toEqual([
      'Participant signature',
      'Signature',
      '1',
      '72',
      '600',
      '200',
      '40',
      'Yes',
    ]);
    expect(seen.mock.lastCall![0][0]).toEqual({
      language: 'en',
      useDefault: false,
      file: expect.objectContaining({ name: 'lakeside-en.pdf' }) as File,
      inputFields: [
        {
          description: 'Participant signature',
          type: 'signature',
          coordinates: { page: 1, x: 72, y: 600 },
          dimensions: { width: 200, height: 40 },
          isRequired: true,
        },
      ],
    });

    await user.click(within(table).getByRole('button', { name: 'Edit Participant signature' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Input Field' });
    expect(within(edit).getByLabelText('Y (points)', { exact: false })).toHaveValue(600);
    await fillField(edit, { 'Y (points)': '610.5' });
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(seen.mock.lastCall![0][0]!.inputFields[0]!.coordinates).toEqual({ page: 1, x: 72, y: 610.5 });

    await user.click(within(english).getByRole('button', { name: 'Remove lakeside-en.pdf' }));
    expect(seen.mock.lastCall![0][0]!.file).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Delete Participant signature' }));
    expect(seen.mock.lastCall![0][0]!.inputFields).toEqual([]);
  });

  it('places fields on the picked PDF in the visual editor, replacing the draft’s fields', async () => {
    const { seen } = renderStep();
    const english = panel('English');
    await customPdf(english, 'English', pdf());
    await user.click(within(english).getByRole('button', { name: 'Place fields on the PDF' }));
    const editor = await screen.findByRole('dialog', { name: 'Field editor' });
    expect((editorSeen.pdf as File).name).toBe('lakeside-en.pdf');
    await user.click(within(editor).getByRole('button', { name: 'Save placed fields' }));
    expect(screen.queryByRole('dialog', { name: 'Field editor' })).toBeNull();
    expect(seen.mock.lastCall![0][0]!.inputFields).toEqual([PLACED]);
    expect(within(english).getByText('Witness signature')).toBeVisible();
  });

  it('refuses a picked file that is not a PDF, or only named like one', async () => {
    renderStep();
    const spanish = panel('Spanish');
    await user.click(within(spanish).getByRole('switch', { name: 'Use Default Consent Form' }));
    const input = within(spanish).getByLabelText('PDF file for the Spanish consent form');
    const picker = user.setup({ applyAccept: false });
    await picker.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(spanish).findByRole('alert')).toHaveTextContent(
      'Only PDF files are allowed. Please select a PDF file.',
    );
    await picker.upload(input, new File(['<html>'], 'consent.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() =>
      expect(within(spanish).getByRole('alert')).toHaveTextContent('The file for Spanish is not a PDF document.'),
    );
    expect(within(spanish).queryByText(/Selected file/)).toBeNull();
    expect(within(spanish).getByRole('button', { name: 'Choose PDF file' })).toHaveAccessibleDescription(
      'The file for Spanish is not a PDF document.',
    );
  });

  it('shows the problems of the drafts, announced', async () => {
    renderStep(true);
    await user.click(within(panel('Spanish')).getByRole('switch', { name: 'Use Default Consent Form' }));
    const alert = screen.getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Please upload a PDF file for Spanish consent form.',
      'No input fields configured for Spanish consent form. Consider adding at least one input field or using the default form.',
    ]);
  });

  it('offers the four built-in field types when the list cannot be loaded, and says so', async () => {
    renderStep(false, () => new Response('{}', { status: 500 }));
    const english = panel('English');
    await user.click(within(english).getByRole('switch', { name: 'Use Default Consent Form' }));
    const dialog = await openFieldDialog(english);
    expect(within(dialog).getByText('Using fallback field types (API data unavailable)')).toBeVisible();
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Type' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select…', 'Checkbox', 'Date', 'Signature', 'Text']);
  });
});
