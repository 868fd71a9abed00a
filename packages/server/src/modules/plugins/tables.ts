import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Plugin-style configs (DOMAIN §2.29): one row per shipped plugin of each kind (contract PLUGINS).
 * At most one open row per kind is the database's own rule (the partial unique index); the service
 * keeps exactly one open by switching inside one transaction.
 */
export const pluginConfigs = pgTable('plugin_configs', {
  kind: varchar('kind', { length: 12 }).notNull(),
  pluginId: varchar('plugin_id', { length: 40 }).notNull(),
  open: smallint('open').notNull().default(0),
  config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
  /** never read back to a client: only which names hold a value */
  secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.kind, t.pluginId] }), uniqueIndex('plugin_configs_one_open_uq').on(t.kind).where(sql`${t.open} = 1`)]);
