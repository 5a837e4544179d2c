import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { useFieldArray, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import {
  ZReminderScheduleReply,
  ZReminderScheduleSave,
  type TReminderSchedule,
  type TReminderScheduleSave,
} from '@portal/shared/settings/reminders';
import { apiRequest, jsonRequest } from '../../lib/api-client';
import { FormTextField } from '../ui/FormTextField';
import { EditorCard } from './EditorCard';
import { useEditor } from './use-editor';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const schedule = (version: string, ...days: number[]): TReminderSchedule => ({
  type: 'ICF',
  reminders: days.map((d, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, days: d })),
  version,
});

/** A stubbed reminder server: `stored` answers each GET, `saved` each POST; both are recorded. */
function stubServer(stored: () => TReminderSchedule, saved: (body: unknown) => Response) {
  const calls = { gets: 0, posts: [] as unknown[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body: unknown = JSON.parse(String(init.body));
        calls.posts.push(body);
        return saved(body);
      }
      calls.gets += 1;
      return json(200, { status: true, data: stored() });
    }),
  );
  return calls;
}

/** An editor as the settings screens write one: a query, a form, one useEditor call and an EditorCard. */
function IcfRemindersEditor({ canEdit }: { canEdit: boolean }) {
  const query = useQuery({
    queryKey: ['reminders', 'ICF'],
    queryFn: async () => (await apiRequest('/settings/reminder?type=ICF', ZReminderScheduleReply)).data!,
  });
  const form = useForm<TReminderScheduleSave>({ resolver: zodResolver(ZReminderScheduleSave), mode: 'onChange' });
  const rows = useFieldArray({ control: form.control, name: 'reminders', keyName: 'key' });
  const editor = useEditor({
    form,
    query,
    toForm: (stored) => ({ reminders: stored.reminders }),
    save: (values, stored) =>
      apiRequest(
        '/settings/reminder?type=ICF',
        ZReminderScheduleReply,
        jsonRequest('POST', { ...values, version: stored.version }),
      ),
    fields: ['reminders.*.days'],
  });
  return (
    <EditorCard
      {...editor}
      canEdit={canEdit}
      view={(stored) => <p>Reminder days: {stored.reminders.map((r) => r.days).join(', ')}</p>}
    >
      {rows.fields.map((row, index) => {
        const { ref, ...field } = form.register(`reminders.${index}.days`, { valueAsNumber: true });
        return (
          <FormTextField
            key={row.key}
            {...field}
            inputRef={ref}
            type="number"
            label={`Reminder ${index + 1}`}
            errorMessage={form.formState.errors.reminders?.[index]?.days?.message}
          />
        );
      })}
    </EditorCard>
  );
}

function renderEditor(canEdit = true) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <IcfRemindersEditor canEdit={canEdit} />
    </QueryClientProvider>,
  );
}

describe('EditorCard', () => {
  it('shows the stored value read-only; Edit opens the fields with the focus on the first; Save is off while a field is wrong', async () => {
    stubServer(
      () => schedule('v1', 1, 7),
      () => json(500, {}),
    );
    const user = userEvent.setup();
    renderEditor();
    expect(await screen.findByText('Reminder days: 1, 7')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const first = screen.getByRole('spinbutton', { name: 'Reminder 1' });
    expect(first).toHaveFocus();
    expect(first).toHaveValue(1);
    const second = screen.getByRole('spinbutton', { name: 'Reminder 2' });
    expect(second).toHaveValue(7);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();

    await user.clear(second);
    await user.type(second, '366');
    expect(await screen.findByText('Please enter a valid value (Duplicates not allowed)')).toBeVisible();
    expect(save).toBeDisabled();
    await user.clear(second);
    await user.type(second, '14');
    await vi.waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByText('Please enter a valid value (Duplicates not allowed)')).not.toBeInTheDocument();
  });

  it('a role that may not change the setting sees the stored value alone, with no Edit', async () => {
    stubServer(
      () => schedule('v1', 1, 7),
      () => json(500, {}),
    );
    renderEditor(false);
    expect(await screen.findByText('Reminder days: 1, 7')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('saves the values with the version opened, shows the success popup and returns to read-only, focus on Edit', async () => {
    let stored = schedule('v1', 1, 7);
    const calls = stubServer(
      () => stored,
      () => {
        stored = schedule('v2', 1, 10);
        return json(200, { status: true, data: stored });
      },
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const second = screen.getByRole('spinbutton', { name: 'Reminder 2' });
    await user.clear(second);
    await user.type(second, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved successfully.');
    expect(screen.getByText('Reminder days: 1, 10')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(calls.posts).toEqual([
      {
        reminders: [
          { id: '00000000-0000-4000-8000-000000000000', days: 1 },
          { id: '00000000-0000-4000-8000-000000000001', days: 10 },
        ],
        version: 'v1',
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Close message' }));
    await vi.waitFor(() => expect(screen.queryByText('Saved successfully.')).not.toBeInTheDocument());
  });

  it('Cancel leaves edit mode without saving and loads the stored value again', async () => {
    let stored = schedule('v1', 1, 7);
    const calls = stubServer(
      () => stored,
      () => json(500, {}),
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Reminder 1' }));
    // Another administrator saves meanwhile: Cancel shows their value.
    stored = schedule('v2', 3);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Reminder days: 3')).toBeVisible();
    expect(calls.gets).toBe(2);
    expect(calls.posts).toEqual([]);
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('a stale save (409) shows the server’s message with Reload, which loads the current values into the form', async () => {
    let stored = schedule('v1', 1, 7);
    stubServer(
      () => stored,
      () => json(409, { status: false, message: 'Another administrator changed this setting after you opened it.' }),
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    stored = schedule('v2', 2, 30);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another administrator changed this setting after you opened it.',
    );
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Reminder 1' })).toHaveValue(2));
    expect(screen.getByRole('spinbutton', { name: 'Reminder 2' })).toHaveValue(30);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('puts a refused row’s message under that row and one naming no field in the form’s alert', async () => {
    stubServer(
      () => schedule('v1', 1, 7),
      () =>
        json(400, {
          status: false,
          message: 'Invalid request',
          data: [
            { errorField: 'reminders.1.days', message: 'Day 7 is already taken.' },
            { errorField: 'type', message: 'Please choose a reminder type.' },
          ],
        }),
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const second = screen.getByRole('spinbutton', { name: 'Reminder 2' });
    await vi.waitFor(() => expect(second).toHaveAccessibleDescription('Day 7 is already taken.'));
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveFocus();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Please choose a reminder type.');
  });

  it('says “Something went wrong, please try again.” under the form when a failure has no message', async () => {
    stubServer(
      () => schedule('v1', 1),
      () => json(502, {}),
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong, please try again.');
    expect(screen.getByRole('spinbutton', { name: 'Reminder 1' })).toBeVisible();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('sp');
    stubServer(
      () => schedule('v1', 5),
      () => json(200, { status: true, data: schedule('v2', 5) }),
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Se guardó correctamente.');
  });
});
