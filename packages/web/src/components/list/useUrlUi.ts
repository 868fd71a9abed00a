import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z, ZodType } from 'zod';

export type UiShape = Record<string, ZodType>;
export type UiState<U extends UiShape> = Partial<{ [K in keyof U]: z.output<U[K]> }>;
/** What a URL key may be set to; empty values remove the key. */
export type UrlValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** The page's `ui` keys as the URL holds them; a value its schema refuses is left out. */
export function readUi<U extends UiShape>(searchParams: URLSearchParams, ui: U | undefined): UiState<U> {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(ui ?? {})) {
    const value = searchParams.get(key);
    if (value === null) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as UiState<U>;
}

/**
 * The open drawer or dialog of a page that is not a paged list (a tree, a detail page), in the
 * URL under the page's `ui` keys, like `useListPage`'s: a refresh or a shared link reopens it.
 */
export function useUrlUi<U extends UiShape>(ui: U) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readUi(searchParams, ui), [searchParams, ui]);
  const write = useCallback(
    (patch: Record<string, UrlValue>) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, Array.isArray(value) ? value.join(',') : String(value));
        }
        return next;
      }),
    [setSearchParams],
  );
  /** Opens one drawer or dialog: the other `ui` keys are cleared. */
  const openUi = useCallback(
    (patch: { [K in keyof U]?: UrlValue }) => write({ ...Object.fromEntries(Object.keys(ui).map((key) => [key, undefined])), ...(patch as Record<string, UrlValue>) }),
    [write, ui],
  );
  const closeUi = useCallback(() => write(Object.fromEntries(Object.keys(ui).map((key) => [key, undefined]))), [write, ui]);
  return { ui: state, openUi, closeUi };
}
