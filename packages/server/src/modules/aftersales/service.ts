import { and, asc, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  toCents,
  toYuan,
  type CollectionListQuery,
  type CollectionRow,
  type CreateChannel,
  type Page,
  type PaymentType,
  type PayWay,
  type RefundListQuery,
  type RefundRow,
  type RefundStatus,
  type RefundWay,
  type ServiceDetail,
  type ServiceListQuery,
  type ServiceLogRow,
  type ServiceRow,
  type ServiceStatus,
  type ServiceType,
} from '@agora/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { containsText, escapeLike, mayBePartOfSn, type Transaction as Tx } from '../../db/sql.js';
import { recordRefund } from '../dashboard/rollup.js';
import { clawBackCommission } from '../distribution/commission.js';
import { movePoints } from '../members/points.js';
import { memberLedger, members } from '../members/tables.js';
import { transitionOrder, type OrderActor } from '../orders/service.js';
import { orderItems, orders, payments } from '../orders/tables.js';
import { assertServiceAllowed, serviceAllowableOf, type ServiceAction } from './flow.js';
import { afterSaleItems, afterSaleLogs, afterSalePictures, afterSales, refunds } from './tables.js';
import { notify } from '../messages/templates.js';

type ServiceRecord = typeof afterSales.$inferSelect;
type ServicePatch = Partial<typeof afterSales.$inferInsert>;
type RefundRecord = typeof refunds.$inferSelect;

const serviceNotFound = () => new AppError(404, 'SERVICE_NOT_FOUND');
const contains = (text: string) => `%${escapeLike(text)}%`;
const seconds = (at: Date | null) => (at ? unixSeconds(at) : null);
const range = (column: AnyPgColumn, query: { start_time?: number; end_time?: number }) => [
  query.start_time !== undefined ? gte(column, fromUnixSeconds(query.start_time)) : undefined,
  query.end_time !== undefined ? lte(column, fromUnixSeconds(query.end_time)) : undefined,
];

// ─── Service list ───────────────────────────────────────────────────────────

function toServiceRow(service: ServiceRecord): ServiceRow {
  return {
    service_id: service.id,
    sn: service.sn,
    order_sn: service.orderSn,
    create_time: unixSeconds(service.createdAt),
    member_name: service.memberName,
    shop_name: service.shopName,
    service_type: service.serviceType as ServiceType,
    service_status: service.status as ServiceStatus,
    create_channel: service.createChannel as CreateChannel,
    goods_names: service.goodsNames,
    allowable: serviceAllowableOf(service),
  };
}

/** The service list under `query`: its page and its export read the same. */
export function serviceListSpec(ctx: AppContext, query: ServiceListQuery): ListSpec<ServiceRecord, ServiceRow> {
  const { keyword } = query;
  return {
    query,
    table: afterSales,
    id: afterSales.id,
    where: [
      // A keyword with a character no sn has (Chinese, a space) is looked for in the goods names only.
      keyword
        ? mayBePartOfSn(keyword)
          ? or(ilike(afterSales.sn, contains(keyword)), ilike(afterSales.orderSn, contains(keyword)), containsText(afterSales.goodsNames, keyword))
          : containsText(afterSales.goodsNames, keyword)
        : undefined,
      query.service_sn ? ilike(afterSales.sn, contains(query.service_sn)) : undefined,
      query.order_sn ? ilike(afterSales.orderSn, contains(query.order_sn)) : undefined,
      query.service_type ? eq(afterSales.serviceType, query.service_type) : undefined,
      query.service_status ? eq(afterSales.status, query.service_status) : undefined,
      ...range(afterSales.createdAt, query),
    ],
    sorts: { create_time: afterSales.createdAt },
    statement: 'after-sales',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(afterSales).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toServiceRow,
    idOf: (row) => row.service_id,
  };
}

