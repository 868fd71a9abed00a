import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.js';

/** Shops' live broadcast rooms the platform audits (contract/live.ts). */
export const liveRooms = pgTable('live_rooms', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 40 }).notNull(),
  shopId: integer('shop_id').notNull(),
  cover: varchar('cover', { length: 500 }).notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  /** the shop's on-sale goods shown, in order (at most LIVE_LIMITS.goods) */
  goodsIds: integer('goods_ids').array().notNull().default(sql`'{}'::integer[]`),
  /** WAIT, PASS, REFUSE, CLOSED; a passed room's 未开始/直播中/已结束 is read from its times (live/flow.ts) */
  status: varchar('status', { length: 8 }).notNull().default('WAIT'),
  refuseReason: varchar('refuse_reason', { length: 200 }).notNull().default(''),
  closeReason: varchar('close_reason', { length: 200 }).notNull().default(''),
  operator: varchar('operator', { length: 50 }).notNull().default(''),
  operatedAt: at('operated_at'),
  createdAt: createdAt(),
}, (t) => [
  index('live_rooms_status_start_idx').on(t.status, t.startAt, t.id),
  index('live_rooms_shop_start_idx').on(t.shopId, t.startAt, t.id),
  index('live_rooms_start_idx').on(t.startAt, t.id),
  index('live_rooms_created_idx').on(t.createdAt, t.id),
]);
