import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { serverMessage } from '../../lib/api-client';
import type { PagedQueryState } from '../../lib/paging';
import { LoadFailedAlert } from '../ui/LoadFailedAlert';
import { PageLoading } from '../ui/PageLoading';
import { focusRing } from '../ui/styles';

/** What a paged call returns: one page of rows and how many there are in all. */
export interface PagedResult<T> {
  content: T[];
  totalElements: number;
}

/** The parts of a react-query result a table reads. */
export interface PagedQueryResult<T> {
  data?: PagedResult<T>;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

export interface DataTableProps<T> {
  /** The table's heading and accessible name. */
  title: string;
  /** The heading's level under the panel's h2; h3 unless told. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /**
   * TanStack columns. A column's id is the field the server sorts by; `enableSorting: true` makes its header a
   * sort button. Columns of any value type mix in one table, hence `any`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  /** The list's query (react-query's result of a paged call). */
  query: PagedQueryResult<T>;
  /** Page, size, sort and the size choices, from `usePagedQueryState`. */
  paging: PagedQueryState;
  /** What the table says when the list is empty. */
  emptyText: string;
  /** A line under the heading (the number of records found, say); none unless told. */
  caption?: string;
  /** A row's key; the row's position unless told. */
  getRowId?: (row: T) => string;
  /** Controls beside the heading (a Refresh button, say); none unless told. */
  actions?: ReactNode;
  /** What the first load says beside its spinner; a labelled spinner alone unless told. */
  loadingText?: string;
  /**
   * How a failed load reads: a heading, the text when the server gave no message, and the retry button's text;
   * the server's message or the generic failure with 'Try again' unless told.
   */
  loadFailed?: { title: string; fallback: string; retryLabel: string };
}

const NO_ROWS: never[] = [];
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const PAGE_BUTTONS = {
  first: 'admin.table.firstPage',
  previous: 'admin.table.previousPage',
  next: 'admin.table.nextPage',
  last: 'admin.table.lastPage',
} as const;

/**
 * A server-paged, server-sorted table: a heading, 'Showing X to Y of N results', the rows, and page controls.
 * A sortable header cycles none, ascending, descending; loading, empty and failed lists say so.
 */
export function DataTable<T>({
  title,
  headingLevel = 'h3',
  columns,
  query,
  paging,
  emptyText,
  caption,
  getRowId,
  actions,
  loadingText,
  loadFailed,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const rowsLabelId = useId();
  // While another page or order loads, the last one stays on screen (with a progress bar), so the sort button
  // or page control just pressed keeps the focus.
  const [data, setData] = useState(query.data);
  if (query.data !== undefined && query.data !== data) setData(query.data);
  const total = data?.totalElements ?? 0;
  const sorting: SortingState = paging.sort ? [{ id: paging.sort.field, desc: paging.sort.direction === 'desc' }] : [];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    paging.setSort(next ? { field: next.id, direction: next.desc ? 'desc' : 'asc' } : undefined);
  };
  // TanStack's table is a mutable object, which the React compiler leaves unmemoized; nothing here memoizes it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data?.content ?? NO_ROWS,
    columns,
    getRowId,
    state: { sorting, pagination: { pageIndex: paging.page, pageSize: paging.size } },
    onSortingChange,
    manualPagination: true,
    manualSorting: true,
    rowCount: total,
    enableMultiSort: false,
    sortDescFirst: false,
    defaultColumn: { enableSorting: false },
    getCoreRowModel: getCoreRowModel(),
  });

  // A page beyond the last (rows deleted elsewhere, say) goes back to the last page there is.
  const { page, size, setPage } = paging;
  const pastTheEnd = query.data !== undefined && query.data.content.length === 0 && total > 0 && page > 0;
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(0, Math.ceil(total / size) - 1));
  }, [pastTheEnd, total, size, setPage]);

  const first = page * size + 1;
  const last = page * size + (data?.content.length ?? 0);

  return (
    <Box sx={{ my: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id={titleId} variant="h3" component={headingLevel} sx={{ fontSize: '1.25rem' }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {caption && <Typography sx={{ mb: 1 }}>{caption}</Typography>}
      <Typography role="status" sx={{ mb: 1, minHeight: '1.5em' }}>
        {total > 0 && !query.isError ? t('admin.table.summary', { from: first, to: last, count: total }) : ''}
      </Typography>
      {query.isError ? (
        <LoadFailedAlert
          title={loadFailed?.title}
          message={serverMessage(query.error) ?? loadFailed?.fallback ?? t('admin.loadFailed')}
          retryLabel={loadFailed?.retryLabel}
          onRetry={() => void query.refetch()}
        />
      ) : data === undefined ? (
        <PageLoading text={loadingText} />
      ) : (
        <>
          {query.isFetching && <LinearProgress aria-label={t('common.loading')} />}
          {/* Wider than a phone: the table scrolls sideways, and the keyboard can scroll it too. */}
          <TableContainer role="region" aria-labelledby={titleId} tabIndex={0} sx={focusRing}>
            <Table size="small" aria-labelledby={titleId} aria-busy={query.isFetching}>
              <TableHead>
                {table.getHeaderGroups().map((group) => (
                  <TableRow key={group.id}>
                    {group.headers.map((header) => {
                      const label = flexRender(header.column.columnDef.header, header.getContext());
                      const direction = header.column.getIsSorted();
                      const sortable = header.column.getCanSort();
                      return (
                        <TableCell
                          key={header.id}
                          component="th"
                          scope="col"
                          aria-sort={sortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
                          sx={{ fontWeight: 600 }}
                        >
                          {sortable ? (
                            <TableSortLabel
                              active={direction !== false}
                              direction={direction || 'asc'}
                              onClick={header.column.getToggleSortingHandler()}
                              sx={focusRing}
                            >
                              {label}
                            </TableSortLabel>
                          ) : (
                            label
                          )}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableHead>
              <TableBody>
                {total === 0 ? (
                  <TableRow>
                    <TableCell colSpan={columns.length}>{emptyText}</TableCell>
                  </TableRow>
                ) : (
                  table.getRowModel().rows.map((row) => (
                    <TableRow key={row.id}>
                      {row.getVisibleCells().map((cell) => (
                        <TableCell key={cell.id} sx={{ verticalAlign: 'top' }}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {total > 0 && (
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={size}
              rowsPerPageOptions={[...paging.sizes]}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => paging.setSize(Number(event.target.value))}
              labelRowsPerPage={t('admin.table.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('admin.table.displayedRows', { from, to, count })}
              getItemAriaLabel={(type) => t(PAGE_BUTTONS[type])}
              showFirstButton
              showLastButton
              // A native select, named by its 'Rows per page' label (a native one is not tied to it otherwise).
              slotProps={{
                select: { native: true, labelId: rowsLabelId, inputProps: { 'aria-labelledby': rowsLabelId } },
              }}
            />
          )}
        </>
      )}
    </Box>
  );
}
