/**
 * The points mall's buyer side (DOMAIN §2.19): a member exchanges an exchange goods item for its
 * points and cash part, and an order of type EXCHANGE comes out of it, in one transaction:
 * - the exchange must be live: the goods are still exchange goods (they are dropped when they
 *   leave the shelf), on sale, approved, not in the recycle bin, of an open shop — read on the
 *   goods row locked FOR UPDATE, so a take-down or a shop close waits for the exchange or comes first;
 * - the stock and the points are taken by conditional updates (the row lock of the UPDATE queues
 *   two exchanges at once; the second sees what the first left and is refused);
 * - the order is NEW → CONFIRM (stock taken) and waits for its cash part like any online order
 *   (the operator's confirm receipt, or the timeout's cancel), or, with no cash part, is paid at
 *   once through the order flow's PAY. A cancel gives the points back (orders/service.ts cancelEffects).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { toYuan, type ExchangeOrderQuery, type MemberExchangeInput, type MemberExchangeResult } from '@agora/contract';
import type { Transaction as Tx } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { platformDay } from '../../platform/time.js';
import { recordOrderPlaced } from '../dashboard/rollup.js';
import { goods, goodsSkus } from '../goods/tables.js';
import { authenticateMember } from '../members/buyer-auth.js';
import { movePoints } from '../members/points.js';
import { orderItems, orderLogs, orders } from '../orders/tables.js';
import { listOrders, payEffects, transitionOrder, type OrderFilter } from '../orders/service.js';
import { shops } from '../shops/tables.js';
import { exchangeGoods } from './points-tables.js';

/** The order's number as the demo's: the platform day and the id, ten digits. */
async function nextOrder(tx: Tx, now: Date): Promise<{ id: number; sn: string }> {
  const [{ next }] = (await tx.execute<{ next: string }>(sql`select nextval(pg_get_serial_sequence('orders', 'id')) as next`)).rows;
  const id = Number(next);
  const day = platformDay(now).replace(/-/g, '');
  return { id, sn: `${day}${String(id).padStart(10, '0')}` };
}

/** The live exchange of the goods, its goods row locked for the rest of the transaction. */
async function lockLiveExchange(tx: Tx, goodsId: number) {
  const [row] = await tx
    .select({ item: exchangeGoods, goods, shopStatus: shops.status })
    .from(goods)
    .innerJoin(exchangeGoods, eq(exchangeGoods.goodsId, goods.id))
    .leftJoin(shops, eq(shops.id, goods.shopId))
    .where(eq(goods.id, goodsId))
    .for('update', { of: goods });
  if (!row || row.goods.marketEnable !== 1 || row.goods.isAuth !== 1 || row.goods.disabled !== 1 || row.shopStatus !== 'OPEN') throw badRequest('EXCHANGE_NOT_LIVE');
  return row;
}

/** Takes `num` of the SKU (and of its goods) or refuses with what is left. */
async function takeStock(tx: Tx, goodsId: number, skuId: number, num: number) {
  const [sku] = await tx
    .update(goodsSkus)
    .set({ enableQuantity: sql`${goodsSkus.enableQuantity} - ${num}` })
    .where(and(eq(goodsSkus.id, skuId), eq(goodsSkus.goodsId, goodsId), gte(goodsSkus.enableQuantity, num)))
    .returning({ propertiesName: goodsSkus.propertiesName, image: goodsSkus.image });
  if (!sku) {
    const [current] = await tx.select({ quantity: goodsSkus.enableQuantity }).from(goodsSkus).where(and(eq(goodsSkus.id, skuId), eq(goodsSkus.goodsId, goodsId)));
    throw current ? badRequest('EXCHANGE_STOCK_SHORT', { quantity: Math.max(0, current.quantity) }) : badRequest('EXCHANGE_SKU_INVALID');
  }
  await tx.update(goods).set({ enableQuantity: sql`${goods.enableQuantity} - ${num}` }).where(eq(goods.id, goodsId));
  return sku;
}

