import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  orderStatusText,
  toCents,
  toYuan,
  type ClientType,
  type OrderDetail,
  type OrderListQuery,
  type OrderLogRow,
  type OrderRow,
  type OrderSettings,
  type OrderStatus,
  type OrderType,
  type Page,
  type PaymentType,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage, type PageRead } from '../../platform/list.js';
import { writeSetting } from '../../platform/settings.js';
import { preparedOnce } from '../../platform/statements.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { containsText, escapeLike, mayBePartOfSn, type Transaction as Tx } from '../../db/sql.js';
import { recordOrderPaid } from '../dashboard/rollup.js';
import { goods, goodsSkus } from '../goods/tables.js';
import { movePoints } from '../members/points.js';
import { memberLedger, members } from '../members/tables.js';
import { shops } from '../shops/tables.js';
import { allowableOf, assertAllowed, type OrderAction } from './flow.js';
import { orderItems, orderLogs, orders, payments, shipments } from './tables.js';
import { recordCommission } from '../distribution/commission.js';
import { autoGoodReview } from '../sale/comments.js';
import { ORDER_TAG_CONDITIONS } from './tags.js';
import { ORDER_SETTINGS_KEY, cancelDelayMs, readOrderSettings, readTradeClock, tradeDelayMs, type TradeClock } from './timing.js';

export { readOrderSettings };

type OrderRecord = typeof orders.$inferSelect;
type OrderPatch = Partial<typeof orders.$inferInsert>;

const orderNotFound = () => new AppError(404, 'ORDER_NOT_FOUND');

// ─── Settings (DOMAIN §1.6) ─────────────────────────────────────────────────

export async function saveOrderSettings(ctx: AppContext, input: OrderSettings): Promise<OrderSettings> {
  await writeSetting(ctx.db, ORDER_SETTINGS_KEY, input);
  return readOrderSettings(ctx);
}

// ─── List ───────────────────────────────────────────────────────────────────

const contains = (text: string) => `%${escapeLike(text)}%`;
/** six digits or more: what an operator pastes from an order number */
const SN_LIKE = /^\d{6,}$/;
/** The characters of a long sn keyword the trigram index reads: its tail (see snContains). */
const SN_INDEXED_TAIL = 12;

/**
 * An sn containing a run of digits. Sns begin with their date, whose trigrams every order of the
 * day shares (a full 18-digit sn: 16 trigram lists to intersect, the first ones huge); the index
 * reads the keyword's last 12 digits, the rarest, and the whole keyword is checked on the few rows
 * it finds (`strpos`: digits have no case). The same rows as ILIKE '%keyword%', 2–4× faster.
 */
function snContains(keyword: string): SQL {
  if (keyword.length <= SN_INDEXED_TAIL) return ilike(orders.sn, contains(keyword));
  return sql`(${ilike(orders.sn, contains(keyword.slice(-SN_INDEXED_TAIL)))} and strpos(${orders.sn}, ${keyword}) > 0)`;
}

/**
 * The order list's query, and what other lists of orders add to it: the exchange order list's
 * keyword reads the order sn or the member name (always with its order type, whose index bounds it).
 */
export type OrderFilter = OrderListQuery & { sn_or_member?: string };

