import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { exportAndRead } from '../../test/exports.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { orderItems, orders } from '../orders/tables.js';
import { receiveOrder, SYSTEM_ACTOR } from '../orders/service.js';
import { clawBackCommission, unfreezeDue } from './commission.js';
import { buildBills, monthOf } from './service.js';
import { commissionRecords, commissionTpls, distributionLedger, distributionOrders, distributors, withdrawApplies } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const DAY_MS = 86_400_000;
let sequence = 0;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = founder) =>
  t.inject({ method, url: `/api/admin/distribution/${url}`, session, ...(payload ? { payload } : {}) });
const distributor = async (memberId: number) => (await t.ctx.db.select().from(distributors).where(eq(distributors.memberId, memberId)))[0];
const money = async (memberId: number) => {
  const row = await distributor(memberId);
  return { canRebate: row.canRebateCents, frozen: row.frozenCents, withdrawFrozen: row.withdrawFrozenCents };
};

let defaultTpl: number;
let shop: { id: number; shopName: string };
let product: Awaited<ReturnType<typeof insertGoods>>;

/** A small tree: root ← parent ← buyer (ids from 1000 up, unique per call). */
async function tree() {
  const base = 1000 + ++sequence * 10;
  const row = (memberId: number, parentId: number | null, grandparentId: number | null) => ({ memberId, memberName: `分销${memberId}`, mobile: `1380000${memberId}`, parentId, grandparentId, tplId: defaultTpl });
  await t.ctx.db.insert(distributors).values([row(base, null, null), row(base + 1, base, null), row(base + 2, base + 1, base)]);
  return { root: base, parent: base + 1, buyer: base + 2 };
}

async function shippedOrder(buyerId: number, goodsCents = 20_000, discountCents = 0) {
  const n = ++sequence;
  const [order] = await t.ctx.db
    .insert(orders)
    .values({ sn: `DS${String(n).padStart(10, '0')}`, shopId: shop.id, shopName: shop.shopName, memberId: buyerId, memberName: `分销${buyerId}`, status: 'SHIPPED', shipStatus: 'SHIP_YES', payStatus: 'PAY_YES', goodsNum: 2, goodsCents, discountCents, needPayCents: goodsCents - discountCents, paidCents: goodsCents - discountCents, shippedAt: new Date(Date.now() - 30 * DAY_MS) })
    .returning();
  await t.ctx.db.insert(orderItems).values({ orderId: order.id, goodsId: product.id, skuId: 0, goodsName: product.goodsName, priceCents: goodsCents / 2, num: 2, subtotalCents: goodsCents });
  return order;
}
const receive = (orderId: number) => t.ctx.db.transaction((tx) => receiveOrder(tx, { id: orderId }, SYSTEM_ACTOR));

beforeAll(async () => {
  [{ id: defaultTpl }] = await t.ctx.db.select({ id: commissionTpls.id }).from(commissionTpls).where(eq(commissionTpls.isDefault, 1));
  shop = await insertShop(t.ctx);
  product = await insertGoods(t.ctx, shop, await insertCategory(t.ctx));
});

