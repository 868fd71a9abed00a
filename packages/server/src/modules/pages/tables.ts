/** Micro pages 微页面 of the buyer site (DOMAIN §2.22): one list per client, at most one home page each. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndex, updatedAt } from '../../db/columns.js';

export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  /** PC or MOBILE */
  clientType: varchar('client_type', { length: 10 }).notNull(),
  pageName: varchar('page_name', { length: 30 }).notNull(),
  description: varchar('description', { length: 200 }).notNull().default(''),
  /** the floors, as the decoration app saves them */
  pageData: jsonb('page_data').notNull().default(sql`'[]'::jsonb`),
  /** YES or NO */
  publishStatus: varchar('publish_status', { length: 3 }).notNull().default('NO'),
  /** 1 = the client's home page: published, and neither deletable nor unpublishable */
  isIndex: smallint('is_index').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // The list and the picker: one client, optionally published only, the home page first, then the newest.
  index('pages_client_index_created_idx').on(t.clientType, t.isIndex, t.createdAt, t.id),
  index('pages_client_publish_index_created_idx').on(t.clientType, t.publishStatus, t.isIndex, t.createdAt, t.id),
  // the name keyword (ILIKE '%…%')
  trigramIndex('pages_name_trgm_idx', t.pageName),
  // Exactly one home page per client: the database keeps a second one out, whatever the race.
  uniqueIndex('pages_client_index_uq').on(t.clientType).where(sql`${t.isIndex} = 1`),
]);

/** Focus pictures 焦点图: the carousel of each client's pages, at most 5 per client (DOMAIN §2.22). */
export const focusPictures = pgTable('focus_pictures', {
  id: serial('id').primaryKey(),
  /** PC or MOBILE */
  clientType: varchar('client_type', { length: 10 }).notNull(),
  picUrl: varchar('pic_url', { length: 500 }).notNull(),
  /** URL / GOODS / KEYWORD / SHOP / CATEGORY / TOPIC / NONE */
  operationType: varchar('operation_type', { length: 10 }).notNull().default('NONE'),
  operationParam: varchar('operation_param', { length: 200 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [index('focus_pictures_client_idx').on(t.clientType, t.id)]);
