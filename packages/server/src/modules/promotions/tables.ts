/** Promotions of the platform: coupons and the members' claimed coupons (DOMAIN §2.15). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { at, cents, createdAt, trigramIndex } from '../../db/columns.js';

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 20 }).notNull(),
  /** NORMAL or NEWCOMER */
  couponType: varchar('coupon_type', { length: 10 }).notNull().default('NORMAL'),
  priceCents: cents('price_cents'),
  thresholdCents: cents('threshold_cents'),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  /** AUTO_TAKE_EFFECT or EFFECTIVE_AFTER_RECEIVING */
  effectiveType: varchar('effective_type', { length: 30 }).notNull().default('AUTO_TAKE_EFFECT'),
  effectiveDays: integer('effective_days').notNull().default(0),
  createNum: integer('create_num').notNull(),
  /** per member; 0 unlimited */
  limitNum: integer('limit_num').notNull().default(0),
  receivedNum: integer('received_num').notNull().default(0),
  usedNum: integer('used_num').notNull().default(0),
  /** ALL, CATEGORY or SOME_GOODS */
  useScope: varchar('use_scope', { length: 12 }).notNull().default('ALL'),
  /** the category id, or the SKU ids */
  scopeIds: integer('scope_ids').array().notNull().default(sql`'{}'::integer[]`),
  scopeDescription: varchar('scope_description', { length: 200 }).notNull().default(''),
  /** % of the discount the shops bear */
  shopCommission: smallint('shop_commission').notNull().default(0),
  description: varchar('description', { length: 200 }).notNull().default(''),
  voidedAt: at('voided_at'),
  createdAt: createdAt(),
}, (t) => [
  index('coupons_type_created_idx').on(t.couponType, t.createdAt),
  index('coupons_type_start_idx').on(t.couponType, t.startAt),
  index('coupons_type_end_idx').on(t.couponType, t.endAt),
  trigramIndex('coupons_title_trgm_idx', t.title),
  check('coupons_price_below_threshold', sql`${t.priceCents} < ${t.thresholdCents}`),
  check('coupons_received_within_issued', sql`${t.receivedNum} <= ${t.createNum}`),
]);

/** One coupon a member holds: its face value and validity copied at the claim. */
export const memberCoupons = pgTable('member_coupons', {
  id: serial('id').primaryKey(),
  couponId: integer('coupon_id').notNull().references(() => coupons.id),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  title: varchar('title', { length: 20 }).notNull(),
  priceCents: cents('price_cents'),
  thresholdCents: cents('threshold_cents'),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  usedStatus: smallint('used_status').notNull().default(0),
  orderSn: varchar('order_sn', { length: 32 }).notNull().default(''),
  usedAt: at('used_at'),
  canceledAt: at('canceled_at'),
  cancelReason: varchar('cancel_reason', { length: 120 }).notNull().default(''),
  canceledBy: varchar('canceled_by', { length: 50 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  index('member_coupons_coupon_created_idx').on(t.couponId, t.createdAt),
  index('member_coupons_member_idx').on(t.memberId),
]);
