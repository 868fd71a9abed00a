import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../../db/tables.js';
import { planWithoutSeqScan } from '../../test/plans.js';
import { orderWhere } from '../orders/service.js';
import { exchangeOrderFilter } from './exchange-orders.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { hashPassword, md5 } from '../../platform/passwords.js';
import { goods, goodsSkus } from '../goods/tables.js';
import { memberLedger, members } from '../members/tables.js';
import { orderLogs, orders, payments } from '../orders/tables.js';
import { exchangeCats, exchangeGoods } from './points-tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

let serial = 0;
async function member(points: number) {
  serial += 1;
  const [row] = await t.ctx.db
    .insert(members)
    .values({ uname: `exch${serial}`, mobile: `137${String(serial).padStart(8, '0')}`, passwordHash: await hashPassword(md5('secret1')), consumPoint: points })
    .returning();
  return row;
}

/** An exchange goods item with one SKU of `stock`, at `point` points and `money` cents. */
async function exchangeItem(point: number, money: number, stock = 10) {
  const shop = await insertShop(t.ctx);
  const category = await insertCategory(t.ctx);
  const item = await insertGoods(t.ctx, shop, category, { goodsName: `积分兑换品${serial}`, quantity: stock, enableQuantity: stock });
  const [sku] = await t.ctx.db.insert(goodsSkus).values({ goodsId: item.id, sn: `${item.sn}-1`, propertiesName: '颜色:白色', priceCents: item.priceCents, quantity: stock, enableQuantity: stock }).returning();
  const [cat] = await t.ctx.db.insert(exchangeCats).values({ name: `兑换分类${item.id}` }).returning();
  await t.ctx.db.insert(exchangeGoods).values({ goodsId: item.id, catId: cat.id, exchangePoint: point, exchangeMoneyCents: money });
  return { item, sku };
}

const address = { ship_name: '张三', ship_mobile: '13800138000', ship_region: '上海 浦东新区', ship_addr: '世纪大道100号' };
const exchange = (uname: string, goodsId: number, skuId: number, num = 1, password = 'secret1') =>
  t.inject({ method: 'POST', url: '/api/buyer/exchange', payload: { uname, password: md5(password), goods_id: goodsId, sku_id: skuId, num, ...address } });

const pointsOf = async (id: number) => (await t.ctx.db.select({ p: members.consumPoint }).from(members).where(eq(members.id, id)))[0].p;
const stockOf = async (skuId: number) => (await t.ctx.db.select({ q: goodsSkus.enableQuantity }).from(goodsSkus).where(eq(goodsSkus.id, skuId)))[0].q;
const ordersOf = (memberId: number) => t.ctx.db.select().from(orders).where(eq(orders.memberId, memberId));

