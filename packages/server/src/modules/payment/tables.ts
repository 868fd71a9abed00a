import { integer, jsonb, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Payment methods (DOMAIN §2.29): one row per shipped plugin (contract PAYMENT_PLUGINS). */
export const paymentMethods = pgTable('payment_methods', {
  pluginId: varchar('plugin_id', { length: 40 }).primaryKey(),
  methodName: varchar('method_name', { length: 20 }).notNull(),
  isRetrace: smallint('is_retrace').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per method and client type: open or not, the plain config items, and the write-only secrets. */
export const paymentMethodClients = pgTable('payment_method_clients', {
  pluginId: varchar('plugin_id', { length: 40 }).notNull().references(() => paymentMethods.pluginId),
  clientType: varchar('client_type', { length: 10 }).notNull(),
  isOpen: smallint('is_open').notNull().default(0),
  config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
  /** never read back to a client: only which names hold a value */
  secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
}, (t) => [primaryKey({ columns: [t.pluginId, t.clientType] })]);
