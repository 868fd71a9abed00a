import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { createTestDatabase, startTestApp, type Session, type TestApp } from '../../test/harness.js';
import { exportAndRead } from '../../test/exports.js';
import { insertShop } from '../../test/marketplace-fixtures.js';
import { refunds } from '../aftersales/tables.js';
import { memberLedger, members } from '../members/tables.js';
import { orders } from '../orders/tables.js';
import { distributionOrders } from '../distribution/tables.js';
import { shopDetails, shops } from '../shops/tables.js';
import { systemLogs } from '../system-logs/tables.js';
import { cutBill, cutDueBills, latestSettlementEnd, settleNow, settlementEnds } from './bills.js';
import { billLogs, bills, marginFlows, memberZpzz, recharges } from './tables.js';

let t: TestApp;
let founder: Session;
/** a founder session that passed the second-step check */
let verified: Session;

beforeAll(async () => {
  t = await startTestApp(await createTestDatabase());
  founder = await t.loginFounder();
  verified = await t.verifiedSession();
  return () => t.close();
});

const DAY = 86_400_000;
const shopRow = async (id: number) => (await t.ctx.db.select().from(shops).where(eq(shops.id, id)))[0];
let orderSeq = 0;
async function insertOrder(shop: { id: number; shopName: string; memberId: number }, values: Partial<typeof orders.$inferInsert> = {}) {
  orderSeq += 1;
  const [row] = await t.ctx.db
    .insert(orders)
    .values({ sn: `FO${Date.now()}${orderSeq}`, shopId: shop.id, shopName: shop.shopName, memberId: shop.memberId, memberName: 'buyer', status: 'PAID_OFF', ...values })
    .returning();
  return row;
}
let refundSeq = 0;
async function insertRefund(order: typeof orders.$inferSelect, actualCents: number, values: Partial<typeof refunds.$inferInsert> = {}) {
  refundSeq += 1;
  const [row] = await t.ctx.db
    .insert(refunds)
    .values({
      sn: `FR${Date.now()}${refundSeq}`, serviceId: 900_000 + refundSeq, serviceSn: `FS${refundSeq}`, orderId: order.id, orderSn: order.sn, shopId: order.shopId, shopName: order.shopName,
      memberId: order.memberId, memberName: order.memberName, serviceType: 'RETURN_GOODS', paymentType: order.paymentType, refundWay: 'ORIGINAL',
      refundStatus: 'COMPLETED', refundCents: actualCents, agreeCents: actualCents, actualCents, refundedAt: new Date(Date.now() - 1_800_000), ...values,
    })
    .returning();
  return row;
}
const next = (id: number, status: string, session = verified) => t.inject({ method: 'PUT', url: `/api/admin/order/bills/${id}/next`, session, query: { status } });