describe('exchange orders', () => {
  it('takes the points and the stock, makes an EXCHANGE order waiting for its cash part, listed by type and counted on the exchange goods; a cancel gives both back', async () => {
    const buyer = await member(1000);
    const { item, sku } = await exchangeItem(300, 990);
    const response = await exchange(buyer.uname, item.id, sku.id, 2);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ order_status: 'CONFIRM', point: 600, need_pay_money: 19.8, consum_point: 400 });
    expect(await pointsOf(buyer.id)).toBe(400);
    expect(await stockOf(sku.id)).toBe(8);
    const [ledger] = await t.ctx.db.select().from(memberLedger).where(and(eq(memberLedger.memberId, buyer.id), eq(memberLedger.refSn, result.order_sn)));
    expect(ledger).toMatchObject({ kind: 'POINT', amount: -600, balanceAfter: 400, operatorType: 'ORDER' });

    const list = await t.inject({ method: 'GET', url: '/api/admin/trade/orders', session: founder, query: { order_type: 'EXCHANGE', member_id: String(buyer.id) } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ sn: result.order_sn, order_type: 'EXCHANGE', order_status_text: '待付款', need_pay_money: 19.8 })]);
    const normal = await t.inject({ method: 'GET', url: '/api/admin/trade/orders', session: founder, query: { order_type: 'NORMAL', member_id: String(buyer.id) } });
    expect(normal.json().data).toHaveLength(0);
    const detail = (await t.inject({ method: 'GET', url: `/api/admin/trade/orders/${result.order_sn}`, session: founder })).json();
    expect(detail).toMatchObject({ point: 600, goods_price: 19.8, items: [expect.objectContaining({ sku_id: sku.id, num: 2, price: 9.9, spec: '颜色:白色' })], allowable: { allow_pay: true, allow_cancel: true } });

    const exchanged = async () => (await t.inject({ method: 'GET', url: '/api/admin/promotion/exchange-goods', session: founder, query: { goods_name: item.goodsName } })).json().data[0].exchange_num;
    expect(await exchanged()).toBe(2);

    const cancel = await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${result.order_sn}/cancelled`, session: founder });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await exchanged()).toBe(0);
    expect(await pointsOf(buyer.id)).toBe(1000);
    expect(await stockOf(sku.id)).toBe(10);
    const back = await t.ctx.db.select().from(memberLedger).where(and(eq(memberLedger.memberId, buyer.id), eq(memberLedger.refSn, result.order_sn), eq(memberLedger.amount, 600)));
    expect(back).toHaveLength(1);
    expect(back[0].reason).toBe('订单取消，退还积分（管理员取消）');
  });

  it('pays an order with no cash part at once, which then cannot be cancelled directly', async () => {
    const buyer = await member(500);
    const { item, sku } = await exchangeItem(500, 0);
    const response = await exchange(buyer.uname, item.id, sku.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ order_status: 'PAID_OFF', need_pay_money: 0, consum_point: 0 });
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ status: 'PAID_OFF', payStatus: 'PAY_YES', orderType: 'EXCHANGE', paymentMethodName: '积分兑换', point: 500 });
    // paid by its points: no payment row, so nothing of 0.00 in the collections
    expect(await t.ctx.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    const collections = await t.inject({ method: 'GET', url: '/api/admin/trade/orders/pay-log', session: founder, query: { keyword: order.sn } });
    expect(collections.statusCode, collections.body).toBe(200);
    expect(collections.json().data).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/api/admin/trade/orders/${order.sn}`, session: founder })).json()).toMatchObject({ payments: [], payment_method_name: '积分兑换', point: 500 });
    // the shop's bill reads orders, not payment rows: the order is billed once, with no income and no commission
    await t.ctx.db.update(orders).set({ paidAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, order.id));
    const cut = await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${item.shopId}`, session: founder });
    expect(cut.statusCode, cut.body).toBe(200);
    const [billId] = cut.json().bill_ids;
    expect((await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}`, session: founder })).json()).toMatchObject({ order_count: 1, price: 0, commi_price: 0, bill_price: 0 });
    const billed = (await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}/PAYMENT`, session: founder })).json();
    expect(billed.data).toEqual([expect.objectContaining({ order_sn: order.sn, price: 0, commi_price: 0, payment_method_name: '积分兑换' })]);
    const logs = await t.ctx.db.select({ status: orderLogs.status }).from(orderLogs).where(eq(orderLogs.orderId, order.id));
    expect(logs.map((log) => log.status)).toEqual(['NEW', 'CONFIRM', 'PAID_OFF']);
    expect((await t.ctx.db.select({ n: goods.buyCount }).from(goods).where(eq(goods.id, item.id)))[0].n).toBe(1);
    const cancel = await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${order.sn}/cancelled`, session: founder });
    expect(cancel.json().message).toBe('订单已付款状态不能进行取消操作');
    expect(await pointsOf(buyer.id)).toBe(0);
  });

  it('an exchange with a cash part is collected like any order: one payment row of the cash part, in the collections', async () => {
    const buyer = await member(300);
    const { item, sku } = await exchangeItem(100, 250);
    const { order_sn: sn } = (await exchange(buyer.uname, item.id, sku.id, 2)).json();
    const pay = await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${sn}/pay`, session: founder, query: { pay_price: '5' } });
    expect(pay.statusCode, pay.body).toBe(200);
    const collections = (await t.inject({ method: 'GET', url: '/api/admin/trade/orders/pay-log', session: founder, query: { keyword: sn } })).json();
    expect(collections.data).toEqual([expect.objectContaining({ order_sn: sn, pay_money: 5 })]);
  });

  it('refuses, changing nothing: goods no longer exchangeable, too few points, short stock, a SKU of other goods, a wrong password', async () => {
    const buyer = await member(100);
    const { item, sku } = await exchangeItem(80, 0, 5);
    const other = await exchangeItem(10, 0);
    const cases: [() => ReturnType<typeof exchange>, string][] = [
      [() => exchange(buyer.uname, item.id, sku.id, 2), '会员积分不足，当前积分100'],
      [() => exchange(buyer.uname, other.item.id, other.sku.id, 20), '商品库存不足，当前可兑换10件'],
      [() => exchange(buyer.uname, item.id, other.sku.id), '商品规格不存在'],
      [() => exchange(buyer.uname, item.id, sku.id, 1, 'wrong'), '会员名称或密码错误'],
    ];
    for (const [call, message] of cases) expect((await call()).json().message).toBe(message);
    // taken off sale: the goods leave the points mall, and the exchange with them
    expect((await t.inject({ method: 'PUT', url: `/api/admin/goods/${item.id}/under`, session: founder, query: { reason: '违规' } })).statusCode).toBe(200);
    expect((await exchange(buyer.uname, item.id, sku.id)).json().message).toBe('该商品不是积分商品或已下架');
    expect(await pointsOf(buyer.id)).toBe(100);
    expect(await stockOf(sku.id)).toBe(5);
    expect(await stockOf(other.sku.id)).toBe(10);
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });

  it('two exchanges racing for the last points: exactly one wins', async () => {
    const buyer = await member(100);
    const { item, sku } = await exchangeItem(100, 0);
    const results = await Promise.all([exchange(buyer.uname, item.id, sku.id), exchange(buyer.uname, item.id, sku.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().message).toBe('会员积分不足，当前积分0');
    expect(await pointsOf(buyer.id)).toBe(0);
    expect(await stockOf(sku.id)).toBe(9);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('two members racing for the last piece: exactly one wins', async () => {
    const [first, second] = [await member(100), await member(100)];
    const { item, sku } = await exchangeItem(50, 100, 1);
    const results = await Promise.all([exchange(first.uname, item.id, sku.id), exchange(second.uname, item.id, sku.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().message).toBe('商品库存不足，当前可兑换0件');
    expect(await stockOf(sku.id)).toBe(0);
    expect((await pointsOf(first.id)) + (await pointsOf(second.id))).toBe(150);
    expect([...(await ordersOf(first.id)), ...(await ordersOf(second.id))]).toHaveLength(1);
  });
});

describe('the points mall’s exchange order list', () => {
  const listOf = (query: Record<string, string>, session: Session = founder) => t.inject({ method: 'GET', url: '/api/admin/promotion/exchange-orders', session, query });

  it('lists the exchange orders only, with member, goods, points and cash part; by sn or member, state and created range; exported behind the second step', async () => {
    const buyer = await member(1000);
    const { item, sku } = await exchangeItem(200, 150);
    const { order_sn: waiting } = (await exchange(buyer.uname, item.id, sku.id, 2)).json();
    const free = await exchangeItem(100, 0);
    const { order_sn: paid } = (await exchange(buyer.uname, free.item.id, free.sku.id)).json();
    // an ordinary order of the same member stays out
    const [normal] = await t.ctx.db.insert(orders).values({ sn: `N${buyer.id}${Date.now()}`.slice(0, 20), shopId: item.shopId, shopName: item.shopName, memberId: buyer.id, memberName: buyer.uname, status: 'CONFIRM' }).returning();

    const byMember = await listOf({ keyword: buyer.uname });
    expect(byMember.statusCode, byMember.body).toBe(200);
    expect(byMember.json().data).toEqual([
      expect.objectContaining({ sn: paid, member_name: buyer.uname, goods_names: free.item.goodsName, point: 100, order_amount: 0, order_type: 'EXCHANGE', order_status: 'PAID_OFF' }),
      expect.objectContaining({ sn: waiting, member_name: buyer.uname, goods_names: item.goodsName, point: 400, order_amount: 3, order_type: 'EXCHANGE', order_status: 'CONFIRM' }),
    ]);
    expect(byMember.json().data.map((row: { sn: string }) => row.sn)).not.toContain(normal.sn);
    expect((await listOf({ keyword: waiting })).json().data.map((row: { sn: string }) => row.sn)).toEqual([waiting]);
    expect((await listOf({ keyword: buyer.uname, order_status: 'WAIT_PAY' })).json().data.map((row: { sn: string }) => row.sn)).toEqual([waiting]);
    const future = String(Math.floor(Date.now() / 1000) + 86_400);
    expect((await listOf({ keyword: buyer.uname, start_time: future })).json().data).toEqual([]);
    expect((await listOf({ start_time: future, end_time: '1' })).json().message).toBe('开始时间不能晚于结束时间');

    // its permission, not the order list's
    const { session: orderLister } = await t.adminWithPermissions(founder, ['order', 'orderList']);
    expect((await listOf({}, orderLister)).statusCode).toBe(403);
    const { session: mall } = await t.adminWithPermissions(founder, ['promotions', 'pointsMall', 'exchangeOrders']);
    expect((await listOf({ keyword: buyer.uname }, mall)).json().data).toHaveLength(2);

    const url = '/api/admin/promotion/exchange-orders/export';
    expect((await t.inject({ method: 'POST', url, session: founder, payload: { keyword: buyer.uname } })).statusCode).toBe(428);
    const queued = await t.inject({ method: 'POST', url, session: await t.verifiedSession(), payload: { keyword: buyer.uname } });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(await t.ctx.jobs.runNext()).toMatchObject({ kind: 'exchange-order.export', status: 'done' });
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, queued.json().task_id));
    expect(job.filterSummary).toContain(`订单编号或会员：${buyer.uname}`);
    expect(job.resultRows).toBe(2);
  });

  it('reads a member keyword inside the order type’s index', async () => {
    const where = orderWhere(exchangeOrderFilter({ keyword: '张三', page_no: 1, page_size: 20, sort: 'create_time', order: 'desc' }));
    const plan = await planWithoutSeqScan(t.ctx.db, t.ctx.db.select().from(orders).where(where).orderBy(sql`created_at desc, id desc`).limit(20));
    expect(plan).toContain('orders_type_created_idx');
  });
});
