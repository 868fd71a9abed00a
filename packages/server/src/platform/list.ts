import { and, asc, count, desc, gt, inArray, lt, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, PgDialect } from 'drizzle-orm/pg-core';
import { LIST_EXACT_TOTAL_MAX, LIST_KEYSET_OFFSET, type Page, type SortOrder } from '@agora/contract';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';
import { onlyPlaceholders, rawStatement, type RawPreparable as Preparable } from './statements.js';

/** Offsets up to this many rows are read plainly; deeper pages use a keyset or an id-only index walk. */
export const LIST_SHALLOW_OFFSET = LIST_KEYSET_OFFSET;

export interface ListQuery {
  page_no: number;
  page_size: number;
  sort?: string;
  order?: SortOrder;
  cursor?: string;
}

export interface PageRead {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** the rows the list's filters match, counted before a page is read (estimated past LIST_EXACT_TOTAL_MAX); not counted for an export's batches */
  matched?: { total: number; estimated: boolean };
}

/** What a list orders by before its id: one column, or several in turn. */
export type SortColumns = AnyPgColumn | readonly AnyPgColumn[];

const columnsOf = (sort: SortColumns | undefined): readonly AnyPgColumn[] =>
  sort === undefined ? [] : Array.isArray(sort) ? (sort as readonly AnyPgColumn[]) : [sort as AnyPgColumn];

export interface ListSpec<Row, Out> {
  query: ListQuery;
  /** the table the list pages through; every filter and sort column belongs to it */
  table: PgTable;
  /** its primary key: the last key of every order, so paging is stable */
  id: AnyPgColumn;
  /** the filters, ANDed (undefined entries are skipped) */
  where: (SQL | undefined)[];
  /**
   * sort name → indexed column of `table` (or columns, ordered by one then the next); the query's
   * `sort` picks one, else `defaultSort` or the id alone orders
   */
  sorts?: Record<string, SortColumns>;
  /** the order of a list whose query names no sort (the home page first, then the newest) */
  defaultSort?: SortColumns;
  /** reads one page of rows (with whatever joins the rows need) in the order and window given */
  rows: (read: PageRead) => Promise<Row[]>;
  map: (row: Row) => Out;
  /** the id of a mapped row, for the keyset cursors */
  idOf: (out: Out) => number;
  /**
   * Names the list's page statement, so pages of one shape (the same filters present, the same
   * sort) run one statement compiled once and bind only their values (see `preparedRows`). For a
   * `rows` that returns a drizzle select built from the PageRead alone: no value of its own (a join
   * on the request's shop is a value), no second statement; a `rows` that reads `matched` names
   * its statement from it too (under the tests a page whose statement differs from its shape's throws).
   */
  statement?: string | ((matched: PageRead['matched']) => string);
}

interface Cursor {
  /** the page this cursor reads */
  p: number;
  /** the row it starts after (`n`) or before (`b`) */
  n?: number;
  b?: number;
  s: string;
  o: SortOrder;
}

const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(raw: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString()) as Cursor;
    const id = value.n ?? value.b;
    if (Number.isSafeInteger(value.p) && Number.isSafeInteger(id) && typeof value.s === 'string' && (value.o === 'asc' || value.o === 'desc')) return value;
  } catch {
    // falls through to the refusal
  }
  throw new AppError(400, 'VALIDATION', {}, '分页游标无效，请刷新列表');
}

/**
 * A sort column in the list's order. The NULLs of a nullable column (a member who never signed
 * in) come last whichever way the list sorts; an index on `(…, column)` serves the ascending
 * order, one on `(…, column desc nulls last)` the descending.
 */
function ordered(column: AnyPgColumn, order: SortOrder): SQL {
  if (column.notNull) return order === 'asc' ? asc(column) : desc(column);
  return order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
}

/** The list's filters and its order: the chosen sort's columns, then the id. */
function listOrder<Row, Out>(spec: ListSpec<Row, Out>) {
  const { query, id } = spec;
  const sortName = query.sort ?? '';
  const columns = columnsOf(query.sort === undefined ? spec.defaultSort : spec.sorts?.[sortName]);
  const order = query.order ?? 'desc';
  const direction = order === 'asc' ? asc : desc;
  const orderBy = [...columns.map((column) => ordered(column, order)), direction(id)];
  return { sortName, columns, order, orderBy, where: and(...spec.where) };
}

/**
 * One page of a list in the spec's envelope. Shallow pages use OFFSET; a deeper page follows the
 * keyset cursor the previous page handed out, or else walks only the (index-covered) ids to its
 * offset and reads the page's rows by id. Totals are counted up to LIST_EXACT_TOTAL_MAX rows and
 * estimated by the planner beyond, so no page view counts a million rows.
 */