describe('settlement days and the immediate bill', () => {
  it('sets the days of several shops at once, within 1–31 and at most five', async () => {
    const a = await insertShop(t.ctx);
    const b = await insertShop(t.ctx);
    const ok = await t.inject({ method: 'PUT', url: `/api/admin/order/bills/${a.id},${b.id}/param`, session: founder, query: { param: '25,15' } });
    expect(ok.statusCode).toBe(200);
    expect((await shopRow(a.id)).settlementDays).toEqual([15, 25]);
    expect((await shopRow(b.id)).settlementDays).toEqual([15, 25]);
    const tooMany = await t.inject({ method: 'PUT', url: `/api/admin/order/bills/${a.id}/param`, session: founder, query: { param: '1,2,3,4,5,6' } });
    expect(tooMany.json().message).toBe('结算日最多设置5个');
    const outOfRange = await t.inject({ method: 'PUT', url: `/api/admin/order/bills/${a.id}/param`, session: founder, query: { param: '32' } });
    expect(outOfRange.json().message).toBe('结算日为每月1到31日');
    const missing = await t.inject({ method: 'PUT', url: `/api/admin/order/bills/${a.id},99999999/param`, session: founder, query: { param: '1' } });
    expect(missing.statusCode).toBe(404);
    expect((await shopRow(a.id)).settlementDays).toEqual([15, 25]);
  });

  it('refuses settlement days for a shop that has not opened, for the whole batch', async () => {
    const open = await insertShop(t.ctx);
    const applying = await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    const refused = await t.inject({ method: 'PUT', url: `/api/admin/order/bills/${open.id},${applying.id}/param`, session: founder, query: { param: '10' } });
    expect(refused.json()).toMatchObject({ code: 'SHOP_NOT_BILLABLE', message: `店铺尚未开业，不能结算：${applying.shopName}` });
    expect((await shopRow(open.id)).settlementDays).not.toEqual([10]);
  });

  it('lists a shop’s bills newest first, and only that shop’s', async () => {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 86_400_000) });
    const other = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 86_400_000) });
    for (const id of [shop.id, shop.id, other.id]) expect((await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${id}`, session: founder })).statusCode).toBe(200);
    const list = (await t.inject({ method: 'GET', url: '/api/admin/order/bills', session: founder, query: { seller_id: String(shop.id) } })).json();
    expect(list.data_total).toBe(2);
    expect(list.data.every((bill: { shop_name: string }) => bill.shop_name === shop.shopName)).toBe(true);
    expect(list.data[0].id).toBeGreaterThan(list.data[1].id);
    expect(list.data[0].bill_sn).toMatch(/^B\d{8}\d{6}$/);
  });

  it('bills every paid order not yet billed, exactly once: online income less commission, COD only its commission', async () => {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 86_400_000) });
    const paidAt = new Date(Date.now() - 3_600_000);
    await insertOrder(shop, { payStatus: 'PAY_YES', paidAt, paidCents: 10_000, commissionCents: 500 });
    await insertOrder(shop, { payStatus: 'PAY_YES', paidAt, paidCents: 2_550, commissionCents: 128 });
    await insertOrder(shop, { payStatus: 'PAY_YES', paidAt, paidCents: 4_000, commissionCents: 200, paymentType: 'COD' });
    await insertOrder(shop, { status: 'CONFIRM', payStatus: 'PAY_NO', paidCents: 0 });

    const first = await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder });
    expect(first.statusCode).toBe(200);
    const list = (await t.inject({ method: 'GET', url: '/api/admin/order/bills', session: founder, query: { seller_id: String(shop.id) } })).json();
    expect(list.data_total).toBe(1);
    expect(list.data[0]).toMatchObject({ order_count: 3, price: 125.5, cod_price: 40, commi_price: 8.28, bill_price: 117.22, status: 'OUT', shop_name: shop.shopName });

    const second = await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder });
    expect(second.statusCode).toBe(200);
    const [latest] = await t.ctx.db.select().from(bills).where(eq(bills.shopId, shop.id)).orderBy(desc(bills.id)).limit(1);
    expect(latest).toMatchObject({ orderCount: 0, billCents: 0 });
    expect(Math.floor(latest.startAt.getTime() / 1000)).toBe(list.data[0].end_time);
  });

  it('refuses the whole batch when one shop has not opened, and a role without the page', async () => {
    const open = await insertShop(t.ctx);
    const applied = await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    const refused = await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${open.id},${applied.id}`, session: founder });
    expect(refused.json()).toMatchObject({ code: 'SHOP_NOT_BILLABLE', message: `店铺尚未开业，不能结算：${applied.shopName}` });
    expect(await t.ctx.db.select().from(bills).where(eq(bills.shopId, open.id))).toHaveLength(0);
    const { session } = await t.adminWithPermissions(founder, ['shop', 'shopAudit']);
    expect((await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${open.id}`, session })).statusCode).toBe(403);
  });
});

describe('earnest money', () => {
  async function sellerPays(shopId: number, cents: number) {
    const [flow] = await t.ctx.db.insert(marginFlows).values({ shopId, type: 1, amountCents: cents, authStatus: 'WAIT_AUDIT', vouchers: ['/files/v.png'] }).returning();
    return flow;
  }

  it('a passed payment adds to the remaining margin, a refused one does not, and none is audited twice', async () => {
    const shop = await insertShop(t.ctx);
    const paid = await sellerPays(shop.id, 500_000);
    const waiting = (await t.inject({ method: 'GET', url: '/api/admin/shops/margin-flow', session: founder, query: { auth_status: 'WAIT_AUDIT', shop_name: shop.shopName } })).json();
    expect(waiting.data).toHaveLength(1);
    expect(waiting.data[0]).toMatchObject({ id: paid.id, actual_pay_amount: 5000, total_amount: null, voucher: ['/files/v.png'] });

    const pass = await t.inject({ method: 'PUT', url: `/api/admin/shops/margin-flow/auth/${paid.id}`, session: founder, payload: { pass: 1 } });
    expect(pass.json()).toMatchObject({ auth_status: 'PASS_AUDIT', total_amount: 5000, auditor_name: 'admin' });
    expect((await shopRow(shop.id)).remainingMarginCents).toBe(500_000);
    const twice = await t.inject({ method: 'PUT', url: `/api/admin/shops/margin-flow/auth/${paid.id}`, session: founder, payload: { pass: 1 } });
    expect(twice.json().code).toBe('MARGIN_NOT_WAITING');
    expect((await shopRow(shop.id)).remainingMarginCents).toBe(500_000);

    const other = await sellerPays(shop.id, 100_000);
    const noReason = await t.inject({ method: 'PUT', url: `/api/admin/shops/margin-flow/auth/${other.id}`, session: founder, payload: { pass: 0 } });
    expect(noReason.json().message).toBe('请填写拒绝原因');
    const refuse = await t.inject({ method: 'PUT', url: `/api/admin/shops/margin-flow/auth/${other.id}`, session: founder, payload: { pass: 0, remark: '凭证不清晰' } });
    expect(refuse.json()).toMatchObject({ auth_status: 'REFUSE_AUDIT', auth_remark: '凭证不清晰', total_amount: null });
    expect((await shopRow(shop.id)).remainingMarginCents).toBe(500_000);
    const audited = (await t.inject({ method: 'GET', url: '/api/admin/shops/margin-flow', session: founder, query: { auth_status: 'AUDITED', shop_name: shop.shopName } })).json();
    expect(audited.data.map((row: { id: number }) => row.id)).toEqual([other.id, paid.id]);
    const page = (await t.inject({ method: 'GET', url: '/api/admin/index/page', session: founder })).json();
    expect(page.todo.margin_audit).toBe(0);
  });

  it('the operator deducts at once with a reason, never below zero, and every flow is in the history', async () => {
    const shop = await insertShop(t.ctx, { remainingMarginCents: 100_000 });
    const deduct = await t.inject({ method: 'POST', url: '/api/admin/shops/margin-flow', session: founder, payload: { shop_id: shop.id, type: 0, actual_pay_amount: 300.5, remark: '售假罚款' } });
    expect(deduct.json()).toEqual({ total_amount: 699.5 });
    const tooMuch = await t.inject({ method: 'POST', url: '/api/admin/shops/margin-flow', session: founder, payload: { shop_id: shop.id, type: 0, actual_pay_amount: 700, remark: '罚款' } });
    expect(tooMuch.json()).toMatchObject({ code: 'MARGIN_INSUFFICIENT', message: '扣除金额不能大于剩余保证金（699.5元）' });
    const noReason = await t.inject({ method: 'POST', url: '/api/admin/shops/margin-flow', session: founder, payload: { shop_id: shop.id, type: 0, actual_pay_amount: 1, remark: '' } });
    expect(noReason.json().message).toBe('请填写原因');
    const cents = await t.inject({ method: 'POST', url: '/api/admin/shops/margin-flow', session: founder, payload: { shop_id: shop.id, type: 0, actual_pay_amount: 1.001, remark: '罚款' } });
    expect(cents.json().message).toBe('金额最多两位小数');
    const add = await t.inject({ method: 'POST', url: '/api/admin/shops/margin-flow', session: founder, payload: { shop_id: shop.id, type: 1, actual_pay_amount: 0.5, remark: '补录线下缴纳' } });
    expect(add.json()).toEqual({ total_amount: 700 });
    expect((await shopRow(shop.id)).remainingMarginCents).toBe(70_000);
    const history = (await t.inject({ method: 'GET', url: '/api/admin/shops/margin-flow/history', session: founder, query: { shop_id: String(shop.id) } })).json();
    expect(history.data.map((row: { type: number; total_amount: number }) => [row.type, row.total_amount])).toEqual([[1, 700], [0, 699.5]]);
    // a ledger: each row signed as it moved the margin, its balance the one before plus its change
    const records = (await t.inject({ method: 'GET', url: '/api/admin/shops/margin-flow', session: founder, query: { auth_status: 'AUDITED', shop_name: shop.shopName } })).json();
    expect(records.data.map((row: { type: number; change_amount: number; total_amount: number }) => [row.type, row.change_amount, row.total_amount])).toEqual([[1, 0.5, 700], [0, -300.5, 699.5]]);
    let balance = 1000;
    for (const row of [...records.data].reverse() as { change_amount: number; total_amount: number }[]) {
      balance = Math.round((balance + row.change_amount) * 100) / 100;
      expect(row.total_amount).toBe(balance);
    }
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('增加店铺保证金');
  });

  it('two deductions at the same time cannot take the margin below zero', async () => {
    const shop = await insertShop(t.ctx, { remainingMarginCents: 10_000 });
    const body = { shop_id: shop.id, type: 0, actual_pay_amount: 80, remark: '并发扣除' };
    const results = await Promise.all([1, 2].map(() => t.inject({ method: 'POST', url: '/api/admin/shops/margin-flow', session: founder, payload: body })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await shopRow(shop.id)).remainingMarginCents).toBe(2_000);
  });

  it('takes the adjustment as a query, the way spec §7 sends it', async () => {
    const shop = await insertShop(t.ctx, { remainingMarginCents: 10_000 });
    const deduct = await t.inject({
      method: 'POST',
      url: `/api/admin/shops/margin-flow?shop_id=${shop.id}&type=0&actual_pay_amount=12.5&remark=${encodeURIComponent('迟发货罚款')}&voucher=${encodeURIComponent('/files/a.png')}`,
      session: founder,
    });
    expect(deduct.json()).toEqual({ total_amount: 87.5 });
    const [flow] = await t.ctx.db.select().from(marginFlows).where(eq(marginFlows.shopId, shop.id));
    expect(flow).toMatchObject({ type: 0, amountCents: 1_250, remark: '迟发货罚款', vouchers: ['/files/a.png'] });
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('扣除店铺保证金');
  });
});

describe('a bill, cut and reconciled to the cent', () => {
  it('takes paid orders and completed refunds once: online income − refunds − commission + refunded commission; COD only its commission', async () => {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 40 * DAY), commissionRate: 5 });
    await t.ctx.db.insert(shopDetails).values({ shopId: shop.id, bankAccountName: '杭州某某商贸', bankNumber: '6222020202020202', bankName: '工商银行' });
    const paidAt = new Date(Date.now() - 3_600_000);
    // 100.00 paid, 20.00 of it from the pre-deposit: commission 5.00
    const big = await insertOrder(shop, { payStatus: 'PAY_YES', paidAt, paidCents: 8_000, balanceCents: 2_000, commissionCents: 500 });
    const cod = await insertOrder(shop, { payStatus: 'PAY_YES', paidAt, paidCents: 3_333, commissionCents: 167, paymentType: 'COD' });
    await insertOrder(shop, { status: 'CONFIRM', payStatus: 'PAY_NO' });
    // 33.33 of the 100.00 refunded: 1.67 commission back (5.00 × 33.33 / 100, rounded); the COD refund gives back its commission only
    const refund = await insertRefund(big, 3_333);
    await insertRefund(cod, 3_333);
    await insertRefund(big, 100, { refundStatus: 'REFUNDING', refundedAt: null, serviceId: 990_001 });

    const cut = await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder });
    const [billId] = cut.json().bill_ids;
    const bill = (await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}`, session: founder })).json();
    expect(bill).toMatchObject({
      order_count: 2, refund_count: 2, price: 100, cod_price: 33.33, refund_price: 33.33, cod_refund_price: 33.33,
      commi_price: 6.67, refund_commi_price: 3.34, bill_price: 100 - 33.33 - 6.67 + 3.34, status: 'OUT', commission_rate: 5,
      bank: { account_name: '杭州某某商贸', number: '6222020202020202', bank_name: '工商银行' },
      operate_allowable: { allow_recon: true, allow_auth: false, allow_pay: false, allow_complete: false },
    });
    const payments = (await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}/PAYMENT`, session: founder })).json();
    expect(payments.data.map((row: { order_sn: string }) => row.order_sn).sort()).toEqual([big.sn, cod.sn].sort());
    expect(payments.data.find((row: { order_sn: string }) => row.order_sn === big.sn)).toMatchObject({ price: 100, commi_price: 5 });
    const refundsTab = (await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}/REFUND`, session: founder })).json();
    expect(refundsTab.data_total).toBe(2);
    expect(refundsTab.data.find((row: { refund_sn: string }) => row.refund_sn === refund.sn)).toMatchObject({ order_sn: big.sn, price: 33.33, commi_price: 1.67 });
    expect((await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}/OTHER`, session: founder })).statusCode).toBe(400);
    // nothing is billed twice, and the refund still in progress waits for a later bill
    const again = (await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder })).json();
    const [second] = await t.ctx.db.select().from(bills).where(eq(bills.id, again.bill_ids[0]));
    expect(second).toMatchObject({ orderCount: 0, refundCount: 0, billCents: 0 });
    expect(await t.ctx.db.select().from(refunds).where(and(eq(refunds.shopId, shop.id), isNull(refunds.billId)))).toHaveLength(1);
  });

  it('charges the distributors’ commission on the shop’s orders to the next bill, and gives it back in the bill after its claw-back', async () => {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 40 * DAY), commissionRate: 5 });
    const order = await insertOrder(shop, { payStatus: 'PAY_YES', paidAt: new Date(Date.now() - 3_600_000), paidCents: 10_000, commissionCents: 500 });
    const other = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 40 * DAY) });
    const elsewhere = await insertOrder(other, { payStatus: 'PAY_YES', paidAt: new Date(Date.now() - 3_600_000), paidCents: 5_000 });
    const distribution = (row: typeof orders.$inferSelect, grade1Cents: number, grade2Cents: number) => ({
      orderId: row.id, orderSn: row.sn, buyerId: row.memberId, buyerName: 'buyer', shopName: row.shopName, orderCents: row.paidCents, grade1Cents, grade2Cents, settleAt: new Date(Date.now() + DAY), createdAt: new Date(Date.now() - 600_000),
    });
    // 8.00 to the inviter, 2.00 to theirs; another shop's commission is not this shop's
    const [rebate] = await t.ctx.db.insert(distributionOrders).values([distribution(order, 800, 200), distribution(elsewhere, 300, 0)]).returning();

    const first = (await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder })).json().bill_ids[0];
    expect((await t.inject({ method: 'GET', url: `/api/admin/order/bills/${first}`, session: founder })).json()).toMatchObject({
      price: 100, commi_price: 5, distribution_rebate: 10, distribution_return_rebate: 0, bill_price: 100 - 5 - 10,
    });
    // the order is refunded in full later: its commission comes back to the shop in the next bill, once
    await t.ctx.db.update(distributionOrders).set({ status: 'RETURN', returnedAt: new Date(Date.now() - 1_000) }).where(eq(distributionOrders.id, rebate.id));
    const second = (await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder })).json().bill_ids[0];
    expect((await t.inject({ method: 'GET', url: `/api/admin/order/bills/${second}`, session: founder })).json()).toMatchObject({
      price: 0, distribution_rebate: 0, distribution_return_rebate: 10, bill_price: 10,
    });
    const third = (await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder })).json().bill_ids[0];
    expect((await t.inject({ method: 'GET', url: `/api/admin/order/bills/${third}`, session: founder })).json()).toMatchObject({ distribution_rebate: 0, distribution_return_rebate: 0, bill_price: 0 });
    expect((await t.ctx.db.select().from(distributionOrders).where(eq(distributionOrders.orderId, elsewhere.id)))[0].billId).toBeNull();
  });

  it('cuts on the settlement days for every open shop, even with nothing to settle, once per period whoever runs it', async () => {
    const quiet = await insertShop(t.ctx, { openedAt: new Date('2026-01-01T00:00:00Z'), settlementDays: [10, 25] });
    const now = new Date('2026-03-12T03:00:00Z');
    const end = latestSettlementEnd([10, 25], now)!;
    // 10 March, 00:00 in Shanghai
    expect(end.toISOString()).toBe('2026-03-09T16:00:00.000Z');
    // a day past the end of a short month falls on its last day
    expect(settlementEnds([31], new Date('2026-02-01T00:00:00Z'), new Date('2026-03-02T00:00:00Z')).map((d) => d.toISOString())).toEqual(['2026-02-27T16:00:00.000Z']);
    // two instances' ticks at once: one bill
    await Promise.all([cutDueBills(t.ctx, now), cutDueBills(t.ctx, now), cutDueBills(t.ctx, now)]);
    const cut = await t.ctx.db.select().from(bills).where(eq(bills.shopId, quiet.id));
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatchObject({ endAt: end, orderCount: 0, billCents: 0, status: 'OUT' });
    expect(cut[0].sn).toMatch(/^B20260310\d{6}$/);
    // the same period again, directly: a no-op
    const row = await shopRow(quiet.id);
    expect(await t.ctx.db.transaction((tx) => cutBill(tx, row, end))).toEqual([]);
    await cutDueBills(t.ctx, new Date(now.getTime() + DAY));
    expect(await t.ctx.db.select().from(bills).where(eq(bills.shopId, quiet.id))).toHaveLength(1);
  });

  it('settles one order once when two operators settle now at the same time', async () => {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - DAY) });
    await insertOrder(shop, { payStatus: 'PAY_YES', paidAt: new Date(Date.now() - 60_000), paidCents: 1_000, commissionCents: 50 });
    const answers = await Promise.all([0, 1].map(() => t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const cut = await t.ctx.db.select().from(bills).where(eq(bills.shopId, shop.id));
    expect(cut.reduce((sum, bill) => sum + bill.orderCount, 0)).toBe(1);
    expect(cut.reduce((sum, bill) => sum + bill.billCents, 0)).toBe(950);
  });
});

describe('a busy shop’s bill, cut in batches', () => {
  async function busyShop(n: number) {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - DAY) });
    const rows = [];
    for (let i = 0; i < n; i++) rows.push(await insertOrder(shop, { payStatus: 'PAY_YES', paidAt: new Date(Date.now() - 60_000), paidCents: 1_000 + i, commissionCents: 10 }));
    return { shop, rows };
  }
  const claimedOf = async (shopId: number) =>
    (await t.ctx.db.select({ id: orders.id, billId: orders.billId }).from(orders).where(eq(orders.shopId, shopId))).filter((row) => row.billId !== null);

  it('claims the orders a batch at a time, each committed, so a write to a claimed order goes through between them; no bill shows until all are taken', async () => {
    const { shop, rows } = await busyShop(5);
    const seen: { claimed: number; bills: number }[] = [];
    const done = await settleNow(t.ctx, [shop.id], undefined, {
        batch: 2,
        afterBatch: async () => {
          const claimed = await claimedOf(shop.id);
          seen.push({ claimed: claimed.length, bills: (await t.ctx.db.select().from(bills).where(eq(bills.shopId, shop.id))).length });
          // another request changes an order this cut holds for its bill: no lock is left on it
          await t.ctx.db.transaction(async (tx) => {
            await tx.execute(sql`set local lock_timeout = '2s'`);
            await tx.update(orders).set({ remark: 'changed mid-cut' }).where(eq(orders.id, claimed[0].id));
          });
        },
    });
    expect(seen).toEqual([{ claimed: 2, bills: 0 }, { claimed: 4, bills: 0 }]);
    const [bill] = await t.ctx.db.select().from(bills).where(eq(bills.id, done.bill_ids[0]));
    expect(bill).toMatchObject({ orderCount: 5, orderCents: 5_010, commissionCents: 50, billCents: 4_960 });
    expect(new Set((await claimedOf(shop.id)).map((row) => row.billId))).toEqual(new Set([bill.id]));
    expect((await t.ctx.db.select({ remark: orders.remark }).from(orders).where(eq(orders.id, rows[0].id)))[0].remark).toBe('changed mid-cut');
  });

  it('a cut that failed half-way is finished by the shop’s next cut: every claimed order reaches a bill, once', async () => {
    const { shop } = await busyShop(5);
    await expect(settleNow(t.ctx, [shop.id], undefined, { batch: 2, afterBatch: async () => { throw new Error('the process died'); } })).rejects.toThrow('the process died');
    expect(await claimedOf(shop.id)).toHaveLength(2);
    expect(await t.ctx.db.select().from(bills).where(eq(bills.shopId, shop.id))).toHaveLength(0);
    const answer = await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder });
    expect(answer.statusCode).toBe(200);
    const written = await t.ctx.db.select().from(bills).where(eq(bills.shopId, shop.id)).orderBy(bills.endAt);
    expect(answer.json().bill_ids).toEqual(written.map((bill) => bill.id));
    // the unfinished cut's bill (up to the failed moment) takes all five; the one up to now, none
    expect(written.map((bill) => bill.orderCount)).toEqual([5, 0]);
    expect(written[1].startAt).toEqual(written[0].endAt);
    const orphans = await t.ctx.db.execute(sql`select count(*)::int as n from orders o where o.shop_id = ${shop.id} and (o.bill_id is null or not exists (select 1 from bills b where b.id = o.bill_id))`);
    expect(orphans.rows[0].n).toBe(0);
  });
});

describe('the settlement status: which orders a bill takes', () => {
  it('sets the status with the days, keeps it when only the days are sent, and refuses an unknown one verbatim', async () => {
    const shop = await insertShop(t.ctx);
    expect((await shopRow(shop.id)).settlementStatus).toBe('PAID');
    const set = await t.inject({ method: 'PUT', url: `/api/admin/order/bills/${shop.id}/param`, session: founder, query: { param: '5', status: 'COMPLETE' } });
    expect(set.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/admin/shops/${shop.id}`, session: founder })).json()).toMatchObject({ settlement_days: [5], settlement_status: 'COMPLETE' });
    await t.inject({ method: 'PUT', url: `/api/admin/order/bills/${shop.id}/param`, session: founder, query: { param: '6' } });
    expect(await shopRow(shop.id)).toMatchObject({ settlementDays: [6], settlementStatus: 'COMPLETE' });
    const bad = await t.inject({ method: 'PUT', url: `/api/admin/order/bills/${shop.id}/param`, session: founder, query: { param: '6', status: 'SHIPPED' } });
    expect(bad.json().message).toBe('结算状态有误');
    expect((await shopRow(shop.id)).settlementStatus).toBe('COMPLETE');
  });

  it('a shop settled on completion bills an order only once it completed, in a later bill, once; its refund waits for it', async () => {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 40 * DAY), commissionRate: 10, settlementStatus: 'COMPLETE' });
    const paidAt = new Date(Date.now() - 5 * DAY);
    await insertOrder(shop, { status: 'COMPLETE', payStatus: 'PAY_YES', paidAt, completedAt: new Date(Date.now() - DAY), paidCents: 5_000, commissionCents: 500 });
    const shipping = await insertOrder(shop, { status: 'SHIPPED', payStatus: 'PAY_YES', paidAt, paidCents: 2_000, commissionCents: 200 });
    // refunded before the order completed: it may not reach a bill before the income it gives back
    await insertRefund(shipping, 500);
    const settle = async () => (await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder })).json().bill_ids[0] as number;
    const first = (await t.ctx.db.select().from(bills).where(eq(bills.id, await settle())))[0];
    expect(first).toMatchObject({ orderCount: 1, refundCount: 0, orderCents: 5_000, billCents: 4_500 });
    expect((await t.ctx.db.select().from(orders).where(eq(orders.id, shipping.id)))[0].billId).toBeNull();
    // it completes: the next bill takes it and its refund, and no bill after takes either again
    await t.ctx.db.update(orders).set({ status: 'COMPLETE', completedAt: new Date(Date.now() - 1_000) }).where(eq(orders.id, shipping.id));
    const second = (await t.ctx.db.select().from(bills).where(eq(bills.id, await settle())))[0];
    expect(second).toMatchObject({ orderCount: 1, refundCount: 1, orderCents: 2_000, refundCents: 500, commissionCents: 200, refundCommissionCents: 50, billCents: 2_000 - 500 - 200 + 50 });
    const third = (await t.ctx.db.select().from(bills).where(eq(bills.id, await settle())))[0];
    expect(third).toMatchObject({ orderCount: 0, refundCount: 0, billCents: 0 });
    expect((await t.ctx.db.select().from(orders).where(eq(orders.shopId, shop.id))).map((row) => row.billId).sort()).toEqual([first.id, second.id].sort());
  });

  it('a shop settled when the after-sale window closes bills an order from the moment it closed, which the expiry records', async () => {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 40 * DAY), settlementStatus: 'SERVICE_EXPIRED' });
    const order = await insertOrder(shop, { status: 'COMPLETE', payStatus: 'PAY_YES', paidAt: new Date(Date.now() - 20 * DAY), completedAt: new Date(Date.now() - 10 * DAY), paidCents: 3_000, commissionCents: 150 });
    const settle = async () => (await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder })).json().bill_ids[0] as number;
    expect((await t.ctx.db.select().from(bills).where(eq(bills.id, await settle())))[0].orderCount).toBe(0);
    // the operator closes its after-sale window (orders/service.ts expireService stamps the moment)
    expect((await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${order.sn}/service`, session: founder })).statusCode).toBeLessThan(300);
    const [expired] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(expired.serviceStatus).toBe('EXPIRED');
    expect(expired.serviceExpiredAt).toBeInstanceOf(Date);
    expect((await t.ctx.db.select().from(bills).where(eq(bills.id, await settle())))[0]).toMatchObject({ orderCount: 1, billCents: 2_850 });
  });
});

describe('site coupons in the bill', () => {
  it('pays the shop the coupon the platform funded, takes commission on it and the shop’s share of it, to the cent', async () => {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - 40 * DAY), commissionRate: 5 });
    // goods 120.00, a 20.00 platform coupon whose shop share is 30 %: the buyer pays 100.00
    const order = await insertOrder(shop, { status: 'CONFIRM', goodsCents: 12_000, discountCents: 2_000, needPayCents: 10_000, siteCouponCents: 2_000, couponCommissionCents: 600 });
    const paid = await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${order.sn}/pay`, session: founder, query: { pay_price: '100' } });
    expect(paid.statusCode).toBeLessThan(300);
    // commission on the whole income, the coupon included: 5 % of 120.00
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paidCents: 10_000, commissionCents: 600 });
    await t.ctx.db.update(orders).set({ paidAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, order.id));
    // 30.00 of it refunded: commission back in the share of the income it returns, 6.00 × 30 / 120
    await insertRefund(row, 3_000);
    const [billId] = (await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder })).json().bill_ids;
    const bill = (await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}`, session: founder })).json();
    // bill = online income (100.00 paid + 20.00 coupon) − refunds 30.00 − commission 6.00 + refunded commission 1.50 − coupon share 6.00
    expect(bill).toMatchObject({ price: 120, site_coupon_price: 20, site_coupon_commi: 6, refund_price: 30, commi_price: 6, refund_commi_price: 1.5, bill_price: 79.5 });
    const items = (await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}/PAYMENT`, session: founder })).json();
    expect(items.data[0]).toMatchObject({ order_sn: order.sn, price: 120, commi_price: 6, site_coupon_price: 20, coupon_commission: 6 });
    const back = (await t.inject({ method: 'GET', url: `/api/admin/order/bills/${billId}/REFUND`, session: founder })).json();
    expect(back.data[0]).toMatchObject({ price: 30, commi_price: 1.5, site_coupon_price: 0, coupon_commission: 0 });
    // the bill's export carries the coupon columns beside the commission
    const file = await exportAndRead(t, verified, `admin/order/bills/${billId}/export`, {});
    const header = file.rows[0] as string[];
    const orderRow = file.rows.find((row) => row.includes(order.sn))!;
    expect(orderRow[header.indexOf('平台优惠券(元)')]).toBe(20);
    expect(orderRow[header.indexOf('店铺承担(元)')]).toBe(6);
  });
});

