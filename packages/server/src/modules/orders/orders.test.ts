import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { OrderDetail, OrderRow, Page } from '@agora/contract';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { planWithoutSeqScan } from '../../test/plans.js';
import { goods } from '../goods/tables.js';
import { memberLedger, members } from '../members/tables.js';
import { jobs } from '../../db/tables.js';
import { orderItems, orderLogs, orders, payments } from './tables.js';
import { orderWhere, runTimeouts } from './service.js';
import { goodsComments } from '../sale/tables.js';
import { AUTO_REVIEW_TEXT } from '../sale/comments.js';
import { expireComplaintWindows } from '../sale/complaints.js';
import { ORDER_SETTINGS_DEFAULT, SETTINGS_KEYS, SITE_DEFAULTS } from '@agora/contract';
import { writeSetting } from '../../platform/settings.js';
import { scheduledTasks } from '../../db/tables.js';
import { ORDER_SETTINGS_KEY, TEST_MODE_TICK_SECONDS } from './timing.js';

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;
let verified: Session;
let shop: Awaited<ReturnType<typeof insertShop>>;
let product: Awaited<ReturnType<typeof insertGoods>>;
let buyerId: number;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
  verified = await t.verifiedSession();
  shop = await insertShop(t.ctx, { commissionRate: 10 });
  product = await insertGoods(t.ctx, shop, await insertCategory(t.ctx), { goodsName: '无线降噪耳机', enableQuantity: 5, quantity: 10 });
  const [buyer] = await t.ctx.db.insert(members).values({ uname: 'buyer1', mobile: '13800000001', balanceCents: 1000 }).returning();
  buyerId = buyer.id;
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

let sequence = 0;

/** One order with one line of `product` (2 × 50.00, shipping 10.00), in the state given. */
async function insertOrder(fields: Partial<typeof orders.$inferInsert> = {}) {
  const n = ++sequence;
  const balanceCents = fields.balanceCents ?? 0;
  const [order] = await t.ctx.db
    .insert(orders)
    .values({
      sn: `2026010100${String(n).padStart(8, '0')}`,
      shopId: shop.id,
      shopName: shop.shopName,
      memberId: buyerId,
      memberName: 'buyer1',
      status: 'CONFIRM',
      goodsNum: 2,
      goodsCents: 10_000,
      shippingCents: 1_000,
      needPayCents: 11_000 - balanceCents,
      shipName: `收货人${n}`,
      goodsNames: product.goodsName,
      ...fields,
    })
    .returning();
  await t.ctx.db.insert(orderItems).values({ orderId: order.id, goodsId: product.id, skuId: 0, goodsName: product.goodsName, priceCents: 5_000, num: 2, subtotalCents: 10_000 });
  await t.ctx.db.insert(orderLogs).values({ orderId: order.id, status: 'NEW', message: '买家提交订单', operatorType: 'BUYER', operatorName: 'buyer1', createdAt: order.createdAt });
  return order;
}

const detail = async (sn: string, session = founder) => {
  const response = await t.inject({ method: 'GET', url: `/api/admin/trade/orders/${sn}`, session });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderDetail;
};
const act = (sn: string, action: 'pay' | 'cancelled' | 'complete' | 'service', query: Record<string, string> = {}, session = founder) =>
  t.inject({ method: 'POST', url: `/api/admin/trade/orders/${sn}/${action}`, session, query });
