/**
 * After-sale services (return, exchange, supply again, order cancel) with their goods lines,
 * pictures and the log of every transition, and the refunds they lead to (DOMAIN §2.5, §2.6).
 * A completed refund is what a settlement bill takes (`refunds.bill_id`, finance issue).
 */
import { bigint, bigserial, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, cents, createdAt, shortGramIndex, trigramIndex } from '../../db/columns.js';

export const afterSales = pgTable('after_sales', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sn: varchar('sn', { length: 32 }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  orderSn: varchar('order_sn', { length: 32 }).notNull(),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  /** contract SERVICE_TYPES: RETURN_GOODS, CHANGE_GOODS, SUPPLY_AGAIN_GOODS, ORDER_CANCEL */
  serviceType: varchar('service_type', { length: 20 }).notNull(),
  /** contract SERVICE_STATUSES: APPLY, PASS, REFUSE, FULL_COURIER, WAIT_FOR_MANUAL, STOCK_IN, REFUNDING, REFUNDFAIL, COMPLETED, CLOSED, ERROR_EXCEPTION */
  status: varchar('status', { length: 16 }).notNull(),
  /** NORMAL, or PINTUAN when the system opened it for a group that failed */
  createChannel: varchar('create_channel', { length: 8 }).notNull().default('NORMAL'),
  reason: varchar('reason', { length: 100 }).notNull().default(''),
  problemDesc: varchar('problem_desc', { length: 500 }).notNull().default(''),
  auditRemark: varchar('audit_remark', { length: 200 }).notNull().default(''),
  stockRemark: varchar('stock_remark', { length: 200 }).notNull().default(''),
  refundRemark: varchar('refund_remark', { length: 200 }).notNull().default(''),
  closeReason: varchar('close_reason', { length: 200 }).notNull().default(''),
  /** the seller's address the goods go back to */
  returnAddr: varchar('return_addr', { length: 200 }).notNull().default(''),
  /** the CHANGE or SUPPLY_AGAIN order created for it */
  newOrderSn: varchar('new_order_sn', { length: 32 }).notNull().default(''),
  /** the goods names, one per line: what the keyword search reads */
  goodsNames: varchar('goods_names', { length: 1000 }).notNull().default(''),
  /** the buyer's return shipment */
  courierName: varchar('courier_name', { length: 30 }).notNull().default(''),
  courierNo: varchar('courier_no', { length: 40 }).notNull().default(''),
  courierAt: at('courier_at'),
  /** the consignee of the new order (exchange, supply again) */
  changeShipName: varchar('change_ship_name', { length: 30 }).notNull().default(''),
  changeShipMobile: varchar('change_ship_mobile', { length: 20 }).notNull().default(''),
  changeShipAddress: varchar('change_ship_address', { length: 200 }).notNull().default(''),
  createdAt: createdAt(),
  auditedAt: at('audited_at'),
  completedAt: at('completed_at'),
}, (t) => [
  uniqueIndex('after_sales_sn_uq').on(t.sn),
  index('after_sales_order_idx').on(t.orderId),
  index('after_sales_created_idx').on(t.createdAt, t.id),
  index('after_sales_status_created_idx').on(t.status, t.createdAt, t.id),
  index('after_sales_type_created_idx').on(t.serviceType, t.createdAt, t.id),
  index('after_sales_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  index('after_sales_member_created_idx').on(t.memberId, t.createdAt, t.id),
  // the keyword (service sn, order sn, goods name): ILIKE '%…%' through trigrams
  trigramIndex('after_sales_sn_trgm_idx', t.sn),
  trigramIndex('after_sales_order_sn_trgm_idx', t.orderSn),
  trigramIndex('after_sales_goods_names_trgm_idx', t.goodsNames),
  shortGramIndex('after_sales_goods_names_grams_idx', t.goodsNames),
]);

export const afterSaleItems = pgTable('after_sale_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  serviceId: bigint('service_id', { mode: 'number' }).notNull(),
  orderItemId: bigint('order_item_id', { mode: 'number' }).notNull(),
  goodsId: integer('goods_id').notNull(),
  skuId: integer('sku_id').notNull(),
  goodsName: varchar('goods_name', { length: 100 }).notNull(),
  propertiesName: varchar('properties_name', { length: 200 }).notNull().default(''),
  image: varchar('image', { length: 500 }).notNull().default(''),
  priceCents: cents('price_cents'),
  /** bought, asked back, and put back into stock by the seller */
  shipNum: integer('ship_num').notNull(),
  returnNum: integer('return_num').notNull(),
  storageNum: integer('storage_num').notNull().default(0),
}, (t) => [index('after_sale_items_service_idx').on(t.serviceId), index('after_sale_items_order_item_idx').on(t.orderItemId)]);