export const listServices = (ctx: AppContext, query: ServiceListQuery): Promise<Page<ServiceRow>> => listPage(ctx.db, serviceListSpec(ctx, query));

// ─── Detail ─────────────────────────────────────────────────────────────────

function toLogRow(log: typeof afterSaleLogs.$inferSelect): ServiceLogRow {
  return { id: log.id, status: log.status as ServiceStatus, message: log.message, op_type: log.operatorType, op_name: log.operatorName, op_time: unixSeconds(log.createdAt) };
}

export async function getService(ctx: AppContext, sn: string): Promise<ServiceDetail> {
  const [service] = await ctx.db.select().from(afterSales).where(eq(afterSales.sn, sn));
  if (!service) throw serviceNotFound();
  const [items, pictures, logs, [refund], [order]] = await Promise.all([
    ctx.db.select().from(afterSaleItems).where(eq(afterSaleItems.serviceId, service.id)).orderBy(asc(afterSaleItems.id)),
    ctx.db.select().from(afterSalePictures).where(eq(afterSalePictures.serviceId, service.id)).orderBy(asc(afterSalePictures.sort), asc(afterSalePictures.id)),
    ctx.db.select().from(afterSaleLogs).where(eq(afterSaleLogs.serviceId, service.id)).orderBy(asc(afterSaleLogs.createdAt), asc(afterSaleLogs.id)),
    ctx.db.select().from(refunds).where(eq(refunds.serviceId, service.id)),
    ctx.db.select({ paymentType: orders.paymentType }).from(orders).where(eq(orders.id, service.orderId)),
  ]);
  return {
    ...toServiceRow(service),
    order_id: service.orderId,
    member_id: service.memberId,
    shop_id: service.shopId,
    payment_type: (order?.paymentType ?? 'ONLINE') as PaymentType,
    reason: service.reason,
    problem_desc: service.problemDesc,
    audit_remark: service.auditRemark,
    stock_remark: service.stockRemark,
    refund_remark: service.refundRemark,
    close_reason: service.closeReason,
    return_addr: service.returnAddr,
    new_order_sn: service.newOrderSn,
    courier_name: service.courierName,
    courier_no: service.courierNo,
    courier_time: seconds(service.courierAt),
    change_ship_name: service.changeShipName,
    change_ship_mobile: service.changeShipMobile,
    change_ship_addr: service.changeShipAddress,
    audit_time: seconds(service.auditedAt),
    complete_time: seconds(service.completedAt),
    goods: items.map((item) => ({
      goods_id: item.goodsId,
      sku_id: item.skuId,
      name: item.goodsName,
      spec: item.propertiesName,
      image: item.image,
      price: toYuan(item.priceCents),
      ship_num: item.shipNum,
      return_num: item.returnNum,
      storage_num: item.storageNum,
    })),
    images: pictures.map((picture) => picture.url),
    refund: refund
      ? {
          sn: refund.sn,
          refund_way: refund.refundWay as RefundWay,
          account_type: refund.accountType as NonNullable<ServiceDetail['refund']>['account_type'],
          return_account: refund.returnAccount,
          bank_name: refund.bankName,
          bank_account_name: refund.bankAccountName,
          bank_account_number: refund.bankAccountNumber,
          refund_status: refund.refundStatus as RefundStatus,
          refund_price: toYuan(refund.refundCents),
          agree_price: toYuan(refund.agreeCents),
          actual_price: toYuan(refund.actualCents),
          refund_point: refund.refundPoint,
          pay_order_no: refund.payOrderNo,
          refund_fail_reason: refund.refundFailReason,
          refund_time: seconds(refund.refundedAt),
        }
      : null,
    logs: logs.map(toLogRow),
  };
}

// ─── Transitions ────────────────────────────────────────────────────────────

/**
 * One transition of one service, in the caller's transaction: the row is locked (FOR UPDATE: of
 * two operators the second waits, then sees the first one's state and is refused), the flow is
 * asked, the action's side effects run, then the new state and its log row are written. A
 * refusal throws before anything is written.
 */
