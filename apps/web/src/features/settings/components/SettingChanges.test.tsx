import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingChanges } from './SettingChanges';

afterEach(() => {
  vi.unstubAllEnvs();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const CHANGE = {
  id: 'c1',
  setting: 'reminder.ICF',
  changedAt: '2026-03-14T15:05:00.000Z',
  changedBy: 'admin@example.org',
  before: [
    { id: 'a', days: 1 },
    { id: 'b', days: 7 },
  ],
  after: [
    { id: 'a', days: 1 },
    { id: 'c', days: 14 },
  ],
};

function stubChanges(content: unknown[], totalElements = content.length) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const size = Number(new URL(url, 'http://portal.test').searchParams.get('size'));
      return json(200, { status: true, data: { content, totalElements, page: 0, size } });
    }),
  );
  return asked;
}

function renderChanges() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SettingChanges setting="reminder.ICF" />
    </QueryClientProvider>,
  );
}

describe('SettingChanges', () => {
  it('asks for the newest five changes and shows when (in the reader’s time zone), who, and the days before and after', async () => {
    vi.stubEnv('TZ', 'America/Chicago');
    const asked = stubChanges([CHANGE]);
    const user = userEvent.setup();
    renderChanges();
    const table = await screen.findByRole('table', { name: 'Change history' });
    expect(asked).toEqual(['/common-server/settings/changes?setting=reminder.ICF&page=0&size=5&sort=changedAt,desc']);
    expect(within(table).getByRole('columnheader', { name: 'Changed on' })).toHaveAttribute('aria-sort', 'descending');
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '03/14/2026 10:05 AM',
      'admin@example.org',
      'Days: 1, 7',
      'Days: 1, 14',
    ]);
    expect(screen.getByRole('combobox', { name: 'Rows per page:' })).toHaveDisplayValue('5');
    expect(within(screen.getByRole('combobox', { name: 'Rows per page:' })).getAllByRole('option')).toHaveLength(3);

    await user.click(within(table).getByRole('button', { name: 'Changed on' }));
    await vi.waitFor(() =>
      expect(asked.at(-1)).toBe('/common-server/settings/changes?setting=reminder.ICF&page=0&size=5'),
    );
  });

  it('offers 5, 10 and 25 changes a page', async () => {
    const asked = stubChanges([CHANGE], 30);
    const user = userEvent.setup();
    renderChanges();
    const sizes = await screen.findByRole('combobox', { name: 'Rows per page:' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25']);
    await user.selectOptions(sizes, '25');
    await vi.waitFor(() => expect(asked.at(-1)).toContain('&page=0&size=25&sort=changedAt,desc'));
  });

  it('says so when nothing has changed yet, in Spanish too', async () => {
    await i18n.changeLanguage('sp');
    stubChanges([]);
    renderChanges();
    expect(await screen.findByRole('cell', { name: 'Todavía no se ha guardado ningún cambio.' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Historial de cambios' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Fecha del cambio' })).toBeVisible();
  });
});