const list = async (query: Record<string, string>) => {
  const response = await t.inject({ method: 'GET', url: '/api/admin/trade/orders', session: founder, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<OrderRow>;
};
const logCount = async (orderId: number) => (await t.ctx.db.select({ n: count() }).from(orderLogs).where(eq(orderLogs.orderId, orderId)))[0].n;
const record = async (id: number) => (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('the order list', () => {
  it('filters by status tag with their raw-state mapping, keyword, shop, payment type, client and created range', async () => {
    const newOnline = await insertOrder({ status: 'NEW', shipName: '欧阳锋' });
    const confirmOnline = await insertOrder({ status: 'CONFIRM', client: 'APP' });
    const confirmCod = await insertOrder({ status: 'CONFIRM', paymentType: 'COD' });
    const rogCod = await insertOrder({ status: 'ROG', paymentType: 'COD', shipStatus: 'SHIP_ROG' });
    const paid = await insertOrder({ status: 'PAID_OFF', payStatus: 'PAY_YES' });
    const pintuanPaid = await insertOrder({ status: 'PAID_OFF', orderType: 'PINTUAN', payStatus: 'PAY_YES' });
    const formed = await insertOrder({ status: 'FORMED', orderType: 'PINTUAN', payStatus: 'PAY_YES' });
    const shipped = await insertOrder({ status: 'SHIPPED', shipStatus: 'SHIP_YES' });
    const uncommented = await insertOrder({ status: 'COMPLETE', shipStatus: 'SHIP_ROG', goodsNames: '机械键盘\n鼠标垫', createdAt: new Date(Date.now() - 40 * DAY_MS) });
    const commented = await insertOrder({ status: 'COMPLETE', shipStatus: 'SHIP_ROG', commentStatus: 'FINISHED' });
    const cancelled = await insertOrder({ status: 'CANCELLED' });
    const mine = [newOnline, confirmOnline, confirmCod, rogCod, paid, pintuanPaid, formed, shipped, uncommented, commented, cancelled];
    const ids = (page: Page<OrderRow>) => page.data.map((row) => row.order_id).filter((id) => mine.some((order) => order.id === id)).sort((a, b) => a - b);
    const sorted = (...rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
    const tag = (order_status: string) => list({ order_status, seller_id: String(shop.id), page_size: '100' });

    expect(ids(await tag('WAIT_PAY'))).toEqual(sorted(newOnline, confirmOnline, rogCod));
    expect(ids(await tag('WAIT_SHIP'))).toEqual(sorted(confirmCod, paid, formed));
    expect(ids(await tag('WAIT_ROG'))).toEqual(sorted(shipped));
    expect(ids(await tag('WAIT_COMMENT'))).toEqual(sorted(rogCod, uncommented));
    expect(ids(await tag('COMPLETE'))).toEqual(sorted(uncommented, commented));
    expect(ids(await tag('CANCELLED'))).toEqual(sorted(cancelled));

    // keyword: order sn, consignee or a goods name
    expect(ids(await list({ keyword: newOnline.sn }))).toEqual(sorted(newOnline));
    expect(ids(await list({ keyword: newOnline.sn.slice(2) }))).toEqual(sorted(newOnline));
    expect(ids(await list({ keyword: '欧阳' }))).toEqual(sorted(newOnline));
    expect(ids(await list({ keyword: '键盘' }))).toEqual(sorted(uncommented));
    expect(ids(await list({ keyword: '%' }))).toEqual([]);
    // a long sn is found by its last 12 digits through the index and checked whole: an order sharing only the tail is not found
    const twin = await insertOrder({ sn: `2025${newOnline.sn.slice(4)}` });
    mine.push(twin);
    expect(ids(await list({ keyword: newOnline.sn }))).toEqual(sorted(newOnline));
    expect(ids(await list({ keyword: newOnline.sn.slice(-13) }))).toEqual(sorted(newOnline, twin));
    expect(ids(await list({ payment_type: 'COD', page_size: '100' }))).toEqual(sorted(confirmCod, rogCod));
    expect(ids(await list({ client_type: 'APP', page_size: '100' }))).toEqual(sorted(confirmOnline));
    const since = String(Math.floor((Date.now() - 10 * DAY_MS) / 1000));
    expect(ids(await list({ seller_id: String(shop.id), start_time: since, page_size: '100' }))).not.toContain(uncommented.id);

    const rows = (await tag('WAIT_PAY')).data;
    const row = (id: number) => rows.find((r) => r.order_id === id)!;
    // contextual status words; the cancel countdown only for unpaid online orders (1 day by default)
    expect(row(confirmOnline.id).order_status_text).toBe('待付款');
    expect(row(newOnline.id).cancel_left_time).toBeGreaterThan(86_000);
    expect(row(newOnline.id).cancel_left_time).toBeLessThanOrEqual(86_400);
    expect(row(rogCod.id).cancel_left_time).toBeNull();
    expect((await tag('WAIT_SHIP')).data.find((r) => r.order_id === paid.id)!.order_status_text).toBe('待发货');
  });

  it('reads the keyword through trigram indexes, a short one through its pieces, and each tag through its index', async () => {
    const planOf = async (text: string) => planWithoutSeqScan(t.ctx.db, t.ctx.db.select().from(orders).where(orderWhere({ keyword: text, page_no: 1, page_size: 20, sort: 'create_time', order: 'desc' })));
    // Characters no sn has: the consignee's and the goods names' indexes only.
    const keywordPlan = await planOf('蓝牙耳机');
    for (const index of ['orders_ship_name_trgm_idx', 'orders_goods_names_trgm_idx']) expect(keywordPlan).toContain(index);
    expect(keywordPlan).not.toContain('orders_sn_trgm_idx');
    // Two characters have no trigram: their pieces' indexes (pg_trgm would read its whole index).
    const shortPlan = await planOf('耳机');
    for (const index of ['orders_ship_name_grams_idx', 'orders_goods_names_grams_idx']) expect(shortPlan).toContain(index);
    expect(shortPlan).not.toContain('trgm');
    // A few digits may be part of an sn or a name.
    const digitsPlan = await planOf('2026');
    for (const index of ['orders_sn_trgm_idx', 'orders_ship_name_trgm_idx', 'orders_goods_names_trgm_idx']) expect(digitsPlan).toContain(index);
    // An sn-shaped keyword (digits only) reads the sn's index alone.
    const snKeyword = orderWhere({ keyword: '2026112400', page_no: 1, page_size: 20, sort: 'create_time', order: 'desc' });
    const snPlan = await planWithoutSeqScan(t.ctx.db, t.ctx.db.select().from(orders).where(snKeyword));
    expect(snPlan).toContain('orders_sn_trgm_idx');
    expect(snPlan).not.toContain('orders_ship_name_trgm_idx');
    expect(snPlan).not.toContain('orders_goods_names_trgm_idx');
    for (const [tagName, index] of [['WAIT_PAY', 'orders_wait_pay_idx'], ['WAIT_SHIP', 'orders_wait_ship_idx'], ['WAIT_COMMENT', 'orders_wait_comment_idx']] as const) {
      const where = orderWhere({ order_status: tagName, page_no: 1, page_size: 20, sort: 'create_time', order: 'desc' });
      const plan = await planWithoutSeqScan(t.ctx.db, t.ctx.db.select().from(orders).where(where).orderBy(sql`created_at desc, id desc`).limit(20));
      expect(plan, tagName).toContain(index);
    }
  });

  it('is refused to a role without orderList, and the detail to one without orderDetail', async () => {
    const { session } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/trade/orders', session })).statusCode).toBe(403);
    const order = await insertOrder();
    expect((await t.inject({ method: 'GET', url: `/api/admin/trade/orders/${order.sn}`, session })).statusCode).toBe(403);
    expect((await act(order.sn, 'cancelled', {}, session)).statusCode).toBe(403);
    const { session: lister } = await t.adminWithPermissions(founder, ['order', 'orderList']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/trade/orders', session: lister })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/admin/trade/orders/bad-sn!', session: founder })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/admin/trade/orders/99999999', session: founder })).json().message).toBe('订单不存在');
  });
});

describe('the order detail and its transitions', () => {
  it('shows amounts to the cent with the pre-deposit used, and only what the flow allows now', async () => {
    const order = await insertOrder({ status: 'CONFIRM', balanceCents: 333, needReceipt: 1, receiptType: 'ELECTRO', receiptTitle: '个人', receiptContent: '商品明细' });
    const shown = await detail(order.sn);
    expect(shown).toMatchObject({ goods_price: 100, shipping_price: 10, balance: 3.33, need_pay_money: 106.67, order_amount: 110, receipt: { type: 'ELECTRO', title: '个人' } });
    expect(shown.items).toEqual([expect.objectContaining({ name: '无线降噪耳机', price: 50, num: 2, subtotal: 100 })]);
    expect(shown.logs.map((log) => log.message)).toEqual(['买家提交订单']);
    expect(shown.allowable).toEqual({ allow_pay: true, allow_cancel: true, allow_complete: false, allow_service_expire: false });
    const allowable = async (fields: Partial<typeof orders.$inferInsert>) => (await detail((await insertOrder(fields)).sn)).allowable;
    expect(await allowable({ status: 'ROG', paymentType: 'COD' })).toEqual({ allow_pay: true, allow_cancel: false, allow_complete: false, allow_service_expire: false });
    expect(await allowable({ status: 'CONFIRM', paymentType: 'COD' })).toEqual({ allow_pay: false, allow_cancel: true, allow_complete: false, allow_service_expire: false });
    expect(await allowable({ status: 'PAID_OFF', orderType: 'PINTUAN' })).toEqual({ allow_pay: false, allow_cancel: false, allow_complete: false, allow_service_expire: false });
    expect(await allowable({ status: 'ROG' })).toEqual({ allow_pay: false, allow_cancel: false, allow_complete: true, allow_service_expire: false });
    expect(await allowable({ status: 'COMPLETE' })).toEqual({ allow_pay: false, allow_cancel: false, allow_complete: false, allow_service_expire: true });
    expect(await allowable({ status: 'COMPLETE', serviceStatus: 'EXPIRED' })).toEqual({ allow_pay: false, allow_cancel: false, allow_complete: false, allow_service_expire: false });
  });

  it('confirms receipt only for exactly need_pay_money, with the payment, log and statistics in one go', async () => {
    const order = await insertOrder({ status: 'CONFIRM', balanceCents: 1_000 });
    const wrong = await act(order.sn, 'pay', { pay_price: '110.00' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('付款金额和应付金额不一致');
    expect((await record(order.id)).status).toBe('CONFIRM');
    expect(await logCount(order.id)).toBe(1);

    const paid = await act(order.sn, 'pay', { pay_price: '100' });
    expect(paid.statusCode, paid.body).toBe(200);
    const shown = paid.json() as OrderDetail;
    expect(shown).toMatchObject({ order_status: 'PAID_OFF', pay_status: 'PAY_YES', pay_money: 100, payment_method_name: '预存款 + 管理员收款', allowable: { allow_pay: false, allow_cancel: false } });
    expect(shown.payments).toEqual([expect.objectContaining({ method: 'admin', amount: 100 })]);
    expect(shown.logs.at(-1)).toMatchObject({ status: 'PAID_OFF', message: '管理员确认收款：100.00元', op_type: 'ADMIN', op_name: 'admin' });
    expect((await record(order.id)).commissionCents).toBe(1_100);

    const again = await act(order.sn, 'pay', { pay_price: '100' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('订单已付款状态不能进行确认收款操作');
    expect(await t.ctx.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it('confirms receipt of a COD order once received: paid, and the goods are marked received', async () => {
    const shippedCod = await insertOrder({ status: 'SHIPPED', paymentType: 'COD', shipStatus: 'SHIP_YES' });
    const refused = await act(shippedCod.sn, 'pay', { pay_price: '110' });
    expect(refused.json().message).toBe('订单已发货状态不能进行确认收款操作');
    const cod = await insertOrder({ status: 'ROG', paymentType: 'COD', shipStatus: 'SHIP_YES' });
    const paid = await act(cod.sn, 'pay', { pay_price: '110' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ order_status: 'PAID_OFF', ship_status: 'SHIP_ROG', payment_method_name: '管理员收款', allowable: { allow_complete: true } });
    const completed = await act(cod.sn, 'complete');
    expect(completed.json()).toMatchObject({ order_status: 'COMPLETE', allowable: { allow_service_expire: true } });
    const expired = await act(cod.sn, 'service');
    expect(expired.json()).toMatchObject({ order_status: 'COMPLETE', service_status: 'EXPIRED', allowable: { allow_service_expire: false } });
    expect((await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, cod.id))).map((item) => item.serviceStatus)).toEqual(['EXPIRED']);
    expect((await act(cod.sn, 'service')).json().message).toBe('订单已完成状态不能进行售后过期操作');
    expect((await detail(cod.sn)).logs.map((log) => log.message).slice(1)).toEqual(['管理员确认收款：110.00元', '管理员完成订单', '管理员设置售后过期']);
  });

  it('cancels only NEW or CONFIRM orders, giving back the locked stock and the pre-deposit used', async () => {
    const before = (await t.ctx.db.select().from(members).where(eq(members.id, buyerId)))[0].balanceCents;
    const stock = (await t.ctx.db.select().from(goods).where(eq(goods.id, product.id)))[0].enableQuantity;
    const order = await insertOrder({ status: 'CONFIRM', balanceCents: 2_550 });
    const cancelled = await act(order.sn, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ order_status: 'CANCELLED', cancel_reason: '管理员取消' });
    expect((cancelled.json() as OrderDetail).logs.at(-1)).toMatchObject({ status: 'CANCELLED', message: '订单取消：管理员取消', op_type: 'ADMIN' });
    expect((await t.ctx.db.select().from(members).where(eq(members.id, buyerId)))[0].balanceCents).toBe(before + 2_550);
    const [ledger] = await t.ctx.db.select().from(memberLedger).where(and(eq(memberLedger.memberId, buyerId), eq(memberLedger.refSn, order.sn)));
    expect(ledger).toMatchObject({ kind: 'BALANCE', amount: 2_550, balanceAfter: before + 2_550, operatorType: 'ORDER' });
    expect((await t.ctx.db.select().from(goods).where(eq(goods.id, product.id)))[0].enableQuantity).toBe(stock + 2);

    // a NEW order had locked no stock yet
    const fresh = await insertOrder({ status: 'NEW' });
    expect((await act(fresh.sn, 'cancelled')).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(goods).where(eq(goods.id, product.id)))[0].enableQuantity).toBe(stock + 2);

    for (const [status, words] of [['PAID_OFF', '已付款'], ['SHIPPED', '已发货'], ['CANCELLED', '已取消'], ['COMPLETE', '已完成']] as const) {
      const other = await insertOrder({ status });
      const refused = await act(other.sn, 'cancelled');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(`订单${words}状态不能进行取消操作`);
      expect(await record(other.id)).toEqual(other);
      expect(await logCount(other.id)).toBe(1);
    }
    const english = await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${order.sn}/cancelled`, session: founder, headers: { language: 'en' } });
    expect(english.json().message).toBe('An order that is cancelled cannot be cancelled');
  });

  it('lets exactly one of two operators acting at once win', async () => {
    const balanceBefore = (await t.ctx.db.select().from(members).where(eq(members.id, buyerId)))[0].balanceCents;
    const order = await insertOrder({ status: 'CONFIRM', balanceCents: 500 });
    const second = await t.loginFounder();
    const responses = await Promise.all([act(order.sn, 'cancelled'), act(order.sn, 'cancelled', {}, second), act(order.sn, 'pay', { pay_price: '105' }), act(order.sn, 'cancelled')]);
    const won = responses.filter((response) => response.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of responses.filter((response) => response.statusCode !== 200)) expect(lost.json().message).toMatch(/^订单已(取消|付款)状态不能进行(取消|确认收款)操作$/);
    expect(await logCount(order.id)).toBe(2);
    const after = (await t.ctx.db.select().from(members).where(eq(members.id, buyerId)))[0].balanceCents;
    const final = await record(order.id);
    // the pre-deposit comes back once, and only if the cancel won
    expect(after - balanceBefore).toBe(final.status === 'CANCELLED' ? 500 : 0);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(final.status === 'PAID_OFF' ? 1 : 0);
  });
});

describe('order settings and the scheduled timeouts', () => {
  it('stores the delays behind the second step, validated', async () => {
    const defaults = await t.inject({ method: 'GET', url: '/api/admin/trade/orders/setting', session: founder });
    expect(defaults.json()).toMatchObject({ cancel_order_day: 1, rog_order_day: 10, complete_order_day: 7, service_expired_day: 15 });
    const body = { ...defaults.json(), cancel_order_day: 0, cancel_order_hour: 2, rog_order_day: 5 };
    expect((await t.inject({ method: 'POST', url: '/api/admin/trade/orders/setting', session: founder, payload: body })).statusCode).toBe(428);
    const bad = await t.inject({ method: 'POST', url: '/api/admin/trade/orders/setting', session: verified, payload: { ...body, rog_order_day: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('自动确认收货天数不能小于1');
    const saved = await t.inject({ method: 'POST', url: '/api/admin/trade/orders/setting', session: verified, payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ cancel_order_day: 0, cancel_order_hour: 2, rog_order_day: 5 });
  });

  it('moves each order past its delay through the state machine, leaves the others, and logs it', async () => {
    // settings as saved above: unpaid online orders wait 2 hours, shipped ones 5 days
    const ago = (ms: number) => new Date(Date.now() - ms);
    const HOUR = 3_600_000;
    const lateUnpaid = await insertOrder({ status: 'CONFIRM', balanceCents: 100, createdAt: ago(3 * HOUR) });
    const freshUnpaid = await insertOrder({ status: 'NEW', createdAt: ago(1 * HOUR) });
    const lateCod = await insertOrder({ status: 'CONFIRM', paymentType: 'COD', createdAt: ago(3 * DAY_MS) });
    const lateShipped = await insertOrder({ status: 'SHIPPED', shipStatus: 'SHIP_YES', shippedAt: ago(6 * DAY_MS) });
    const freshShipped = await insertOrder({ status: 'SHIPPED', shipStatus: 'SHIP_YES', shippedAt: ago(4 * DAY_MS) });
    const lateReceived = await insertOrder({ status: 'ROG', shipStatus: 'SHIP_ROG', rogAt: ago(8 * DAY_MS) });
    const freshReceived = await insertOrder({ status: 'ROG', shipStatus: 'SHIP_ROG', rogAt: ago(6 * DAY_MS) });
    const lateCodReceived = await insertOrder({ status: 'ROG', paymentType: 'COD', shipStatus: 'SHIP_ROG', rogAt: ago(8 * DAY_MS) });
    const lateComplete = await insertOrder({ status: 'COMPLETE', completedAt: ago(16 * DAY_MS) });
    const freshComplete = await insertOrder({ status: 'COMPLETE', completedAt: ago(14 * DAY_MS) });

    await t.ctx.scheduler.ensureTasks();
    const outcomes = await t.ctx.scheduler.runDueTasks(new Date());
    expect(outcomes.filter((outcome) => outcome.status !== 'ok')).toEqual([]);
    expect(outcomes.map((outcome) => outcome.name)).toEqual(expect.arrayContaining(['orders.auto-cancel', 'orders.auto-rog', 'orders.cod-auto-pay', 'orders.auto-complete', 'orders.service-expiry', 'orders.auto-review']));

    expect(await record(lateUnpaid.id)).toMatchObject({ status: 'CANCELLED', cancelReason: '超时未付款' });
    expect((await detail(lateUnpaid.sn)).logs.at(-1)).toMatchObject({ message: '订单取消：超时未付款', op_type: 'SYSTEM', op_name: '系统检测' });
    expect(await t.ctx.db.select().from(memberLedger).where(eq(memberLedger.refSn, lateUnpaid.sn))).toHaveLength(1);
    expect((await record(freshUnpaid.id)).status).toBe('NEW');
    expect((await record(lateCod.id)).status).toBe('CONFIRM');

    expect(await record(lateShipped.id)).toMatchObject({ status: 'ROG', shipStatus: 'SHIP_ROG' });
    expect((await detail(lateShipped.sn)).logs.at(-1)).toMatchObject({ status: 'ROG', message: '发货超时，系统自动确认收货' });
    expect((await record(freshShipped.id)).status).toBe('SHIPPED');

    expect((await record(lateReceived.id)).status).toBe('COMPLETE');
    expect((await detail(lateReceived.sn)).logs.at(-1)).toMatchObject({ status: 'COMPLETE', message: '订单超时，系统自动完成' });
    expect((await record(freshReceived.id)).status).toBe('ROG');

    expect(await record(lateCodReceived.id)).toMatchObject({ status: 'PAID_OFF', payStatus: 'PAY_YES', paymentMethodName: '货到付款' });
    expect((await detail(lateCodReceived.sn)).logs.at(-1)).toMatchObject({ status: 'PAID_OFF', op_type: 'SYSTEM' });

    expect((await record(lateComplete.id)).serviceStatus).toBe('EXPIRED');
    expect((await detail(lateComplete.sn)).logs.at(-1)).toMatchObject({ status: 'COMPLETE', message: '售后期已过，订单不再受理售后' });
    expect((await record(freshComplete.id)).serviceStatus).toBe('NOT_APPLY');

    // comment_order_day (15): the buyer who wrote no review gets the system's good review, once
    expect(await record(lateComplete.id)).toMatchObject({ commentStatus: 'FINISHED' });
    const reviews = await t.ctx.db.select().from(goodsComments).where(eq(goodsComments.orderSn, lateComplete.sn));
    expect(reviews).toEqual([expect.objectContaining({ goodsId: product.id, grade: 'good', auditStatus: 'PASS_AUDIT', content: AUTO_REVIEW_TEXT, memberName: 'buyer1' })]);
    expect(await record(freshComplete.id)).toMatchObject({ commentStatus: 'UNFINISHED' });
  });

  it('reviews an overdue order once when two runs meet, skips what the buyer reviewed, and never when the delay is 0', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms);
    const visibleBefore = (await t.ctx.db.select().from(goods).where(eq(goods.id, product.id)))[0].commentNum;
    const overdue = await insertOrder({ status: 'COMPLETE', completedAt: ago(20 * DAY_MS) });
    // a second line: another SKU of the same goods
    await t.ctx.db.insert(orderItems).values({ orderId: overdue.id, goodsId: product.id, skuId: 7, goodsName: '另一规格', priceCents: 100, num: 1, subtotalCents: 100 });
    // the buyer reviewed the first line themselves
    await t.ctx.db.insert(goodsComments).values({ goodsId: product.id, skuId: 0, goodsName: product.goodsName, memberId: buyerId, memberName: 'buyer1', shopId: shop.id, shopName: shop.shopName, orderSn: overdue.sn, content: '音质很好', grade: 'good' });
    const [a, b] = await Promise.all([runTimeouts(t.ctx, 'autoReview', new Date()), runTimeouts(t.ctx, 'autoReview', new Date())]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const reviews = await t.ctx.db.select().from(goodsComments).where(eq(goodsComments.orderSn, overdue.sn)).orderBy(goodsComments.id);
    expect(reviews.map((row) => [row.skuId, row.content])).toEqual([[0, '音质很好'], [7, AUTO_REVIEW_TEXT]]);
    expect((await record(overdue.id)).commentStatus).toBe('FINISHED');
    // the storefront count is recounted from the visible reviews
    expect((await t.ctx.db.select().from(goods).where(eq(goods.id, product.id)))[0].commentNum).toBeGreaterThan(visibleBefore);

    const settings = (await t.inject({ method: 'GET', url: '/api/admin/trade/orders/setting', session: founder })).json();
    expect((await t.inject({ method: 'POST', url: '/api/admin/trade/orders/setting', session: verified, payload: { ...settings, comment_order_day: 0 } })).statusCode).toBe(200);
    const never = await insertOrder({ status: 'COMPLETE', completedAt: ago(400 * DAY_MS) });
    expect(await runTimeouts(t.ctx, 'autoReview', new Date())).toBe(0);
    expect((await record(never.id)).commentStatus).toBe('UNFINISHED');
    expect((await t.inject({ method: 'POST', url: '/api/admin/trade/orders/setting', session: verified, payload: settings })).statusCode).toBe(200);
  });
});

describe('test mode: a day lasts a second (DOMAIN §1.6)', () => {
  const testMode = (on: boolean) => writeSetting(t.ctx.db, SETTINGS_KEYS.site, { ...SITE_DEFAULTS, test_mode: on ? 1 : 0 });
  const at = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);
  beforeAll(() => writeSetting(t.ctx.db, ORDER_SETTINGS_KEY, { ...ORDER_SETTINGS_DEFAULT, cancel_order_day: 2 }));
  afterAll(() => testMode(false));

  it('cancels an unpaid order 2 "days" (seconds) old, and the countdown shows the same deadline', async () => {
    await testMode(true);
    const created = new Date();
    const unpaid = await insertOrder({ status: 'NEW', createdAt: created });
    const left = (await detail(unpaid.sn)).cancel_left_time!;
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(2);
    // (older unpaid orders of the tests above are overdue too in test mode)
    await runTimeouts(t.ctx, 'cancel', at(created, 1));
    expect((await record(unpaid.id)).status).toBe('NEW');
    await runTimeouts(t.ctx, 'cancel', at(created, 2.5));
    expect(await record(unpaid.id)).toMatchObject({ status: 'CANCELLED', cancelReason: '超时未付款' });
    expect((await detail(unpaid.sn)).logs.at(-1)).toMatchObject({ op_type: 'SYSTEM', op_name: '系统检测' });
  });

  it('leaves the same order alone when test mode is off: its days are days', async () => {
    await testMode(false);
    const created = new Date();
    const unpaid = await insertOrder({ status: 'NEW', createdAt: created });
    expect((await detail(unpaid.sn)).cancel_left_time).toBeGreaterThan(2 * 86_400 - 60);
    await runTimeouts(t.ctx, 'cancel', at(created, 2.5));
    expect((await record(unpaid.id)).status).toBe('NEW');
  });

  it('runs every day-count task through the same clock, every few seconds while test mode is on', async () => {
    const now = new Date();
    const ago = (seconds: number) => at(now, -seconds);
    await t.ctx.scheduler.ensureTasks(now);
    // the tasks ran a moment ago on their own schedule: next runs minutes away
    await t.ctx.db.update(scheduledTasks).set({ nextRunAt: at(now, 300) });
    const lateShipped = await insertOrder({ status: 'SHIPPED', shipStatus: 'SHIP_YES', shippedAt: ago(11) });
    const freshShipped = await insertOrder({ status: 'SHIPPED', shipStatus: 'SHIP_YES', shippedAt: ago(5) });
    const lateComplete = await insertOrder({ status: 'COMPLETE', completedAt: ago(31) });
    const freshComplete = await insertOrder({ status: 'COMPLETE', completedAt: ago(10) });
    const lineStatus = async (orderId: number) => (await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0].complainStatus;

    // off: nothing is due before its schedule, and a day is a day
    expect((await t.ctx.scheduler.runDueTasks(now)).map((tick) => tick.name)).not.toContain('orders.auto-rog');
    await runTimeouts(t.ctx, 'rog', now);
    await expireComplaintWindows(t.ctx, now);
    expect((await record(lateShipped.id)).status).toBe('SHIPPED');
    expect(await lineStatus(lateComplete.id)).toBe('NO_APPLY');

    await testMode(true);
    const names = (await t.ctx.scheduler.runDueTasks(now)).map((tick) => tick.name);
    expect(names).toEqual(expect.arrayContaining(['orders.auto-cancel', 'orders.auto-rog', 'orders.auto-complete', 'orders.service-expiry', 'orders.auto-review', 'orders.complaint-expiry']));
    expect(await record(lateShipped.id)).toMatchObject({ status: 'ROG' });
    expect((await record(freshShipped.id)).status).toBe('SHIPPED');
    // complain_expired_day 30: the lines of the order completed 31 s ago expire, not those of 10 s ago
    expect(await lineStatus(lateComplete.id)).toBe('EXPIRED');
    expect(await lineStatus(freshComplete.id)).toBe('NO_APPLY');
    // service_expired_day 15 and comment_order_day 15: both past for the order of 31 s ago
    expect(await record(lateComplete.id)).toMatchObject({ serviceStatus: 'EXPIRED', commentStatus: 'FINISHED' });
    expect(await record(freshComplete.id)).toMatchObject({ serviceStatus: 'NOT_APPLY', commentStatus: 'UNFINISHED' });

    // next run a few seconds later, not before
    const [task] = await t.ctx.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'orders.auto-rog'));
    expect(task.nextRunAt).toEqual(at(now, TEST_MODE_TICK_SECONDS));
    expect((await t.ctx.scheduler.runDueTasks(at(now, 1))).map((tick) => tick.name)).not.toContain('orders.auto-rog');
    expect((await t.ctx.scheduler.runDueTasks(at(now, TEST_MODE_TICK_SECONDS))).map((tick) => tick.name)).toContain('orders.auto-rog');
  });
});

describe('the order export', () => {
  it('needs the second step, then runs as a job over the list filters', async () => {
    const body = { order_status: 'CANCELLED', seller_id: shop.id };
    expect((await t.inject({ method: 'POST', url: '/api/admin/trade/orders/export', session: founder, payload: body })).statusCode).toBe(428);
    const queued = await t.inject({ method: 'POST', url: '/api/admin/trade/orders/export', session: verified, payload: body });
    expect(queued.statusCode, queued.body).toBe(200);
    const expected = (await list({ order_status: 'CANCELLED', seller_id: String(shop.id), page_size: '200' })).data.length;
    const done = await t.ctx.jobs.runNext();
    expect(done).toMatchObject({ kind: 'order.export', status: 'done' });
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, queued.json().task_id));
    expect(job.filterSummary).toContain('订单状态：已取消');
    expect(job.resultRows).toBe(expected);
  });
});
