/** The catalogue: categories with parameters, brands, goods and their SKUs. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, cents, createdAt, shortGramIndex, trigramIndex, updatedAt } from '../../db/columns.js';

/** A tree of at most CATEGORY_MAX_LEVEL levels; `path` is `0|<root id>|…|<own id>|`. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  name: varchar('name', { length: 50 }).notNull(),
  path: varchar('path', { length: 100 }).notNull().default(''),
  level: smallint('level').notNull(),
  sort: integer('sort').notNull().default(0),
  image: varchar('image', { length: 500 }).notNull().default(''),
  isShow: smallint('is_show').notNull().default(1),
  advImage: varchar('adv_image', { length: 500 }).notNull().default(''),
  advImageLink: varchar('adv_image_link', { length: 500 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('categories_sibling_name_uq').on(t.parentId, t.name),
  index('categories_parent_sort_idx').on(t.parentId, t.sort),
  index('categories_path_idx').on(sql`${t.path} text_pattern_ops`),
]);

export const paramGroups = pgTable('param_groups', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id').notNull().references(() => categories.id),
  groupName: varchar('group_name', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [index('param_groups_category_idx').on(t.categoryId, t.sort)]);

export const params = pgTable('params', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull().references(() => paramGroups.id),
  categoryId: integer('category_id').notNull().references(() => categories.id),
  paramName: varchar('param_name', { length: 50 }).notNull(),
  /** 1 text input, 2 select from options */
  paramType: smallint('param_type').notNull().default(1),
  options: text('options').array().notNull().default(sql`'{}'::text[]`),
  /** usable as a search filter */
  isIndex: smallint('is_index').notNull().default(0),
  required: smallint('required').notNull().default(0),
  sort: integer('sort').notNull().default(0),
}, (t) => [index('params_group_idx').on(t.groupId, t.sort)]);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  logo: varchar('logo', { length: 500 }).notNull(),
  disabled: smallint('disabled').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('brands_name_uq').on(t.name),
  // the brand list's name filter (ILIKE '%…%')
  trigramIndex('brands_name_trgm_idx', t.name),
]);

export const categoryBrands = pgTable('category_brands', {
  categoryId: integer('category_id').notNull().references(() => categories.id),
  brandId: integer('brand_id').notNull().references(() => brands.id),
}, (t) => [primaryKey({ columns: [t.categoryId, t.brandId] }), index('category_brands_brand_idx').on(t.brandId)]);

