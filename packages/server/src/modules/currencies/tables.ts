import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.js';

/**
 * Currencies (DOMAIN §2.32). `rate` is how many units of this currency one unit of the default
 * currency buys, an exact decimal. The partial unique index lets at most one row be the default;
 * the service keeps exactly one.
 */
export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 3 }).notNull(),
  name: varchar('name', { length: 20 }).notNull(),
  symbol: varchar('symbol', { length: 5 }).notNull(),
  rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
  autoRate: smallint('auto_rate').notNull().default(0),
  isDefault: smallint('is_default').notNull().default(0),
  rateUpdatedAt: timestamp('rate_updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('currencies_code_uq').on(t.code),
  uniqueIndex('currencies_name_uq').on(t.name),
  uniqueIndex('currencies_default_uq').on(t.isDefault).where(sql`${t.isDefault} = 1`),
  index('currencies_sort_idx').on(t.sort, t.id),
  index('currencies_enabled_sort_idx').on(t.enabled, t.sort, t.id),
]);
