import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TInputFieldEntry } from '@portal/shared/health-systems/consent-form-settings';
import { ApiError } from '../../../lib/api-client';
import { axeViolations, user } from '../consent/test-kit';
import FieldPlacementEditor from './FieldPlacementEditor';

// pdf.js needs a canvas and a worker: the pages are stood in for, two US Letter pages (612 × 792 points).
vi.mock('../../../lib/pdf-viewer', () => ({
  // Like react-pdf, each reports its loading once.
  Document: ({ children, onLoadSuccess }: { children: ReactNode; onLoadSuccess?: (document: object) => void }) => {
    const loaded = useRef(onLoadSuccess);
    useEffect(() => loaded.current?.({ numPages: 2 }), []);
    return <div>{children}</div>;
  },
  Page: ({ onLoadSuccess }: { onLoadSuccess?: (page: { originalWidth: number }) => void }) => {
    const loaded = useRef(onLoadSuccess);
    useEffect(() => loaded.current?.({ originalWidth: 612 }), []);
    return <canvas />;
  },
  pageSizesOf: () =>
    Promise.resolve([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]),
}));

beforeEach(() => {
  // The ceremony's document fits its frame; jsdom has no layout, so the frame is said to be 612 pixels wide.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: (entries: { contentRect: { width: number } }[]) => void) {}
      observe() {
        this.report([{ contentRect: { width: 612 } }]);
      }
      disconnect() {}
    },
  );
  HTMLElement.prototype.setPointerCapture = () => {};
});

/** A stored field: its id goes back with it when the list is saved. */
const PRINTED_NAME: TInputFieldEntry = {
  id: 'field-printed-name',
  name: 'printedName',
  description: 'Printed name',
  type: 'text',
  coordinates: { page: 1, x: 72, y: 600 },
  dimensions: { width: 150, height: 20 },
  isRequired: true,
};

// jsdom's Blob cannot read itself as an ArrayBuffer (every browser's can).
const PDF = Object.assign(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
  arrayBuffer: () => Promise.resolve(new TextEncoder().encode('%PDF-1.7').buffer),
});

function renderEditor(onSave = vi.fn<(fields: TInputFieldEntry[]) => Promise<void>>(() => Promise.resolve())) {
  const onCancel = vi.fn();
  render(<FieldPlacementEditor pdf={PDF} language="en" fields={[PRINTED_NAME]} onSave={onSave} onCancel={onCancel} />);
  return { onSave, onCancel };
}

// The first box waits for the PDF to be read and its pages measured; boxes are looked for on the page alone.
const WAIT = { timeout: 5_000 };
const box = async (name: string) =>
  within(await screen.findByTestId('field-layer', {}, WAIT)).findByRole('button', { name }, WAIT);
const card = (name: string) => screen.getByRole('group', { name });

