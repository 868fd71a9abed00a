/**
 * Demo group buys (DOMAIN §2.18), deterministic: events running, closed, ended and not started on
 * real on-sale goods of open shops, with groups forming (the demo's paid PINTUAN orders), formed
 * (its FORMED ones) and failed, their orders' refunds opened by the system and waiting for the platform.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { goods } from '../../modules/goods/tables.js';
import { orderItems, orders } from '../../modules/orders/tables.js';
import { pintuanGoods, pintuanGroups, pintuans } from '../../modules/promotions/tables.js';
import { openFailedGroupRefunds } from '../../modules/aftersales/group-refunds.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** name, days from now to start and to end, closed by the operator, people per group, virtual forming */
const EVENTS: [name: string, start: number, end: number, closed: boolean, required: number, mocker: 0 | 1][] = [
  ['双十二三人团', -2, 12, false, 3, 1],
  ['家居好物两人拼', -5, 5, false, 2, 0],
  ['零食狂欢拼团', -3, 9, true, 3, 0],
  ['国庆五人团', -60, -45, false, 5, 1],
  ['元旦预热拼团', 20, 35, false, 2, 0],
];

export async function seedPintuan(ctx: AppContext, now: Date): Promise<void> {
  const items = await ctx.db
    .select({ id: goods.id, name: goods.goodsName, shopId: goods.shopId, shopName: goods.shopName, price: goods.priceCents })
    .from(goods)
    .where(and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1)))
    .orderBy(asc(goods.id))
    .limit(EVENTS.length * 2);
  if (items.length < EVENTS.length) return;
  const pintuanOrders = await ctx.db
    .select({ sn: orders.sn, status: orders.status, memberName: orders.memberName, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.orderType, 'PINTUAN'))
    .orderBy(asc(orders.id));
  const paid = pintuanOrders.filter((order) => order.status === 'PAID_OFF');
  const formed = pintuanOrders.filter((order) => order.status === 'FORMED');
  // Paid group orders are dealt round by round: every group that started gets one (a running group's
  // leader has paid, a failed group has a buyer to pay back) before a running group fills up.
  const needs = EVENTS.map(([, start, end, closed, required]) => (start > 0 ? 0 : !closed && end > 0 ? Math.max(1, required - 1) : 1));
  const dealt = needs.map(() => [] as typeof paid);
  for (let round = 0; paid.length > 0 && round < Math.max(...needs); round++) {
    for (const [index, need] of needs.entries()) {
      const order = round < need ? paid.shift() : undefined;
      if (order) dealt[index].push(order);
    }
  }
  for (const [index, [name, start, end, closed, required, mocker]] of EVENTS.entries()) {
    const item = items[index * 2] ?? items[index];
    const [event] = await ctx.db
      .insert(pintuans)
      .values({
        name,
        title: `${required}人成团，限时特惠`,
        shopId: item.shopId,
        shopName: item.shopName,
        startAt: new Date(now.getTime() + start * DAY_MS),
        endAt: new Date(now.getTime() + end * DAY_MS),
        requiredNum: required,
        limitHours: 24,
        enableMocker: mocker,
        closedAt: closed ? new Date(now.getTime() - DAY_MS) : null,
        // set up three days before it starts, or yesterday for one that starts sooner: never in the future
        createdAt: new Date(now.getTime() + Math.min(start - 3, -1) * DAY_MS),
      })
      .returning({ id: pintuans.id });
    await ctx.db.insert(pintuanGoods).values({ pintuanId: event.id, goodsId: item.id, goodsName: item.name, originPriceCents: item.price, salesPriceCents: Math.round(item.price * 0.8), soldNum: index * 7 });
    if (start > 0) continue;
    const running = !closed && end > 0;
    const joined = dealt[index];
    const done = formed.splice(0, required);
    const failedAt = new Date(now.getTime() + Math.min(end, -1) * DAY_MS);
    await ctx.db.insert(pintuanGroups).values([
      {
        pintuanId: event.id,
        leaderName: joined[0]?.memberName ?? '团长',
        requiredNum: required,
        joinedNum: Math.max(1, joined.length),
        status: running ? 'FORMING' : 'FAILED',
        refundPending: running ? 0 : 1,
        orderSns: joined.map((order) => order.sn),
        failedAt: running ? null : failedAt,
        createdAt: new Date(now.getTime() + start * DAY_MS + HOUR_MS),
      },
      {
        pintuanId: event.id,
        leaderName: done[0]?.memberName ?? '团长',
        requiredNum: required,
        joinedNum: required,
        status: 'FORMED',
        orderSns: done.map((order) => order.sn),
        createdAt: new Date(now.getTime() + start * DAY_MS + 2 * HOUR_MS),
      },
    ]);
    // a failed group's buyers are being paid back: the system's order cancels wait for the platform's refund
    if (!running && joined.length > 0) {
      // opened once the group has failed and its orders were paid, never later than now
      const lastPaid = Math.max(...joined.map((order) => order.paidAt?.getTime() ?? 0));
      const openedAt = new Date(Math.min(now.getTime() - 60_000, Math.max(failedAt.getTime(), lastPaid + 10 * 60_000)));
      await ctx.db.transaction((tx) => openFailedGroupRefunds(tx, joined.map((order) => order.sn), openedAt));
      // an order leaving PAID_OFF no longer counts as sold (goods.buy_count, as the orders seed counts it)
      const unsold = ctx.db.select({ id: orders.id }).from(orders).where(and(inArray(orders.sn, joined.map((order) => order.sn)), eq(orders.status, 'AFTER_SERVICE')));
      await ctx.db.execute(sql`update goods set buy_count = buy_count - s.num from (select goods_id, sum(num)::int as num from ${orderItems} where ${inArray(orderItems.orderId, unsold)} group by goods_id) s where goods.id = s.goods_id`);
    }
  }
}
