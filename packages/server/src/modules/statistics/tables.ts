/**
 * The statistics' own daily rollup (beside the dashboard's platform, shop and goods rows):
 * orders placed per member and shop, for the member analysis (top buyers). Kept current by
 * recordOrderPlaced in the order's transaction, recomputed by rebuildRollups.
 */
import { date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
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
 * The last counted view of each visitor (the buyer site's cookie id) and page: a view within
 * PAGE_VIEW_REPEAT_MINUTES of it is a repeat and not counted again.
 */
export const pageViewMarks = pgTable('page_view_marks', {
  visitorId: varchar('visitor_id', { length: 64 }).notNull(),
  targetType: varchar('target_type', { length: 8 }).notNull(),
  targetId: integer('target_id').notNull(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.visitorId, t.targetType, t.targetId] })]);
