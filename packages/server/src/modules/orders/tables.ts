/** Orders with their items, payments, shipments and the log of every transition. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, cents, createdAt, shortGramIndex, trigramIndex } from '../../db/columns.js';
import { ORDER_TAG_CONDITIONS } from './tags.js';

/** Completed orders whose lines' complaint window the expiry task has not closed yet. */
export const COMPLAIN_OPEN_CONDITION = "status = 'COMPLETE' and complain_open = 1";

export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sn: varchar('sn', { length: 32 }).notNull(),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  /** contract ORDER_STATUS: NEW, INTODB_ERROR, CONFIRM, PAID_OFF, FORMED, SHIPPED, ROG, COMPLETE, CANCELLED, AFTER_SERVICE */
  status: varchar('status', { length: 16 }).notNull(),
  /** PAY_NO, PAY_YES, REFUNDED */
  payStatus: varchar('pay_status', { length: 10 }).notNull().default('PAY_NO'),
  /** SHIP_NO, SHIP_YES, SHIP_ROG */
  shipStatus: varchar('ship_status', { length: 10 }).notNull().default('SHIP_NO'),
  /** ONLINE, COD */
  paymentType: varchar('payment_type', { length: 8 }).notNull().default('ONLINE'),
  /** PC, WAP, APP, MINI */
  client: varchar('client', { length: 8 }).notNull().default('PC'),
  /** NORMAL, PINTUAN, CHANGE, SUPPLY_AGAIN (these two are created by an after-sale), EXCHANGE (the points mall) */
  orderType: varchar('order_type', { length: 12 }).notNull().default('NORMAL'),
  /** UNFINISHED, FINISHED */
  commentStatus: varchar('comment_status', { length: 10 }).notNull().default('UNFINISHED'),
  /** order-level after-sale state: NOT_APPLY, APPLY, EXPIRED */
  serviceStatus: varchar('service_status', { length: 10 }).notNull().default('NOT_APPLY'),
  /** the items' names, one per line: what the keyword search reads (through a trigram index) */
  goodsNames: varchar('goods_names', { length: 1000 }).notNull().default(''),
  /** how the order was paid as the detail shows it: 支付宝, 管理员收款, 预存款 + 管理员收款 */
  paymentMethodName: varchar('payment_method_name', { length: 30 }).notNull().default(''),
  needReceipt: smallint('need_receipt').notNull().default(0),
  /** VATORDINARY, ELECTRO, VATOSPECIAL */
  receiptType: varchar('receipt_type', { length: 12 }).notNull().default(''),
  receiptTitle: varchar('receipt_title', { length: 100 }).notNull().default(''),
  receiptTaxNo: varchar('receipt_tax_no', { length: 30 }).notNull().default(''),
  receiptContent: varchar('receipt_content', { length: 50 }).notNull().default(''),
  goodsNum: integer('goods_num').notNull().default(0),
  goodsCents: cents('goods_cents'),
  shippingCents: cents('shipping_cents'),
  discountCents: cents('discount_cents'),
  /** the pre-deposit the buyer put in at checkout (returned when the order is cancelled unpaid) */
  balanceCents: cents('balance_cents'),
  /** what is left to pay after the pre-deposit: goods + shipping − discount − balance */
  needPayCents: cents('need_pay_cents'),
  paidCents: cents('paid_cents'),
  /** the points paid for an EXCHANGE order, given back if it is cancelled */
  point: integer('point').notNull().default(0),
  /** the platform's commission on this order at the shop's rate when paid, on its income (paid + pre-deposit + site coupon) */
  commissionCents: cents('commission_cents'),
  /**
   * the part of discount_cents a platform (site) coupon paid for: the platform funds it, so the
   * shop's bill counts it as online income (modules/finance/bills.ts cutBill)
   */
  siteCouponCents: cents('site_coupon_cents'),
  /** the shop's share of that coupon (the coupon's shop_commission %), taken back in the bill */
  couponCommissionCents: cents('coupon_commission_cents'),
  shipName: varchar('ship_name', { length: 30 }).notNull().default(''),
  shipMobile: varchar('ship_mobile', { length: 20 }).notNull().default(''),
  shipRegion: varchar('ship_region', { length: 100 }).notNull().default(''),
  shipAddress: varchar('ship_address', { length: 200 }).notNull().default(''),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
  billId: integer('bill_id'),
  /** 1 while the complaint window of its lines may still be open; 0 once the expiry task closed it */
  complainOpen: smallint('complain_open').notNull().default(1),
  createdAt: createdAt(),
  paidAt: at('paid_at'),
  shippedAt: at('shipped_at'),
  rogAt: at('rog_at'),
  completedAt: at('completed_at'),
  /** when the after-sale window closed (service_status EXPIRED) */
  serviceExpiredAt: at('service_expired_at'),
  cancelledAt: at('cancelled_at'),
}, (t) => [
  uniqueIndex('orders_sn_uq').on(t.sn),
  // the list's order (created_at, then id): a deep page's id walk is an index-only scan, no re-sort of ties
  index('orders_created_idx').on(t.createdAt, t.id),
  index('orders_status_created_idx').on(t.status, t.createdAt),
  index('orders_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  index('orders_member_created_idx').on(t.memberId, t.createdAt),
  // the list's order type filter
  index('orders_type_created_idx').on(t.orderType, t.createdAt),
  index('orders_paid_idx').on(t.paidAt),
  index('orders_bill_idx').on(t.shopId, t.billId, t.paidAt),
  // a bill's orders (the settlement detail)
  index('orders_bill_id_idx').on(t.billId, t.id),
  // the keyword (order sn, consignee, goods name): ILIKE '%…%' through trigrams, OR-ed as a bitmap
  trigramIndex('orders_sn_trgm_idx', t.sn),
  trigramIndex('orders_ship_name_trgm_idx', t.shipName),
  trigramIndex('orders_goods_names_trgm_idx', t.goodsNames),
  // a consignee or goods name of one or two characters (`张三`, `耳机`), which has no trigram
  shortGramIndex('orders_ship_name_grams_idx', t.shipName),
  shortGramIndex('orders_goods_names_grams_idx', t.goodsNames),
  // the status tags that are not one raw state, newest first (partial: the tag's own condition)
  index('orders_wait_pay_idx').on(t.createdAt, t.id).where(sql.raw(ORDER_TAG_CONDITIONS.WAIT_PAY)),
  index('orders_wait_ship_idx').on(t.createdAt, t.id).where(sql.raw(ORDER_TAG_CONDITIONS.WAIT_SHIP)),
  index('orders_wait_comment_idx').on(t.createdAt, t.id).where(sql.raw(ORDER_TAG_CONDITIONS.WAIT_COMMENT)),
  // the scheduled tasks: a state and how long it has lasted
  index('orders_status_shipped_idx').on(t.status, t.shippedAt),
  index('orders_status_rog_idx').on(t.status, t.rogAt),
  index('orders_status_completed_idx').on(t.status, t.completedAt),
  // the complaint-window expiry: completed orders whose window is still open, oldest first
  index('orders_complain_open_idx').on(t.completedAt, t.id).where(sql.raw(COMPLAIN_OPEN_CONDITION)),
]);

