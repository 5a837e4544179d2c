import { useMemo } from 'react';
import type { PageRequest } from '../../lib/paging';
import type { PagedQueryResult } from './DataTable';

/**
 * A list held in the browser as a `DataTable` query: the rows of the page asked for, and how many in all. One
 * object per page shown, so the table takes a new one as a newly loaded page.
 */
export function useLocalPage<T>(rows: readonly T[], { page, size }: PageRequest): PagedQueryResult<T> {
  return useMemo(
    () => ({
      data: { content: rows.slice(page * size, (page + 1) * size), totalElements: rows.length },
      isFetching: false,
      isError: false,
      error: null,
      refetch: () => undefined,
    }),
    [rows, page, size],
  );
}
