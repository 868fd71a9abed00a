import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@agora/contract';
import { systemLogs } from '../system-logs/tables.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { syncMenus } from './service.js';
import { menus } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

async function tree(session = founder): Promise<MenuItem[]> {
  const response = await t.inject({ method: 'GET', url: '/api/admin/systems/menus/tree', session });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const find = (items: MenuItem[], name: string): MenuItem | undefined => {
  for (const item of items) {
    const found = item.name === name ? item : find(item.children, name);
    if (found) return found;
  }
  return undefined;
};
const childNames = async (parent: string) => find(await tree(), parent)!.children.map((item) => item.name);
const save = (name: string, payload: object, session = founder) => t.inject({ method: 'PUT', url: `/api/admin/systems/menus/${name}`, session, payload });
const order = (parent: string | null, names: string[]) => t.inject({ method: 'PUT', url: '/api/admin/systems/menus-order', session: founder, payload: { parent, names } });

describe('menu manager', () => {
  it('answers the route table as the menu, with identifiers and the URL pattern each permission opens', async () => {
    const items = await tree();
    expect(items.map((item) => item.name).slice(0, 3)).toEqual(['dashboard', 'goods', 'order']);
    const goodsList = find(items, 'goodsList')!;
    expect(goodsList).toMatchObject({ path: '/goods/goods-list', title: { zh: '商品列表', en: 'Goods list' }, visible: true, hidden: false });
    expect(new RegExp(goodsList.auth_regular).test('/admin/goods?page_no=1')).toBe(true);
    expect(new RegExp(goodsList.auth_regular).test('/admin/members')).toBe(false);
    expect(find(items, 'orderDetail')!.hidden).toBe(true);
  });

  it('a rename, a hide and a reorder reach the menu every operator reads; back to the defaults they follow the route table again', async () => {
    const reader = (await t.adminWithPermissions(founder, ['goodsList'])).session;
    const renamed = await save('goodsList', { title_zh: ' 全部商品 ', title_en: 'All goods', visible: false });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'goodsList', title: { zh: '全部商品', en: 'All goods' }, default_title: { zh: '商品列表', en: 'Goods list' }, visible: false });
    expect(find(await tree(reader), 'goodsList')).toMatchObject({ title: { zh: '全部商品', en: 'All goods' }, visible: false });
    const [log] = await t.ctx.db.select().from(systemLogs).where(eq(systemLogs.operateDetail, '编辑菜单 goodsList')).orderBy(desc(systemLogs.id)).limit(1);
    expect(log).toMatchObject({ level: 'important' });

    // A hidden entry still guards its page's API as before.
    expect((await t.inject({ method: 'GET', url: '/api/admin/goods', session: reader })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/admin/members', session: reader })).statusCode).toBe(403);

    expect((await order('goods', ['goodsSetting', 'goodsList', 'goodsAudit'])).statusCode).toBe(200);
    expect(await childNames('goods')).toEqual(['goodsSetting', 'goodsList', 'goodsAudit']);
    expect((await order(null, ['goods', ...(await tree()).map((item) => item.name).filter((name) => name !== 'goods')])).statusCode).toBe(200);
    expect((await tree(reader))[0].name).toBe('goods');

    // The start-up sync keeps what the operator set.
    await syncMenus(t.ctx.db);
    expect(find(await tree(), 'goodsList')!.title.zh).toBe('全部商品');
    expect(await childNames('goods')).toEqual(['goodsSetting', 'goodsList', 'goodsAudit']);

    expect((await save('goodsList', { title_zh: '商品列表', title_en: 'Goods list', visible: true })).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(menus).where(eq(menus.name, 'goodsList'));
    expect(row).toMatchObject({ titleZh: null, titleEn: null, visible: true });
  });

  it('refuses an unknown route name, a sibling title, a stale order and an operator without the menu manager, changing nothing', async () => {
    const unknown = await save('noSuchPage', { title_zh: '某页', title_en: 'Some page', visible: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('菜单不存在');
    const unknownOrder = await order('order', ['orderList', 'orderDetail', 'ghost']);
    expect(unknownOrder.statusCode).toBe(400);
    expect(unknownOrder.json().message).toContain('菜单不存在');

    const taken = await save('goodsAudit', { title_zh: '商品列表', title_en: 'Audit', visible: true });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('同级菜单中已有此标题');
    // The same title under another parent is fine (DOMAIN: siblings only).
    expect((await save('refundStatistics', { title_zh: '退款单', title_en: 'Refunds', visible: true })).statusCode).toBe(200);

    for (const names of [['orderList'], ['orderList', 'orderList'], ['orderList', 'orderDetail', 'goodsList']]) {
      const stale = await order('order', names);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toBe('菜单已变化，请刷新后重试');
    }
    const long = await save('orderList', { title_zh: '订'.repeat(21), title_en: 'Orders', visible: true });
    expect(long.json().message).toContain('中文标题最多20个字符');

    const other = (await t.adminWithPermissions(founder, ['goodsList'])).session;
    expect((await save('orderList', { title_zh: '订单', title_en: 'Orders', visible: true }, other)).statusCode).toBe(403);
    expect(find(await tree(), 'orderList')!.title.zh).toBe('订单列表');
    expect(await childNames('order')).toEqual(['orderList', 'orderDetail']);
  });

  it('concurrent reorders of one parent leave one of them whole, each entry in its own place', async () => {
    const names = await childNames('finance');
    const orders = [1, 2, 3, 4, 5].map((shift) => [...names.slice(shift), ...names.slice(0, shift)]);
    const answers = await Promise.all(orders.map((wanted) => order('finance', wanted)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const final = await childNames('finance');
    expect(orders).toContainEqual(final);
    const sorts = (await t.ctx.db.select().from(menus).where(eq(menus.parentName, 'finance'))).map((row) => row.sort).sort((a, b) => a - b);
    expect(sorts).toEqual(names.map((_, index) => index));
  });

  it('the answer kept between reads follows every write to the rows, through the menu manager or not (a seed, another instance)', async () => {
    const before = await tree();
    expect(await tree()).toEqual(before);
    const [row] = await t.ctx.db.select().from(menus).where(eq(menus.name, 'brandList'));
    await t.ctx.db.update(menus).set({ titleEn: 'Makers' }).where(eq(menus.name, 'brandList'));
    expect(find(await tree(), 'brandList')!.title).toEqual({ zh: row.titleZh ?? '品牌列表', en: 'Makers' });
    // an empty title is not the route table's own (null): the two differ
    await t.ctx.db.update(menus).set({ titleEn: '' }).where(eq(menus.name, 'brandList'));
    expect(find(await tree(), 'brandList')!.title.en).toBe('');
    await t.ctx.db.update(menus).set({ visible: false, sort: row.sort + 100 }).where(eq(menus.name, 'brandList'));
    expect(find(await tree(), 'brandList')).toMatchObject({ visible: false });
    // back as it was: the same answer as before
    await t.ctx.db.update(menus).set({ titleEn: row.titleEn, visible: row.visible, sort: row.sort }).where(eq(menus.name, 'brandList'));
    expect(await tree()).toEqual(before);
  });

  it('the start-up sync adds what the route table gains and drops what it loses', async () => {
    await t.ctx.db.insert(menus).values({ name: 'retiredPage', parentName: 'goods', sort: 9 });
    await t.ctx.db.delete(menus).where(eq(menus.name, 'brandList'));
    await syncMenus(t.ctx.db);
    const names = (await t.ctx.db.select().from(menus)).map((row) => row.name);
    expect(names).not.toContain('retiredPage');
    expect(names).toContain('brandList');
    expect(find(await tree(), 'goodsSetting')!.children.map((item) => item.name)).toEqual(['categoryList', 'categoryParams', 'brandList']);
  });
});
