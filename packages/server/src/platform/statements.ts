import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { Writer } from '../db/sql.js';

/*
 * Statements compiled once per database (issue 18). drizzle builds and compiles every statement
 * afresh: for a small read by key that is 40–70 µs of the server's CPU, more than the database's
 * own work (BENCHMARKS.md, "CPU a request"). A read that runs on many requests — the session, a
 * settings document, the open plugin of a kind, a reference-data version — is built once per
 * database with `sql.placeholder('name')` where each value goes, and each request binds its values.
 *
 * Named: each connection parses it once and the database may settle on a generic plan — right for
 * a read by key. A filter on skewed data (a list's keyword) is no candidate: lists prepare per
 * shape, unnamed, in platform/list.ts.
 *
 * Inside a transaction the statement is built on the transaction as before (a statement prepared
 * on the database runs on the pool, outside it).
 */

type Preparable<P> = { prepare(name: string): P; toSQL(): { params: unknown[] } };

/** Whether a compiled statement's values are all placeholders: a value bound by its builder would be frozen into every later request. */
export const onlyPlaceholders = (params: unknown[]): boolean => params.every((param) => is(param, Placeholder));

const names = new Set<string>();

/**
 * `build`'s statement, prepared once per database under `name` (unique in the server). A value
 * `build` binds itself would be frozen into every later request: refused when it is first built.
 */
export function preparedOnce<P>(name: string, build: (db: Writer) => Preparable<P>): (db: Writer) => P {
  if (names.has(name)) throw new Error(`prepared statement ${name} is defined twice`);
  names.add(name);
  const byDatabase = new WeakMap<Writer, P>();
  return (db) => {
    if (db instanceof PgTransaction) return build(db).prepare(name);
    let prepared = byDatabase.get(db);
    if (!prepared) {
      const builder = build(db);
      if (!onlyPlaceholders(builder.toSQL().params)) throw new Error(`prepared statement ${name} binds a value of its own: use sql.placeholder`);
      byDatabase.set(db, (prepared = builder.prepare(name)));
    }
    return prepared;
  };
}

const dialect = new PgDialect();

/** A statement prepared on a database (or a transaction): each execution binds its values. */
export type RawPreparable = { prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown> }; toSQL(): { sql: string; params: unknown[] } };

/**
 * A statement written as SQL (`sql\`…\``: what a drizzle select does not say, a `case` grouping, a
 * ranking over a subquery) made preparable as `db.execute` runs it; an execution answers its rows.
 */
export function rawStatement(db: Db, query: SQL): RawPreparable {
  const compiled = dialect.sqlToQuery(query);
  return {
    toSQL: () => compiled,
    prepare: (name) => {
      const prepared = db._.session.prepareQuery(compiled, undefined, name, false);
      return { execute: async (values) => ((await prepared.execute(values)) as { rows: unknown[] }).rows };
    },
  };
}

const VERIFY = Boolean(process.env.VITEST);
const MAX_SHAPES = 500;
const shapes = new WeakMap<Db, Map<string, { text: string; execute(values: Record<string, unknown>): Promise<unknown> }>>();

/**
 * A statement in SQL of a few shapes (a report's figures, which of its filters are present), each
 * shape compiled once per database: `key` names what decides the text, `build` writes it with
 * `sql.placeholder` where each value goes. Unnamed, as a list's page is (a filter on skewed data
 * gets a plan for its values). Under vitest every call is checked against a fresh compile of its
 * shape, so a key that misses something the text depends on fails the tests.
 */
export async function executeShape<Row = Record<string, unknown>>(db: Db, key: string, build: () => SQL, values: Record<string, unknown>): Promise<Row[]> {
  if (db instanceof PgTransaction) return (await rawStatement(db, build()).prepare(undefined as unknown as string).execute(values)) as Row[];
  let byKey = shapes.get(db);
  if (!byKey) shapes.set(db, (byKey = new Map()));
  let prepared = byKey.get(key);
  if (prepared && VERIFY) {
    const fresh = dialect.sqlToQuery(build()).sql;
    if (fresh !== prepared.text) throw new Error(`statement ${key}: the same shape built another statement:\n${prepared.text}\n${fresh}`);
  }
  if (!prepared) {
    const statement = rawStatement(db, build());
    const compiled = statement.toSQL();
    if (!onlyPlaceholders(compiled.params)) throw new Error(`statement ${key} binds a value of its own: use sql.placeholder`);
    if (byKey.size >= MAX_SHAPES) byKey.clear();
    prepared = { text: compiled.sql, ...statement.prepare(undefined as unknown as string) };
    byKey.set(key, prepared);
  }
  return (await prepared.execute(values)) as Row[];
}

/**
 * The names of a page's ids (its shops, goods, members …) by `name` of `id`'s table: one statement
 * prepared once under `statement`, the ids as one array value. Ids without a row have no entry.
 */
export function namesById(statement: string, id: AnyPgColumn, name: AnyPgColumn) {
  const read = preparedOnce(statement, (db) =>
    db
      .select({ id: sql<number>`${id}`, name: sql<string>`${name}` })
      .from(id.table as PgTable)
      .where(sql`${id} = any(${sql.placeholder('ids')})`),
  );
  return async (db: Writer, ids: readonly number[]): Promise<Map<number, string>> => {
    const rows = ids.length === 0 ? [] : await read(db).execute({ ids: [...new Set(ids)] });
    return new Map(rows.map((row) => [Number(row.id), row.name]));
  };
}
