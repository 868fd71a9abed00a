import { boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The operator's side of the admin menu (DOMAIN §1.3): one row per route of the route table,
 * kept in step with it at start-up. A null title is the route table's own.
 */
export const menus = pgTable('menus', {
  /** the route name: identifier and permission name */
  name: varchar('name', { length: 64 }).primaryKey(),
  /** the route table's parent (null at the top); never the operator's to change */
  parentName: varchar('parent_name', { length: 64 }),
  sort: integer('sort').notNull().default(0),
  titleZh: varchar('title_zh', { length: 20 }),
  titleEn: varchar('title_en', { length: 20 }),
  visible: boolean('visible').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('menus_parent_sort_idx').on(t.parentName, t.sort)]);
