import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { FieldPlacementEditorProps } from '../editor/LazyFieldPlacementEditor';

/** A person at the keyboard and pointer: one session for the file (each direct `userEvent.click` sets up anew). */
export const user = userEvent.setup();

/** A small file that starts as every PDF does. */
export const pdfFile = (name: string) => new File(['%PDF-1.7\n%%EOF\n'], name, { type: 'application/pdf' });

/** Types each value into the box of the dialog labelled so, replacing what it held. */
export async function fillField(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const box = within(dialog).getByLabelText(label, { exact: false, selector: 'input, textarea' });
    await user.clear(box);
    await user.paste(value);
  }
}

/** Opens 'Add Input Field' of a language's panel, once its field types are there. */
export async function openFieldDialog(region: HTMLElement, typeName = 'Signature') {
  await user.click(within(region).getByRole('button', { name: 'Add Input Field' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Input Field' });
  await within(dialog).findByRole('option', { name: typeName });
  return dialog;
}

/** Picks `file` as the PDF of a language's panel, and waits until the panel names it. */
export async function pickPdf(region: HTMLElement, languageName: string, file: File) {
  await user.upload(within(region).getByLabelText(`PDF file for the ${languageName} consent form`), file);
  await within(region).findByText(`Selected file: ${file.name}`);
}

/** Turns a language's panel from the default form to a custom one and picks `file` as its PDF. */
export async function customPdf(region: HTMLElement, languageName: string, file: File) {
  await user.click(within(region).getByRole('switch', { name: 'Use Default Consent Form' }));
  await pickPdf(region, languageName, file);
}

/** The ids of what axe finds against WCAG 2.2 AA in the whole document. */
export async function axeViolations() {
  const results = await axe.run(document.body, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    // jsdom paints nothing; contrast is checked in the browser journeys.
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((violation) => violation.id);
}

/** The visual editor's place in the step (its own tests cover it): Save answers one field placed on the PDF. */
export const PLACED = {
  description: 'Witness signature',
  type: 'signature' as const,
  coordinates: { page: 2, x: 100, y: 150 },
  dimensions: { width: 200, height: 30 },
  isRequired: true,
};

/** What the stand-in editor was last given, and every refusal its Save met. */
export const editorSeen = { pdf: undefined as Blob | undefined, failures: [] as unknown[] };

/** The visual editor's module as the step's tests stand it in (`vi.mock` of `../editor/LazyFieldPlacementEditor`). */
export function standInEditorModule() {
  return {
    LazyFieldPlacementEditor: (props: FieldPlacementEditorProps) => {
      editorSeen.pdf = props.pdf;
      return (
        <div role="dialog" aria-label="Field editor">
          <button
            onClick={() => void Promise.resolve(props.onSave([PLACED])).catch((e) => editorSeen.failures.push(e))}
          >
            Save placed fields
          </button>
        </div>
      );
    },
  };
}
