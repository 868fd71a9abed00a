import { jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Trusted login (DOMAIN §2.29): one row per sign-in type (contract CONNECT_TYPES). */
export const connectSettings = pgTable('connect_settings', {
  type: varchar('type', { length: 10 }).primaryKey(),
  isOpen: smallint('is_open').notNull().default(0),
  config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
  /** never read back to a client: only which names hold a value */
  secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
