/**
 * The statistics' own daily rollup (beside the dashboard's platform, shop and goods rows):
 * orders placed per member and shop, for the member analysis (top buyers). Kept current by
 * recordOrderPlaced in the order's transaction, recomputed by rebuildRollups.
 */
import { date, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bigCents } from '../../db/columns.js';

export const dailyMemberStats = pgTable('daily_member_stats', {
  day: date('day', { mode: 'string' }).notNull(),
  memberId: integer('member_id').notNull(),
  shopId: integer('shop_id').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
  goodsNum: integer('goods_num').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.memberId, t.shopId] }), index('daily_member_stats_shop_idx').on(t.shopId, t.day)]);

/**
 * The figures of daily_goods_stats summed per month and per year (`period` '2026-03' or '2026'), so
 * a ranking over a period reads one row per goods instead of one per goods and day: bumpGoods keeps
 * them in the same statement as the day's row, rebuildPeriodRollups recomputes them from the daily rows.
 */
export const periodGoodsStats = pgTable('period_goods_stats', {
  period: varchar('period', { length: 7 }).notNull(),
  goodsId: integer('goods_id').notNull(),
  shopId: integer('shop_id').notNull(),
  soldNum: integer('sold_num').notNull().default(0),
  paidCents: bigCents('paid_cents'),
  pv: integer('pv').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.period, t.goodsId] }),
  index('period_goods_stats_shop_idx').on(t.period, t.shopId),
  // a ranking's top-N by each figure is an index range (the whole platform's; a shop's few rows are sorted)
  index('period_goods_stats_sold_idx').on(t.period, t.soldNum.desc(), t.goodsId),
  index('period_goods_stats_paid_idx').on(t.period, t.paidCents.desc(), t.goodsId),
  index('period_goods_stats_pv_idx').on(t.period, t.pv.desc(), t.goodsId),
  index('period_goods_stats_favorites_idx').on(t.period, t.favorites.desc(), t.goodsId),
]);

/**
 * The figures of daily_member_stats summed per month and per year, per shop and (shop_id 0) over
 * all shops: the top buyers of a period for the platform or one shop, one row per member.
 */
export const periodMemberStats = pgTable('period_member_stats', {
  period: varchar('period', { length: 7 }).notNull(),
  /** 0: the member's orders in every shop */
  shopId: integer('shop_id').notNull(),
  memberId: integer('member_id').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
  goodsNum: integer('goods_num').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.period, t.shopId, t.memberId] }),
  // the top-N of the platform (shop 0) or a shop by each figure is an index range
  index('period_member_stats_count_idx').on(t.period, t.shopId, t.orderCount.desc(), t.memberId),
  index('period_member_stats_cents_idx').on(t.period, t.shopId, t.orderCents.desc(), t.memberId),
  index('period_member_stats_goods_idx').on(t.period, t.shopId, t.goodsNum.desc(), t.memberId),
]);

/**
 * The last counted view of each visitor (the buyer site's cookie id) and page: a view within
 * PAGE_VIEW_REPEAT_MINUTES of it is a repeat and not counted again.
 */
