import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z, ZodType } from 'zod';
import { LIST_KEYSET_OFFSET, type AnyEndpoint, type ApiInput, type Page, type ResponseOf } from '@agora/contract';
import { useApi } from '@/lib/api';
import { readUi, type UrlValue } from './useUrlUi';

type Shape = Record<string, ZodType>;

/** A list endpoint: a GET whose query pages and whose answer is the page envelope. */
type ListEndpoint = AnyEndpoint & { query: ZodType; response?: unknown };
type QueryIn<E extends ListEndpoint> = z.input<E['query']>;
type QueryOut<E extends ListEndpoint> = z.output<E['query']>;
type Row<E extends ListEndpoint> = ResponseOf<E> extends Page<infer T> ? T : never;

export interface ListPageOptions<E extends ListEndpoint, U extends Shape> {
  /** URL keys of the page's own state beside the list query: the open drawer or dialog (`detail: id`) */
  ui?: U;
  /** query values the page always sends and never shows in the URL (the recycle bin's `disabled`) */
  fixed?: Partial<QueryIn<E>>;
  /** path parameters, for a list under a parent (`/members/{id}/points`) */
  params?: ApiInput<E> extends { params?: infer P } ? P : never;
  /** false while the list must not load yet */
  enabled?: boolean;
  /** polls the page while it shows work under way (a task list's running rows): ms, or false to stop */
  refetchInterval?: (page: Page<Row<E>> | undefined) => number | false;
}

function searchObject(params: URLSearchParams, keys: ReadonlySet<string>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of keys) {
    const all = params.getAll(key).filter((value) => value !== '');
    if (all.length === 1) out[key] = all[0];
    else if (all.length > 1) out[key] = all;
  }
  return out;
}

/**
 * Parses what the URL holds with a schema; a value the schema refuses is dropped (a hand-edited
 * or stale link shows the list without it), never an error page.
 */
function parseLenient<S extends ZodType>(schema: S, raw: Record<string, unknown>): { value: z.output<S>; kept: Record<string, unknown> } {
  const kept = { ...raw };
  for (let attempt = 0; attempt < 8; attempt++) {
    const result = schema.safeParse(kept);
    if (result.success) return { value: result.data, kept };
    const keys = result.error.issues.map((issue) => String(issue.path[0] ?? '')).filter((key) => key in kept);
    if (keys.length === 0) break;
    for (const key of keys) delete kept[key];
  }
  return { value: schema.parse({}), kept: {} };
}