/** The order list's filters; the list and its export share them. */
export function orderWhere(query: OrderFilter): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  const { keyword } = query;
  if (keyword) {
    // A run of digits is (part of) an order sn, never a consignee or goods name: one index, not three;
    // a keyword with a character no sn has (Chinese, a space) is never part of one: two.
    const names = () => or(containsText(orders.shipName, keyword), containsText(orders.goodsNames, keyword));
    filters.push(SN_LIKE.test(keyword) ? snContains(keyword) : mayBePartOfSn(keyword) ? or(ilike(orders.sn, contains(keyword)), names()) : names());
  }
  const snOrMember = query.sn_or_member;
  if (snOrMember) {
    // as the keyword: digits read the sn alone, a character no sn has reads the member name alone
    const member = ilike(orders.memberName, contains(snOrMember));
    filters.push(SN_LIKE.test(snOrMember) ? snContains(snOrMember) : mayBePartOfSn(snOrMember) ? or(ilike(orders.sn, contains(snOrMember)), member) : member);
  }
  if (query.order_sn) filters.push(ilike(orders.sn, contains(query.order_sn)));
  if (query.ship_name) filters.push(containsText(orders.shipName, query.ship_name));
  if (query.goods_name) filters.push(containsText(orders.goodsNames, query.goods_name));
  if (query.seller_id !== undefined) filters.push(eq(orders.shopId, query.seller_id));
  if (query.member_id !== undefined) filters.push(eq(orders.memberId, query.member_id));
  if (query.start_time !== undefined) filters.push(gte(orders.createdAt, fromUnixSeconds(query.start_time)));
  if (query.end_time !== undefined) filters.push(lte(orders.createdAt, fromUnixSeconds(query.end_time)));
  if (query.order_status) filters.push(sql.raw(ORDER_TAG_CONDITIONS[query.order_status]));
  if (query.payment_type) filters.push(eq(orders.paymentType, query.payment_type));
  if (query.client_type) filters.push(eq(orders.client, query.client_type));
  if (query.order_type) filters.push(eq(orders.orderType, query.order_type));
  return and(...filters);
}

/**
 * A keyword matching at most this many orders (the list's count, made before the page is read) has
 * its matches gathered through the trigram indexes and sorted; more are met soon enough walking the
 * date index newest first. The planner cannot choose: its estimate of a trigram match is off by ten
 * times either way, and at a million orders it walked 30 000 rows (110 ms) for a keyword of 754
 * matches that a gather reads in 8 ms, while a gather of 11 000 matches (60 ms) loses to the walk
 * (25 ms). The crossover grows with the square root of the table; 3 000 suits a million orders.
 */
const KEYWORD_GATHER_MAX = 3_000;

/** The rows of `where` gathered first (`offset 0` keeps the planner from folding them into a walk of the date index). */
const gathers = (query: OrderFilter, matched: PageRead['matched']) => Boolean(query.keyword && matched && !matched.estimated && matched.total <= KEYWORD_GATHER_MAX);
const gathered = (where: SQL | undefined) => sql`${orders.id} in (select ${orders.id} from ${orders} where ${where ?? sql`true`} offset 0)`;

/** The columns a list row shows: the list and its export read only these (an order row has about seventy). */
const LIST_COLUMNS = {
  id: orders.id,
  sn: orders.sn,
  createdAt: orders.createdAt,
  needPayCents: orders.needPayCents,
  balanceCents: orders.balanceCents,
  shipName: orders.shipName,
  shopId: orders.shopId,
  shopName: orders.shopName,
  memberName: orders.memberName,
  goodsNames: orders.goodsNames,
  point: orders.point,
  status: orders.status,
  paymentType: orders.paymentType,
  orderType: orders.orderType,
  payStatus: orders.payStatus,
  shipStatus: orders.shipStatus,
  serviceStatus: orders.serviceStatus,
  client: orders.client,
};
type ListRecord = Pick<OrderRecord, keyof typeof LIST_COLUMNS>;

function toRow(order: ListRecord, clock: TradeClock, now: number): OrderRow {
  const base = {
    order_status: order.status as OrderStatus,
    payment_type: order.paymentType as PaymentType,
    order_type: order.orderType as OrderType,
  };
  const delay = cancelDelayMs(clock);
  const waitsForPayment = order.paymentType !== 'COD' && (order.status === 'NEW' || order.status === 'CONFIRM');
  return {
    order_id: order.id,
    sn: order.sn,
    create_time: unixSeconds(order.createdAt),
    order_amount: toYuan(order.needPayCents + order.balanceCents),
    need_pay_money: toYuan(order.needPayCents),
    ship_name: order.shipName,
    shop_id: order.shopId,
    shop_name: order.shopName,
    member_name: order.memberName,
    goods_names: order.goodsNames,
    point: order.point,
    ...base,
    order_status_text: orderStatusText(base).zh,
    pay_status: order.payStatus as OrderRow['pay_status'],
    ship_status: order.shipStatus as OrderRow['ship_status'],
    service_status: order.serviceStatus as OrderRow['service_status'],
    client_type: order.client as ClientType,
    cancel_left_time: waitsForPayment && delay > 0 ? Math.max(0, Math.floor((order.createdAt.getTime() + delay) / 1000) - now) : null,
  };
}

