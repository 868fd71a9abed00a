/**
 * Fast bulk inserts for the generator: each column travels as ONE text-array parameter and
 * the rows come out of unnest(), so a statement carries thousands of rows with a handful of
 * parameters (far below PostgreSQL's 65535) and no per-value query building. Works the same
 * on PGlite and node-postgres, inside a transaction.
 */
import { getTableColumns, is, sql, SQL, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';

const ROWS_PER_STATEMENT = 10_000;

/** How long the seed may hold the event loop before it lets requests in (see `breathe`). */
const BREATH_MS = 50;
let lastBreath = Date.now();

/**
 * Lets the event loop take requests if the seed has held it a while. The embedded database answers
 * on microtasks only, so a seed awaiting statement after statement never gives Node's I/O a turn:
 * the server writes its demo behind an open port, and the login page asks for the progress meanwhile.
 * Throws once `stop` is aborted (a shutdown): the seed's transaction rolls back, and the embedded
 * database, which closes only once its transaction ends, closes without waiting for the whole demo.
 */
export async function breathe(stop?: AbortSignal): Promise<void> {
  stop?.throwIfAborted();
  if (Date.now() - lastBreath < BREATH_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastBreath = Date.now();
}

function literal(value: unknown, column: Column): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (column.getSQLType() === 'jsonb' || column.getSQLType() === 'json') return JSON.stringify(value);
  if (Array.isArray(value)) return `{${value.map((item) => (item === null ? 'NULL' : quote(String(item)))).join(',')}}`;
  return String(value);
}

/** The type to cast a column's text to (serials are integers once stored). */
function castType(column: Column): string {
  const type = column.getSQLType();
  return ({ serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' } as Record<string, string>)[type] ?? type;
}

const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A PostgreSQL text[] literal of the values. */
function textArray(values: (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : quote(value))).join(',')}}`;
}

export async function bulkInsert(db: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(columns).filter((key) => rows.some((row) => row[key] !== undefined));
  for (const key of keys) if (!columns[key]) throw new Error(`bulkInsert: no column ${key}`);
  // A value left out of some rows takes the column's plain default, or null where it has none.
  const fallback = (key: string): unknown => {
    const column = columns[key];
    if (column.defaultFn) return column.defaultFn();
    if (column.hasDefault) {
      if (is(column.default, SQL)) throw new Error(`bulkInsert: ${key} has an SQL default; set it in every row`);
      return column.default;
    }
    return null;
  };
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const slice = rows.slice(start, start + ROWS_PER_STATEMENT);
    const params = keys.map((key) => textArray(slice.map((row) => literal(row[key] === undefined ? fallback(key) : row[key], columns[key]))));
    const names = sql.join(keys.map((key) => sql.identifier(columns[key].name)), sql`, `);
    const aliases = sql.join(keys.map((_, index) => sql.raw(`c${index}`)), sql`, `);
    const casts = sql.join(keys.map((key, index) => sql.raw(`c${index}::${castType(columns[key])}`)), sql`, `);
    const arrays = sql.join(params.map((param) => sql`${sql.param(param)}::text[]`), sql`, `);
    await db.execute(sql`insert into ${table} (${names}) select ${casts} from unnest(${arrays}) as t(${aliases})`);
    await breathe();
  }
}
