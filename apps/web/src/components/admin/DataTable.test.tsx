import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { envelope } from '@portal/shared/api/envelope';
import { pageOf } from '@portal/shared/api/paging';
import { apiRequest } from '../../lib/api-client';
import { pagingQuery, usePagedQueryState } from '../../lib/paging';
import { DataTable } from './DataTable';

const ZSystem = z.object({ id: z.string(), name: z.string(), users: z.number() });
type System = z.infer<typeof ZSystem>;
const ZSystemsReply = envelope(pageOf(ZSystem));

/** Twelve health systems, as a server would page and sort them. */
const SYSTEMS: System[] = Array.from({ length: 12 }, (_, i) => ({
  id: `hs-${i + 1}`,
  name: `System ${String(i + 1).padStart(2, '0')}`,
  users: 100 - i,
}));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function serveSystems(rows: System[]) {
  return (url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    const [field, direction] = (url.searchParams.get('sort') ?? 'name,asc').split(',') as [keyof System, string];
    const sorted = [...rows].sort((a, b) => (a[field] < b[field] ? -1 : 1) * (direction === 'desc' ? -1 : 1));
    const content = sorted.slice(page * size, page * size + size);
    return json(200, { status: true, data: { content, totalElements: rows.length, page, size } });
  };
}

/** Stubs fetch with `reply` and records every list request's query. */
function stubServer(reply: (url: URL) => Response | Promise<Response>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://portal.test');
      asked.push(url.search.slice(1));
      return reply(url);
    }),
  );
  return asked;
}

const column = createColumnHelper<System>();
const COLUMNS = [
  column.accessor('name', { header: 'Health System Name', enableSorting: true }),
  column.accessor('users', { header: 'Registered Users' }),
];

function SystemsTable() {
  const paging = usePagedQueryState<'name' | 'users'>({ sizes: [5, 10, 15, 25], defaultSize: 5 });
  const query = useQuery({
    queryKey: ['systems', paging.page, paging.size, paging.sort],
    queryFn: async () => (await apiRequest(`/health-systems?${pagingQuery(paging)}`, ZSystemsReply)).data!,
  });
  return (
    <DataTable
      title="Health Systems"
      columns={COLUMNS}
      query={query}
      paging={paging}
      emptyText="No health systems found"
      getRowId={(row) => row.id}
    />
  );
}

function renderTable() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SystemsTable />
    </QueryClientProvider>,
  );
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('says it is loading, then shows the first page with its count, and pages through the server', async () => {
    const asked = stubServer(serveSystems(SYSTEMS));
    const user = userEvent.setup();
    renderTable();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();

    expect(await screen.findByText('Showing 1 to 5 of 12 results')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Health Systems' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['System 01', 'System 02', 'System 03', 'System 04', 'System 05']);
    expect(asked).toEqual(['page=0&size=5']);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Showing 6 to 10 of 12 results')).toBeInTheDocument();
    expect(rowNames()).toEqual(['System 06', 'System 07', 'System 08', 'System 09', 'System 10']);
    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();

    // A new page size starts again from the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page:' }), '10');
    expect(await screen.findByText('Showing 1 to 10 of 12 results')).toBeInTheDocument();
    expect(asked).toEqual(['page=0&size=5', 'page=1&size=5', 'page=2&size=5', 'page=0&size=10']);
  });

  it('sorts on the server: a header cycles none, ascending, descending, none, and sorting returns to page 0', async () => {
    const asked = stubServer(serveSystems(SYSTEMS));
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('Showing 1 to 5 of 12 results');
    const header = screen.getByRole('columnheader', { name: 'Health System Name' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Registered Users' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Registered Users' })).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Showing 6 to 10 of 12 results');
    const sortButton = within(header).getByRole('button', { name: 'Health System Name' });
    await user.click(sortButton);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(await screen.findByText('Showing 1 to 5 of 12 results')).toBeInTheDocument();

    await user.click(sortButton);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await vi.waitFor(() => expect(rowNames()[0]).toBe('System 12'));

    await user.click(sortButton);
    expect(header).toHaveAttribute('aria-sort', 'none');
    await vi.waitFor(() => expect(rowNames()[0]).toBe('System 01'));
    expect(asked).toEqual([
      'page=0&size=5',
      'page=1&size=5',
      'page=0&size=5&sort=name,asc',
      'page=0&size=5&sort=name,desc',
      'page=0&size=5',
    ]);
  });

  it('says when the list is empty, without a count or page controls', async () => {
    stubServer(serveSystems([]));
    renderTable();
    expect(await screen.findByRole('cell', { name: 'No health systems found' })).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when loading fails, and Try again loads the list', async () => {
    let fail = true;
    const serve = serveSystems(SYSTEMS);
    stubServer((url) => (fail ? json(503, { status: false, message: 'The list is being rebuilt.' }) : serve(url)));
    const user = userEvent.setup();
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent('The list is being rebuilt.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1 to 5 of 12 results')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says “Something went wrong. Please try again after some time.” when the failure has no message', async () => {
    stubServer(() => json(500, {}));
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again after some time.',
    );
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('sp');
    stubServer(serveSystems(SYSTEMS));
    renderTable();
    expect(await screen.findByText('Mostrando 1 a 5 de 12 resultados')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filas por página:' })).toHaveValue('5');
    expect(screen.getByText('1–5 de 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Ir a la página anterior' })).toBeDisabled();
  });
});
