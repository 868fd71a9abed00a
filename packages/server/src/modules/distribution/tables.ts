/** Distribution (DOMAIN §2.20): the two-level tree, commission, performance bills and withdrawals. */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, cents, createdAt, trigramIndex } from '../../db/columns.js';

/** A commission template: the % of an order's amount its holder earns from level 1 and level 2 of the team. */
export const commissionTpls = pgTable('commission_tpls', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 20 }).notNull(),
  /** basis points (1% = 100), so two decimals of a percent are exact */
  grade1Bp: integer('grade1_bp').notNull(),
  grade2Bp: integer('grade2_bp').notNull(),
  isDefault: smallint('is_default').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('commission_tpls_name_uq').on(t.name),
  // at most one default template
  uniqueIndex('commission_tpls_default_uq').on(t.isDefault).where(sql`${t.isDefault} = 1`),
  check('commission_tpls_grades', sql`${t.grade1Bp} between 0 and 10000 and ${t.grade2Bp} between 0 and 10000`),
]);

/**
 * A member in the distribution tree: who invited them (parent, level 1 above) and the inviter's
 * inviter (grandparent), and their commission money: frozen until the cycle passes, then
 * withdrawable (`canRebateCents`); what a pending withdrawal holds is `withdrawFrozenCents`.
 */
export const distributors = pgTable('distributors', {
  memberId: integer('member_id').primaryKey(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  mobile: varchar('mobile', { length: 20 }).notNull().default(''),
  parentId: integer('parent_id'),
  grandparentId: integer('grandparent_id'),
  tplId: integer('tpl_id').notNull().references(() => commissionTpls.id),
  /** 1 normal, 0 disabled */
  status: smallint('status').notNull().default(1),
  canRebateCents: cents('can_rebate_cents'),
  frozenCents: cents('frozen_cents'),
  withdrawFrozenCents: cents('withdraw_frozen_cents'),
  rebateTotalCents: cents('rebate_total_cents'),
  orderNum: integer('order_num').notNull().default(0),
  turnoverCents: cents('turnover_cents'),
  createdAt: createdAt(),
}, (t) => [
  index('distributors_created_idx').on(t.createdAt),
  index('distributors_can_rebate_idx').on(t.canRebateCents),
  index('distributors_status_created_idx').on(t.status, t.createdAt),
  index('distributors_parent_idx').on(t.parentId),
  index('distributors_grandparent_idx').on(t.grandparentId),
  index('distributors_tpl_idx').on(t.tplId),
  trigramIndex('distributors_name_trgm_idx', t.memberName),
  trigramIndex('distributors_mobile_trgm_idx', t.mobile),
  check('distributors_money', sql`${t.frozenCents} >= 0 and ${t.withdrawFrozenCents} >= 0`),
]);

/** A goods item's own rebate per piece, used instead of the templates when the settings' goods_model is on. */
export const distributionGoods = pgTable('distribution_goods', {
  goodsId: integer('goods_id').primaryKey(),
  grade1Cents: cents('grade1_cents'),
  grade2Cents: cents('grade2_cents'),
});

/** An order that brought commission: written once, when the order is received (ROG). */
export const distributionOrders = pgTable('distribution_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: integer('order_id').notNull(),
  orderSn: varchar('order_sn', { length: 32 }).notNull(),
  buyerId: integer('buyer_id').notNull(),
  buyerName: varchar('buyer_name', { length: 20 }).notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  orderCents: cents('order_cents'),
  lv1Id: integer('lv1_id'),
  lv1Name: varchar('lv1_name', { length: 20 }).notNull().default(''),
  grade1Cents: cents('grade1_cents'),
  lv2Id: integer('lv2_id'),
  lv2Name: varchar('lv2_name', { length: 20 }).notNull().default(''),
  grade2Cents: cents('grade2_cents'),
  /** WAIT, CONFIRM, RETURN */
  status: varchar('status', { length: 8 }).notNull().default('WAIT'),
  settleAt: at('settle_at').notNull(),
  returnedAt: at('returned_at'),
  /** the shop's settlement bill that charged this commission (null until the next bill) */
  billId: integer('bill_id'),
  /** the bill that gave it back once it was clawed back (RETURN) */
  returnBillId: integer('return_bill_id'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('distribution_orders_order_uq').on(t.orderId),
  // what the next settlement bills charge and give back
  index('distribution_orders_unbilled_idx').on(t.createdAt).where(sql`${t.billId} is null`),
  index('distribution_orders_unreturned_idx').on(t.returnedAt).where(sql`${t.status} = 'RETURN' and ${t.returnBillId} is null`),
  index('distribution_orders_created_idx').on(t.createdAt),
  index('distribution_orders_status_created_idx').on(t.status, t.createdAt),
  index('distribution_orders_lv1_created_idx').on(t.lv1Id, t.createdAt),
  index('distribution_orders_lv2_created_idx').on(t.lv2Id, t.createdAt),
  trigramIndex('distribution_orders_sn_trgm_idx', t.orderSn),
]);

/** One beneficiary's commission from one order: what the commission detail and the bills read. */
export const commissionRecords = pgTable('commission_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  distributionOrderId: integer('distribution_order_id').notNull(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  orderSn: varchar('order_sn', { length: 32 }).notNull(),
  buyerName: varchar('buyer_name', { length: 20 }).notNull(),
  level: smallint('level').notNull(),
  orderCents: cents('order_cents'),
  amountCents: cents('amount_cents'),
  /** WAIT, CONFIRM, RETURN */
  status: varchar('status', { length: 8 }).notNull().default('WAIT'),
  settleAt: at('settle_at').notNull(),
  returnedAt: at('returned_at'),
  createdAt: createdAt(),
}, (t) => [
  index('commission_records_created_idx').on(t.createdAt),
  index('commission_records_member_created_idx').on(t.memberId, t.createdAt),
  index('commission_records_status_created_idx').on(t.status, t.createdAt),
  index('commission_records_order_idx').on(t.distributionOrderId),
  // the unfreeze task: the frozen ones whose cycle has passed
  index('commission_records_due_idx').on(t.settleAt).where(sql`${t.status} = 'WAIT'`),
  trigramIndex('commission_records_member_name_trgm_idx', t.memberName),
  trigramIndex('commission_records_sn_trgm_idx', t.orderSn),
]);