export async function listPage<Row, Out>(db: Db, spec: ListSpec<Row, Out>): Promise<Page<Out>> {
  const { query, table, id } = spec;
  const { sortName, columns, order, orderBy, where } = listOrder(spec);
  const size = query.page_size;
  const offset = (query.page_no - 1) * size;

  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  // counted first: a list may read its page one way for a few matches and another for many
  // the filters compiled once, for the count's statement and the page's (see `statementFor`)
  const filter = bind(where, 'w');
  const matched = await countRows(db, table, where, filter);
  let rows: Row[];
  // A keyset needs a sort column without NULLs (a NULL never compares); such lists walk ids instead.
  const keysetable = columns.every((column) => column.notNull);
  if (cursor && keysetable && cursor.p === query.page_no && cursor.s === sortName && cursor.o === order) {
    rows = await readByKeyset(spec, where, orderBy, cursor, columns, order, matched);
  } else if (offset <= LIST_SHALLOW_OFFSET) {
    rows = spec.statement && filter ? await preparedRows(db, spec, where, filter, orderBy, size, offset, matched) : await spec.rows({ where, orderBy, limit: size, offset, matched });
  } else {
    const ids = await db.select({ id }).from(table).where(where).orderBy(...orderBy).limit(size).offset(offset);
    rows = ids.length === 0 ? [] : await spec.rows({ where: inArray(id, ids.map((row) => row.id as number)), orderBy, limit: size, offset: 0, matched });
  }
  const data = rows.map(spec.map);
  const { total, estimated } = matched;
  const page: Page<Out> = { data, page_no: query.page_no, page_size: size, data_total: total };
  if (estimated) page.data_total_estimated = true;
  if (data.length > 0 && keysetable) {
    if (data.length === size) page.next_cursor = encodeCursor({ p: query.page_no + 1, n: spec.idOf(data[data.length - 1]), s: sortName, o: order });
    if (query.page_no > 1) page.prev_cursor = encodeCursor({ p: query.page_no - 1, b: spec.idOf(data[0]), s: sortName, o: order });
  }
  return page;
}

/** Rows after (or before) the cursor's row in the list's order: an index range scan, whatever the depth. */
async function readByKeyset<Row, Out>(
  spec: ListSpec<Row, Out>,
  where: SQL | undefined,
  orderBy: SQL[],
  cursor: Cursor,
  columns: readonly AnyPgColumn[],
  order: SortOrder,
  matched?: PageRead['matched'],
): Promise<Row[]> {
  const { id, table } = spec;
  const anchor = (cursor.n ?? cursor.b) as number;
  const after = cursor.n !== undefined;
  // Moving forward in a descending list means smaller keys; backward, larger.
  const smaller = (order === 'desc') === after;
  // The anchor's sort values are read by primary key inside the same statement; each column's
  // bound is an index range condition, the next column (and last the id) only breaks its ties.
  const beyond = (rest: readonly AnyPgColumn[]): SQL | undefined => {
    const [column, ...next] = rest;
    if (!column) return (smaller ? lt : gt)(id, anchor);
    const value = sql`(select ${column} from ${table} where ${id} = ${anchor})`;
    return smaller
      ? and(sql`${column} <= ${value}`, or(sql`${column} < ${value}`, beyond(next)))
      : and(sql`${column} >= ${value}`, or(sql`${column} > ${value}`, beyond(next)));
  };
  const position = beyond(columns);
  if (after) return spec.rows({ where: and(where, position), orderBy, limit: spec.query.page_size, offset: 0, matched });
  // Backward: read the nearest rows in reverse, then put them back in the list's order.
  const reverse = order === 'asc' ? desc : asc;
  const reversed = [...columns.map((column) => reverse(column)), reverse(id)];
  const rows = await spec.rows({ where: and(where, position), orderBy: reversed, limit: spec.query.page_size, offset: 0, matched });
  return rows.reverse();
}

/**
 * Every row the list shows under its filters, in its order, `size` rows at a time (what an export
 * writes, docs/jobs.md): each batch starts after the last row of the one before by the same keyset
 * the deep pages use, so the 100th batch costs what the first did and only one batch is in memory.
 * The list's query paging (page_no, page_size, cursor) is ignored. Needs NOT NULL sort columns (a
 * NULL never compares); a list sorting by a nullable column pages through its rows itself.
 */