/** The buyer's vouchers (apply_vouchers): photos of the goods or the damage. */
export const afterSalePictures = pgTable('after_sale_pictures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  serviceId: bigint('service_id', { mode: 'number' }).notNull(),
  url: varchar('url', { length: 500 }).notNull(),
  sort: smallint('sort').notNull().default(0),
}, (t) => [index('after_sale_pictures_service_idx').on(t.serviceId, t.sort)]);

export const afterSaleLogs = pgTable('after_sale_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  serviceId: bigint('service_id', { mode: 'number' }).notNull(),
  /** the status after the transition */
  status: varchar('status', { length: 16 }).notNull(),
  message: varchar('message', { length: 300 }).notNull(),
  /** BUYER, SELLER, ADMIN, SYSTEM */
  operatorType: varchar('operator_type', { length: 8 }).notNull(),
  operatorName: varchar('operator_name', { length: 50 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [index('after_sale_logs_service_idx').on(t.serviceId, t.createdAt)]);

/**
 * The money side of a RETURN_GOODS or ORDER_CANCEL service: one row per service.
 * refund_status APPLY (待退款), REFUNDING, REFUNDFAIL, COMPLETED; only COMPLETED rows count
 * (actual_cents at refunded_at). A settlement bill sets bill_id when it takes the refund.
 */
export const refunds = pgTable('refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sn: varchar('sn', { length: 32 }).notNull(),
  serviceId: bigint('service_id', { mode: 'number' }).notNull(),
  serviceSn: varchar('service_sn', { length: 32 }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  orderSn: varchar('order_sn', { length: 32 }).notNull(),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  /** RETURN_GOODS or ORDER_CANCEL */
  serviceType: varchar('service_type', { length: 20 }).notNull(),
  createChannel: varchar('create_channel', { length: 8 }).notNull().default('NORMAL'),
  /** the order's ONLINE or COD: a COD refund only lowers the commission of a bill */
  paymentType: varchar('payment_type', { length: 8 }).notNull().default('ONLINE'),
  /** ORIGINAL (back the way it was paid), BALANCE (pre-deposit), OFFLINE, ACCOUNT (the platform transfers by hand) */
  refundWay: varchar('refund_way', { length: 10 }).notNull(),
  /** ALIPAY, WEIXINPAY, BANKTRANSFER (OFFLINE/ACCOUNT refunds) */
  accountType: varchar('account_type', { length: 12 }).notNull().default(''),
  returnAccount: varchar('return_account', { length: 50 }).notNull().default(''),
  bankName: varchar('bank_name', { length: 50 }).notNull().default(''),
  bankAccountName: varchar('bank_account_name', { length: 50 }).notNull().default(''),
  bankAccountNumber: varchar('bank_account_number', { length: 40 }).notNull().default(''),
  refundStatus: varchar('refund_status', { length: 12 }).notNull().default('APPLY'),
  /** asked by the buyer, agreed by the seller, paid out */
  refundCents: cents('refund_cents'),
  agreeCents: cents('agree_cents'),
  actualCents: cents('actual_cents'),
  refundPoint: integer('refund_point').notNull().default(0),
  /** the payment the original-route refund goes back through */
  payOrderNo: varchar('pay_order_no', { length: 64 }).notNull().default(''),
  refundFailReason: varchar('refund_fail_reason', { length: 200 }).notNull().default(''),
  createdAt: createdAt(),
  refundedAt: at('refunded_at'),
  /** the settlement bill that took this refund; null until one does */
  billId: integer('bill_id'),
}, (t) => [
  uniqueIndex('refunds_sn_uq').on(t.sn),
  uniqueIndex('refunds_service_uq').on(t.serviceId),
  index('refunds_created_idx').on(t.createdAt, t.id),
  index('refunds_status_created_idx').on(t.refundStatus, t.createdAt, t.id),
  index('refunds_way_created_idx').on(t.refundWay, t.createdAt, t.id),
  // the settlement: a shop's refunds not yet billed, by the time they were paid out
  index('refunds_bill_idx').on(t.shopId, t.billId, t.refundedAt),
  // a bill's refunds (the settlement detail)
  index('refunds_bill_id_idx').on(t.billId, t.id),
  trigramIndex('refunds_service_sn_trgm_idx', t.serviceSn),
  trigramIndex('refunds_order_sn_trgm_idx', t.orderSn),
]);
