import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { goods } from '../goods/tables.js';
import { exchangeCats, exchangeGoods } from './points-tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = founder) =>
  t.inject({ method, url: `/api/admin/promotion/${url}`, session, ...(payload ? { payload } : {}) });

async function cat(name: string, parent_id = 0) {
  const response = await api('POST', 'exchange-cats', { name, parent_id, sort: 1 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().cat_id as number;
}

async function onSale(name: string) {
  const shop = await insertShop(t.ctx);
  const category = await insertCategory(t.ctx);
  return insertGoods(t.ctx, shop, category, { goodsName: name });
}

describe('exchange categories', () => {
  it('builds a two-level tree, refuses a sibling name twice and a third level', async () => {
    const top = await cat('数码兑换');
    const child = await cat('耳机', top);
    const again = await api('POST', 'exchange-cats', { name: '耳机', parent_id: top });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('同级分类下已存在名称“耳机”');
    expect((await api('POST', 'exchange-cats', { name: '耳机', parent_id: 0 })).statusCode).toBe(200);
    const deep = await api('POST', 'exchange-cats', { name: '三级', parent_id: child });
    expect(deep.json().message).toBe('积分分类最多两级');
    const tree = (await api('GET', 'exchange-cats')).json();
    const node = tree.find((row: { cat_id: number }) => row.cat_id === top);
    expect(node.children.map((row: { name: string }) => row.name)).toEqual(['耳机']);
  });

  it('answers the name-taken message, not a 500, when two operators add one name at once', async () => {
    const results = await Promise.all([1, 2].map(() => api('POST', 'exchange-cats', { name: '同时添加' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().message).toBe('同级分类下已存在名称“同时添加”');
  });

  it('refuses to delete a category with goods or subcategories and keeps it', async () => {
    const top = await cat('家居兑换');
    await cat('厨具', top);
    expect((await api('DELETE', `exchange-cats/${top}`)).json().message).toBe('该分类下还有子分类，不能删除');
    const leaf = await cat('床品');
    const item = await onSale('积分床品');
    expect((await api('POST', 'exchange-goods', { goods_ids: [item.id], cat_id: leaf, exchange_point: 100 })).statusCode).toBe(200);
    const refused = await api('DELETE', `exchange-cats/${leaf}`);
    expect(refused.json().message).toBe('该分类下还有积分商品，不能删除');
    expect(await t.ctx.db.select().from(exchangeCats).where(eq(exchangeCats.id, leaf))).toHaveLength(1);
  });
});

describe('exchange goods', () => {
  it('sets goods as exchange goods, lists them by filters, and the goods picker shows the points price', async () => {
    const leaf = await cat('兑换精选');
    const item = await onSale('积分保温杯');
    const response = await api('POST', 'exchange-goods', { goods_ids: [item.id], cat_id: leaf, exchange_point: 800, exchange_money: 9.9 });
    expect(response.statusCode, response.body).toBe(200);
    const page = (await api('GET', `exchange-goods?goods_name=保温杯&cat_id=${leaf}`)).json();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ goods_id: item.id, exchange_point: 800, exchange_money: 9.9, cat_name: '兑换精选', seller_name: item.shopName });
    expect((await api('GET', `exchange-goods?seller_name=${encodeURIComponent('不存在的店')}`)).json().data).toHaveLength(0);
    const [row] = await t.ctx.db.select().from(goods).where(eq(goods.id, item.id));
    expect(row).toMatchObject({ goodsType: 'POINT', point: 800 });
    const again = await api('POST', 'exchange-goods', { goods_ids: [item.id], cat_id: leaf, exchange_point: 1 });
    expect(again.json().message).toBe('商品“积分保温杯”已是积分商品');
  });

  it('refuses goods off sale and sets none of the batch', async () => {
    const leaf = await cat('兑换批量');
    const good = await onSale('在售商品A');
    const off = await onSale('下架商品B');
    await t.ctx.db.update(goods).set({ marketEnable: 0 }).where(eq(goods.id, off.id));
    const response = await api('POST', 'exchange-goods', { goods_ids: [good.id, off.id], cat_id: leaf, exchange_point: 10 });
    expect(response.json().message).toBe(`商品不存在或未上架：${off.id}`);
    expect(await t.ctx.db.select().from(exchangeGoods).where(eq(exchangeGoods.goodsId, good.id))).toHaveLength(0);
  });

  it('drops the goods from the points mall when the operator takes them off sale, and when their shop closes', async () => {
    const leaf = await cat('兑换下架');
    const first = await onSale('将被下架的积分商品');
    const second = await onSale('店铺关闭的积分商品');
    expect((await api('POST', 'exchange-goods', { goods_ids: [first.id, second.id], cat_id: leaf, exchange_point: 50 })).statusCode).toBe(200);
    const under = await t.inject({ method: 'PUT', url: `/api/admin/goods/${first.id}/under`, session: founder, query: { reason: '违规' } });
    expect(under.statusCode, under.body).toBe(200);
    const close = await t.inject({ method: 'PUT', url: `/api/admin/shops/disable/${second.shopId}`, session: founder });
    expect(close.statusCode, close.body).toBe(200);
    expect(await t.ctx.db.select().from(exchangeGoods).where(eq(exchangeGoods.catId, leaf))).toHaveLength(0);
    const rows = await t.ctx.db.select().from(goods).where(eq(goods.id, first.id));
    expect(rows[0]).toMatchObject({ goodsType: 'NORMAL', point: 0, marketEnable: 0 });
  });

  it('edits the price and removes items, all or none', async () => {
    const leaf = await cat('兑换编辑');
    const item = await onSale('编辑积分商品');
    await api('POST', 'exchange-goods', { goods_ids: [item.id], cat_id: leaf, exchange_point: 50 });
    const [row] = await t.ctx.db.select().from(exchangeGoods).where(eq(exchangeGoods.goodsId, item.id));
    expect((await api('PUT', `exchange-goods/${row.id}`, { cat_id: leaf, exchange_point: 75, exchange_money: 1 })).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(goods).where(eq(goods.id, item.id)))[0].point).toBe(75);
    const missing = await api('DELETE', `exchange-goods/${row.id},999999`);
    expect(missing.json().message).toBe('积分商品不存在：999999');
    expect((await api('DELETE', `exchange-goods/${row.id}`)).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(goods).where(eq(goods.id, item.id)))[0]).toMatchObject({ goodsType: 'NORMAL', point: 0 });
  });

  it('refuses a role without the screen', async () => {
    const { session } = await t.adminWithPermissions(founder, ['exchangeCategory']);
    expect((await api('GET', 'exchange-goods', undefined, session)).statusCode).toBe(403);
    expect((await api('GET', 'exchange-cats', undefined, session)).statusCode).toBe(200);
  });
});