/** A distributor's performance over one calendar month of the platform. */
export const distributionBills = pgTable('distribution_bills', {
  id: serial('id').primaryKey(),
  sn: varchar('sn', { length: 32 }).notNull(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  startAt: at('start_at').notNull(),
  endAt: at('end_at').notNull(),
  orderNum: integer('order_num').notNull().default(0),
  orderCents: cents('order_cents'),
  commissionCents: cents('commission_cents'),
  returnOrderNum: integer('return_order_num').notNull().default(0),
  returnOrderCents: cents('return_order_cents'),
  returnCommissionCents: cents('return_commission_cents'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('distribution_bills_member_period_uq').on(t.memberId, t.startAt),
  index('distribution_bills_start_idx').on(t.startAt),
  trigramIndex('distribution_bills_member_name_trgm_idx', t.memberName),
]);

/** A distributor's request to be paid out part of the withdrawable commission. */
export const withdrawApplies = pgTable('withdraw_applies', {
  id: serial('id').primaryKey(),
  sn: varchar('sn', { length: 32 }).notNull(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  amountCents: cents('amount_cents'),
  /** ALIPAY, WECHAT, BANK */
  way: varchar('way', { length: 8 }).notNull(),
  account: varchar('account', { length: 50 }).notNull().default(''),
  /** contract WITHDRAW_STATUSES */
  status: varchar('status', { length: 12 }).notNull().default('WAIT_AUDIT'),
  applyRemark: varchar('apply_remark', { length: 200 }).notNull().default(''),
  auditRemark: varchar('audit_remark', { length: 200 }).notNull().default(''),
  transferRemark: varchar('transfer_remark', { length: 200 }).notNull().default(''),
  closeReason: varchar('close_reason', { length: 200 }).notNull().default(''),
  operatorName: varchar('operator_name', { length: 50 }).notNull().default(''),
  auditedAt: at('audited_at'),
  finishedAt: at('finished_at'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('withdraw_applies_sn_uq').on(t.sn),
  index('withdraw_applies_created_idx').on(t.createdAt),
  index('withdraw_applies_status_created_idx').on(t.status, t.createdAt),
  trigramIndex('withdraw_applies_member_name_trgm_idx', t.memberName),
  check('withdraw_applies_amount_positive', sql`${t.amountCents} > 0`),
]);

/** Every move of a distributor's money, with the balances after it. */
export const distributionLedger = pgTable('distribution_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: integer('member_id').notNull(),
  /** contract DISTRIBUTION_LEDGER_KINDS */
  kind: varchar('kind', { length: 20 }).notNull(),
  canRebateChange: integer('can_rebate_change').notNull().default(0),
  frozenChange: integer('frozen_change').notNull().default(0),
  withdrawFrozenChange: integer('withdraw_frozen_change').notNull().default(0),
  canRebateAfter: integer('can_rebate_after').notNull(),
  frozenAfter: integer('frozen_after').notNull(),
  withdrawFrozenAfter: integer('withdraw_frozen_after').notNull().default(0),
  refSn: varchar('ref_sn', { length: 32 }).notNull().default(''),
  operatorName: varchar('operator_name', { length: 50 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [index('distribution_ledger_member_idx').on(t.memberId, t.id)]);
