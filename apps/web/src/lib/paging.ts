import { useCallback, useMemo, useState } from 'react';
import type { SortOrder } from '@portal/shared/api/paging';

/** The page of a server-paged list to ask for: page from 0, its size, and a sort (none: the server's own order). */
export interface PageRequest<F extends string = string> {
  page: number;
  size: number;
  sort?: SortOrder<F>;
}

/** The `page=0&size=10&sort=field,desc` query of a paged call; without a sort the server keeps its own order. */
export function pagingQuery({ page, size, sort }: PageRequest): string {
  const query = `page=${page}&size=${size}`;
  return sort ? `${query}&sort=${encodeURIComponent(sort.field)},${sort.direction}` : query;
}

/** A paged list's request with its size choices and setters; a new size or sort goes back to the first page. */
export interface PagedQueryState<F extends string = string> extends PageRequest<F> {
  sizes: readonly number[];
  setPage(page: number): void;
  setSize(size: number): void;
  setSort(sort: SortOrder<F> | undefined): void;
  /** Back to the first page, the default size and the default sort (a new search, say). */
  reset(): void;
}

export interface PagedQueryOptions<F extends string> {
  sizes: readonly number[];
  defaultSize: number;
  defaultSort?: SortOrder<F>;
}

/** The page, size and sort of a server-paged list, held by the screen that shows it. */
export function usePagedQueryState<F extends string>({
  sizes,
  defaultSize,
  defaultSort,
}: PagedQueryOptions<F>): PagedQueryState<F> {
  // The defaults are those of the first render: a default sort written inline is a new object every time.
  const [defaults] = useState<PageRequest<F>>({ page: 0, size: defaultSize, sort: defaultSort });
  const [request, setRequest] = useState(defaults);
  const setPage = useCallback((page: number) => setRequest((current) => ({ ...current, page })), []);
  const setSize = useCallback((size: number) => setRequest((current) => ({ ...current, page: 0, size })), []);
  const setSort = useCallback(
    (sort: SortOrder<F> | undefined) => setRequest((current) => ({ ...current, page: 0, sort })),
    [],
  );
  const reset = useCallback(() => setRequest(defaults), [defaults]);
  return useMemo(
    () => ({ ...request, sizes, setPage, setSize, setSort, reset }),
    [request, sizes, setPage, setSize, setSort, reset],
  );
}
