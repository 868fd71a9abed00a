import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SETTINGS_KEYS } from '@agora/contract';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { writeSetting } from '../../platform/settings.js';
import { goods, goodsSkus } from '../goods/tables.js';
import { members } from '../members/tables.js';
import { systemLogs } from '../system-logs/tables.js';
import { coupons, memberCoupons } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const base = () => ({
  title: '满100减10',
  coupon_price: 10,
  coupon_threshold_price: 100,
  start_time: nowSeconds() + HOUR,
  end_time: nowSeconds() + 48 * HOUR,
  create_num: 100,
  limit_num: 2,
  shop_commission: 30,
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = founder) =>
  t.inject({ method, url: `/api/admin/${url}`, session, ...(payload ? { payload } : {}) });
const create = (body: object) => api('POST', 'promotion/coupons', body);
const couponRow = async (id: number) => (await t.ctx.db.select().from(coupons).where(eq(coupons.id, id)))[0];
const allCoupons = () => t.ctx.db.select().from(coupons).orderBy(coupons.id);

async function insertCoupon(overrides: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(coupons)
    .values({ title: '直接插入', priceCents: 500, thresholdCents: 5000, startAt: new Date(Date.now() - 3_600_000), endAt: new Date(Date.now() + 86_400_000), createNum: 10, ...overrides })
    .returning();
  return row;
}

async function claim(coupon: { id: number }, overrides: Partial<typeof memberCoupons.$inferInsert> = {}) {
  const [member] = await t.ctx.db.insert(members).values({ uname: `mc${Math.random().toString(36).slice(2, 10)}`, mobile: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }).returning();
  const [row] = await t.ctx.db
    .insert(memberCoupons)
    .values({ couponId: coupon.id, memberId: member.id, memberName: member.uname, title: '直接插入', priceCents: 500, thresholdCents: 5000, startAt: new Date(Date.now() - 3_600_000), endAt: new Date(Date.now() + 86_400_000), ...overrides })
    .returning();
  await t.ctx.db.update(coupons).set({ receivedNum: 1 }).where(eq(coupons.id, coupon.id));
  return row;
}

async function skuOf(goodsName: string) {
  const shop = await insertShop(t.ctx);
  const category = await insertCategory(t.ctx);
  const item = await insertGoods(t.ctx, shop, category, { goodsName });
  const [sku] = await t.ctx.db.insert(goodsSkus).values({ goodsId: item.id, sn: `SKU${item.id}`, priceCents: 9900, quantity: 5, enableQuantity: 5 }).returning();
  return { item, sku, category };
}

describe('creating a coupon', () => {
  it('saves a valid coupon in cents, lists it on its tab and logs who did it', async () => {
    const response = await create({ ...base(), title: '新建测试券', coupon_price: 12.5 });
    expect(response.statusCode).toBe(200);
    const row = await couponRow(response.json().coupon_id);
    expect(row).toMatchObject({ priceCents: 1250, thresholdCents: 10000, createNum: 100, limitNum: 2, useScope: 'ALL', scopeDescription: '全部商品' });
    const normal = (await api('GET', 'promotion/coupons?keyword=新建测试券')).json();
    expect(normal.data).toHaveLength(1);
    expect(normal.data[0]).toMatchObject({ coupon_price: 12.5, status: 0, voided: 0, received_num: 0 });
    expect((await api('GET', 'promotion/coupons?keyword=新建测试券&coupon_type=NEWCOMER')).json().data).toHaveLength(0);
    const logs = await t.ctx.db.select().from(systemLogs).where(eq(systemLogs.operateDetail, '添加优惠券「新建测试券」'));
    expect(logs.length).toBeGreaterThan(0);
  });

  it.each([
    ['face value not below the threshold', { coupon_price: 100 }, '优惠券面额须小于使用门槛'],
    ['a per-member limit above the issued number', { create_num: 5, limit_num: 6 }, '每人限领数量不能大于发放总量'],
    ['a start after the end', { start_time: nowSeconds() + 10 * HOUR, end_time: nowSeconds() + 5 * HOUR }, '活动开始时间须早于结束时间'],
    ['a start in the past', { start_time: nowSeconds() - HOUR }, '活动开始时间须晚于当前时间'],
    ['a category scope without a category', { use_scope: 'CATEGORY', scope_ids: [] }, '请选择适用范围内的分类或商品'],
    ['a category that does not exist', { use_scope: 'CATEGORY', scope_ids: [987654] }, '适用分类不存在'],
    ['days of validity missing for a claim-relative coupon', { effective_type: 'EFFECTIVE_AFTER_RECEIVING', effective_days: 0 }, '请填写领取后的有效天数'],
  ])('refuses %s and saves nothing', async (_case, change, message) => {
    const before = await allCoupons();
    const response = await create({ ...base(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await allCoupons()).toEqual(before);
  });

  it('scopes a coupon to goods chosen in the goods picker and to a category', async () => {
    const a = await skuOf('范围商品甲');
    const b = await skuOf('范围商品乙');
    const goodsCoupon = await create({ ...base(), use_scope: 'SOME_GOODS', scope_ids: [a.sku.id, b.sku.id] });
    expect(goodsCoupon.statusCode).toBe(200);
    const detail = (await api('GET', `promotion/coupons/${goodsCoupon.json().coupon_id}`)).json();
    expect(detail.scope_description).toBe('范围商品甲、范围商品乙');
    expect(detail.scope_goods.map((row: { sku_id: number }) => row.sku_id)).toEqual([a.sku.id, b.sku.id]);
    const categoryCoupon = await create({ ...base(), use_scope: 'CATEGORY', scope_ids: [a.category.id] });
    expect((await couponRow(categoryCoupon.json().coupon_id)).scopeDescription).toBe(a.category.name);
  });

  it('refuses goods that are off sale, naming them', async () => {
    const on = await skuOf('在售商品');
    const off = await skuOf('下架商品');
    await t.ctx.db.update(goods).set({ marketEnable: 0 }).where(eq(goods.id, off.item.id));
    const before = await allCoupons();
    const response = await create({ ...base(), use_scope: 'SOME_GOODS', scope_ids: [on.sku.id, off.sku.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`适用商品不存在或已下架：${off.sku.id}`);
    expect(await allCoupons()).toEqual(before);
  });
});

describe('editing a coupon', () => {
  it('changes a coupon nobody has claimed', async () => {
    const id = (await create(base())).json().coupon_id;
    const response = await api('PUT', `promotion/coupons/${id}`, { ...base(), title: '改过的券', coupon_price: 20 });
    expect(response.statusCode).toBe(200);
    expect(await couponRow(id)).toMatchObject({ title: '改过的券', priceCents: 2000 });
  });

  it('refuses once a member has claimed it, once void and once expired, changing nothing', async () => {
    const claimed = await insertCoupon();
    await claim(claimed);
    const voided = await insertCoupon({ voidedAt: new Date() });
    const expired = await insertCoupon({ startAt: new Date(Date.now() - 86_400_000 * 3), endAt: new Date(Date.now() - 86_400_000) });
    for (const [coupon, message] of [
      [claimed, '优惠券已被领取，不能编辑'],
      [voided, '优惠券已作废，不能编辑'],
      [expired, '优惠券已失效，不能编辑'],
    ] as const) {
      const before = await couponRow(coupon.id);
      const response = await api('PUT', `promotion/coupons/${coupon.id}`, base());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await couponRow(coupon.id)).toEqual(before);
    }
    expect((await api('PUT', 'promotion/coupons/999999', base())).statusCode).toBe(404);
  });
});

describe('voiding and deleting a coupon', () => {
  it('voids a claimed coupon once; the claims stay valid', async () => {
    const coupon = await insertCoupon();
    const held = await claim(coupon);
    expect((await api('POST', `promotion/coupons/${coupon.id}`)).statusCode).toBe(200);
    expect((await couponRow(coupon.id)).voidedAt).not.toBeNull();
    const again = await api('POST', `promotion/coupons/${coupon.id}`);
    expect(again.json().message).toBe('优惠券已作废，请勿重复操作');
    const claims = (await api('GET', `members/coupon?coupon_id=${coupon.id}`)).json();
    expect(claims.data).toEqual([expect.objectContaining({ mc_id: held.id, state: 'UNUSED' })]);
  });

  it('refuses to void a coupon nobody claimed, an expired one and a new-member one', async () => {
    const unclaimed = await insertCoupon();
    const expired = await insertCoupon({ startAt: new Date(Date.now() - 86_400_000 * 3), endAt: new Date(Date.now() - 86_400_000) });
    await claim(expired);
    const newcomer = await insertCoupon({ couponType: 'NEWCOMER' });
    await claim(newcomer);
    for (const [coupon, message] of [
      [unclaimed, '优惠券尚未被领取，不能作废，可直接删除'],
      [expired, '优惠券已失效，不能作废'],
      [newcomer, '新人优惠券不能作废'],
    ] as const) {
      const response = await api('POST', `promotion/coupons/${coupon.id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect((await couponRow(coupon.id)).voidedAt).toBeNull();
    }
  });

  it('deletes a coupon before it starts and refuses once started', async () => {
    const future = await insertCoupon({ startAt: new Date(Date.now() + 3_600_000) });
    expect((await api('DELETE', `promotion/coupons/${future.id}`)).statusCode).toBe(200);
    expect(await couponRow(future.id)).toBeUndefined();
    const started = await insertCoupon();
    const response = await api('DELETE', `promotion/coupons/${started.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('活动已经开始，不能删除');
    expect(await couponRow(started.id)).toBeDefined();
  });

  it('keeps new-member coupons while that feature is on', async () => {
    const newcomer = await insertCoupon({ couponType: 'NEWCOMER', startAt: new Date(Date.now() + 3_600_000) });
    await writeSetting(t.ctx.db, SETTINGS_KEYS.newComerCoupon, { open: 1, coupons: [] });
    const refused = await api('DELETE', `promotion/coupons/${newcomer.id}`);
    expect(refused.json().message).toBe('新人优惠券功能开启中，不能删除新人优惠券');
    expect(await couponRow(newcomer.id)).toBeDefined();
    await writeSetting(t.ctx.db, SETTINGS_KEYS.newComerCoupon, { open: 0, coupons: [] });
    expect((await api('DELETE', `promotion/coupons/${newcomer.id}`)).statusCode).toBe(200);
  });
});

describe('claim records', () => {
  it('voids one unused member coupon with its reason; exactly one of two operators wins', async () => {
    const coupon = await insertCoupon();
    const held = await claim(coupon);
    const results = await Promise.all([1, 2].map(() => api('PUT', `members/coupon/${held.id}/cancel`, { reason: '发放错误' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().message).toBe('该优惠券已作废，请勿重复操作');
    const row = (await api('GET', `members/coupon?coupon_id=${coupon.id}`)).json().data[0];
    expect(row).toMatchObject({ state: 'VOIDED', cancel_reason: '发放错误' });
  });

  it('refuses a used or expired member coupon, a missing or too long reason', async () => {
    const coupon = await insertCoupon();
    const used = await claim(coupon, { usedStatus: 1, orderSn: 'SN2026000001', usedAt: new Date() });
    const expired = await claim(coupon, { endAt: new Date(Date.now() - 1000) });
    const unused = await claim(coupon);
    expect((await api('PUT', `members/coupon/${used.id}/cancel`, { reason: '试试' })).json().message).toBe('该优惠券已使用，不能作废');
    expect((await api('PUT', `members/coupon/${expired.id}/cancel`, { reason: '试试' })).json().message).toBe('该优惠券已过期，不能作废');
    expect((await api('PUT', `members/coupon/${unused.id}/cancel`, { reason: ' ' })).json().message).toBe('请填写作废原因');
    expect((await api('PUT', `members/coupon/${unused.id}/cancel`, { reason: '长'.repeat(121) })).json().message).toBe('作废原因最多120个字符');
    const states = (await api('GET', `members/coupon?coupon_id=${coupon.id}`)).json().data.map((row: { mc_id: number; state: string }) => [row.mc_id, row.state]);
    expect(new Map(states)).toEqual(new Map([[used.id, 'USED'], [expired.id, 'EXPIRED'], [unused.id, 'UNUSED']]));
  });
});

describe('permissions', () => {
  it('lets a role with the coupon list read it but not create coupons or void claims', async () => {
    const { session } = await t.adminWithPermissions(founder, ['couponList']);
    expect((await api('GET', 'promotion/coupons', undefined, session)).statusCode).toBe(200);
    expect((await api('POST', 'promotion/coupons', base(), session)).statusCode).toBe(403);
    expect((await api('PUT', 'members/coupon/1/cancel', { reason: '无权' }, session)).statusCode).toBe(403);
  });
});
