import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CollectionRow, Page, RefundRow, ServiceDetail, ServiceRow } from '@agora/contract';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { planWithoutSeqScan } from '../../test/plans.js';
import { jobs } from '../../db/tables.js';
import { dailyPlatformStats } from '../dashboard/tables.js';
import { memberLedger, members } from '../members/tables.js';
import { orderItems, orderLogs, orders, payments } from '../orders/tables.js';
import { notificationsSent } from '../sale/tables.js';
import { SERVICE_FLOWS, assertServiceAllowed } from './flow.js';
import { afterSaleItems, afterSaleLogs, afterSalePictures, afterSales, refunds } from './tables.js';
import { collectionListSpec, refundListSpec, serviceListSpec } from './service.js';
import { platformDay } from '../../platform/time.js';

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;
let shop: Awaited<ReturnType<typeof insertShop>>;
let product: Awaited<ReturnType<typeof insertGoods>>;
let buyerId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
  shop = await insertShop(t.ctx, { commissionRate: 10 });
  product = await insertGoods(t.ctx, shop, await insertCategory(t.ctx), { goodsName: '真丝围巾', enableQuantity: 5, quantity: 10 });
  const [buyer] = await t.ctx.db.insert(members).values({ uname: 'buyer2', mobile: '13800000002', balanceCents: 1000 }).returning();
  buyerId = buyer.id;
  await t.ctx.db.insert(memberLedger).values({ memberId: buyerId, kind: 'BALANCE', amount: 1000, balanceAfter: 1000, reason: '充值', operatorType: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

let sequence = 0;

/**
 * A paid online order (2 × 50.00 + 10.00 shipping, 5.00 from the pre-deposit) in `orderStatus`, with
 * an after-sale of `type` in `status` and, from the stock-in on, its refund asking `refundCents`.
 */
async function insertService(options: { type?: string; status?: string; orderStatus?: string; way?: string; refundCents?: number; agreeCents?: number } = {}) {
  const n = ++sequence;
  const { type = 'RETURN_GOODS', status = 'WAIT_FOR_MANUAL', orderStatus = 'AFTER_SERVICE', way = 'BALANCE', refundCents = 10_000 } = options;
  const [order] = await t.ctx.db
    .insert(orders)
    .values({
      sn: `2026020100${String(n).padStart(8, '0')}`,
      shopId: shop.id,
      shopName: shop.shopName,
      memberId: buyerId,
      memberName: 'buyer2',
      status: orderStatus,
      payStatus: 'PAY_YES',
      serviceStatus: 'APPLY',
      goodsNum: 2,
      goodsCents: 10_000,
      shippingCents: 1_000,
      balanceCents: 500,
      needPayCents: 10_500,
      paidCents: 10_500,
      paidAt: new Date(),
      goodsNames: product.goodsName,
    })
    .returning();
  const [item] = await t.ctx.db.insert(orderItems).values({ orderId: order.id, goodsId: product.id, skuId: 0, goodsName: product.goodsName, priceCents: 5_000, num: 2, subtotalCents: 10_000, serviceStatus: 'APPLY' }).returning();
  await t.ctx.db.insert(payments).values({ orderId: order.id, orderSn: order.sn, method: 'alipay', amountCents: 10_500, tradeNo: `T${n}`, paidAt: new Date() });
  const sn = `AS2026020100${String(n).padStart(6, '0')}`;
  const [service] = await t.ctx.db
    .insert(afterSales)
    .values({ sn, orderId: order.id, orderSn: order.sn, shopId: shop.id, shopName: shop.shopName, memberId: buyerId, memberName: 'buyer2', serviceType: type, status, goodsNames: product.goodsName, reason: '商品质量问题' })
    .returning();
  await t.ctx.db.insert(afterSaleItems).values({ serviceId: service.id, orderItemId: item.id, goodsId: product.id, skuId: 0, goodsName: product.goodsName, priceCents: 5_000, shipNum: 2, returnNum: 2 });
  await t.ctx.db.insert(afterSalePictures).values({ serviceId: service.id, url: 'https://example.com/voucher.jpg' });
  await t.ctx.db.insert(afterSaleLogs).values({ serviceId: service.id, status: 'APPLY', message: '买家申请售后', operatorType: 'BUYER', operatorName: 'buyer2' });
  if (!['APPLY', 'PASS', 'REFUSE', 'FULL_COURIER'].includes(status) && (type === 'RETURN_GOODS' || type === 'ORDER_CANCEL')) {
    await t.ctx.db.insert(refunds).values({
      sn: `RF${sn.slice(2)}`,
      serviceId: service.id,
      serviceSn: sn,
      orderId: order.id,
      orderSn: order.sn,
      shopId: shop.id,
      shopName: shop.shopName,
      memberId: buyerId,
      memberName: 'buyer2',
      serviceType: type,
      refundWay: way,
      refundStatus: status === 'WAIT_FOR_MANUAL' && way === 'BALANCE' ? 'REFUNDING' : 'APPLY',
      refundCents,
      agreeCents: options.agreeCents ?? refundCents,
    });
  }
  return { order, service, item };
}

const refund = (sn: string, query: Record<string, string>, session = founder) => t.inject({ method: 'POST', url: `/api/admin/after-sales/refund/${sn}`, session, query });
const balanceOf = async () => (await t.ctx.db.select().from(members).where(eq(members.id, buyerId)))[0].balanceCents;
const refundedToday = async () => (await t.ctx.db.select().from(dailyPlatformStats).where(eq(dailyPlatformStats.day, platformDay(new Date()))))[0]?.refundCents ?? 0;
async function get<T>(url: string, query: Record<string, string> = {}, session = founder): Promise<T> {
  const response = await t.inject({ method: 'GET', url, session, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

describe('the after-sale flow', () => {
  it('allows the platform refund only for returns and order cancels waiting for it, and names the refusal', () => {
    expect(assertServiceAllowed({ serviceType: 'RETURN_GOODS', status: 'WAIT_FOR_MANUAL' }, 'ADMIN_REFUND', 'COMPLETED')).toBe('COMPLETED');
    expect(() => assertServiceAllowed({ serviceType: 'RETURN_GOODS', status: 'APPLY' }, 'ADMIN_REFUND', 'COMPLETED')).toThrow(expect.objectContaining({ code: 'SERVICE_ACTION_REFUSED' }));
    expect(SERVICE_FLOWS.CHANGE_GOODS.WAIT_FOR_MANUAL).toBeUndefined();
    expect(SERVICE_FLOWS.SUPPLY_AGAIN_GOODS.WAIT_FOR_MANUAL).toBeUndefined();
  });
});

describe('the platform refund', () => {
  it('to the pre-deposit: refund, ledger, order, SKUs, statistics and logs in one go', async () => {
    const { order, service, item } = await insertService({ way: 'BALANCE', refundCents: 10_000 });
    const before = await balanceOf();
    const rolled = await refundedToday();
    const listed = await get<Page<ServiceRow>>('/api/admin/after-sales', { service_sn: service.sn });
    expect(listed.data[0].allowable.allow_admin_refund).toBe(true);
    const response = await refund(service.sn, { refund_price: '99.50', remark: '平台核实后退款' });
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json() as ServiceDetail;
    expect(shown.service_status).toBe('COMPLETED');
    expect(shown.allowable.allow_admin_refund).toBe(false);
    expect(shown.refund_remark).toBe('平台核实后退款');
    expect(shown.refund).toMatchObject({ refund_status: 'COMPLETED', actual_price: 99.5, refund_way: 'BALANCE' });
    // the operator who refunded, not 系统, in the service's log and the refund list
    expect(shown.logs.at(-1)).toMatchObject({ status: 'COMPLETED', message: '已成功将退款退还给买家', op_type: 'ADMIN', op_name: 'admin' });
    const refundRows = await get<Page<RefundRow>>('/api/admin/after-sales/refund', { service_sn: service.sn });
    expect(refundRows.data[0]).toMatchObject({ refund_status: 'COMPLETED', refund_operator: 'admin' });
    expect(shown.images).toEqual(['https://example.com/voucher.jpg']);
    expect(await balanceOf()).toBe(before + 9_950);
    const [ledger] = await t.ctx.db.select().from(memberLedger).where(and(eq(memberLedger.memberId, buyerId), eq(memberLedger.refSn, service.sn)));
    expect(ledger).toMatchObject({ kind: 'BALANCE', amount: 9_950, balanceAfter: before + 9_950, operatorType: 'ADMIN' });
    const [after] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after.status).toBe('COMPLETE');
    expect((await t.ctx.db.select().from(orderItems).where(eq(orderItems.id, item.id)))[0].serviceStatus).toBe('COMPLETE');
    const logs = await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id));
    expect(logs.map((log) => log.message)).toContain(`售后服务单${service.sn}平台退款99.50元（退货）`);
    expect(await refundedToday()).toBe(rolled + 9_950);
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.serviceId, service.id));
    expect(row.refundedAt).not.toBeNull();
    expect(row.billId).toBeNull();
    // the buyer hears about it through the MEMBERREFUNDUPDATE template's site message
    const [told] = await t.ctx.db.select().from(notificationsSent).where(and(eq(notificationsSent.receiverType, 'MEMBER'), eq(notificationsSent.receiverId, buyerId), eq(notificationsSent.channel, 'STATION')));
    expect(told).toMatchObject({ title: '会员退款提醒', content: `您的售后服务单${service.sn}已退款99.50元，请注意查收。` });
  });

  it('of an order cancel by the original route: the order ends cancelled, its payment refunded, no ledger row', async () => {
    const { order, service } = await insertService({ type: 'ORDER_CANCEL', way: 'ORIGINAL', refundCents: 11_000 });
    const before = await balanceOf();
    const response = await refund(service.sn, { refund_price: '110' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await balanceOf()).toBe(before);
    const [after] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'CANCELLED', payStatus: 'REFUNDED' });
    expect((await t.ctx.db.select().from(payments).where(eq(payments.orderId, order.id)))[0].status).toBe('REFUNDED');
    const collections = await get<Page<CollectionRow>>('/api/admin/trade/orders/pay-log', { keyword: order.sn });
    expect(collections.data[0]).toMatchObject({ pay_status: 'REFUNDED', pay_way: 'alipay', pay_money: 105, pay_member_name: 'buyer2' });
  });

  it('of an exchange order cancel: the points it was paid with come back too, with their ledger row', async () => {
    const { order, service } = await insertService({ type: 'ORDER_CANCEL', way: 'ORIGINAL', refundCents: 11_000 });
    await t.ctx.db.update(orders).set({ orderType: 'EXCHANGE', point: 300 }).where(eq(orders.id, order.id));
    const points = async () => (await t.ctx.db.select().from(members).where(eq(members.id, buyerId)))[0].consumPoint;
    const before = await points();
    expect((await refund(service.sn, { refund_price: '110' })).statusCode).toBe(200);
    expect(await points()).toBe(before + 300);
    const [row] = await t.ctx.db.select().from(memberLedger).where(and(eq(memberLedger.refSn, order.sn), eq(memberLedger.kind, 'POINT')));
    expect(row).toMatchObject({ amount: 300, balanceAfter: before + 300 });
  });

  it('refuses, changing nothing, a service not waiting for it, an amount past the agreed one, and bad input', async () => {
    const { service: applied } = await insertService({ status: 'APPLY' });
    const refused = await refund(applied.sn, { refund_price: '10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('售后服务单待审核状态不能进行平台退款操作');
    const { service: exchange } = await insertService({ type: 'CHANGE_GOODS', status: 'ERROR_EXCEPTION' });
    expect((await refund(exchange.sn, { refund_price: '10' })).json().message).toBe('售后服务单异常状态状态不能进行平台退款操作');
    const { order, service } = await insertService({ refundCents: 10_000, agreeCents: 8_000 });
    const before = await balanceOf();
    const tooMuch = await refund(service.sn, { refund_price: '80.01' });
    expect(tooMuch.json().message).toBe('退款金额不能大于80.00元');
    expect((await refund(service.sn, { refund_price: '0' })).json().message).toBe('退款金额必须大于0');
    expect((await refund(service.sn, { refund_price: '1', remark: 'x'.repeat(151) })).json().message).toBe('备注不能超过150个字符');
    expect((await refund('bad-sn!', { refund_price: '1' })).statusCode).toBe(400);
    expect((await refund('AS0000000000000', { refund_price: '1' })).json().message).toBe('售后服务单不存在');
    expect(await balanceOf()).toBe(before);
    expect((await t.ctx.db.select().from(afterSales).where(eq(afterSales.id, service.id)))[0].status).toBe('WAIT_FOR_MANUAL');
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('AFTER_SERVICE');
    expect(await t.ctx.db.select().from(afterSaleLogs).where(eq(afterSaleLogs.serviceId, service.id))).toHaveLength(1);
  });

  it('lets exactly one of two operators refunding one service at once win: one credit, one ledger row, one log', async () => {
    const { order, service } = await insertService({ way: 'BALANCE', refundCents: 10_000 });
    const before = await balanceOf();
    const second = await t.loginFounder();
    const responses = await Promise.all([refund(service.sn, { refund_price: '100' }), refund(service.sn, { refund_price: '100' }, second), refund(service.sn, { refund_price: '50' })]);
    const won = responses.filter((response) => response.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const lost of responses.filter((response) => response.statusCode !== 200)) expect(lost.json().message).toBe('售后服务单已完成状态不能进行平台退款操作');
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.serviceId, service.id));
    expect(await balanceOf()).toBe(before + row.actualCents);
    expect(await t.ctx.db.select().from(memberLedger).where(eq(memberLedger.refSn, service.sn))).toHaveLength(1);
    expect(await t.ctx.db.select().from(afterSaleLogs).where(eq(afterSaleLogs.serviceId, service.id))).toHaveLength(2);
    expect((await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id))).filter((log) => log.message.startsWith('售后服务单'))).toHaveLength(1);
  });
});