export async function transitionService(
  tx: Tx,
  sn: string,
  action: ServiceAction,
  to: ServiceStatus,
  actor: OrderActor,
  perform: (service: ServiceRecord, now: Date) => Promise<{ set?: ServicePatch; message: string }>,
): Promise<ServiceRecord> {
  const [service] = await tx.select().from(afterSales).where(eq(afterSales.sn, sn)).for('update');
  if (!service) throw serviceNotFound();
  const next = assertServiceAllowed(service, action, to);
  const now = new Date();
  const { set, message } = await perform(service, now);
  const [updated] = await tx.update(afterSales).set({ ...set, status: next }).where(eq(afterSales.id, service.id)).returning();
  await tx.insert(afterSaleLogs).values({ serviceId: service.id, status: next, message, operatorType: actor.type, operatorName: actor.name, createdAt: now });
  return updated;
}

/** The buyer gets the money back: the pre-deposit with its ledger row, or (original route, offline, account) the refund record is the proof. */
async function payBack(tx: Tx, refund: RefundRecord, cents: number, now: Date, admin: AuthedAdmin): Promise<void> {
  if (refund.refundWay !== 'BALANCE') return;
  const [member] = await tx
    .update(members)
    .set({ balanceCents: sql`${members.balanceCents} + ${cents}` })
    .where(eq(members.id, refund.memberId))
    .returning({ balanceCents: members.balanceCents });
  if (!member) throw new AppError(404, 'MEMBER_NOT_FOUND');
  await tx.insert(memberLedger).values({
    memberId: refund.memberId,
    kind: 'BALANCE',
    amount: cents,
    balanceAfter: member.balanceCents,
    reason: `售后退款，退回预存款（售后服务单${refund.serviceSn}）`,
    operatorType: 'ADMIN',
    operatorId: admin.id,
    operatorName: admin.username,
    refSn: refund.serviceSn,
    createdAt: now,
  });
}

/**
 * The order side of a completed refund: an order cancel ends the order CANCELLED and its payments
 * refunded; a return keeps the received order (or completes one in AFTER_SERVICE). Either way the
 * returned SKUs' after-sale state becomes COMPLETE and the order log says so.
 */
async function settleOrder(tx: Tx, service: ServiceRecord, cents: number, actor: OrderActor): Promise<void> {
  const yuan = toYuan(cents).toFixed(2);
  if (service.serviceType === 'ORDER_CANCEL') {
    await transitionOrder(tx, { id: service.orderId }, 'CANCEL_REFUND', actor, async (order, now) => {
      await tx.update(payments).set({ status: 'REFUNDED' }).where(eq(payments.orderId, service.orderId));
      // an exchange order's points come back with the cancel, as an unpaid one's do (orders/service.ts cancelEffects)
      if (order.point > 0) {
        await movePoints(tx, order.memberId, order.point, { reason: `售后取消订单，退还积分（售后服务单${service.sn}）`, operatorType: 'ORDER', operatorName: actor.name, refSn: order.sn, createdAt: now });
      }
      return {
        set: { payStatus: 'REFUNDED', cancelReason: '买家申请取消订单，平台已退款', cancelledAt: now },
        message: `售后服务单${service.sn}平台退款${yuan}元，订单取消`,
      };
    });
  } else {
    await transitionOrder(tx, { id: service.orderId }, 'RETURN_REFUND', actor, async (order, now) => ({
      set: order.status === 'AFTER_SERVICE' ? { completedAt: now } : {},
      message: `售后服务单${service.sn}平台退款${yuan}元（退货）`,
    }));
  }
  const lines = tx.select({ id: afterSaleItems.orderItemId }).from(afterSaleItems).where(eq(afterSaleItems.serviceId, service.id));
  await tx.update(orderItems).set({ serviceStatus: 'COMPLETE' }).where(inArray(orderItems.id, lines));
}

