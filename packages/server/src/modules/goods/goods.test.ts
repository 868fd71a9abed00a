import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, startTestApp, type Session, type TestApp, type TestDatabase } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { goods } from './tables.js';

let testDb: TestDatabase;
let t: TestApp;
let founder: Session;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  founder = await t.loginFounder();
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

const list = (query: Record<string, string | number>, session = founder) =>
  t.inject({ method: 'GET', url: '/api/admin/goods', session, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const row = async (id: number) => (await t.ctx.db.select().from(goods).where(eq(goods.id, id)))[0];

describe('goods list', () => {
  it('filters by keyword, shop, category subtree, audit state and price, sorts and pages', async () => {
    const shop = await insertShop(t.ctx);
    const other = await insertShop(t.ctx);
    const root = await insertCategory(t.ctx, '数码');
    const leaf = await insertCategory(t.ctx, '手机', root);
    const elsewhere = await insertCategory(t.ctx, '服饰');
    const phone = await insertGoods(t.ctx, shop, leaf, { goodsName: '华为 折叠屏手机', priceCents: 899900 });
    const cheap = await insertGoods(t.ctx, shop, leaf, { goodsName: '手机壳', priceCents: 1900, isAuth: 0 });
    await insertGoods(t.ctx, other, elsewhere, { goodsName: '卫衣', priceCents: 19900 });

    const byKeyword = (await list({ keyword: '折叠屏' })).json();
    expect(byKeyword.data.map((g: { goods_id: number }) => g.goods_id)).toEqual([phone.id]);
    expect(byKeyword.data[0]).toMatchObject({ price: 8999, seller_name: shop.shopName, category_name: '手机', status: 'ON_SALE' });
    expect((await list({ keyword: phone.sn })).json().data_total).toBe(1);

    const subtree = (await list({ category_id: root.id, sort: 'price', order: 'asc' })).json();
    expect(subtree.data.map((g: { goods_id: number }) => g.goods_id)).toEqual([cheap.id, phone.id]);
    expect((await list({ seller_id: other.id })).json().data_total).toBe(1);
    expect((await list({ is_auth: 0, seller_id: shop.id })).json().data.map((g: { status: string }) => g.status)).toEqual(['WAITING']);
    expect((await list({ start_price: 100, end_price: 10000, seller_id: shop.id })).json().data_total).toBe(1);
    const paged = (await list({ seller_id: shop.id, page_size: 1, page_no: 2, sort: 'price', order: 'desc' })).json();
    expect(paged).toMatchObject({ data_total: 2, page_no: 2, page_size: 1 });
    expect(paged.data[0].goods_id).toBe(cheap.id);
  });

  it('refuses a price range upside down and an unknown sort', async () => {
    const reversed = await list({ start_price: 100, end_price: 1 });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('最低价不能高于最高价');
    expect((await list({ sort: 'nonsense' })).statusCode).toBe(400);
  });
});

describe('taking goods down and putting them back', () => {
  it('takes goods down with the reason for the seller, then restores them', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const a = await insertGoods(t.ctx, shop, category);
    const b = await insertGoods(t.ctx, shop, category);
    const down = await t.inject({ method: 'PUT', url: `/api/admin/goods/${a.id},${b.id}/under`, session: founder, payload: { reason: '图片侵权' } });
    expect(down.statusCode).toBe(200);
    expect(await row(a.id)).toMatchObject({ marketEnable: 0, underMessage: '平台下架，原因为：图片侵权' });
    expect((await row(b.id)).marketEnable).toBe(0);

    const up = await t.inject({ method: 'PUT', url: `/api/admin/goods/${a.id}/up`, session: founder });
    expect(up.statusCode).toBe(200);
    expect(await row(a.id)).toMatchObject({ marketEnable: 1, underMessage: '' });
  });

  it('needs a reason, and changes nothing when one item of the batch is not on sale', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const onSale = await insertGoods(t.ctx, shop, category);
    const offShelf = await insertGoods(t.ctx, shop, category, { marketEnable: 0 });
    const noReason = await t.inject({ method: 'PUT', url: `/api/admin/goods/${onSale.id}/under`, session: founder, payload: { reason: ' ' } });
    expect(noReason.json().message).toBe('请填写下架原因');
    const mixed = await t.inject({ method: 'PUT', url: `/api/admin/goods/${onSale.id},${offShelf.id}/under`, session: founder, payload: { reason: '违规' } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ code: 'GOODS_NOT_ON_SALE', message: `商品未在售，不能下架：${offShelf.goodsName}` });
    expect((await row(onSale.id)).marketEnable).toBe(1);
    const missing = await t.inject({ method: 'PUT', url: '/api/admin/goods/99999999/under', session: founder, payload: { reason: '违规' } });
    expect(missing.json().code).toBe('GOODS_NOT_FOUND');
  });

  it('will not put goods on sale while their shop is closed or before they pass audit', async () => {
    const closed = await insertShop(t.ctx, { status: 'CLOSED' });
    const open = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const ofClosed = await insertGoods(t.ctx, closed, category, { marketEnable: 0 });
    const waiting = await insertGoods(t.ctx, open, category, { marketEnable: 0, isAuth: 0 });
    const shopClosed = await t.inject({ method: 'PUT', url: `/api/admin/goods/${ofClosed.id}/up`, session: founder });
    expect(shopClosed.json()).toEqual({ code: 'GOODS_SHOP_CLOSED', message: '店铺关闭中,商品不能上架' });
    const notPassed = await t.inject({ method: 'PUT', url: `/api/admin/goods/${waiting.id}/up`, session: founder });
    expect(notPassed.json().code).toBe('GOODS_NOT_PASSED');
    expect((await row(ofClosed.id)).marketEnable).toBe(0);
  });
});