/** POST buyer/exchange */
export async function memberExchange(ctx: AppContext, input: MemberExchangeInput & { ip: string }): Promise<MemberExchangeResult> {
  const member = await authenticateMember(ctx, input, 'MEMBER_LOCKED');
  return exchangeFor(ctx, member, input);
}

/** The exchange of a member already known (the endpoint's, after the password; the demo's). */
export async function exchangeFor(ctx: AppContext, member: { id: number; uname: string }, input: Omit<MemberExchangeInput, 'uname' | 'password'>, now = new Date()): Promise<MemberExchangeResult> {
  return ctx.db.transaction(async (tx) => {
    const { item, goods: g } = await lockLiveExchange(tx, input.goods_id);
    const sku = await takeStock(tx, g.id, input.sku_id, input.num);
    const point = item.exchangePoint * input.num;
    const cashCents = item.exchangeMoneyCents * input.num;
    const { id, sn } = await nextOrder(tx, now);
    const consumPoint = await movePoints(tx, member.id, -point, { reason: `积分兑换（${g.goodsName}）`, operatorType: 'ORDER', operatorName: member.uname, refSn: sn, createdAt: now }, { activeOnly: true });
    await tx.insert(orders).values({
      id,
      sn,
      shopId: g.shopId,
      shopName: g.shopName,
      memberId: member.id,
      memberName: member.uname,
      status: 'CONFIRM',
      paymentType: 'ONLINE',
      client: 'WAP',
      orderType: 'EXCHANGE',
      goodsNames: g.goodsName,
      goodsNum: input.num,
      goodsCents: cashCents,
      needPayCents: cashCents,
      point,
      shipName: input.ship_name,
      shipMobile: input.ship_mobile,
      shipRegion: input.ship_region,
      shipAddress: input.ship_addr,
      remark: input.remark,
      createdAt: now,
    });
    await recordOrderPlaced(tx, now, { shopId: g.shopId, memberId: member.id, needPayCents: cashCents, goodsNum: input.num });
    await tx.insert(orderItems).values({
      orderId: id,
      goodsId: g.id,
      skuId: input.sku_id,
      goodsName: g.goodsName,
      propertiesName: sku.propertiesName,
      image: sku.image || g.thumbnail,
      priceCents: item.exchangeMoneyCents,
      num: input.num,
      subtotalCents: cashCents,
    });
    await tx.insert(orderLogs).values([
      { orderId: id, status: 'NEW', message: `买家积分兑换：${point}积分`, operatorType: 'BUYER', operatorName: member.uname, createdAt: now },
      { orderId: id, status: 'CONFIRM', message: cashCents > 0 ? '订单已确认，等待买家付款' : '订单已确认', operatorType: 'SYSTEM', operatorName: '系统', createdAt: now },
    ]);
    // nothing to pay besides the points: paid at once, through the flow like any payment
    const paid =
      cashCents === 0
        ? await transitionOrder(
            tx,
            { id },
            'PAY',
            { type: 'BUYER', name: member.uname },
            async (order, at) => ({ set: await payEffects(tx, order, at, '积分兑换'), message: `积分支付：${point}积分` }),
            now,
          )
        : undefined;
    return { order_sn: sn, order_status: paid ? 'PAID_OFF' : 'CONFIRM', point, need_pay_money: toYuan(cashCents), consum_point: consumPoint };
  });
}

// ─── The points mall's order list ──────────────────────────────────────────

/** The exchange order list's query as the order list's: its EXCHANGE orders, the keyword on sn or member. */
export const exchangeOrderFilter = ({ keyword, ...query }: ExchangeOrderQuery): OrderFilter => ({ ...query, sn_or_member: keyword, order_type: 'EXCHANGE' });

/** GET admin/promotion/exchange-orders: the order list's rows, of the points mall. */
export const listExchangeOrders = (ctx: AppContext, query: ExchangeOrderQuery) => listOrders(ctx, exchangeOrderFilter(query));
