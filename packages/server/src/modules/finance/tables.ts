/** Finance: settlement bills, earnest-money flows, recharges, VAT invoice qualifications and invoice history. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, numeric, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, bigCents, cents, createdAt } from '../../db/columns.js';
import { members } from '../members/tables.js';
import { shops } from '../shops/tables.js';

/**
 * Earnest money paid in by a shop (type 1, waits for the operator's approval) or deducted
 * by the operator (type 0, applied at once).
 */
export const marginFlows = pgTable('margin_flows', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  type: smallint('type').notNull(),
  amountCents: bigCents('amount_cents'),
  /** remaining margin after this flow took effect (null while it waits) */
  totalAfterCents: bigint('total_after_cents', { mode: 'number' }),
  vouchers: text('vouchers').array().notNull().default(sql`'{}'::text[]`),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  /** WAIT_AUDIT, PASS_AUDIT, REFUSE_AUDIT */
  authStatus: varchar('auth_status', { length: 12 }).notNull(),
  authRemark: varchar('auth_remark', { length: 200 }).notNull().default(''),
  auditorId: integer('auditor_id'),
  auditorName: varchar('auditor_name', { length: 50 }).notNull().default(''),
  auditedAt: at('audited_at'),
  createdAt: createdAt(),
}, (t) => [
  // the audit queue and records, a shop's history, or a time range alone: newest first
  index('margin_flows_status_created_idx').on(t.authStatus, t.createdAt, t.id),
  index('margin_flows_shop_idx').on(t.shopId, t.createdAt, t.id),
  index('margin_flows_created_idx').on(t.createdAt, t.id),
]);

