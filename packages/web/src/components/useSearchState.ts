import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

type SearchValue = string | number | null | undefined;

/**
 * List state kept in the URL (DESIGN: filters, page and open dialog survive a refresh,
 * a back from a detail page, a shared link and a reopened tab).
 */
export function useSearchState() {
  const [searchParams, setSearchParams] = useSearchParams();

  const readString = useCallback((key: string): string | undefined => searchParams.get(key) || undefined, [searchParams]);

  const readNumber = useCallback(
    (key: string): number | undefined => {
      const raw = searchParams.get(key);
      if (!raw) return undefined;
      const value = Number(raw);
      return Number.isSafeInteger(value) ? value : undefined;
    },
    [searchParams],
  );

  /** Sets the given keys; empty values remove theirs. */
  const update = useCallback(
    (patch: Record<string, SearchValue>) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setSearchParams],
  );

  return useMemo(() => ({ readString, readNumber, update }), [readString, readNumber, update]);
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** Paging read from `page` / `size`, falling back to the first page of the default size. */
export function readPaging(state: ReturnType<typeof useSearchState>) {
  const page = state.readNumber('page');
  const size = state.readNumber('size');
  return {
    page_no: page && page > 0 ? page : 1,
    page_size: size && PAGE_SIZE_OPTIONS.includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

type SearchState = ReturnType<typeof useSearchState>;

/**
 * The paging of a list table whose page and size live in the URL (defaults stay out of it).
 * `onPage` runs on every page change and may return more URL keys to set with it.
 */
export function urlPagination(
  search: SearchState,
  paging: { page_no: number; page_size: number },
  total: number | undefined,
  showTotal: (total: number) => string,
  onPage?: () => Record<string, SearchValue> | void,
) {
  return {
    current: paging.page_no,
    pageSize: paging.page_size,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal,
    onChange: (page: number, size: number) =>
      search.update({ ...onPage?.(), page: page > 1 ? page : undefined, size: size === DEFAULT_PAGE_SIZE ? undefined : size }),
  };
}