function shapeKeys(schema: ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('a list query schema must be an object schema');
  return Object.keys(shape).filter((key) => key !== 'cursor');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A list page's state, all of it in the URL under the API's own query names (filters, sort,
 * page, page size) plus the page's `ui` keys: a refresh, a back from a detail, a shared link or a
 * reopened tab shows the same list with the same drawer. Defaults stay out of the URL.
 */
export function useListPage<E extends ListEndpoint, U extends Shape = Record<never, ZodType>>(endpoint: E, options: ListPageOptions<E, U> = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const schema = endpoint.query;
  const queryKeys = useMemo(() => shapeKeys(schema), [schema]);
  const uiKeys = useMemo(() => Object.keys(options.ui ?? {}), [options.ui]);
  const defaults = useMemo(() => schema.parse({ ...options.fixed }) as Record<string, unknown>, [schema, options.fixed]);

  const { query, raw } = useMemo(() => {
    const fromUrl = searchObject(searchParams, new Set(queryKeys));
    const { value, kept } = parseLenient(schema, { ...fromUrl, ...options.fixed });
    return { query: value as QueryOut<E>, raw: kept };
  }, [searchParams, queryKeys, schema, options.fixed]);

  const ui = useMemo(() => readUi(searchParams, options.ui), [searchParams, options.ui]);

  const write = useCallback(
    (patch: Record<string, UrlValue>) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        // The list query is rewritten whole from what parsed, so a refused value leaves the URL.
        // A fixed value never enters the URL, and a URL key of the same name (the page's own) stays as it is.
        const fixed = new Set(Object.keys(options.fixed ?? {}));
        const values: Record<string, UrlValue> = Object.fromEntries(Object.entries(raw).filter(([key]) => !fixed.has(key))) as Record<string, UrlValue>;
        for (const key of queryKeys) if (!fixed.has(key)) next.delete(key);
        for (const [key, value] of Object.entries({ ...values, ...patch })) {
          next.delete(key);
          if (value === undefined || value === null || value === '') continue;
          // A query value equal to the default is the default: the URL stays short.
          if (queryKeys.includes(key) && same(String(defaults[key]), String(value))) continue;
          if (Array.isArray(value)) for (const item of value) next.append(key, String(item));
          else next.set(key, String(value));
        }
        return next;
      }),
    [setSearchParams, queryKeys, defaults, raw, options.fixed],
  );

  const closeAll = useMemo(() => Object.fromEntries(uiKeys.map((key) => [key, undefined])), [uiKeys]);

  /** Changes filters (or sort): back to page 1, any open drawer closed. */
  const filter = useCallback((patch: Partial<Record<keyof QueryIn<E> & string, UrlValue>>) => write({ ...closeAll, ...patch, page_no: undefined }), [write, closeAll]);
  /** Clears every filter (keeps the page size). */
  const reset = useCallback(
    () => write({ ...closeAll, ...Object.fromEntries(queryKeys.filter((key) => key !== 'page_size' && !(key in (options.fixed ?? {}))).map((key) => [key, undefined])) }),
    [write, closeAll, queryKeys, options.fixed],
  );
  const openUi = useCallback((patch: { [K in keyof U]?: UrlValue }) => write(patch as Record<string, UrlValue>), [write]);
  const closeUi = useCallback(() => write(closeAll), [write, closeAll]);

  // Deep pages: the next or previous page is read by keyset from the page the operator is on.
  const cursors = useRef<{ base: string; page: number; next?: string; prev?: string } | null>(null);
  const typed = query as unknown as { page_no: number; page_size: number };
  const base = JSON.stringify({ ...raw, page_no: undefined });
  let cursor: string | undefined;
  const known = cursors.current;
  if (known && known.base === base && (typed.page_no - 1) * typed.page_size > LIST_KEYSET_OFFSET) {
    if (typed.page_no === known.page + 1) cursor = known.next;
    else if (typed.page_no === known.page - 1) cursor = known.prev;
  }
  const input = { ...(options.params ? { params: options.params } : {}), query: { ...raw, ...(cursor ? { cursor } : {}) } } as unknown as ApiInput<E>;
  const poll = options.refetchInterval;
  const result = useApi(endpoint, input, {
    enabled: options.enabled ?? true,
    ...(poll ? { refetchInterval: (query: { state: { data?: unknown } }) => poll(query.state.data as Page<Row<E>> | undefined) } : {}),
  });
  const page = result.data as Page<Row<E>> | undefined;
  if (page && !result.isPlaceholderData && page.page_no === typed.page_no) {
    cursors.current = { base, page: page.page_no, next: page.next_cursor, prev: page.prev_cursor };
  }

  /**
   * Rows left the list (deleted, audited away): when none stay on this page, show the one before.
   * `ui` closes or changes the page's drawer or dialog in the same step (URL writes do not queue).
   */
  const removed = useCallback(
    (count: number, ui: { [K in keyof U]?: UrlValue } = {}) => {
      const emptied = page !== undefined && count >= page.data.length && typed.page_no > 1;
      write({ ...(ui as Record<string, UrlValue>), ...(emptied ? { page_no: typed.page_no - 1 } : {}) });
    },
    [page, typed.page_no, write],
  );

  return {
    endpoint,
    query,
    ui,
    result,
    page,
    rows: page?.data ?? [],
    filter,
    reset,
    openUi,
    closeUi,
    /** Sets any URL keys of the list as they are (paging). */
    write,
    removed,
  };
}

/** What the table shell needs of any list page. */
export interface ListView {
  query: unknown;
  ui: object;
  page: Page<unknown> | undefined;
  result: { isFetching: boolean; isError: boolean; refetch(): unknown };
  filter(patch: Record<string, UrlValue>): void;
  write(patch: Record<string, UrlValue>): void;
}