/**
 * POST admin/after-sales/refund/{sn}: the platform's manual refund of a service waiting for it
 * (DOMAIN §2.5), in one transaction: the service COMPLETED with its log, the refund record paid
 * out, the pre-deposit credited with its ledger row (BALANCE), the order and its SKUs' state with
 * the order log, the distribution commission clawed back, and the day's refund total. The settlement bill takes the refund later by its
 * `refunded_at` (refunds.bill_id).
 */
export async function adminRefund(ctx: AppContext, admin: AuthedAdmin, sn: string, input: { refund_price: number; remark: string }): Promise<ServiceDetail> {
  const cents = toCents(input.refund_price);
  const actor: OrderActor = { type: 'ADMIN', name: admin.username };
  await ctx.db.transaction(async (tx) => {
    // The operator who pressed the button, on the service's log as on the order's: the refund list
    // reads it from there.
    await transitionService(tx, sn, 'ADMIN_REFUND', 'COMPLETED', actor, async (service, now) => {
      const [refund] = await tx.select().from(refunds).where(eq(refunds.serviceId, service.id)).for('update');
      if (!refund) throw serviceNotFound();
      const max = refund.agreeCents > 0 ? refund.agreeCents : refund.refundCents;
      if (cents > max) throw badRequest('SERVICE_REFUND_TOO_MUCH', { max: toYuan(max).toFixed(2) });
      await tx.update(refunds).set({ refundStatus: 'COMPLETED', actualCents: cents, refundedAt: now, refundFailReason: '' }).where(eq(refunds.id, refund.id));
      await payBack(tx, refund, cents, now, admin);
      await settleOrder(tx, service, cents, actor);
      // the distributors' commission on the order goes back with the money
      await clawBackCommission(tx, service.orderId, admin.username, now);
      await recordRefund(tx, now, { shopId: service.shopId, refundCents: cents });
      return { set: { refundRemark: input.remark, completedAt: now }, message: '已成功将退款退还给买家' };
    });
    const [service] = await tx.select().from(afterSales).where(eq(afterSales.sn, sn));
    const [member] = await tx.select({ email: members.email, mobile: members.mobile }).from(members).where(eq(members.id, service.memberId));
    await notify(ctx, tx, 'MEMBERREFUNDUPDATE', { type: 'MEMBER', id: service.memberId, name: service.memberName, email: member?.email, mobile: member?.mobile }, {
      member_name: service.memberName,
      service_sn: service.sn,
      order_sn: service.orderSn,
      refund_price: toYuan(cents).toFixed(2),
    });
  });
  return getService(ctx, sn);
}

// ─── Refund list ────────────────────────────────────────────────────────────

/** Who paid a refund out or saw it fail: the service log's last word on it. */
const refundOperator = sql<string | null>`(select l.operator_name from ${afterSaleLogs} l where l.service_id = ${refunds.serviceId} and l.status in ('COMPLETED', 'REFUNDFAIL') order by l.created_at desc, l.id desc limit 1)`;

function toRefundRow({ refund, operator }: { refund: RefundRecord; operator: string | null }): RefundRow {
  return {
    refund_id: refund.id,
    sn: refund.sn,
    service_sn: refund.serviceSn,
    order_sn: refund.orderSn,
    create_time: unixSeconds(refund.createdAt),
    member_name: refund.memberName,
    shop_name: refund.shopName,
    service_type: refund.serviceType as ServiceType,
    refund_way: refund.refundWay as RefundWay,
    payment_type: refund.paymentType as PaymentType,
    refund_status: refund.refundStatus as RefundStatus,
    refund_price: toYuan(refund.refundCents),
    agree_price: toYuan(refund.agreeCents),
    actual_price: toYuan(refund.actualCents),
    refund_point: refund.refundPoint,
    refund_time: seconds(refund.refundedAt),
    refund_operator: operator ?? '',
  };
}