export const goods = pgTable('goods', {
  id: serial('id').primaryKey(),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  categoryId: integer('category_id').notNull(),
  /** the category's path, so a filter on a category covers its subtree */
  categoryPath: varchar('category_path', { length: 100 }).notNull(),
  brandId: integer('brand_id'),
  goodsName: varchar('goods_name', { length: 100 }).notNull(),
  sn: varchar('sn', { length: 30 }).notNull(),
  /** NORMAL, VIRTUAL, POINT */
  goodsType: varchar('goods_type', { length: 10 }).notNull().default('NORMAL'),
  priceCents: cents('price_cents'),
  costCents: cents('cost_cents'),
  mktpriceCents: cents('mktprice_cents'),
  /** points needed besides the price, for point-exchange goods */
  point: integer('point').notNull().default(0),
  weightGrams: integer('weight_grams').notNull().default(0),
  quantity: integer('quantity').notNull().default(0),
  enableQuantity: integer('enable_quantity').notNull().default(0),
  thumbnail: varchar('thumbnail', { length: 500 }).notNull().default(''),
  images: text('images').array().notNull().default(sql`'{}'::text[]`),
  intro: text('intro').notNull().default(''),
  /** parameter values: [{ param_id, param_name, value }] */
  paramValues: jsonb('param_values').notNull().default(sql`'[]'::jsonb`),
  /** 1 on sale, 0 off shelf */
  marketEnable: smallint('market_enable').notNull().default(0),
  /** 0 waiting for audit, 1 passed, 2 refused */
  isAuth: smallint('is_auth').notNull().default(0),
  authMessage: varchar('auth_message', { length: 200 }).notNull().default(''),
  /** why the platform took it off sale (shown to the seller) */
  underMessage: varchar('under_message', { length: 520 }).notNull().default(''),
  /** 1 normal, 0 in the seller's recycle bin, -1 deleted */
  disabled: smallint('disabled').notNull().default(1),
  /** search priority 1 low, 2 middle, 3 high */
  priority: smallint('priority').notNull().default(2),
  recommend: smallint('recommend').notNull().default(0),
  selfOperated: smallint('self_operated').notNull().default(0),
  buyCount: integer('buy_count').notNull().default(0),
  viewCount: integer('view_count').notNull().default(0),
  commentNum: integer('comment_num').notNull().default(0),
  /** the good-grade ones among comment_num: the positive-review rate (好评率) is their share (modules/sale/comments) */
  goodCommentNum: integer('good_comment_num').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  auditedAt: at('audited_at'),
}, (t) => [
  uniqueIndex('goods_sn_uq').on(t.sn),
  index('goods_auth_created_idx').on(t.isAuth, t.createdAt),
  index('goods_shop_idx').on(t.shopId, t.createdAt),
  // the category filters' prefix range; disabled, id and shop_id ride along (INCLUDE: never a key, so no
  // other filter is planned on this index) so the industry reports count a subtree's goods from the index alone
  index('goods_category_path_idx').on(sql`${t.categoryPath} text_pattern_ops) include (${sql.identifier('disabled')}, ${sql.identifier('id')}, ${sql.identifier('shop_id')}`),
  index('goods_category_idx').on(t.categoryId),
  index('goods_brand_idx').on(t.brandId),
  index('goods_market_created_idx').on(t.marketEnable, t.createdAt),
  // the goods on sale (the dashboard's total, the buyer site's catalogue): counted from this index alone, not a scan of the goods
  index('goods_on_sale_idx').on(t.createdAt, t.id).where(sql`market_enable = 1 and is_auth = 1 and disabled = 1`),
  index('goods_price_idx').on(t.priceCents),
  index('goods_created_idx').on(t.createdAt),
  index('goods_buy_count_idx').on(t.buyCount),
  index('goods_quantity_idx').on(t.quantity),
  index('goods_type_created_idx').on(t.goodsType, t.createdAt),
  // keyword on name, sn and shop name (goods list, audit, picker)
  trigramIndex('goods_name_trgm_idx', t.goodsName),
  trigramIndex('goods_sn_trgm_idx', t.sn),
  // the same for keywords of one or two characters (`键盘`), which have no trigram
  shortGramIndex('goods_name_grams_idx', t.goodsName),
  shortGramIndex('goods_sn_grams_idx', t.sn),
  shortGramIndex('goods_shop_name_grams_idx', t.shopName),
  trigramIndex('goods_shop_name_trgm_idx', t.shopName),
]);

export const goodsSkus = pgTable('goods_skus', {
  id: serial('id').primaryKey(),
  goodsId: integer('goods_id').notNull().references(() => goods.id),
  sn: varchar('sn', { length: 40 }).notNull(),
  /** [{ spec_name, spec_value }] */
  specs: jsonb('specs').notNull().default(sql`'[]'::jsonb`),
  /** the specs as one line, e.g. 颜色:黑色 / 容量:256GB */
  propertiesName: varchar('properties_name', { length: 200 }).notNull().default(''),
  priceCents: cents('price_cents'),
  costCents: cents('cost_cents'),
  quantity: integer('quantity').notNull().default(0),
  enableQuantity: integer('enable_quantity').notNull().default(0),
  image: varchar('image', { length: 500 }).notNull().default(''),
}, (t) => [index('goods_skus_goods_idx').on(t.goodsId), uniqueIndex('goods_skus_sn_uq').on(t.sn)]);