export const orderItems = pgTable('order_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  goodsId: integer('goods_id').notNull(),
  skuId: integer('sku_id').notNull(),
  goodsName: varchar('goods_name', { length: 100 }).notNull(),
  propertiesName: varchar('properties_name', { length: 200 }).notNull().default(''),
  image: varchar('image', { length: 500 }).notNull().default(''),
  priceCents: cents('price_cents'),
  num: integer('num').notNull(),
  subtotalCents: cents('subtotal_cents'),
  /** the SKU's own after-sale state (modules/aftersales): NOT_APPLY, APPLY, PASS, REFUSE, COMPLETE, EXPIRED */
  serviceStatus: varchar('service_status', { length: 10 }).notNull().default('NOT_APPLY'),
  /** the SKU's complaint state (modules/sale/complaints): NO_APPLY, APPLYING, COMPLETE, EXPIRED */
  complainStatus: varchar('complain_status', { length: 10 }).notNull().default('NO_APPLY'),
}, (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_goods_idx').on(t.goodsId)]);

export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  orderSn: varchar('order_sn', { length: 32 }).notNull(),
  /** alipay, wechat, balance, cod */
  method: varchar('method', { length: 12 }).notNull(),
  amountCents: cents('amount_cents'),
  tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
  /** PAID, REFUNDED */
  status: varchar('status', { length: 10 }).notNull().default('PAID'),
  paidAt: at('paid_at').notNull(),
}, (t) => [
  index('payments_order_idx').on(t.orderId),
  index('payments_paid_idx').on(t.paidAt),
  // the collection list (modules/aftersales): by pay method, and the order-sn keyword
  index('payments_method_paid_idx').on(t.method, t.paidAt, t.id),
  trigramIndex('payments_order_sn_trgm_idx', t.orderSn),
]);

export const shipments = pgTable('shipments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  logiName: varchar('logi_name', { length: 30 }).notNull(),
  shipNo: varchar('ship_no', { length: 40 }).notNull(),
  shippedAt: at('shipped_at').notNull(),
}, (t) => [
  index('shipments_order_idx').on(t.orderId),
  // whether a logistics company is in use (modules/express): it cannot be deleted or renamed then
  index('shipments_logi_name_idx').on(t.logiName),
]);

export const orderLogs = pgTable('order_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  /** the status after the transition */
  status: varchar('status', { length: 16 }).notNull(),
  message: varchar('message', { length: 300 }).notNull(),
  /** BUYER, SELLER, ADMIN, SYSTEM */
  operatorType: varchar('operator_type', { length: 8 }).notNull(),
  operatorName: varchar('operator_name', { length: 50 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [index('order_logs_order_idx').on(t.orderId, t.createdAt)]);