describe('the platform day', () => {
  it('ends periods at midnight in Shanghai whatever the process time zone, and numbers the bill by that day', async () => {
    const saved = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      expect(new Date('2026-03-09T16:00:00Z').getHours()).toBe(16);
      const shop = await insertShop(t.ctx, { openedAt: new Date('2026-02-01T00:00:00Z'), settlementDays: [10] });
      // 23:30 on the 9th in Shanghai (the 9th in UTC too) and 00:30 on the 10th in Shanghai (still the 9th in UTC)
      const before = await insertOrder(shop, { payStatus: 'PAY_YES', paidAt: new Date('2026-03-09T15:30:00Z'), paidCents: 1_000 });
      const after = await insertOrder(shop, { payStatus: 'PAY_YES', paidAt: new Date('2026-03-09T16:30:00Z'), paidCents: 2_000 });
      // a minute before Shanghai's midnight no period of March has ended yet; the tick at 00:05 there cuts it
      await cutDueBills(t.ctx, new Date('2026-03-09T15:59:00Z'));
      expect((await t.ctx.db.select().from(bills).where(eq(bills.shopId, shop.id))).map((bill) => bill.endAt.toISOString())).toEqual(['2026-02-09T16:00:00.000Z']);
      await cutDueBills(t.ctx, new Date('2026-03-09T16:05:00Z'));
      const [bill] = await t.ctx.db.select().from(bills).where(eq(bills.shopId, shop.id)).orderBy(desc(bills.endAt)).limit(1);
      expect(bill).toMatchObject({ startAt: new Date('2026-02-09T16:00:00Z'), endAt: new Date('2026-03-09T16:00:00Z'), orderCount: 1, orderCents: 1_000 });
      expect(bill.sn).toMatch(/^B20260310/);
      const billed = await t.ctx.db.select({ id: orders.id, billId: orders.billId }).from(orders).where(eq(orders.shopId, shop.id));
      expect(billed.find((row) => row.id === before.id)?.billId).toBe(bill.id);
      expect(billed.find((row) => row.id === after.id)?.billId).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('the bill flow', () => {
  async function freshBill() {
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - DAY) });
    const response = await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder });
    return response.json().bill_ids[0] as number;
  }

  it('steps OUT → RECON → PASS → PAY, paying only after the second step, and the seller’s last step is not the platform’s', async () => {
    const id = await freshBill();
    expect((await next(id, 'OUT')).json()).toMatchObject({ status: 'RECON', operate_allowable: { allow_auth: true } });
    expect((await next(id, 'RECON')).json()).toMatchObject({ status: 'PASS', operate_allowable: { allow_pay: true } });
    const unverified = await next(id, 'PASS', founder);
    expect(unverified.statusCode).toBe(428);
    expect((await shopBill(id)).status).toBe('PASS');
    const paid = await next(id, 'PASS');
    expect(paid.json()).toMatchObject({ status: 'PAY', operate_allowable: { allow_pay: false, allow_complete: false } });
    expect(paid.json().pay_time).toBeGreaterThan(0);
    const complete = await next(id, 'PAY');
    expect(complete.statusCode).toBe(403);
    expect(complete.json().message).toBe('没有权限');
    const logs = (await t.inject({ method: 'GET', url: `/api/admin/order/bills/${id}`, session: founder })).json().logs;
    expect(logs.map((log: { action: string }) => log.action)).toEqual(['RECON', 'AUTH', 'PAY']);
    const [audit] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(audit.operateDetail).toBe('账单操作：付款');
  });

  it('refuses a step from a state the bill has left, verbatim, and changes nothing', async () => {
    const id = await freshBill();
    await next(id, 'OUT');
    const stale = await next(id, 'OUT');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('账单已对账状态不能进行对账操作');
    expect((await shopBill(id)).status).toBe('RECON');
    expect((await t.ctx.db.select().from(billLogs).where(eq(billLogs.billId, id))).length).toBe(1);
  });

  it('of two operators taking the same step at once, exactly one moves the bill', async () => {
    const id = await freshBill();
    const answers = await Promise.all([next(id, 'OUT'), next(id, 'OUT')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect((await shopBill(id)).status).toBe('RECON');
    expect((await t.ctx.db.select().from(billLogs).where(eq(billLogs.billId, id))).length).toBe(1);
  });

  it('needs the settlement page: a shop editor sees bills but cannot move them', async () => {
    const id = await freshBill();
    const { session } = await t.adminWithPermissions(founder, ['shop', 'shopEdit']);
    expect((await t.inject({ method: 'GET', url: `/api/admin/order/bills/${id}`, session })).statusCode).toBe(200);
    expect((await next(id, 'OUT', session)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/order/bills/total-price', session })).statusCode).toBe(403);
  });

  it('totals what was paid out and what is still owed', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/admin/order/bills/total-price', session: founder })).json();
    const shop = await insertShop(t.ctx, { openedAt: new Date(Date.now() - DAY) });
    await insertOrder(shop, { payStatus: 'PAY_YES', paidAt: new Date(Date.now() - 60_000), paidCents: 10_001, commissionCents: 0 });
    await t.inject({ method: 'POST', url: `/api/admin/order/bills/now/${shop.id}`, session: founder });
    const after = (await t.inject({ method: 'GET', url: '/api/admin/order/bills/total-price', session: founder })).json();
    expect(Math.round((after.wait_settled - before.wait_settled) * 100)).toBe(10_001);
    expect(after.settled).toBe(before.settled);
  });
});

async function shopBill(id: number) {
  return (await t.ctx.db.select().from(bills).where(eq(bills.id, id)))[0];
}

describe('pre-deposit', () => {
  it('lists recharges by member and sn, and the wallet log holds the operator’s top-up beside them', async () => {
    const [member] = await t.ctx.db.insert(members).values({ uname: 'chongzhi01', passwordHash: 'x', mobile: '13700000001', nickname: '充值' }).returning();
    await t.ctx.db.insert(recharges).values({ sn: 'R2026000001', memberId: member.id, amountCents: 12_345, way: 'alipay' });
    await t.ctx.db.insert(memberLedger).values({ memberId: member.id, kind: 'BALANCE', amount: 12_345, balanceAfter: 12_345, reason: '在线充值', operatorType: 'SYSTEM', refSn: 'R2026000001' });
    const found = (await t.inject({ method: 'GET', url: '/api/admin/members/deposit/recharge', session: founder, query: { member_name: 'chongzhi' } })).json();
    expect(found.data).toEqual([expect.objectContaining({ recharge_sn: 'R2026000001', member_name: 'chongzhi01', recharge_money: 123.45, recharge_way: 'alipay' })]);
    expect((await t.inject({ method: 'GET', url: '/api/admin/members/deposit/recharge', session: founder, query: { sn: 'R2026000002' } })).json().data).toHaveLength(0);
    const topUp = await t.inject({ method: 'PUT', url: `/api/admin/members/deposit/${member.id}/increase`, session: verified, payload: { money: 10, reason: '活动补偿' } });
    expect(topUp.statusCode).toBe(200);
    const { session } = await t.adminWithPermissions(founder, ['finance', 'preDeposit']);
    const log = (await t.inject({ method: 'GET', url: '/api/admin/members/deposit/log', session, query: { member_name: 'chongzhi01' } })).json();
    expect(log.data.map((row: { amount: number; reason: string; operator_name: string }) => [row.amount, row.reason, row.operator_name])).toEqual([[10, '活动补偿', 'admin'], [123.45, '在线充值', '']]);
    const totals = (await t.inject({ method: 'GET', url: '/api/admin/members/deposit/price/total', session })).json();
    expect(totals.recharged).toBeGreaterThanOrEqual(123.45);
  });

  it('accounts for the members\' whole balance: recharges, refunds, other credits and debits add up to it', async () => {
    type Totals = { balance: number; recharged: number; refunded: number; other_credits: number; debits: number; unrecorded: number };
    const totals = async (): Promise<Totals> => (await t.inject({ method: 'GET', url: '/api/admin/members/deposit/price/total', session: founder })).json();
    const cents = (yuan: number) => Math.round(yuan * 100);
    const before = await totals();
    // a recharge as the buyer side writes it: the record, the balance and its ledger row
    const [member] = await t.ctx.db.insert(members).values({ uname: 'duizhang01', passwordHash: 'x', mobile: '13700000002', nickname: '对账', balanceCents: 5_000 }).returning();
    await t.ctx.db.insert(recharges).values({ sn: 'R2026000009', memberId: member.id, amountCents: 5_000, way: 'wechat' });
    await t.ctx.db.insert(memberLedger).values({ memberId: member.id, kind: 'BALANCE', amount: 5_000, balanceAfter: 5_000, reason: '在线充值', operatorType: 'SYSTEM', refSn: 'R2026000009' });
    const adjust = (money: number, reason: string) => t.inject({ method: 'PUT', url: `/api/admin/members/deposit/${member.id}/increase`, session: verified, payload: { money, reason } });
    expect((await adjust(10, '活动补偿')).statusCode).toBe(200);
    expect((await adjust(-3, '误充扣回')).statusCode).toBe(200);
    const after = await totals();
    const keys = ['balance', 'recharged', 'refunded', 'other_credits', 'debits', 'unrecorded'] as const;
    expect(keys.map((key) => cents(after[key]) - cents(before[key]))).toEqual([5_700, 5_000, 0, 1_000, 300, 0]);
    expect(cents(after.recharged) + cents(after.refunded) + cents(after.other_credits) - cents(after.debits) + cents(after.unrecorded)).toBe(cents(after.balance));
  });
});

describe('VAT invoice qualifications', () => {
  async function apply(uname: string) {
    const [member] = await t.ctx.db.insert(members).values({ uname, passwordHash: 'x', mobile: `136${String(Date.now()).slice(-8)}`, nickname: uname }).returning();
    const [row] = await t.ctx.db
      .insert(memberZpzz)
      .values({ memberId: member.id, companyName: '杭州测试科技有限公司', taxpayerCode: '91330100MA2XXXXX1', registerAddress: '杭州市西湖区', registerTel: '0571-88888888', bankName: '招商银行', bankAccount: '571900000000001' })
      .returning();
    return row;
  }

  it('passes or refuses (with a reason of at most 120) once, and lists by state', async () => {
    const a = await apply('zpzz_a');
    const b = await apply('zpzz_b');
    const waiting = (await t.inject({ method: 'GET', url: '/api/admin/members/zpzz', session: founder, query: { status: 'NEW_APPLY', member_name: 'zpzz_' } })).json();
    expect(waiting.data.map((row: { id: number }) => row.id)).toEqual([b.id, a.id]);
    const pass = await t.inject({ method: 'POST', url: `/api/admin/members/zpzz/audit/${a.id}/AUDIT_PASS`, session: founder });
    expect(pass.json()).toMatchObject({ status: 'AUDIT_PASS', auditor_name: 'admin' });
    const twice = await t.inject({ method: 'POST', url: `/api/admin/members/zpzz/audit/${a.id}/AUDIT_REFUSE`, session: founder, query: { remark: '资料不全' } });
    expect(twice.json().message).toBe('该增票资质已审核，请勿重复审核');
    expect((await t.inject({ method: 'POST', url: `/api/admin/members/zpzz/audit/${b.id}/AUDIT_REFUSE`, session: founder })).json().message).toBe('请填写拒绝原因');
    expect((await t.inject({ method: 'POST', url: `/api/admin/members/zpzz/audit/${b.id}/AUDIT_REFUSE`, session: founder, query: { remark: '长'.repeat(121) } })).json().message).toBe('审核备注最多120个字符');
    const both = await Promise.all([0, 1].map(() => t.inject({ method: 'POST', url: `/api/admin/members/zpzz/audit/${b.id}/AUDIT_REFUSE`, session: founder, query: { remark: '营业执照模糊' } })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await t.inject({ method: 'GET', url: `/api/admin/members/zpzz/${b.id}`, session: founder })).json()).toMatchObject({ status: 'AUDIT_REFUSE', audit_remark: '营业执照模糊' });
    const { session } = await t.adminWithPermissions(founder, ['finance', 'receiptHistory']);
    expect((await t.inject({ method: 'POST', url: `/api/admin/members/zpzz/audit/${b.id}/AUDIT_PASS`, session })).statusCode).toBe(403);
  });
});

describe('the finance lists read through their indexes', () => {
  /** The plan of a query, sequential scans made as dear as the planner allows (the tables are tiny here). */
  async function plan(query: ReturnType<typeof sql>): Promise<string> {
    return t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it.each([
    ['bills_shop_idx', sql`select id from bills where shop_id = 1 order by created_at desc, id desc limit 20`],
    ['bills_status_idx', sql`select id from bills where status = 'PASS' order by created_at desc, id desc limit 20`],
    ['bills_sn_uq', sql`select id from bills where sn = 'B20260101000001'`],
    ['bills_shop_end_uq', sql`select max(end_at) from bills where shop_id = 1`],
    ['orders_bill_id_idx', sql`select id from orders where bill_id = 1 order by id desc limit 10`],
    ['refunds_bill_id_idx', sql`select id from refunds where bill_id = 1 order by id desc limit 10`],
    ['recharges_created_idx', sql`select id from recharges order by created_at desc, id desc limit 20`],
    ['recharges_member_idx', sql`select id from recharges where member_id in (1, 2) order by created_at desc, id desc limit 20`],
    ['member_zpzz_status_created_idx', sql`select id from member_zpzz where status = 'NEW_APPLY' order by created_at desc, id desc limit 20`],
    ['receipt_histories_status_idx', sql`select id from receipt_histories where status = 0 order by created_at desc, id desc limit 20`],
    ['receipt_histories_type_idx', sql`select id from receipt_histories where receipt_type = 'ELECTRO' order by created_at desc, id desc limit 20`],
    ['receipt_histories_sn_idx', sql`select id from receipt_histories where order_sn = '2026'`],
  ])('%s serves its filter', async (index, query) => {
    expect(await plan(query)).toContain(index);
  });
});

describe('the settlement list adds up on screen', () => {
  it('every bill the tests above cut: its listed components give its amount due to the cent', async () => {
    const listed = (await t.inject({ method: 'GET', url: '/api/admin/order/bills', session: founder, query: { page_size: '100' } })).json();
    expect(listed.data.length).toBeGreaterThan(3);
    const cents = (yuan: number) => Math.round(yuan * 100);
    for (const bill of listed.data) {
      const due = cents(bill.price) - cents(bill.commi_price) - cents(bill.refund_price) + cents(bill.refund_commi_price) - cents(bill.site_coupon_commi) - (cents(bill.distribution_rebate) - cents(bill.distribution_return_rebate));
      expect(due, bill.bill_sn).toBe(cents(bill.bill_price));
    }
    // among them cash on delivery and refunds, so the sum is not trivially the income
    expect(listed.data.some((bill: { cod_price: number; refund_price: number }) => bill.cod_price > 0 && bill.refund_price > 0)).toBe(true);
  });
});
