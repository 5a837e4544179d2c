import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** A small file that starts as every PDF does. */
export const pdfFile = (name: string) => new File(['%PDF-1.7\n%%EOF\n'], name, { type: 'application/pdf' });

/** Types each value into the box of the dialog labelled so, replacing what it held. */
export async function fillField(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const box = within(dialog).getByLabelText(label, { exact: false, selector: 'input, textarea' });
    await userEvent.clear(box);
    await userEvent.paste(value);
  }
}

/** Opens 'Add Input Field' of a language's panel, once its field types are there. */
export async function openFieldDialog(region: HTMLElement, typeName = 'Signature') {
  await userEvent.click(within(region).getByRole('button', { name: 'Add Input Field' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Input Field' });
  await within(dialog).findByRole('option', { name: typeName });
  return dialog;
}
