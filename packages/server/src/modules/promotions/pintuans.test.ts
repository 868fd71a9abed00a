import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { failEndedGroups } from './pintuans.js';
import { pintuanGroups, pintuans } from './tables.js';
import { orderItems, orderLogs, orders, payments } from '../orders/tables.js';
import { afterSaleLogs, afterSales, refunds } from '../aftersales/tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const HOUR_MS = 3_600_000;
let names = 0;
const api = (method: 'GET' | 'PUT', url: string) => t.inject({ method, url: `/api/admin/promotion/pintuan${url}`, session: founder });

/** An event from `start` to `end` hours from now, with one group forming and one formed. */
async function insertEvent(start: number, end: number, closed = false) {
  const now = Date.now();
  const [event] = await t.ctx.db
    .insert(pintuans)
    .values({ name: `拼团${++names}`, shopId: 1, shopName: '测试店铺', startAt: new Date(now + start * HOUR_MS), endAt: new Date(now + end * HOUR_MS), requiredNum: 3, limitHours: 24, closedAt: closed ? new Date(now) : null })
    .returning();
  await t.ctx.db.insert(pintuanGroups).values([
    { pintuanId: event.id, leaderName: '团长甲', requiredNum: 3, joinedNum: 2, orderSns: ['PT1', 'PT2'] },
    { pintuanId: event.id, leaderName: '团长乙', requiredNum: 3, joinedNum: 3, status: 'FORMED', orderSns: ['PT3', 'PT4', 'PT5'] },
  ]);
  return event;
}
const groups = async (id: number) => t.ctx.db.select().from(pintuanGroups).where(eq(pintuanGroups.pintuanId, id)).orderBy(pintuanGroups.id);