describe('commission', () => {
  it('is written when an order is received: 10% to the inviter, 5% to the inviter\'s inviter, frozen for the cycle and logged', async () => {
    const { root, parent, buyer } = await tree();
    const order = await shippedOrder(buyer, 20_000, 1_001);
    await receive(order.id);
    expect(await money(parent)).toEqual({ canRebate: 0, frozen: 1_899, withdrawFrozen: 0 });
    expect(await money(root)).toEqual({ canRebate: 0, frozen: 949, withdrawFrozen: 0 });
    const [written] = await t.ctx.db.select().from(distributionOrders).where(eq(distributionOrders.orderId, order.id));
    expect(written).toMatchObject({ orderCents: 18_999, lv1Id: parent, grade1Cents: 1_899, lv2Id: root, grade2Cents: 949, status: 'WAIT' });
    expect(written.settleAt.getTime() - written.createdAt.getTime()).toBe(7 * DAY_MS);
    const ledger = await t.ctx.db.select().from(distributionLedger).where(eq(distributionLedger.memberId, parent));
    expect(ledger).toMatchObject([{ kind: 'COMMISSION', frozenChange: 1_899, frozenAfter: 1_899, refSn: order.sn }]);

    const listed = (await api('GET', `order?member_id=${root}`)).json();
    expect(listed.data).toMatchObject([{ order_sn: order.sn, order_price: 189.99, lv1_name: `分销${parent}`, grade1_rebate: 18.99, grade2_rebate: 9.49, status: 'WAIT' }]);
    const records = (await api('GET', `commission?member_id=${parent}`)).json();
    expect(records.data).toMatchObject([{ order_sn: order.sn, level: 1, amount: 18.99, status: 'WAIT' }]);
    const detail = (await api('GET', `member/${root}`)).json();
    expect(detail).toMatchObject({ lv1_num: 1, lv2_num: 1, commission_frozen: 9.49, rebate_total: 9.49, order_num: 1, tpl_name: '默认模板', grade1: 10, grade2: 5 });
  });

  it('gives a disabled distributor nothing, and uses the goods\' own rebate per piece when goods_model is on', async () => {
    const { root, parent, buyer } = await tree();
    expect((await api('PUT', `member/${root}/status`, { status: 0 })).statusCode).toBe(200);
    expect((await api('PUT', 'settings', { cycle: 3, goods_model: 1 })).statusCode).toBe(200);
    expect((await api('PUT', `goods/${product.id}`, { grade1_rebate: 2.5, grade2_rebate: 1 })).statusCode).toBe(200);
    try {
      await receive((await shippedOrder(buyer)).id);
      expect(await money(parent)).toMatchObject({ frozen: 500 });
      expect(await money(root)).toMatchObject({ frozen: 0 });
    } finally {
      await api('PUT', 'settings', { cycle: 7, goods_model: 0 });
    }
    const refused = await api('PUT', 'settings', { cycle: 400, goods_model: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('结算周期为0到365天');
  });

  it('becomes withdrawable when the cycle has passed (once), and a refund claws it back from what it then is', async () => {
    const { root, parent, buyer } = await tree();
    const first = await shippedOrder(buyer, 10_000);
    const second = await shippedOrder(buyer, 30_000);
    await receive(first.id);
    await receive(second.id);
    const later = new Date(Date.now() + 8 * DAY_MS);
    // the second order's commission is still frozen: move only the first's cycle past
    await t.ctx.db.update(commissionRecords).set({ settleAt: new Date(Date.now() + 30 * DAY_MS) }).where(eq(commissionRecords.orderSn, second.sn));
    await Promise.all([unfreezeDue(t.ctx, later), unfreezeDue(t.ctx, later)]);
    expect(await money(parent)).toEqual({ canRebate: 1_000, frozen: 3_000, withdrawFrozen: 0 });
    expect(await money(root)).toEqual({ canRebate: 500, frozen: 1_500, withdrawFrozen: 0 });
    const [confirmed] = await t.ctx.db.select().from(distributionOrders).where(eq(distributionOrders.orderId, first.id));
    expect(confirmed.status).toBe('CONFIRM');

    expect(await t.ctx.db.transaction((tx) => clawBackCommission(tx, first.id, '售后退款'))).toBe(1_500);
    expect(await t.ctx.db.transaction((tx) => clawBackCommission(tx, first.id, '售后退款'))).toBe(0);
    expect(await t.ctx.db.transaction((tx) => clawBackCommission(tx, second.id, '售后退款'))).toBe(4_500);
    expect(await money(parent)).toEqual({ canRebate: 0, frozen: 0, withdrawFrozen: 0 });
    expect(await money(root)).toEqual({ canRebate: 0, frozen: 0, withdrawFrozen: 0 });
    const records = (await api('GET', `commission?member_id=${parent}&status=RETURN`)).json();
    expect(records.data_total).toBe(2);
    expect((await distributor(parent)).rebateTotalCents).toBe(0);
  });

  it('builds last month\'s bill per distributor once, with the commission earned and clawed back in it', async () => {
    const { parent, buyer } = await tree();
    await receive((await shippedOrder(buyer, 10_000)).id);
    const returned = await shippedOrder(buyer, 20_000);
    await receive(returned.id);
    await t.ctx.db.transaction((tx) => clawBackCommission(tx, returned.id, '售后退款'));
    const now = new Date(monthOf(new Date()).end.getTime() + DAY_MS);
    expect(await buildBills(t.ctx, now)).toBeGreaterThan(0);
    expect(await buildBills(t.ctx, now)).toBe(0);
    const bills = (await api('GET', `bill/member?member_id=${parent}`)).json();
    expect(bills.data).toMatchObject([{ order_num: 2, order_price: 300, commission: 30, return_order_num: 1, return_commission: 20, payable: 10 }]);
    const bill = bills.data[0];
    expect((await api('GET', `bill/${bill.id}/${parent}`)).json()).toMatchObject({ sn: bill.sn, payable: 10 });
    expect((await api('GET', `order?bill_id=${bill.id}&member_id=${parent}`)).json().data_total).toBe(2);
    expect((await api('GET', `bill/${bill.id}/${buyer}`)).statusCode).toBe(404);
  });
});

describe('commission templates', () => {
  it('refuses a taken name, deleting the default or one in use, and assigns one to a distributor', async () => {
    expect((await api('POST', 'commission-tpl', { tpl_name: '金牌模板', grade1: 12.5, grade2: 6 })).statusCode).toBe(200);
    const taken = await api('POST', 'commission-tpl', { tpl_name: '金牌模板', grade1: 1, grade2: 1 });
    expect(taken.json().message).toBe('模板名称已存在');
    const tpls = (await api('GET', 'commission-tpl')).json() as { id: number; tpl_name: string; grade1: number }[];
    const gold = tpls.find((tpl) => tpl.tpl_name === '金牌模板')!;
    expect(gold.grade1).toBe(12.5);
    expect((await api('DELETE', `commission-tpl/${defaultTpl}`)).json().message).toBe('默认模板不能删除');
    const { parent } = await tree();
    expect((await api('PUT', `member/tpl?member_id=${parent}&tpl_id=${gold.id}`)).statusCode).toBe(200);
    expect((await distributor(parent)).tplId).toBe(gold.id);
    expect((await api('DELETE', `commission-tpl/${gold.id}`)).json().message).toBe('该模板正在被分销商使用，不能删除');
    expect((await api('PUT', `commission-tpl/${defaultTpl}`, { tpl_name: '默认模板', grade1: 10, grade2: 5, is_default: 0 })).json().message).toBe('必须保留一个默认模板，请将其他模板设为默认');
    expect((await api('PUT', 'member/tpl?member_id=1&tpl_id=99999')).statusCode).toBe(404);
  });
});

describe('withdrawals', () => {
  let verified: Session;
  let second: Session;
  beforeAll(async () => {
    verified = await t.loginFounder();
    second = await t.loginFounder();
    await t.verifiedSession(verified);
    await t.verifiedSession(second);
  });

  /** A request of `cents`, its money already moved from withdrawable to withdraw-frozen as the application does. */
  async function apply(memberId: number, cents: number, status = 'WAIT_AUDIT') {
    await t.ctx.db.update(distributors).set({ withdrawFrozenCents: cents }).where(eq(distributors.memberId, memberId));
    const [row] = await t.ctx.db.insert(withdrawApplies).values({ sn: `TX${++sequence}`, memberId, memberName: `分销${memberId}`, amountCents: cents, way: 'ALIPAY', account: 'a@b.cn', status }).returning();
    return row;
  }
  const status = async (id: number) => (await t.ctx.db.select().from(withdrawApplies).where(eq(withdrawApplies.id, id)))[0].status;

  it('approves only after the second step, refuses with the money back, and checks the remark', async () => {
    const { parent, root } = await tree();
    const a = await apply(parent, 12_345);
    const b = await apply(root, 500);
    const unverified = await api('POST', 'withdraw/batch-audit', { apply_ids: [a.id], audit_result: 'PASS', remark: '核对无误' });
    expect(unverified.statusCode).toBe(428);
    expect(await status(a.id)).toBe('WAIT_AUDIT');
    const short = await api('POST', 'withdraw/batch-audit', { apply_ids: [a.id], audit_result: 'PASS', remark: '好' }, verified);
    expect(short.json().message).toBe('审核备注为2到200个字符');
    expect((await api('POST', 'withdraw/batch-audit', { apply_ids: [a.id], audit_result: 'PASS', remark: '核对无误' }, verified)).statusCode).toBe(200);
    expect(await status(a.id)).toBe('AUDIT_PASS');
    // a refusal needs no second step and gives the money back
    expect((await api('POST', 'withdraw/batch-audit', { apply_ids: [b.id], audit_result: 'FAIL', remark: '账户信息有误' })).statusCode).toBe(200);
    expect(await money(root)).toMatchObject({ canRebate: 500, withdrawFrozen: 0 });
    // transfer is behind the second step too, then the frozen money leaves
    expect((await api('POST', 'withdraw/batch-transfer', { apply_ids: [a.id], remark: '已打款' })).statusCode).toBe(428);
    expect((await api('POST', 'withdraw/batch-transfer', { apply_ids: [a.id], remark: '支付宝已打款' }, verified)).statusCode).toBe(200);
    expect(await money(parent)).toMatchObject({ canRebate: 0, withdrawFrozen: 0 });
    const ledger = await t.ctx.db.select().from(distributionLedger).where(eq(distributionLedger.refSn, a.sn));
    expect(ledger).toMatchObject([{ kind: 'WITHDRAW_PAID', operatorName: 'admin' }]);
    const rows = (await api('GET', `withdraw/page?sn=${a.sn}`)).json();
    expect(rows.data).toMatchObject([{ status: 'FINISHED', amount: 123.45, audit_remark: '核对无误', transfer_remark: '支付宝已打款' }]);
  });

  it('exports the requests the list shows under its filters, with the states in words', async () => {
    const { parent, root } = await tree();
    const waiting = await apply(parent, 4_321);
    await apply(root, 800, 'AUDIT_FAIL');
    const file = await exportAndRead(t, founder, 'admin/distribution/withdraw/export', { status: 'WAIT_AUDIT', order: 'desc' });
    const listed = (await api('GET', 'withdraw/page?status=WAIT_AUDIT&page_size=100')).json().data as { sn: string }[];
    expect(file.rows.slice(1).map((row) => row[0])).toEqual(listed.map((row) => row.sn));
    expect(file.rows.find((row) => row[0] === waiting.sn)).toEqual(expect.arrayContaining([43.21, '支付宝', '待审核']));
    expect(file.record).toMatchObject({ kind: 'withdraw.export', filter_summary: '状态：待审核；按申请时间降序' });
  });

  it('refuses a whole batch when one request does not allow the action, changing nothing', async () => {
    const { parent, root } = await tree();
    const waiting = await apply(parent, 1_000);
    const passed = await apply(root, 2_000, 'AUDIT_PASS');
    const refused = await api('POST', 'withdraw/batch-audit', { apply_ids: [waiting.id, passed.id], audit_result: 'FAIL', remark: '批量拒绝' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`提现申请${passed.sn}当前状态为审核通过，不能审核拒绝`);
    expect(await status(waiting.id)).toBe('WAIT_AUDIT');
    expect(await money(parent)).toMatchObject({ canRebate: 0, withdrawFrozen: 1_000 });
    expect((await api('POST', 'withdraw/batch-close', { apply_ids: [waiting.id], remark: '关闭' })).json().message).toBe(`提现申请${waiting.sn}当前状态为待审核，不能关闭`);
    expect((await api('POST', 'withdraw/batch-close', { apply_ids: [passed.id], remark: '账户已注销' })).statusCode).toBe(200);
    expect(await money(root)).toMatchObject({ canRebate: 2_000, withdrawFrozen: 0 });
    expect((await api('POST', 'withdraw/batch-close', { apply_ids: [99_999], remark: '不存在的' })).statusCode).toBe(404);
  });

  it('lets exactly one of two operators auditing one request at once win', async () => {
    const { parent } = await tree();
    const request = await apply(parent, 3_000);
    const results = await Promise.all([
      api('POST', 'withdraw/batch-audit', { apply_ids: [request.id], audit_result: 'PASS', remark: '同意提现' }, verified),
      api('POST', 'withdraw/batch-audit', { apply_ids: [request.id], audit_result: 'FAIL', remark: '拒绝提现' }, second),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((result) => result.statusCode === 400)!;
    expect(loser.json().message).toMatch(new RegExp(`^提现申请${request.sn}当前状态为审核(通过|未通过)，不能审核(通过|拒绝)$`));
    const final = await status(request.id);
    expect(await money(parent)).toEqual(final === 'AUDIT_PASS' ? { canRebate: 0, frozen: 0, withdrawFrozen: 3_000 } : { canRebate: 3_000, frozen: 0, withdrawFrozen: 0 });
    expect(await t.ctx.db.select().from(distributionLedger).where(eq(distributionLedger.refSn, request.sn))).toHaveLength(final === 'AUDIT_PASS' ? 0 : 1);
  });
});

describe('distributor list', () => {
  it('finds by name and state, newest first, with the team sizes', async () => {
    const { root } = await tree();
    await api('PUT', `member/${root}/status`, { status: 0 });
    const page = (await api('GET', `member?keyword=${encodeURIComponent(`分销${root}`)}&status=0`)).json();
    expect(page.data).toMatchObject([{ member_id: root, status: 0, lv1_num: 1, lv2_num: 1, parent_name: '' }]);
    expect((await api('GET', 'member/999999')).json().message).toBe('分销商不存在');
    expect((await api('PUT', `member/${root}/status`, { status: 2 })).statusCode).toBe(400);
  });
});
