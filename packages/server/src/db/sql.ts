import { and, asc, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A transaction of the database, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a function that writes inside its caller's transaction (or on its own) is given: the database or a transaction. */
export type Writer = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

/** Escapes the LIKE wildcards of user input, so `%` and `_` match themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column` contains `text`, case-insensitively, read through an index whatever the keyword's
 * length: three characters or more as `ILIKE '%text%'` through the column's trigram index
 * (`trigramIndex`); one or two — which have no trigram, so pg_trgm would read its whole index and
 * recheck every row — through its short-gram index (`shortGramIndex`): a text contains a one- or
 * two-character keyword exactly when its single characters or pairs hold it. (No ILIKE beside it:
 * the planner would combine it with the trigram index and recheck every row with the pieces.)
 */
/**
 * Whether a keyword may be (part of) a serial number (order, service, refund sn: ASCII letters,
 * digits and dashes). One that is not — Chinese, a space — need not be looked for in the sn columns.
 */
export const mayBePartOfSn = (text: string): boolean => /^[0-9A-Za-z-]+$/.test(text);

export function containsText(column: PgColumn, text: string): SQL {
  if ([...text].length >= 3) return ilike(column, `%${escapeLike(text)}%`);
  return sql`agora_short_grams(${column}) @> array[lower(${text})]::text[]`;
}

/**
 * Locks the rows of `ids` for the rest of the transaction, in id order (two batches over the same
 * rows never deadlock), or refuses with `refusal(missing)` when any of them is gone (or excluded
 * by `where`). The rows as the table's select gives them.
 */
export async function lockRowsById<T extends PgTable & { id: PgColumn }>(
  tx: Pick<Db, 'select'>,
  table: T,
  ids: readonly number[],
  refusal: (missing: number[]) => Error,
  where?: SQL,
): Promise<T['$inferSelect'][]> {
  const unique = [...new Set(ids)];
  const rows = (await tx
    .select()
    .from(table as PgTable)
    .where(and(inArray(table.id, unique), where))
    .orderBy(asc(table.id))
    .for('update')) as (T['$inferSelect'] & { id: number })[];
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw refusal(missing);
  return rows;
}

/**
 * Moves one row a place up or down among its siblings by renumbering them 1…n, so equal or
 * missing sort values (imported data) still give a stable order. At either end it stays put.
 */
export async function moveAmongSiblings(siblings: { id: number }[], id: number, direction: 'up' | 'down', write: (id: number, sort: number) => Promise<unknown>) {
  const order = siblings.map((row) => row.id);
  const at = order.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return;
  [order[at], order[to]] = [order[to], order[at]];
  for (const [index, rowId] of order.entries()) await write(rowId, index + 1);
}