describe('FieldPlacementEditor', () => {
  it('shows each field as a box named by its description, type and place, and as numbers in the side panel', async () => {
    renderEditor();
    expect(screen.getByRole('dialog', { name: 'Place input fields — English consent form' })).toBeInTheDocument();
    expect(await box('Printed name, Text field, page 1, x 72, y 600')).toBeInTheDocument();
    const panel = card('Field 1: Printed name');
    expect(within(panel).getByLabelText('X (points)')).toHaveValue(72);
    expect(within(panel).getByLabelText('Y (points)')).toHaveValue(600);
    expect(within(panel).getByLabelText('Width (points)')).toHaveValue(150);
    expect(within(panel).getByLabelText('Height (points)')).toHaveValue(20);
    expect(within(panel).getByLabelText('Page')).toHaveValue(1);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('moves a box with the arrow keys (Shift: 10 points) and resizes it with Alt', async () => {
    renderEditor();
    (await box('Printed name, Text field, page 1, x 72, y 600')).focus();
    await user.keyboard('{ArrowRight}');
    expect(await box('Printed name, Text field, page 1, x 73, y 600')).toHaveFocus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(await box('Printed name, Text field, page 1, x 73, y 610')).toHaveFocus();
    await user.keyboard('{Alt>}{ArrowRight}{ArrowUp}{/Alt}');
    const panel = card('Field 1: Printed name');
    expect(within(panel).getByLabelText('X (points)')).toHaveValue(73);
    expect(within(panel).getByLabelText('Y (points)')).toHaveValue(610);
    expect(within(panel).getByLabelText('Width (points)')).toHaveValue(151);
    expect(within(panel).getByLabelText('Height (points)')).toHaveValue(19);
  });

  it('moves a box dragged with the pointer, point for pixel at 100 %, and never off the page', async () => {
    renderEditor();
    const field = await box('Printed name, Text field, page 1, x 72, y 600');
    fireEvent.pointerDown(field, { pointerId: 1, button: 0, clientX: 200, clientY: 300 });
    fireEvent.pointerMove(field, { pointerId: 1, clientX: 230.4, clientY: 280 });
    expect(await box('Printed name, Text field, page 1, x 102, y 580')).toBeInTheDocument();
    fireEvent.pointerMove(field, { pointerId: 1, clientX: 900, clientY: 900 });
    fireEvent.pointerUp(field, { pointerId: 1 });
    // 612 - 150 = 462 and 792 - 20 = 772: the box stops at the page's bottom-right corner.
    expect(await box('Printed name, Text field, page 1, x 462, y 772')).toBeInTheDocument();
  });

  it('adds a field of the chosen type at the top-left of the page', async () => {
    renderEditor();
    await box('Printed name, Text field, page 1, x 72, y 600');
    const form = screen.getByRole('heading', { name: 'New field' }).parentElement!;
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    expect(within(form).getByText('Field description is required.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Type'), 'Date');
    await user.type(within(form).getByLabelText('Description'), 'Date signed');
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    expect(await box('Date signed, Date field, page 1, x 0, y 0')).toBeInTheDocument();
    expect(within(card('Field 2: Date signed')).getByLabelText('Width (points)')).toHaveValue(100);
  });

  it('draws a new field by dragging across the page, in points from its top-left corner', async () => {
    renderEditor();
    await box('Printed name, Text field, page 1, x 72, y 600');
    const form = screen.getByRole('heading', { name: 'New field' }).parentElement!;
    await user.type(within(form).getByLabelText('Description'), 'Initials');
    await user.click(within(form).getByRole('button', { name: 'Draw field' }));
    expect(screen.getByText('Drag across the page to draw the new field.')).toBeInTheDocument();
    // At 100 % a pixel is a point; the page's drawn box starts at (0, 0) in jsdom.
    const layer = screen.getByTestId('field-layer');
    fireEvent.pointerDown(layer, { pointerId: 2, button: 0, clientX: 300.4, clientY: 180 });
    fireEvent.pointerMove(layer, { pointerId: 2, clientX: 100, clientY: 150.2 });
    fireEvent.pointerUp(layer, { pointerId: 2 });
    expect(await box('Initials, Text field, page 1, x 100, y 150')).toBeInTheDocument();
    const panel = card('Field 2: Initials');
    expect(within(panel).getByLabelText('Width (points)')).toHaveValue(200);
    expect(within(panel).getByLabelText('Height (points)')).toHaveValue(30);
    expect(within(form).getByRole('button', { name: 'Draw field' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('reports a field typed past the page edge, and does not save until it is corrected', async () => {
    const { onSave } = renderEditor();
    await box('Printed name, Text field, page 1, x 72, y 600');
    const x = within(card('Field 1: Printed name')).getByLabelText('X (points)');
    await user.clear(x);
    await user.type(x, '500');
    expect(within(card('Field 1: Printed name')).getByRole('alert')).toHaveTextContent(
      'The field runs past the edge of page 1, which is 612 × 792 points.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('Some fields have problems. Correct the fields marked in the list, then save again.'),
    ).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('deletes a box with the Delete key after asking', async () => {
    renderEditor();
    (await box('Printed name, Text field, page 1, x 72, y 600')).focus();
    await user.keyboard('{Delete}');
    const confirm = screen.getByRole('dialog', { name: 'Delete this field?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Fields (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Printed name,/ })).not.toBeInTheDocument();
  });

  it('saves the edited list in points with each stored field’s id, and stays open showing a refusal', async () => {
    const onSave = vi
      .fn<(fields: TInputFieldEntry[]) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError('This consent form was changed meanwhile. Reload it.', 409))
      .mockResolvedValueOnce(undefined);
    renderEditor(onSave);
    (await box('Printed name, Text field, page 1, x 72, y 600')).focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This consent form was changed meanwhile. Reload it.');
    expect(screen.getByRole('dialog', { name: 'Place input fields — English consent form' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith([
      {
        id: 'field-printed-name',
        name: 'printedName',
        description: 'Printed name',
        type: 'text',
        coordinates: { page: 1, x: 70, y: 600 },
        dimensions: { width: 150, height: 20 },
        isRequired: true,
      },
    ]);
  });

  it('asks before discarding changes on Cancel, and closes at once without changes', async () => {
    const { onCancel } = renderEditor();
    (await box('Printed name, Text field, page 1, x 72, y 600')).focus();
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard changes' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('previews the form as a participant sees it, in English or Spanish, without signing', async () => {
    renderEditor();
    await box('Printed name, Text field, page 1, x 72, y 600');
    await user.click(screen.getByRole('switch', { name: 'Preview as participant' }));
    expect(await screen.findByRole('heading', { name: 'Informed consent form' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Printed name (required)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the consent form' })).not.toBeInTheDocument();
    await act(() => user.click(screen.getByRole('button', { name: 'Spanish' })));
    expect(await screen.findByRole('heading', { name: 'Formulario de consentimiento informado' })).toBeInTheDocument();
    // The rest of the editor stays in the administrator's language, and the pages come back with the switch.
    await user.click(screen.getByRole('switch', { name: 'Preview as participant' }));
    expect(await box('Printed name, Text field, page 1, x 72, y 600')).toBeInTheDocument();
  });

  it('has nothing axe can find in the editor, nor in its preview', async () => {
    renderEditor();
    await box('Printed name, Text field, page 1, x 72, y 600');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('switch', { name: 'Preview as participant' }));
    await screen.findByRole('textbox', { name: 'Printed name (required)' });
    expect(await axeViolations()).toEqual([]);
  });
});