describe('group buys', () => {
  it('closes a running event inside its window, failing the groups still forming for a refund, and opens it again', async () => {
    const event = await insertEvent(-2, 20);
    expect((await api('GET', `/${event.id}`)).json()).toMatchObject({ status: 'UNDERWAY', option_status: 'CAN_CLOSE', groups: [{ status: 'FORMING' }, { status: 'FORMED' }] });
    expect((await api('PUT', `/${event.id}/open/open-close`)).json().message).toBe('活动未关闭，无需开启');
    expect((await api('PUT', `/${event.id}/close/open-close`)).statusCode).toBe(200);
    expect((await groups(event.id)).map((group) => [group.status, group.refundPending])).toEqual([['FAILED', 1], ['FORMED', 0]]);
    expect((await api('GET', `/${event.id}`)).json()).toMatchObject({ status: 'END', option_status: 'CAN_OPEN' });
    expect((await api('PUT', `/${event.id}/close/open-close`)).json().message).toBe('活动未在进行中，无法关闭');
    expect((await api('PUT', `/${event.id}/open/open-close`)).statusCode).toBe(200);
    expect((await api('GET', `?status=UNDERWAY&name=${encodeURIComponent(event.name)}`)).json().data).toMatchObject([{ promotion_id: event.id }]);
  });

  it('refuses to open or close outside the window, changing nothing', async () => {
    const ended = await insertEvent(-20, -2);
    const waiting = await insertEvent(5, 20);
    for (const [event, opera] of [[ended, 'close'], [ended, 'open'], [waiting, 'close']] as const) {
      const refused = await api('PUT', `/${event.id}/${opera}/open-close`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('非活动时间，无法开启/关闭活动');
    }
    expect((await groups(waiting.id))[0].status).toBe('FORMING');
    expect((await api('GET', `/${ended.id}`)).json()).toMatchObject({ status: 'END', option_status: 'NOTHING' });
    expect((await api('PUT', '/1/shut/open-close')).statusCode).toBe(400);
  });

  it('fails the unformed groups of ended events once, from the scheduled task', async () => {
    const ended = await insertEvent(-30, -1);
    const running = await insertEvent(-1, 10);
    expect(await failEndedGroups(t.ctx, new Date())).toBeGreaterThanOrEqual(1);
    expect((await groups(ended.id))[0]).toMatchObject({ status: 'FAILED', refundPending: 1 });
    expect((await groups(running.id))[0].status).toBe('FORMING');
    expect(await failEndedGroups(t.ctx, new Date())).toBe(0);
  });

  it('gives the buyers of a group that failed their money back through the after-sale flow: the system opens the order cancel, the platform refunds it', async () => {
    const now = Date.now();
    const paid = async (n: number) => {
      const [order] = await t.ctx.db
        .insert(orders)
        .values({ sn: `2026050100${String(n).padStart(8, '0')}`, shopId: 1, shopName: '测试店铺', memberId: 7, memberName: 'buyer7', orderType: 'PINTUAN', status: 'PAID_OFF', payStatus: 'PAY_YES', goodsNum: 1, goodsCents: 8_000, balanceCents: 1_000, needPayCents: 7_000, paidCents: 7_000, paidAt: new Date(now - HOUR_MS), goodsNames: '拼团水杯' })
        .returning();
      await t.ctx.db.insert(orderItems).values({ orderId: order.id, goodsId: 1, skuId: 0, goodsName: '拼团水杯', priceCents: 8_000, num: 1, subtotalCents: 8_000 });
      await t.ctx.db.insert(payments).values({ orderId: order.id, orderSn: order.sn, method: 'alipay', amountCents: 7_000, tradeNo: `PT${n}`, paidAt: new Date(now - HOUR_MS) });
      return order;
    };
    const [first, second] = [await paid(++names), await paid(++names)];
    const [event] = await t.ctx.db
      .insert(pintuans)
      .values({ name: `拼团${++names}`, shopId: 1, shopName: '测试店铺', startAt: new Date(now - 2 * HOUR_MS), endAt: new Date(now + 20 * HOUR_MS), requiredNum: 3, limitHours: 24 })
      .returning();
    await t.ctx.db.insert(pintuanGroups).values({ pintuanId: event.id, leaderName: 'buyer7', requiredNum: 3, joinedNum: 2, orderSns: [first.sn, second.sn] });

    expect((await api('PUT', `/${event.id}/close/open-close`)).statusCode).toBe(200);
    const services = await t.ctx.db.select().from(afterSales).where(eq(afterSales.orderId, first.id));
    expect(services).toMatchObject([{ serviceType: 'ORDER_CANCEL', createChannel: 'PINTUAN', status: 'WAIT_FOR_MANUAL' }]);
    const [service] = services;
    expect((await t.ctx.db.select().from(refunds).where(eq(refunds.serviceId, service.id)))[0]).toMatchObject({ refundWay: 'ORIGINAL', refundCents: 8_000, refundStatus: 'APPLY' });
    expect((await t.ctx.db.select().from(afterSaleLogs).where(eq(afterSaleLogs.serviceId, service.id))).map((log) => log.status)).toEqual(['APPLY', 'PASS', 'STOCK_IN', 'WAIT_FOR_MANUAL']);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, first.id)))[0].status).toBe('AFTER_SERVICE');
    expect(await t.ctx.db.select().from(afterSales).where(eq(afterSales.orderId, second.id))).toHaveLength(1);

    // The platform pays it back: the order ends cancelled and refunded.
    const refunded = await t.inject({ method: 'POST', url: `/api/admin/after-sales/refund/${service.sn}`, session: founder, query: { refund_price: '80.00', remark: '拼团失败退款' } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, first.id)))[0]).toMatchObject({ status: 'CANCELLED', payStatus: 'REFUNDED' });
    expect((await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, first.id))).map((log) => log.status)).toEqual(['AFTER_SERVICE', 'CANCELLED']);
    // the group's refund is pending until its last order is paid back
    const pending = async () => ((await api('GET', `/${event.id}`)).json() as { groups: { refund_pending: number }[] }).groups[0].refund_pending;
    expect(await pending()).toBe(1);
    const [other] = await t.ctx.db.select().from(afterSales).where(eq(afterSales.orderId, second.id));
    expect((await t.inject({ method: 'POST', url: `/api/admin/after-sales/refund/${other.sn}`, session: founder, query: { refund_price: '80.00', remark: '拼团失败退款' } })).statusCode).toBe(200);
    expect(await pending()).toBe(0);
    // Closed again after opening, the group has failed once: nothing is opened twice.
    expect((await api('PUT', `/${event.id}/open/open-close`)).statusCode).toBe(200);
    expect((await api('PUT', `/${event.id}/close/open-close`)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(afterSales).where(eq(afterSales.orderId, second.id))).toHaveLength(1);
  });

  it('lets one of two operators closing at once win', async () => {
    const event = await insertEvent(-1, 10);
    const results = await Promise.all([api('PUT', `/${event.id}/close/open-close`), api('PUT', `/${event.id}/close/open-close`)]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
  });
});
