import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndex, updatedAt } from '../../db/columns.js';

/** Article categories (DOMAIN §2.23): two levels; allow_delete 0 marks the built-in ones. */
export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 20 }).notNull(),
  /** 0 for a top-level category */
  parentId: integer('parent_id').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  /** HELP, NOTICE, POSITION, PROMOTION, OTHER */
  type: varchar('type', { length: 12 }).notNull().default('OTHER'),
  allowDelete: smallint('allow_delete').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('article_categories_name_uq').on(t.name), index('article_categories_parent_idx').on(t.parentId, t.sort)]);

/** Articles; content is HTML that went through the sanitiser. A fixed show_position is unique and never deleted. */
export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  name: varchar('article_name', { length: 20 }).notNull(),
  categoryId: integer('category_id').notNull().references(() => articleCategories.id),
  sort: integer('sort').notNull().default(0),
  outsideUrl: varchar('outside_url', { length: 255 }).notNull().default(''),
  content: text('content').notNull().default(''),
  showPosition: varchar('show_position', { length: 30 }).notNull().default('OTHER'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('articles_category_idx').on(t.categoryId, t.id),
  trigramIndex('articles_name_trgm_idx', t.name),
  uniqueIndex('articles_position_uq').on(t.showPosition).where(sql`${t.showPosition} <> 'OTHER'`),
]);
