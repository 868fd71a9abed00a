/**
 * Daily rollups the dashboard and statistics read instead of scanning orders. Every write
 * that changes a figure bumps its row in the same transaction (modules/dashboard/rollup.ts).
 */
import { date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { bigCents } from '../../db/columns.js';

const day = () => date('day', { mode: 'string' }).notNull();

export const dailyPlatformStats = pgTable('daily_platform_stats', {
  day: day().primaryKey(),
  /** orders placed that day and their value */
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
  /** orders paid that day and the money received (turnover) */
  paidCount: integer('paid_count').notNull().default(0),
  paidCents: bigCents('paid_cents'),
  /** refunds paid out that day (after-sales completed) and their money */
  refundCount: integer('refund_count').notNull().default(0),
  refundCents: bigCents('refund_cents'),
  newMembers: integer('new_members').notNull().default(0),
  newShops: integer('new_shops').notNull().default(0),
  newGoods: integer('new_goods').notNull().default(0),
  /** page views and distinct visitors of the buyer site */
  pv: integer('pv').notNull().default(0),
  uv: integer('uv').notNull().default(0),
});

export const dailyShopStats = pgTable('daily_shop_stats', {
  day: day(),
  shopId: integer('shop_id').notNull(),
  orderCount: integer('order_count').notNull().default(0),
  orderCents: bigCents('order_cents'),
  paidCount: integer('paid_count').notNull().default(0),
  paidCents: bigCents('paid_cents'),
  refundCount: integer('refund_count').notNull().default(0),
  refundCents: bigCents('refund_cents'),
  pv: integer('pv').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.shopId] }), index('daily_shop_stats_shop_idx').on(t.shopId, t.day)]);

export const dailyGoodsStats = pgTable('daily_goods_stats', {
  day: day(),
  goodsId: integer('goods_id').notNull(),
  shopId: integer('shop_id').notNull(),
  soldNum: integer('sold_num').notNull().default(0),
  paidCents: bigCents('paid_cents'),
  pv: integer('pv').notNull().default(0),
  /** favourites buyers made that day and still hold */
  favorites: integer('favorites').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.day, t.goodsId] }),
  index('daily_goods_stats_goods_idx').on(t.goodsId, t.day),
  index('daily_goods_stats_shop_idx').on(t.shopId, t.day),
]);

/**
 * Running totals over the dashboard periods (7, 30 and 90 days, today included), so the top
 * lists read ten index entries instead of summing a row per goods (or shop) per day. They
 * cover the days up to `rollup_windows.through`; rollup.ts keeps them equal to the daily rows.
 */
export const rollupWindows = pgTable('rollup_windows', {
  id: smallint('id').primaryKey(),
  /** the last day the window totals include; they are rolled forward when a new day starts */
  through: date('through', { mode: 'string' }).notNull(),
});

export const goodsWindowStats = pgTable('goods_window_stats', {
  /** the period length in days */
  days: smallint('days').notNull(),
  goodsId: integer('goods_id').notNull(),
  soldNum: integer('sold_num').notNull().default(0),
  paidCents: bigCents('paid_cents'),
}, (t) => [primaryKey({ columns: [t.days, t.goodsId] }), index('goods_window_stats_top_idx').on(t.days, t.soldNum.desc(), t.goodsId)]);

export const shopWindowStats = pgTable('shop_window_stats', {
  days: smallint('days').notNull(),
  shopId: integer('shop_id').notNull(),
  paidCount: integer('paid_count').notNull().default(0),
  paidCents: bigCents('paid_cents'),
}, (t) => [primaryKey({ columns: [t.days, t.shopId] }), index('shop_window_stats_top_idx').on(t.days, t.paidCents.desc(), t.shopId)]);
