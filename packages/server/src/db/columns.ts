import { sql } from 'drizzle-orm';
import { bigint, index, integer, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
/** Money in integer cents (fen); the API speaks yuan with two decimals. */
export const cents = (name: string) => integer(name).notNull().default(0);
/** Totals that may pass 21 million yuan. */
export const bigCents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * A trigram index (pg_trgm, migration 0010) for the `ILIKE '%…%'` keyword filters of the lists:
 * a substring match anywhere in the text reads the index instead of every row.
 */
export const trigramIndex = (name: string, column: PgColumn) => index(name).using('gin', sql`${column} gin_trgm_ops`);

/**
 * The index for the one- and two-character keywords a trigram index cannot serve (`键盘`, `张三`):
 * GIN over the text's lower-cased single characters and pairs (`agora_short_grams`, migration
 * 0046). Give a column both; `containsText` (db/sql.ts) picks the one that fits the keyword.
 */
export const shortGramIndex = (name: string, column: PgColumn) => index(name).using('gin', sql`agora_short_grams(${column})`);