export function refundListSpec(ctx: AppContext, query: RefundListQuery): ListSpec<{ refund: RefundRecord; operator: string | null }, RefundRow> {
  const keyword = query.keyword ? contains(query.keyword) : undefined;
  return {
    query,
    table: refunds,
    id: refunds.id,
    where: [
      keyword ? or(ilike(refunds.serviceSn, keyword), ilike(refunds.orderSn, keyword)) : undefined,
      query.service_sn ? ilike(refunds.serviceSn, contains(query.service_sn)) : undefined,
      query.order_sn ? ilike(refunds.orderSn, contains(query.order_sn)) : undefined,
      query.refund_status ? eq(refunds.refundStatus, query.refund_status) : undefined,
      query.refund_way ? eq(refunds.refundWay, query.refund_way) : undefined,
      query.create_channel ? eq(refunds.createChannel, query.create_channel) : undefined,
      ...range(refunds.createdAt, query),
    ],
    sorts: { create_time: refunds.createdAt },
    statement: 'refunds',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select({ refund: refunds, operator: refundOperator }).from(refunds).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRefundRow,
    idOf: (row) => row.refund_id,
  };
}

export const listRefunds = (ctx: AppContext, query: RefundListQuery): Promise<Page<RefundRow>> => listPage(ctx.db, refundListSpec(ctx, query));

// ─── Collection list (the pay log) ──────────────────────────────────────────

const collectionColumns = {
  payment: payments,
  paymentType: orders.paymentType,
  memberName: orders.memberName,
  shopName: orders.shopName,
};
type CollectionRecord = { payment: typeof payments.$inferSelect; paymentType: string | null; memberName: string | null; shopName: string | null };

function toCollectionRow(row: CollectionRecord): CollectionRow {
  return {
    id: row.payment.id,
    order_sn: row.payment.orderSn,
    payment_type: (row.paymentType ?? 'ONLINE') as PaymentType,
    pay_way: row.payment.method as PayWay,
    pay_time: unixSeconds(row.payment.paidAt),
    pay_money: toYuan(row.payment.amountCents),
    pay_member_name: row.memberName ?? '',
    pay_status: row.payment.status === 'REFUNDED' ? 'REFUNDED' : 'PAY_YES',
    shop_name: row.shopName ?? '',
    trade_no: row.payment.tradeNo,
  };
}

/** Payments newest first by payments_paid_idx; the order-side filters are semi-joins on the order's primary key. */
export function collectionListSpec(ctx: AppContext, query: CollectionListQuery): ListSpec<CollectionRecord, CollectionRow> {
  const orderWhere = (condition: SQL) => exists(ctx.db.select({ one: sql`1` }).from(orders).where(and(eq(orders.id, payments.orderId), condition)));
  return {
    query,
    table: payments,
    id: payments.id,
    where: [
      query.keyword ? ilike(payments.orderSn, contains(query.keyword)) : undefined,
      query.pay_way ? eq(payments.method, query.pay_way) : undefined,
      query.pay_status ? eq(payments.status, query.pay_status === 'REFUNDED' ? 'REFUNDED' : 'PAID') : undefined,
      query.payment_type ? orderWhere(eq(orders.paymentType, query.payment_type)) : undefined,
      query.member_name
        ? orderWhere(eq(orders.memberId, sql`(select ${members.id} from ${members} where ${members.uname} = ${query.member_name} limit 1)`))
        : undefined,
      query.start_time !== undefined ? gte(payments.paidAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(payments.paidAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { pay_time: payments.paidAt },
    statement: 'collections',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select(collectionColumns).from(payments).leftJoin(orders, eq(orders.id, payments.orderId)).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toCollectionRow,
    idOf: (row) => row.id,
  };
}

export const listCollections = (ctx: AppContext, query: CollectionListQuery): Promise<Page<CollectionRow>> => listPage(ctx.db, collectionListSpec(ctx, query));
