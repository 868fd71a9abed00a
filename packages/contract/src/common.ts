import { z } from 'zod';

/** Largest id the console accepts anywhere (spec §9). */
export const MAX_ID = 9223372036854775807n;

export const pageQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** The page envelope of every list (spec §7). */
/** What a list's 导出 answers: the export's record on the records page (docs/jobs.md). */
export interface TaskQueued {
  task_id: number;
}

export interface Page<T> {
  data: T[];
  page_no: number;
  page_size: number;
  data_total: number;
  /** true when data_total is the planner's estimate (past LIST_EXACT_TOTAL_MAX rows), not a count */
  data_total_estimated?: boolean;
  /** pass as `cursor` with page_no + 1 to read the next page by keyset */
  next_cursor?: string;
  /** pass as `cursor` with page_no - 1 to read the previous page by keyset */
  prev_cursor?: string;
}

/** Pages past this offset are read by keyset (the previous page's cursor) or an id-only index walk. */
export const LIST_KEYSET_OFFSET = 2_000;

/** Up to this many matching rows a list counts them exactly; past it the total is estimated. */
export const LIST_EXACT_TOTAL_MAX = 10_000;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The query of a list endpoint: paging, the list's own filters, and — when it sorts — the sort
 * names it accepts (each backed by an index on the server) with their default.
 */
export function listQuery<F extends z.ZodRawShape>(filters: F): ReturnType<typeof pagedWith<F>>;
export function listQuery<F extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(
  filters: F,
  sort: { by: S; default: S[number]; order?: SortOrder },
): ReturnType<typeof sortedWith<F, S>>;
export function listQuery(filters: z.ZodRawShape, sort?: { by: readonly [string, ...string[]]; default: string; order?: SortOrder }) {
  return sort ? sortedWith(filters, sort) : pagedWith(filters);
}

const cursorField = z.string().max(200).optional();

function pagedWith<F extends z.ZodRawShape>(filters: F) {
  return pageQuery.extend({ ...filters, cursor: cursorField });
}

function sortedWith<F extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(filters: F, sort: { by: S; default: S[number]; order?: SortOrder }) {
  return pageQuery.extend({
    ...filters,
    cursor: cursorField,
    sort: z.enum(sort.by).default(sort.default as never),
    order: z.enum(SORT_ORDERS).default(sort.order ?? 'desc'),
  });
}

const INT_COLUMN_MAX = 2_147_483_647;

/** An id of a path or query: digits only, within spec §9's maximum and the column's range. */
function readId(raw: string, limit: number): number | undefined {
  if (!/^\d{1,19}$/.test(raw) || BigInt(raw) > MAX_ID) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= limit ? id : undefined;
}

function idSchema(message: string, limit: number, zero: boolean) {
  return z.coerce.string().transform((raw, ctx) => {
    const trimmed = raw.trim();
    if (zero && trimmed === '0') return 0;
    const id = readId(trimmed, limit);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
}

/**
 * An id as paths and query strings carry it: digits only, at most spec §9's maximum, and within
 * what the column (a 32-bit serial unless `big`) can hold — past either it is a 400, never a 500.
 */
export function idOf(message = 'id格式有误', big = false) {
  return idSchema(message, big ? Number.MAX_SAFE_INTEGER : INT_COLUMN_MAX, false);
}

/** An id of a 32-bit column as `idOf` reads it, or 0 where 0 means none (no group, the top level). */
export function idOrZeroOf(message = 'id格式有误') {
  return idSchema(message, INT_COLUMN_MAX, true);
}

/**
 * `1,2,3` as paths carry id lists (an array, as a query string may repeat a key, is read the
 * same): each an id as above (of a 64-bit column when `big`), repeats dropped, at most `max`.
 */
export function idListOf(message: string, max: number, tooMany: string, big = false) {
  const limit = big ? Number.MAX_SAFE_INTEGER : INT_COLUMN_MAX;
  return z.preprocess(
    (value) => (Array.isArray(value) ? value.join(',') : value),
    z.coerce.string().transform((raw, ctx) => {
      const ids = [...new Set(raw.split(','))].map((part) => readId(part.trim(), limit));
      if (raw === '' || ids.some((id) => id === undefined)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (ids.length > max) {
        ctx.addIssue({ code: 'custom', message: tooMany });
        return z.NEVER;
      }
      return ids as number[];
    }),
  );
}

export const idParam = z.object({ id: idOf() });

/** 0 / 1 flags as the wire speaks them; accepts "0"/"1" from query strings too. */
export const flag = z.coerce.number().int().min(0).max(1);

/** Lowercase hex MD5, the "hashed password" the console sends (spec §7). */
export const md5Hex = z
  .string()
  .regex(/^[0-9a-f]{32}$/, { message: '密码格式有误' });

export interface ApiError {
  code: string;
  message: string;
}