/** A shop's settlement bill for one period: OUT → RECON → PASS → PAY → COMPLETE (finance/flow.ts). */
export const bills = pgTable('bills', {
  id: serial('id').primaryKey(),
  sn: varchar('sn', { length: 32 }).notNull(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  startAt: at('start_at').notNull(),
  endAt: at('end_at').notNull(),
  status: varchar('status', { length: 10 }).notNull().default('OUT'),
  /** the shop's commission rate (percent) when the bill was cut */
  commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  orderCount: integer('order_count').notNull().default(0),
  refundCount: integer('refund_count').notNull().default(0),
  /** online income of the period's orders */
  orderCents: bigCents('order_cents'),
  /** cash on delivery the seller collected itself: it only adds to the commission */
  codCents: bigCents('cod_cents'),
  refundCents: bigCents('refund_cents'),
  codRefundCents: bigCents('cod_refund_cents'),
  commissionCents: bigCents('commission_cents'),
  refundCommissionCents: bigCents('refund_commission_cents'),
  /** the distributors' commission on the period's received orders: the shop pays it (DOMAIN §2.14) */
  distributionRebateCents: bigCents('distribution_rebate_cents'),
  /** that commission clawed back by the period's refunds */
  distributionReturnCents: bigCents('distribution_return_cents'),
  /** the platform coupons' value on the period's orders, paid to the shop within orderCents */
  siteCouponCents: bigCents('site_coupon_cents'),
  /** the shops' share of those coupons (site_coupon_commi), taken back */
  siteCouponCommissionCents: bigCents('site_coupon_commission_cents'),
  billCents: bigCents('bill_cents'),
  /** bank details at the time of the bill */
  bank: jsonb('bank').notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
  payAt: at('pay_at'),
}, (t) => [
  uniqueIndex('bills_sn_uq').on(t.sn),
  // one bill per shop and period, whichever instance cuts it; also the shop's latest bill
  uniqueIndex('bills_shop_end_uq').on(t.shopId, t.endAt),
  index('bills_shop_idx').on(t.shopId, t.createdAt, t.id),
  index('bills_status_idx').on(t.status, t.createdAt, t.id),
  index('bills_created_idx').on(t.createdAt, t.id),
]);

/** Every step a bill took: who, when, to which state. */
export const billLogs = pgTable('bill_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  billId: integer('bill_id').notNull().references(() => bills.id),
  /** the state after the step */
  status: varchar('status', { length: 10 }).notNull(),
  action: varchar('action', { length: 10 }).notNull(),
  /** ADMIN, SELLER, SYSTEM */
  operatorType: varchar('operator_type', { length: 8 }).notNull(),
  operatorId: integer('operator_id'),
  operatorName: varchar('operator_name', { length: 50 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [index('bill_logs_bill_idx').on(t.billId, t.createdAt)]);

/**
 * A bill being cut (finance/bills.ts cutBill): its id is taken from the bills' sequence and the
 * shop's orders are claimed for it in short batches, each committed, before the bill itself is
 * written; the row is deleted in the transaction that writes the bill. One per shop. Left behind
 * by a crash, the shop's next cut finishes it first, so no claimed order is ever left out.
 */
export const billCuts = pgTable('bill_cuts', {
  shopId: integer('shop_id').primaryKey().references(() => shops.id),
  billId: integer('bill_id').notNull(),
  endAt: at('end_at').notNull(),
  createdAt: createdAt(),
});

/** A member's paid recharge of the pre-deposit; its ledger row carries the recharge's sn. */
export const recharges = pgTable('recharges', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sn: varchar('sn', { length: 32 }).notNull(),
  memberId: integer('member_id').notNull().references(() => members.id),
  amountCents: cents('amount_cents'),
  /** alipay, wechat, unionpay */
  way: varchar('way', { length: 12 }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('recharges_sn_uq').on(t.sn),
  index('recharges_created_idx').on(t.createdAt, t.id),
  index('recharges_member_idx').on(t.memberId, t.createdAt, t.id),
]);

/** A member's VAT special-invoice qualification (增票资质): NEW_APPLY → AUDIT_PASS | AUDIT_REFUSE. */
export const memberZpzz = pgTable('member_zpzz', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id').notNull().references(() => members.id),
  companyName: varchar('company_name', { length: 100 }).notNull(),
  taxpayerCode: varchar('taxpayer_code', { length: 30 }).notNull(),
  registerAddress: varchar('register_address', { length: 200 }).notNull(),
  registerTel: varchar('register_tel', { length: 30 }).notNull(),
  bankName: varchar('bank_name', { length: 50 }).notNull(),
  bankAccount: varchar('bank_account', { length: 40 }).notNull(),
  status: varchar('status', { length: 12 }).notNull().default('NEW_APPLY'),
  auditRemark: varchar('audit_remark', { length: 200 }).notNull().default(''),
  auditorId: integer('auditor_id'),
  auditorName: varchar('auditor_name', { length: 50 }).notNull().default(''),
  auditedAt: at('audited_at'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('member_zpzz_member_uq').on(t.memberId),
  index('member_zpzz_status_created_idx').on(t.status, t.createdAt, t.id),
  index('member_zpzz_created_idx').on(t.createdAt, t.id),
]);

/** One row per order that asked for an invoice; the seller issues it, the platform only looks. */
export const receiptHistories = pgTable('receipt_histories', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  orderSn: varchar('order_sn', { length: 32 }).notNull(),
  orderCents: cents('order_cents'),
  shopId: integer('shop_id').notNull(),
  sellerName: varchar('seller_name', { length: 30 }).notNull(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  /** VATORDINARY, ELECTRO, VATOSPECIAL */
  receiptType: varchar('receipt_type', { length: 12 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  content: varchar('content', { length: 50 }).notNull().default(''),
  taxNo: varchar('tax_no', { length: 30 }).notNull().default(''),
  regAddr: varchar('reg_addr', { length: 200 }).notNull().default(''),
  regTel: varchar('reg_tel', { length: 30 }).notNull().default(''),
  bankName: varchar('bank_name', { length: 50 }).notNull().default(''),
  bankAccount: varchar('bank_account', { length: 40 }).notNull().default(''),
  memberMobile: varchar('member_mobile', { length: 20 }).notNull().default(''),
  shipName: varchar('ship_name', { length: 30 }).notNull().default(''),
  shipAddress: varchar('ship_address', { length: 300 }).notNull().default(''),
  /** 0 not issued, 1 issued */
  status: smallint('status').notNull().default(0),
  logiName: varchar('logi_name', { length: 30 }).notNull().default(''),
  logiCode: varchar('logi_code', { length: 40 }).notNull().default(''),
  issuedAt: at('issued_at'),
  /** [{ name, num, price_cents }] as ordered */
  goods: jsonb('goods').notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('receipt_histories_order_uq').on(t.orderId),
  index('receipt_histories_sn_idx').on(t.orderSn),
  index('receipt_histories_created_idx').on(t.createdAt, t.id),
  index('receipt_histories_status_idx').on(t.status, t.createdAt, t.id),
  index('receipt_histories_type_idx').on(t.receiptType, t.createdAt, t.id),
  index('receipt_histories_member_idx').on(t.memberId, t.createdAt, t.id),
  index('receipt_histories_shop_idx').on(t.shopId, t.createdAt, t.id),
]);
