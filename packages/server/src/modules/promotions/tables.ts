/** Promotions of the platform: coupons and the members' claimed coupons (DOMAIN §2.15). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/** A one-day flash sale with hourly slots; shops apply SKUs to a slot (DOMAIN §2.16). */
export const seckills = pgTable('seckills', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 30 }).notNull(),
  /** the day's start on the platform calendar */
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  applyEndAt: timestamp('apply_end_at', { withTimezone: true }).notNull(),
  hours: smallint('hours').array().notNull(),
  rule: varchar('rule', { length: 500 }).notNull().default(''),
  /** 0 a draft, 1 published */
  publishStatus: smallint('publish_status').notNull().default(0),
  closedAt: at('closed_at'),
  deletedAt: at('deleted_at'),
  createdAt: createdAt(),
}, (t) => [
  // names are unique among the events not deleted
  uniqueIndex('seckills_name_uq').on(t.name).where(sql`${t.deletedAt} is null`),
  // the list shows the events not deleted, newest first
  index('seckills_created_idx').on(t.createdAt).where(sql`${t.deletedAt} is null`),
  index('seckills_start_idx').on(t.startAt),
]);

/** A shop's SKU applied to one slot of a seckill, with its sale price and allotted stock. */
export const seckillApplies = pgTable('seckill_applies', {
  id: serial('id').primaryKey(),
  seckillId: integer('seckill_id').notNull().references(() => seckills.id),
  timeLine: smallint('time_line').notNull(),
  goodsId: integer('goods_id').notNull(),
  skuId: integer('sku_id').notNull(),
  goodsName: varchar('goods_name', { length: 100 }).notNull(),
  propertiesName: varchar('properties_name', { length: 200 }).notNull().default(''),
  goodsImage: varchar('goods_image', { length: 500 }).notNull().default(''),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  priceCents: cents('price_cents'),
  originalPriceCents: cents('original_price_cents'),
  soldQuantity: integer('sold_quantity').notNull().default(0),
  salesNum: integer('sales_num').notNull().default(0),
  /** APPLY, PASS or FAIL */
  status: varchar('status', { length: 8 }).notNull().default('APPLY'),
  failReason: varchar('fail_reason', { length: 120 }).notNull().default(''),
  auditorName: varchar('auditor_name', { length: 50 }).notNull().default(''),
  auditedAt: at('audited_at'),
  createdAt: createdAt(),
}, (t) => [index('seckill_applies_seckill_idx').on(t.seckillId, t.status, t.timeLine)]);

/**
 * The promotion price of a goods item over a time window: what a passed seckill application
 * writes. Two windows of one goods item may not overlap.
 */
export const promotionGoods = pgTable('promotion_goods', {
  id: serial('id').primaryKey(),
  goodsId: integer('goods_id').notNull(),
  skuId: integer('sku_id').notNull(),
  /** SECKILL */
  promotionType: varchar('promotion_type', { length: 20 }).notNull(),
  activityId: integer('activity_id').notNull(),
  applyId: integer('apply_id'),
  title: varchar('title', { length: 50 }).notNull(),
  priceCents: cents('price_cents'),
  num: integer('num').notNull().default(0),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('promotion_goods_goods_idx').on(t.goodsId, t.startAt),
  index('promotion_goods_activity_idx').on(t.promotionType, t.activityId),
]);

/** A shop's group-buy event (拼团, DOMAIN §2.18); the platform only opens or closes it inside its window. */
export const pintuans = pgTable('pintuans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 30 }).notNull(),
  title: varchar('title', { length: 50 }).notNull().default(''),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  requiredNum: smallint('required_num').notNull(),
  /** hours a group has to form */
  limitHours: smallint('limit_hours').notNull(),
  enableMocker: smallint('enable_mocker').notNull().default(0),
  /** set by the operator's close; cleared by an open */
  closedAt: at('closed_at'),
  createdAt: createdAt(),
}, (t) => [
  index('pintuans_created_idx').on(t.createdAt),
  index('pintuans_start_idx').on(t.startAt),
  index('pintuans_end_idx').on(t.endAt),
  trigramIndex('pintuans_name_trgm_idx', t.name),
  trigramIndex('pintuans_shop_name_trgm_idx', t.shopName),
]);

/** The goods of a group buy with their group price. */
export const pintuanGoods = pgTable('pintuan_goods', {
  id: serial('id').primaryKey(),
  pintuanId: integer('pintuan_id').notNull().references(() => pintuans.id),
  goodsId: integer('goods_id').notNull(),
  goodsName: varchar('goods_name', { length: 100 }).notNull(),
  originPriceCents: cents('origin_price_cents'),
  salesPriceCents: cents('sales_price_cents'),
  soldNum: integer('sold_num').notNull().default(0),
}, (t) => [index('pintuan_goods_pintuan_idx').on(t.pintuanId)]);

/** One group of buyers: FORMING until enough join, FORMED, or FAILED (its paid orders then wait for a refund). */
export const pintuanGroups = pgTable('pintuan_groups', {
  id: serial('id').primaryKey(),
  pintuanId: integer('pintuan_id').notNull().references(() => pintuans.id),
  leaderName: varchar('leader_name', { length: 20 }).notNull(),
  requiredNum: smallint('required_num').notNull(),
  joinedNum: smallint('joined_num').notNull().default(1),
  status: varchar('status', { length: 8 }).notNull().default('FORMING'),
  refundPending: smallint('refund_pending').notNull().default(0),
  orderSns: varchar('order_sns', { length: 32 }).array().notNull().default(sql`'{}'::varchar[]`),
  failedAt: at('failed_at'),
  createdAt: createdAt(),
}, (t) => [
  index('pintuan_groups_pintuan_idx').on(t.pintuanId, t.status),
  index('pintuan_groups_forming_idx').on(t.pintuanId).where(sql`${t.status} = 'FORMING'`),
]);