export async function listOrders(ctx: AppContext, query: OrderFilter): Promise<Page<OrderRow>> {
  const clock = await readTradeClock(ctx);
  const now = unixSeconds(new Date());
  return listPage(ctx.db, {
    query,
    table: orders,
    id: orders.id,
    where: [orderWhere(query)],
    sorts: { create_time: orders.createdAt },
    statement: (matched) => (gathers(query, matched) ? 'orders.gathered' : 'orders'),
    rows: ({ where, orderBy, limit, offset, matched }) =>
      ctx.db
        .select(LIST_COLUMNS)
        .from(orders)
        .where(gathers(query, matched) ? gathered(where) : where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: (order) => toRow(order, clock, now),
    idOf: (row) => row.order_id,
  });
}

export async function countOrders(ctx: AppContext, query: OrderFilter): Promise<number> {
  const [total] = await ctx.db.select({ n: count() }).from(orders).where(orderWhere(query));
  return total.n;
}

/** Every order the list shows under `query`, in its order, by keyset on (created_at, id). */
export async function* orderBatches(ctx: AppContext, query: OrderFilter, size: number): AsyncGenerator<OrderRow[]> {
  const clock = await readTradeClock(ctx);
  const ascending = query.order === 'asc';
  let last: number | null = null;
  for (;;) {
    const pivot = sql`(select ${orders.createdAt} from ${orders} where ${orders.id} = ${last})`;
    const after: SQL | undefined = last === null ? undefined : ascending ? sql`(${orders.createdAt}, ${orders.id}) > (${pivot}, ${last})` : sql`(${orders.createdAt}, ${orders.id}) < (${pivot}, ${last})`;
    const rows: ListRecord[] = await ctx.db
      .select(LIST_COLUMNS)
      .from(orders)
      .where(and(orderWhere(query), after))
      .orderBy(...(ascending ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
      .limit(size);
    if (rows.length === 0) return;
    const now = unixSeconds(new Date());
    yield rows.map((order) => toRow(order, clock, now));
    last = rows[rows.length - 1].id;
    if (rows.length < size) return;
  }
}

// ─── Detail ─────────────────────────────────────────────────────────────────

const seconds = (at: Date | null) => (at ? unixSeconds(at) : null);

function toLogRow(log: typeof orderLogs.$inferSelect): OrderLogRow {
  return { id: log.id, status: log.status as OrderStatus, message: log.message, op_type: log.operatorType, op_name: log.operatorName, op_time: unixSeconds(log.createdAt) };
}

// The order detail is the screen an operator opens most: its reads are prepared once (platform/statements.ts).
const orderBySn = preparedOnce('agora_order_by_sn', (db) => db.select().from(orders).where(eq(orders.sn, sql.placeholder('sn'))));
const itemsOfOrder = preparedOnce('agora_order_items', (db) => db.select().from(orderItems).where(eq(orderItems.orderId, sql.placeholder('order'))).orderBy(asc(orderItems.id)));
const paymentsOfOrder = preparedOnce('agora_order_payments', (db) =>
  db.select().from(payments).where(eq(payments.orderId, sql.placeholder('order'))).orderBy(asc(payments.paidAt), asc(payments.id)),
);
const shipmentsOfOrder = preparedOnce('agora_order_shipments', (db) =>
  db.select().from(shipments).where(eq(shipments.orderId, sql.placeholder('order'))).orderBy(asc(shipments.shippedAt), asc(shipments.id)),
);
const logsOfOrder = preparedOnce('agora_order_logs', (db) =>
  db.select().from(orderLogs).where(eq(orderLogs.orderId, sql.placeholder('order'))).orderBy(asc(orderLogs.createdAt), asc(orderLogs.id)),
);

async function findOrder(ctx: Pick<AppContext, 'db'>, sn: string): Promise<OrderRecord> {
  const [order] = await orderBySn(ctx.db).execute({ sn });
  if (!order) throw orderNotFound();
  return order;
}

export async function orderLog(ctx: AppContext, sn: string): Promise<OrderLogRow[]> {
  const order = await findOrder(ctx, sn);
  const logs = await logsOfOrder(ctx.db).execute({ order: order.id });
  return logs.map(toLogRow);
}

export async function getOrder(ctx: AppContext, sn: string): Promise<OrderDetail> {
  const order = await findOrder(ctx, sn);
  const [clock, items, paid, shipped, logs] = await Promise.all([
    readTradeClock(ctx),
    itemsOfOrder(ctx.db).execute({ order: order.id }),
    paymentsOfOrder(ctx.db).execute({ order: order.id }),
    shipmentsOfOrder(ctx.db).execute({ order: order.id }),
    logsOfOrder(ctx.db).execute({ order: order.id }),
  ]);
  return {
    ...toRow(order, clock, unixSeconds(new Date())),
    member_id: order.memberId,
    goods_num: order.goodsNum,
    goods_price: toYuan(order.goodsCents),
    shipping_price: toYuan(order.shippingCents),
    discount_price: toYuan(order.discountCents),
    balance: toYuan(order.balanceCents),
    pay_money: toYuan(order.paidCents),
    payment_method_name: order.paymentMethodName,
    ship_mobile: order.shipMobile,
    ship_region: order.shipRegion,
    ship_addr: order.shipAddress,
    remark: order.remark,
    cancel_reason: order.cancelReason,
    payment_time: seconds(order.paidAt),
    ship_time: seconds(order.shippedAt),
    signing_time: seconds(order.rogAt),
    complete_time: seconds(order.completedAt),
    cancel_time: seconds(order.cancelledAt),
    comment_status: order.commentStatus,
    need_receipt: order.needReceipt === 1 ? 1 : 0,
    receipt:
      order.needReceipt === 1
        ? { type: order.receiptType as NonNullable<OrderDetail['receipt']>['type'], title: order.receiptTitle, tax_no: order.receiptTaxNo, content: order.receiptContent }
        : null,
    items: items.map((item) => ({
      goods_id: item.goodsId,
      sku_id: item.skuId,
      name: item.goodsName,
      spec: item.propertiesName,
      image: item.image,
      price: toYuan(item.priceCents),
      num: item.num,
      subtotal: toYuan(item.subtotalCents),
      complain_status: item.complainStatus as OrderDetail['items'][number]['complain_status'],
    })),
    payments: paid.map((payment) => ({ method: payment.method, amount: toYuan(payment.amountCents), trade_no: payment.tradeNo, status: payment.status, pay_time: unixSeconds(payment.paidAt) })),
    shipments: shipped.map((shipment) => ({ logi_name: shipment.logiName, ship_no: shipment.shipNo, ship_time: unixSeconds(shipment.shippedAt) })),
    logs: logs.map(toLogRow),
    allowable: allowableOf(order),
  };
}

// ─── Transitions ────────────────────────────────────────────────────────────

export interface OrderActor {
  type: 'ADMIN' | 'SYSTEM' | 'BUYER';
  name: string;
}

export const SYSTEM_ACTOR: OrderActor = { type: 'SYSTEM', name: '系统检测' };
const adminActor = (admin: AuthedAdmin): OrderActor => ({ type: 'ADMIN', name: admin.username });

/**
 * One transition of one order, in the caller's transaction: the row is locked (FOR UPDATE, so
 * of two operators the second waits and then sees the first one's state), the flow is asked,
 * the action's side effects run, then the new state and its log row are written. A refusal
 * throws before anything is written.
 */
export async function transitionOrder(
  tx: Tx,
  where: { sn: string } | { id: number },
  action: OrderAction,
  actor: OrderActor,
  perform: (order: OrderRecord, now: Date) => Promise<{ set?: OrderPatch; message: string }>,
  now = new Date(),
): Promise<OrderRecord> {
  const [order] = await tx
    .select()
    .from(orders)
    .where('sn' in where ? eq(orders.sn, where.sn) : eq(orders.id, where.id))
    .for('update');
  if (!order) throw orderNotFound();
  const next = assertAllowed(order, action);
  const { set, message } = await perform(order, now);
  const [updated] = await tx
    .update(orders)
    .set({ ...set, status: next })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.insert(orderLogs).values({ orderId: order.id, status: next, message, operatorType: actor.type, operatorName: actor.name, createdAt: now });
  return updated;
}

async function itemsOf(tx: Tx, orderId: number) {
  return tx.select({ goodsId: orderItems.goodsId, skuId: orderItems.skuId, num: orderItems.num, subtotalCents: orderItems.subtotalCents }).from(orderItems).where(eq(orderItems.orderId, orderId));
}

/**
 * Payment received for the whole amount due (the operator's confirm receipt, COD's automatic one,
 * or an exchange order with no cash part, paid in points, which writes no payment row).
 */
export async function payEffects(tx: Tx, order: OrderRecord, now: Date, methodName: string, method = 'admin'): Promise<OrderPatch> {
  const [shop] = await tx.select({ rate: shops.commissionRate }).from(shops).where(eq(shops.id, order.shopId));
  // a payment row is money collected: an order with nothing left to pay (a points-only exchange) has none
  if (order.needPayCents > 0) await tx.insert(payments).values({ orderId: order.id, orderSn: order.sn, method, amountCents: order.needPayCents, paidAt: now });
  const items = await itemsOf(tx, order.id);
  await recordOrderPaid(tx, now, { shopId: order.shopId, paidCents: order.needPayCents, items });
  if (order.paymentType !== 'COD') {
    // an online order counts as sold once paid (a COD order did when it was received)
    for (const item of items) {
      await tx.update(goods).set({ buyCount: sql`${goods.buyCount} + ${item.num}` }).where(eq(goods.id, item.goodsId));
    }
  }
  return {
    payStatus: 'PAY_YES',
    paidCents: order.needPayCents,
    paidAt: now,
    paymentMethodName: order.balanceCents > 0 ? `预存款 + ${methodName}` : methodName,
    // on the order's whole income: a site coupon's value is paid to the shop by the platform (finance/bills.ts)
    commissionCents: Math.round(((order.needPayCents + order.balanceCents + order.siteCouponCents) * Number(shop?.rate ?? 0)) / 100),
    ...(order.paymentType === 'COD' ? { shipStatus: 'SHIP_ROG' } : {}),
  };
}

/**
 * What a cancel of an unpaid order gives back (DOMAIN §1.5 CANCELLED): the stock its confirmation
 * locked, the pre-deposit the buyer put in, with its ledger row, and the points of an exchange order.
 */
async function cancelEffects(tx: Tx, order: OrderRecord, now: Date, reason: string, actor: OrderActor): Promise<OrderPatch> {
  if (order.status === 'CONFIRM') {
    for (const item of await itemsOf(tx, order.id)) {
      await tx.update(goodsSkus).set({ enableQuantity: sql`${goodsSkus.enableQuantity} + ${item.num}` }).where(eq(goodsSkus.id, item.skuId));
      await tx.update(goods).set({ enableQuantity: sql`${goods.enableQuantity} + ${item.num}` }).where(eq(goods.id, item.goodsId));
    }
  }
  if (order.balanceCents > 0) {
    const [member] = await tx
      .update(members)
      .set({ balanceCents: sql`${members.balanceCents} + ${order.balanceCents}` })
      .where(eq(members.id, order.memberId))
      .returning({ balanceCents: members.balanceCents });
    if (member) {
      await tx.insert(memberLedger).values({
        memberId: order.memberId,
        kind: 'BALANCE',
        amount: order.balanceCents,
        balanceAfter: member.balanceCents,
        reason: `订单取消，退还预存款（${reason}）`,
        operatorType: 'ORDER',
        operatorName: actor.name,
        refSn: order.sn,
        createdAt: now,
      });
    }
  }
  if (order.point > 0) {
    await movePoints(tx, order.memberId, order.point, { reason: `订单取消，退还积分（${reason}）`, operatorType: 'ORDER', operatorName: actor.name, refSn: order.sn, createdAt: now });
  }
  return { cancelReason: reason, cancelledAt: now };
}

export function cancelOrder(tx: Tx, where: { sn: string } | { id: number }, reason: string, actor: OrderActor, now = new Date()) {
  return transitionOrder(
    tx,
    where,
    'CANCEL',
    actor,
    async (order, at) => ({
      set: await cancelEffects(tx, order, at, reason, actor),
      message: `订单取消：${reason}`,
    }),
    now,
  );
}

export function payOrder(tx: Tx, where: { sn: string } | { id: number }, actor: OrderActor, payCents?: number) {
  return transitionOrder(tx, where, 'PAY', actor, async (order, now) => {
    if (payCents !== undefined && payCents !== order.needPayCents) throw badRequest('ORDER_PAY_MISMATCH');
    const methodName = actor.type === 'ADMIN' ? '管理员收款' : '货到付款';
    return {
      set: await payEffects(tx, order, now, methodName),
      message: actor.type === 'ADMIN' ? `管理员确认收款：${toYuan(order.needPayCents).toFixed(2)}元` : '货到付款订单超时，系统自动确认收款',
    };
  });
}

export function completeOrder(tx: Tx, where: { sn: string } | { id: number }, actor: OrderActor) {
  return transitionOrder(tx, where, 'COMPLETE', actor, async (_order, now) => ({
    set: { completedAt: now },
    message: actor.type === 'ADMIN' ? '管理员完成订单' : '订单超时，系统自动完成',
  }));
}

export function receiveOrder(tx: Tx, where: { sn: string } | { id: number }, actor: OrderActor) {
  return transitionOrder(tx, where, 'ROG', actor, async (order, now) => {
    await recordCommission(tx, order, now);
    return { set: { rogAt: now, shipStatus: 'SHIP_ROG' }, message: '发货超时，系统自动确认收货' };
  });
}

export function expireService(tx: Tx, where: { sn: string } | { id: number }, actor: OrderActor) {
  return transitionOrder(tx, where, 'EXPIRE_SERVICE', actor, async (order, now) => {
    // the SKUs no after-sale was asked for expire with the order (modules/aftersales)
    await tx.update(orderItems).set({ serviceStatus: 'EXPIRED' }).where(and(eq(orderItems.orderId, order.id), eq(orderItems.serviceStatus, 'NOT_APPLY')));
    return {
      set: { serviceStatus: 'EXPIRED', serviceExpiredAt: now },
      message: actor.type === 'ADMIN' ? '管理员设置售后过期' : '售后期已过，订单不再受理售后',
    };
  });
}

/** The operator's calls: one transaction each, answering the detail as it now is. */
export async function adminTransition(ctx: AppContext, admin: AuthedAdmin, sn: string, action: 'PAY' | 'CANCEL' | 'COMPLETE' | 'EXPIRE_SERVICE', payPrice?: number): Promise<OrderDetail> {
  const actor = adminActor(admin);
  await ctx.db.transaction(async (tx) => {
    if (action === 'PAY') await payOrder(tx, { sn }, actor, toCents(payPrice ?? -1));
    else if (action === 'CANCEL') await cancelOrder(tx, { sn }, '管理员取消', actor);
    else if (action === 'COMPLETE') await completeOrder(tx, { sn }, actor);
    else await expireService(tx, { sn }, actor);
  });
  return getOrder(ctx, sn);
}

// ─── Scheduled tasks (DOMAIN §1.6) ──────────────────────────────────────────

/** Orders moved by one tick at most; the rest wait for the next tick. */
export const TIMEOUT_BATCH = 500;
export type TimeoutKind = 'cancel' | 'rog' | 'codPay' | 'complete' | 'serviceExpiry' | 'autoReview';

/** The due orders of one kind, oldest first, by the (status, time) indexes. */
function dueOrders(ctx: Pick<AppContext, 'db'>, kind: TimeoutKind, clock: TradeClock, now: Date) {
  const { settings } = clock;
  /** the moment `days` before now: what happened earlier is due */
  const before = (days: number) => new Date(now.getTime() - tradeDelayMs(clock, days));
  const select = ctx.db.select({ id: orders.id }).from(orders);
  switch (kind) {
    case 'cancel': {
      const delay = cancelDelayMs(clock);
      if (delay === 0) return Promise.resolve([]);
      return select
        .where(and(inArray(orders.status, ['NEW', 'CONFIRM']), lt(orders.createdAt, new Date(now.getTime() - delay)), sql`${orders.paymentType} <> 'COD'`))
        .orderBy(asc(orders.createdAt))
        .limit(TIMEOUT_BATCH);
    }
    case 'rog':
      return select.where(and(eq(orders.status, 'SHIPPED'), lt(orders.shippedAt, before(settings.rog_order_day)))).orderBy(asc(orders.shippedAt)).limit(TIMEOUT_BATCH);
    case 'codPay':
      return select
        .where(and(eq(orders.status, 'ROG'), lt(orders.rogAt, before(settings.complete_order_pay)), eq(orders.paymentType, 'COD')))
        .orderBy(asc(orders.rogAt))
        .limit(TIMEOUT_BATCH);
    case 'complete':
      return select
        .where(
          or(
            and(eq(orders.status, 'ROG'), lt(orders.rogAt, before(settings.complete_order_day)), sql`${orders.paymentType} <> 'COD'`),
            and(eq(orders.status, 'PAID_OFF'), eq(orders.paymentType, 'COD'), lt(orders.paidAt, before(settings.complete_order_day))),
          ),
        )
        .limit(TIMEOUT_BATCH);
    case 'serviceExpiry':
      return select
        .where(and(eq(orders.status, 'COMPLETE'), lt(orders.completedAt, before(settings.service_expired_day)), eq(orders.serviceStatus, 'NOT_APPLY')))
        .orderBy(asc(orders.completedAt))
        .limit(TIMEOUT_BATCH);
    case 'autoReview':
      // 0 days: the buyer is never reviewed for
      if (settings.comment_order_day === 0) return Promise.resolve([]);
      return select
        .where(and(eq(orders.status, 'COMPLETE'), lt(orders.completedAt, before(settings.comment_order_day)), eq(orders.commentStatus, 'UNFINISHED')))
        .orderBy(asc(orders.completedAt))
        .limit(TIMEOUT_BATCH);
  }
}

const TIMEOUT_ACTIONS: Record<TimeoutKind, (tx: Tx, id: number) => Promise<unknown>> = {
  cancel: (tx, id) => cancelOrder(tx, { id }, '超时未付款', SYSTEM_ACTOR),
  rog: (tx, id) => receiveOrder(tx, { id }, SYSTEM_ACTOR),
  codPay: (tx, id) => payOrder(tx, { id }, SYSTEM_ACTOR),
  complete: (tx, id) => completeOrder(tx, { id }, SYSTEM_ACTOR),
  serviceExpiry: (tx, id) => expireService(tx, { id }, SYSTEM_ACTOR),
  // false: the order was reviewed meanwhile
  autoReview: (tx, id) => autoGoodReview(tx, id),
};

/**
 * Moves the orders whose delay has passed, each in its own transaction through the state
 * machine (an order an operator moved meanwhile is refused and skipped). Returns how many moved.
 */
export async function runTimeouts(ctx: AppContext, kind: TimeoutKind, now: Date): Promise<number> {
  const due = await dueOrders(ctx, kind, await readTradeClock(ctx), now);
  let moved = 0;
  for (const { id } of due) {
    try {
      if ((await ctx.db.transaction((tx) => TIMEOUT_ACTIONS[kind](tx, id))) !== false) moved += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'ORDER_ACTION_REFUSED')) throw error;
    }
  }
  return moved;
}
