import { is, Placeholder } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
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