export async function* listBatches<Row, Out>(spec: ListSpec<Row, Out>, size: number): AsyncGenerator<Out[]> {
  const { sortName, columns, order, orderBy, where } = listOrder(spec);
  if (!columns.every((column) => column.notNull)) throw new Error(`listBatches: the sort ${sortName} has a nullable column`);
  const batchSpec = { ...spec, query: { ...spec.query, page_size: size } };
  let rows = await spec.rows({ where, orderBy, limit: size, offset: 0 });
  for (;;) {
    if (rows.length === 0) return;
    const out = rows.map(spec.map);
    yield out;
    if (rows.length < size) return;
    const cursor: Cursor = { p: 0, n: spec.idOf(out[out.length - 1]), s: sortName, o: order };
    rows = await readByKeyset(batchSpec, where, orderBy, cursor, columns, order);
  }
}

/** How many rows the list shows under its filters, counted exactly (an export's progress). */
export async function countListRows<Row, Out>(db: Db, spec: ListSpec<Row, Out>): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(spec.table).where(and(...spec.where));
  return n;
}

/**
 * How many rows match: counted when there are at most LIST_EXACT_TOTAL_MAX (the count stops
 * there), else the planner's estimate — the table's statistics when unfiltered.
 */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined, bound = bind(where, 'w')): Promise<{ total: number; estimated: boolean }> {
  // the capped count through the statement of its shape (see `statementFor` below)
  const key = `count\u0000${qualifiedName(table)}\u0000${where ? 'w' : ''}\u0000${bound?.text}`;
  const statement = bound && statementFor(db, key, () => cappedCount(db, table, where && bound.sql, sql.placeholder('cap')));
  const [{ n }] = statement && bound ? ((await statement.execute({ ...bound.values, cap: LIST_EXACT_TOTAL_MAX + 1 })) as { n: number }[]) : await cappedCount(db, table, where);
  if (n <= LIST_EXACT_TOTAL_MAX) return { total: n, estimated: false };
  return { total: Math.max(await estimateRows(db, table, where, bound), n), estimated: true };
}

/** Counts the matching rows, stopping at LIST_EXACT_TOTAL_MAX + 1 (exported for the plan tests). */
export function cappedCount(db: Db, table: PgTable, where: SQL | undefined, cap: number | Placeholder = LIST_EXACT_TOTAL_MAX + 1) {
  const capped = db.select({ one: sql`1` }).from(table).where(where).limit(cap).as('capped');
  return db.select({ n: count() }).from(capped);
}

/** A table's schema-qualified name, worked out once: getTableConfig builds every index and key of the table each time (a fifth of drizzle's time on an unfiltered list). */
const qualifiedNames = new WeakMap<PgTable, string>();
function qualifiedName(table: PgTable): string {
  let name = qualifiedNames.get(table);
  if (name === undefined) {
    const config = getTableConfig(table);
    name = `${config.schema ?? 'public'}.${config.name}`;
    qualifiedNames.set(table, name);
  }
  return name;
}