export const pageViewMarks = pgTable('page_view_marks', {
  visitorId: varchar('visitor_id', { length: 64 }).notNull(),
  targetType: varchar('target_type', { length: 8 }).notNull(),
  targetId: integer('target_id').notNull(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  /** the client address of the counted view: views counted per address a minute are capped */
  ip: varchar('ip', { length: 64 }).notNull().default(''),
}, (t) => [primaryKey({ columns: [t.visitorId, t.targetType, t.targetId] }), index('page_view_marks_ip_idx').on(t.ip, t.countedAt)]);

/**
 * Orders by their value in whole yuan (floor of need_pay), per day and shop: placed ones on the
 * day placed (order value distribution), paid ones on the day paid (price-band sales). A band of
 * whole yuan is the exact sum of its buckets.
 */
export const dailyOrderValueStats = pgTable('daily_order_value_stats', {
  day: date('day', { mode: 'string' }).notNull(),
  shopId: integer('shop_id').notNull(),
  valueYuan: integer('value_yuan').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
  paidCount: integer('paid_count').notNull().default(0),
  paidCents: bigCents('paid_cents'),
}, (t) => [primaryKey({ columns: [t.day, t.shopId, t.valueYuan] }), index('daily_order_value_stats_shop_idx').on(t.shopId, t.day)]);

/**
 * daily_order_value_stats summed per month and per year, per shop and (shop_id 0) over all shops:
 * a band report of a year reads its period's buckets (some 30 000 whole-yuan values at a million
 * orders) instead of a bucket per day and shop.
 */
export const periodOrderValueStats = pgTable('period_order_value_stats', {
  period: varchar('period', { length: 7 }).notNull(),
  /** 0: every shop */
  shopId: integer('shop_id').notNull(),
  valueYuan: integer('value_yuan').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
  paidCount: integer('paid_count').notNull().default(0),
  paidCents: bigCents('paid_cents'),
}, (t) => [primaryKey({ columns: [t.period, t.shopId, t.valueYuan] })]);

/** Orders placed per hour of the day (0–23, platform time), per day and shop. */
export const dailyHourStats = pgTable('daily_hour_stats', {
  day: date('day', { mode: 'string' }).notNull(),
  shopId: integer('shop_id').notNull(),
  hour: smallint('hour').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
}, (t) => [primaryKey({ columns: [t.day, t.shopId, t.hour] }), index('daily_hour_stats_shop_idx').on(t.shopId, t.day)]);

/**
 * A buyer's favourite goods (the buyer site adds and removes them through favorites.ts, which
 * keeps daily_goods_stats.favorites in the same transaction: the favourites made that day and
 * still held, for the favourites ranking).
 */
export const memberFavorites = pgTable('member_favorites', {
  memberId: integer('member_id').notNull(),
  goodsId: integer('goods_id').notNull(),
  shopId: integer('shop_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.memberId, t.goodsId] }), index('member_favorites_goods_idx').on(t.goodsId)]);

/**
 * Paid orders per category, day and shop, for the industry reports: a row for the category of
 * each goods sold and for every category above it (its path), so a category's figures cover its
 * subtree exactly: order_count counts an order once per category however many of its lines
 * fall in it; sold_num and paid_cents add up its lines (the goods' category when paid).
 */
export const dailyCategoryStats = pgTable('daily_category_stats', {
  day: date('day', { mode: 'string' }).notNull(),
  categoryId: integer('category_id').notNull(),
  shopId: integer('shop_id').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  soldNum: integer('sold_num').notNull().default(0),
  paidCents: bigCents('paid_cents'),
}, (t) => [primaryKey({ columns: [t.categoryId, t.day, t.shopId] })]);

/** daily_category_stats per month and year, per shop and (0) over all shops: an industry report reads a row per category. */
export const periodCategoryStats = pgTable('period_category_stats', {
  period: varchar('period', { length: 7 }).notNull(),
  /** 0: every shop */
  shopId: integer('shop_id').notNull(),
  categoryId: integer('category_id').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  soldNum: integer('sold_num').notNull().default(0),
  paidCents: bigCents('paid_cents'),
}, (t) => [primaryKey({ columns: [t.period, t.shopId, t.categoryId] })]);

/**
 * Orders placed per ship-to province (the regions table's province id, 0 when the address names
 * none we know), day, shop and buyer, for the regional analysis: its order count and value, and
 * the distinct buyers of a period (a count over the period's rows, so kept per buyer).
 */
export const dailyRegionStats = pgTable('daily_region_stats', {
  day: date('day', { mode: 'string' }).notNull(),
  provinceId: integer('province_id').notNull(),
  shopId: integer('shop_id').notNull(),
  memberId: integer('member_id').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
}, (t) => [primaryKey({ columns: [t.day, t.provinceId, t.shopId, t.memberId] }), index('daily_region_stats_shop_idx').on(t.shopId, t.day)]);

/**
 * The buyers who placed an order for a ship-to province in a month or a year, per shop and (0) over
 * all shops: the first order of a buyer there in the period adds one to the period's member_count.
 */
export const periodRegionMembers = pgTable('period_region_members', {
  period: varchar('period', { length: 7 }).notNull(),
  shopId: integer('shop_id').notNull(),
  provinceId: integer('province_id').notNull(),
  memberId: integer('member_id').notNull(),
}, (t) => [primaryKey({ columns: [t.period, t.shopId, t.provinceId, t.memberId] })]);

/**
 * daily_region_stats per month and year, per shop and (0) over all shops, with the period's
 * distinct buyers (counted through period_region_members): the regional analysis reads one row
 * per province.
 */
export const periodRegionStats = pgTable('period_region_stats', {
  period: varchar('period', { length: 7 }).notNull(),
  shopId: integer('shop_id').notNull(),
  provinceId: integer('province_id').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
  memberCount: integer('member_count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.period, t.shopId, t.provinceId] })]);
