import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, trigramIndex } from '../../db/columns.js';

/** Hot keywords shown under the buyer's search box (DOMAIN §2.24). */
export const hotKeywords = pgTable('hot_keywords', {
  id: serial('id').primaryKey(),
  hotName: varchar('hot_name', { length: 20 }).notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('hot_keywords_name_uq').on(t.hotName), index('hot_keywords_sort_idx').on(t.sort, t.id), trigramIndex('hot_keywords_name_trgm_idx', t.hotName)]);

/** Words the search engine's tokenizer must keep whole (the IK dictionary's custom words). */
export const customWords = pgTable('custom_words', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 20 }).notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('custom_words_name_uq').on(t.name), trigramIndex('custom_words_name_trgm_idx', t.name)]);

/** Search tips (suggestions): SYSTEM ones come from the goods index, CUSTOM ones from operators. */
export const searchTips = pgTable('search_tips', {
  id: serial('id').primaryKey(),
  words: varchar('words', { length: 30 }).notNull(),
  type: varchar('type', { length: 6 }).notNull().default('CUSTOM'),
  sort: integer('sort').notNull().default(0),
  goodsNum: integer('goods_num').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('search_tips_words_uq').on(t.words), index('search_tips_type_idx').on(t.type, t.sort, t.id), index('search_tips_sort_idx').on(t.sort, t.id), trigramIndex('search_tips_words_trgm_idx', t.words)]);

/** What buyers searched for: one row a keyword, counted. */
export const searchKeywords = pgTable('search_keywords', {
  id: serial('id').primaryKey(),
  keyword: varchar('keyword', { length: 50 }).notNull(),
  count: integer('count').notNull().default(1),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('search_keywords_keyword_uq').on(t.keyword),
  index('search_keywords_count_idx').on(t.count, t.id),
  index('search_keywords_last_idx').on(t.lastAt, t.id),
  trigramIndex('search_keywords_keyword_trgm_idx', t.keyword),
]);

/** Sensitive words (DOMAIN §2.25); a delete is soft (deleted_at), and a deleted word may be added again. */
export const sensitiveWords = pgTable('sensitive_words', {
  id: serial('id').primaryKey(),
  wordName: varchar('word_name', { length: 20 }).notNull(),
  createdAt: createdAt(),
  deletedAt: at('deleted_at'),
}, (t) => [
  uniqueIndex('sensitive_words_live_uq').on(t.wordName).where(sql`${t.deletedAt} is null`),
  index('sensitive_words_live_idx').on(t.id).where(sql`${t.deletedAt} is null`),
  trigramIndex('sensitive_words_name_trgm_idx', t.wordName),
]);

/**
 * The goods search index: one document per searchable goods item (on sale, audited), the text
 * goods search matches (name, number, brand, category, shop), served by a trigram index. The
 * re-index job (jobs.ts) rebuilds it; `built` marks the documents of the build in progress.
 */
export const goodsSearchDocs = pgTable('goods_search_docs', {
  goodsId: integer('goods_id').primaryKey(),
  document: text('document').notNull(),
  priority: smallint('priority').notNull().default(2),
  build: integer('build').notNull().default(0),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [trigramIndex('goods_search_docs_document_trgm_idx', t.document), index('goods_search_docs_build_idx').on(t.build)]);