/** The planner's estimate (a busy list's page 1 asks each time): through the statements of its shape, as the count (see `statementFor`). */
async function estimateRows(db: Db, table: PgTable, where: SQL | undefined, bound: ReturnType<typeof bind>): Promise<number> {
  const name = qualifiedName(table);
  if (!where) {
    const statement = statementFor(db, 'estimate\u0000reltuples', () => rawStatement(db, sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${sql.placeholder('table')})`));
    const rows = statement ? await statement.execute({ table: name }) : (await db.execute(sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${name})`)).rows;
    const n = Number((rows[0] as { n?: unknown } | undefined)?.n ?? 0);
    if (n > 0) return n;
  }
  const planOf = (filter: SQL | undefined) => sql`explain (format json) ${db.select({ one: sql`1` }).from(table).where(filter)}`;
  const key = `estimate\u0000${name}\u0000${where ? 'w' : ''}\u0000${bound?.text}`;
  const statement = bound && statementFor(db, key, () => rawStatement(db, planOf(where && bound.sql)));
  const rows = statement && bound ? await statement.execute(bound.values) : (await db.execute(planOf(where))).rows;
  const plan = (rows[0] as Record<string, unknown>)['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}


/*
 * Statements compiled once per shape (issue 18). drizzle builds and compiles every statement
 * afresh — 2–4 µs for each selected column, the larger part of what a list page costs the server
 * beyond the database's own time (BENCHMARKS.md). A page's filters and order are compiled alone
 * (a few chunks), their text is the shape: the first page of a shape prepares the whole statement
 * with a placeholder where each value was, the next ones only bind their values. Unnamed: the
 * database plans each execution with its values, as before (a named statement may switch to a
 * generic plan, poor for a keyword on skewed data).
 */

const dialect = new PgDialect();
/** Under vitest every cached statement is checked against a fresh compile of the same shape (not NODE_ENV: the benches' server runs with NODE_ENV=test). */
const VERIFY = Boolean(process.env.VITEST);
const MAX_SHAPES = 2000;

interface Prepared {
  text: string;
  execute(values: Record<string, unknown>): Promise<unknown[]>;
}
/** per database, the statement of each shape; null for a shape that cannot be cached (read the usual way) */
const statements = new WeakMap<Db, Map<string, Prepared | null>>();

/** The names of the statements prepared on `db`, one entry per shape (for the tests). */
export const preparedShapes = (db: Db): string[] => [...(statements.get(db)?.keys() ?? [])].map((key) => key.split('\u0000')[0]);

/** `fragment` compiled alone, each value replaced by a placeholder `prefix`1…n: its text (the shape), the placeholder form and the values. */
export function bind(fragment: SQL | undefined, prefix: string): { text: string; sql: SQL; values: Record<string, unknown> } | null {
  if (!fragment) return { text: '', sql: sql``, values: {} };
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  const parts = text.split(/\$(\d+)/);
  const values: Record<string, unknown> = {};
  const chunks: SQL[] = [];
  for (let index = 0; index < parts.length; index += 2) {
    chunks.push(sql.raw(parts[index]));
    if (index + 1 >= parts.length) break;
    const position = Number(parts[index + 1]);
    // drizzle numbers its parameters in order; anything else ($1 inside a literal) is left uncached
    if (position !== index / 2 + 1) return null;
    const name = `${prefix}${position}`;
    values[name] = params[position - 1];
    chunks.push(sql`${sql.placeholder(name)}`);
  }
  if (Object.keys(values).length !== params.length) return null;
  return { text, sql: sql.join(chunks), values };
}

/** A list statement that breaks the rules: the tests fail on it; a server reads such a page uncached (and says so once). */
function misuse(key: string, problem: string): null {
  const message = `list statement ${key.split('\u0000')[0]}: ${problem}`;
  if (VERIFY) throw new Error(message);
  console.warn(message);
  return null;
}

/**
 * The statement of `key` on `db`, prepared from `build` the first time (and, under vitest, checked
 * against `build` every time); null when `build` makes no statement that can be cached.
 */
function statementFor(db: Db, key: string, build: () => unknown): Prepared | null {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let prepared = byKey.get(key);
  if (prepared === null) return null;
  if (prepared && VERIFY) {
    const fresh = (build() as Preparable).toSQL().sql;
    if (fresh !== prepared.text) throw new Error(`list statement ${key.split('\u0000')[0]}: a page of the same shape built another statement:\n${prepared.text}\n${fresh}`);
  }
  if (prepared === undefined) {
    const builder = build() as Preparable;
    if (byKey.size >= MAX_SHAPES) byKey.clear();
    if (typeof builder.prepare !== 'function') {
      prepared = misuse(key, 'rows must return a drizzle select');
    } else {
      const compiled = builder.toSQL();
      if (!onlyPlaceholders(compiled.params)) prepared = misuse(key, 'rows binds a value of its own; name no statement for it');
      else {
        // unnamed (see above): drizzle's own execution of a select prepares it the same way
        const query = builder.prepare(undefined as unknown as string);
        prepared = { text: compiled.sql, execute: (values) => query.execute(values) as Promise<unknown[]> };
      }
    }
    byKey.set(key, prepared);
  }
  return prepared;
}

/** A shallow page of a list that names its statement, through the statement of its shape. */
async function preparedRows<Row, Out>(
  db: Db,
  spec: ListSpec<Row, Out>,
  where: SQL | undefined,
  filter: NonNullable<ReturnType<typeof bind>>,
  orderBy: SQL[],
  limit: number,
  offset: number,
  matched: PageRead['matched'],
): Promise<Row[]> {
  const order = bind(sql.join(orderBy, sql`, `), 'o');
  if (!order) return spec.rows({ where, orderBy, limit, offset, matched });
  const name = typeof spec.statement === 'function' ? spec.statement(matched) : spec.statement;
  const key = `${name}\u0000${where ? 'w' : ''}\u0000${filter.text}\u0000${order.text}`;
  const read: PageRead = {
    where: where && filter.sql,
    orderBy: [order.sql],
    limit: sql.placeholder('limit') as unknown as number,
    offset: sql.placeholder('offset') as unknown as number,
    matched,
  };
  const statement = statementFor(db, key, () => spec.rows(read));
  if (!statement) return spec.rows({ where, orderBy, limit, offset, matched });
  return (await statement.execute({ ...filter.values, ...order.values, limit, offset })) as Row[];
}