describe('category children', () => {
  it('lists the children of a category (0 = roots) and says which have children', async () => {
    const root = await insertCategory(t.ctx, '家居');
    const child = await insertCategory(t.ctx, '家纺', root);
    const roots = (await t.inject({ method: 'GET', url: '/api/admin/goods/categories/0/children', session: founder })).json();
    expect(roots).toContainEqual({ category_id: root.id, name: '家居', has_children: true, category_path: root.path });
    const children = (await t.inject({ method: 'GET', url: `/api/admin/goods/categories/${root.id}/children`, session: founder })).json();
    expect(children).toEqual([{ category_id: child.id, name: '家纺', has_children: false, category_path: child.path }]);
  });
});

describe('goods audit', () => {
  it('passes and refuses a batch; a second audit of any item fails the whole batch', async () => {
    const shop = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const [a, b, c] = [await insertGoods(t.ctx, shop, category, { isAuth: 0 }), await insertGoods(t.ctx, shop, category, { isAuth: 0 }), await insertGoods(t.ctx, shop, category, { isAuth: 0 })];
    const pass = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [a.id, b.id], pass: 1, message: '' } });
    expect(pass.statusCode).toBe(200);
    expect((await row(a.id)).isAuth).toBe(1);

    const again = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [b.id, c.id], pass: 0, message: '图片模糊' } });
    expect(again.json()).toEqual({ code: 'GOODS_ALREADY_AUDITED', message: '已审核，请勿重复审核' });
    expect((await row(c.id)).isAuth).toBe(0);

    const noReason = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [c.id], pass: 0, message: '' } });
    expect(noReason.json().message).toBe('请填写驳回原因');
    const refuse = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session: founder, payload: { goods_ids: [c.id], pass: 0, message: '图片模糊' } });
    expect(refuse.statusCode).toBe(200);
    expect(await row(c.id)).toMatchObject({ isAuth: 2, authMessage: '图片模糊' });
  });

  it('is refused to a role without goodsAudit, which may still list goods with goodsList', async () => {
    const { session } = await t.adminWithPermissions(founder, ['goods', 'goodsList']);
    expect((await list({}, session)).statusCode).toBe(200);
    const audit = await t.inject({ method: 'POST', url: '/api/admin/goods/batch/audit', session, payload: { goods_ids: [1], pass: 1 } });
    expect(audit.statusCode).toBe(403);
    expect(audit.json().code).toBe('NO_PERMISSION');
  });
});