describe('the lists', () => {
  it('filter services by type, status, keyword and time; refunds by status and way; all on indexes', async () => {
    const { service } = await insertService({ type: 'RETURN_GOODS', status: 'STOCK_IN', way: 'ORIGINAL' });
    const byStatus = await get<Page<ServiceRow>>('/api/admin/after-sales', { service_status: 'STOCK_IN' });
    expect(byStatus.data.map((row) => row.sn)).toContain(service.sn);
    expect(byStatus.data.every((row) => row.service_status === 'STOCK_IN' && !row.allowable.allow_admin_refund)).toBe(true);
    expect((await get<Page<ServiceRow>>('/api/admin/after-sales', { keyword: '真丝', service_type: 'ORDER_CANCEL' })).data.every((row) => row.service_type === 'ORDER_CANCEL')).toBe(true);
    expect((await get<Page<ServiceRow>>('/api/admin/after-sales', { start_time: String(Math.floor(Date.now() / 1000) + 3600) })).data).toHaveLength(0);
    const refundRows = await get<Page<RefundRow>>('/api/admin/after-sales/refund', { refund_status: 'APPLY', refund_way: 'ORIGINAL' });
    expect(refundRows.data.map((row) => row.service_sn)).toContain(service.sn);
    expect((await t.inject({ method: 'GET', url: '/api/admin/after-sales', session: founder, query: { service_status: 'NOPE' } })).statusCode).toBe(400);
    const page = { page_no: 1, page_size: 10, sort: 'create_time', order: 'desc' } as const;
    const plans: [ReturnType<typeof serviceListSpec | typeof refundListSpec | typeof collectionListSpec>, string][] = [
      [serviceListSpec(t.ctx, { ...page, service_status: 'WAIT_FOR_MANUAL' }), 'after_sales_status_created_idx'],
      [serviceListSpec(t.ctx, { ...page, service_type: 'ORDER_CANCEL' }), 'after_sales_type_created_idx'],
      [serviceListSpec(t.ctx, { ...page, keyword: '真丝围巾' }), 'after_sales_goods_names_trgm_idx'],
      // two characters have no trigram: the goods names' single characters and pairs
      [serviceListSpec(t.ctx, { ...page, keyword: '真丝' }), 'after_sales_goods_names_grams_idx'],
      [refundListSpec(t.ctx, { ...page, refund_status: 'COMPLETED' }), 'refunds_status_created_idx'],
      [refundListSpec(t.ctx, { ...page, keyword: '2026020' }), 'refunds_order_sn_trgm_idx'],
      [collectionListSpec(t.ctx, { ...page, sort: 'pay_time', pay_way: 'alipay' }), 'payments_method_paid_idx'],
      [collectionListSpec(t.ctx, { ...page, sort: 'pay_time', keyword: '2026020' }), 'payments_order_sn_trgm_idx'],
    ];
    for (const [spec, index] of plans) {
      const plan = await planWithoutSeqScan(t.ctx.db, t.ctx.db.select({ id: spec.id }).from(spec.table).where(and(...spec.where)).limit(10));
      expect(plan, index).toContain(index);
    }
  });

  it('are refused to a role without their screen', async () => {
    const { session } = await t.adminWithPermissions(founder, ['memberList']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/after-sales', session })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/after-sales/refund', session })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/trade/orders/pay-log', session })).statusCode).toBe(403);
    const { service } = await insertService();
    expect((await refund(service.sn, { refund_price: '1' }, session)).statusCode).toBe(403);
    const { session: refunder } = await t.adminWithPermissions(founder, ['finance', 'refundList']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/after-sales/refund', session: refunder })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/admin/after-sales/detail/${service.sn}`, session: refunder })).statusCode).toBe(200);
    expect((await refund(service.sn, { refund_price: '1' }, refunder)).statusCode).toBe(403);
  });

  it('export as jobs over the list filters', async () => {
    const verified = await t.verifiedSession();
    for (const [url, kind, body, words] of [
      ['/api/admin/after-sales/export', 'aftersale.export', { service_status: 'WAIT_FOR_MANUAL' }, '状态：待人工处理'],
      ['/api/admin/after-sales/refund/export', 'refund.export', { refund_way: 'BALANCE' }, '退款方式：退回预存款'],
      ['/api/admin/trade/orders/pay-log/export', 'collection.export', { pay_way: 'alipay' }, '付款方式：支付宝'],
    ] as const) {
      const queued = await t.inject({ method: 'POST', url, session: verified, payload: body });
      expect(queued.statusCode, queued.body).toBe(200);
      expect(await t.ctx.jobs.runNext()).toMatchObject({ kind, status: 'done' });
      const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, queued.json().task_id));
      expect(job.filterSummary).toContain(words);
      expect(job.resultRows).toBeGreaterThan(0);
    }
  });
});
