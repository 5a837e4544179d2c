import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pagingQuery, usePagedQueryState } from './paging';

describe('pagingQuery', () => {
  it('writes page, size and sort as the server reads them', () => {
    expect(pagingQuery({ page: 2, size: 25, sort: { field: 'changedAt', direction: 'desc' } })).toBe(
      'page=2&size=25&sort=changedAt,desc',
    );
    expect(pagingQuery({ page: 0, size: 10 })).toBe('page=0&size=10');
  });
});

describe('usePagedQueryState', () => {
  const options = {
    sizes: [5, 10, 25],
    defaultSize: 5,
    defaultSort: { field: 'changedAt', direction: 'desc' },
  } as const;

  it('starts on page 0 with the default size and sort', () => {
    const { result } = renderHook(() => usePagedQueryState(options));
    expect(result.current).toMatchObject({ page: 0, size: 5, sort: { field: 'changedAt', direction: 'desc' } });
    expect(result.current.sizes).toEqual([5, 10, 25]);
  });

  it('goes back to page 0 when the size or the sort changes, and reset restores the defaults', () => {
    const { result } = renderHook(() => usePagedQueryState(options));
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.setSize(25));
    expect(result.current).toMatchObject({ page: 0, size: 25 });

    act(() => result.current.setPage(2));
    act(() => result.current.setSort({ field: 'changedAt', direction: 'asc' }));
    expect(result.current).toMatchObject({ page: 0, size: 25, sort: { field: 'changedAt', direction: 'asc' } });

    act(() => result.current.setPage(1));
    act(() => result.current.setSort(undefined));
    expect(result.current.page).toBe(0);
    expect(result.current.sort).toBeUndefined();

    act(() => result.current.setPage(4));
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ page: 0, size: 5, sort: { field: 'changedAt', direction: 'desc' } });
  });
});
