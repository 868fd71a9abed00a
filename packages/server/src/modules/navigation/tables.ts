/** Site navigation 导航菜单 of the buyer site (DOMAIN §2.22): per client, in the operator's order. */
import { index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

export const siteNavigations = pgTable('site_navigations', {
  id: serial('id').primaryKey(),
  /** PC or MOBILE */
  clientType: varchar('client_type', { length: 10 }).notNull(),
  name: varchar('name', { length: 6 }).notNull(),
  url: varchar('url', { length: 255 }).notNull(),
  /** the icon of a mobile entry (required there) */
  image: varchar('image', { length: 500 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  /** 1 = shown on the buyer site */
  show: smallint('show').notNull().default(1),
  /** 1 = opens in a new window */
  newWindow: smallint('new_window').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  // The list and the buyer site's menu: one client in menu order.
  index('site_navigations_client_sort_idx').on(t.clientType, t.sort, t.id),
  // One entry per name in a menu: two equal captions side by side mean nothing to a buyer.
  uniqueIndex('site_navigations_client_name_uq').on(t.clientType, t.name),
]);
