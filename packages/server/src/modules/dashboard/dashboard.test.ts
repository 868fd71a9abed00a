import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { platformDay, recordNewMember, recordOrderPaid, recordOrderPlaced } from './rollup.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const get = (url: string, session = founder) => t.inject({ method: 'GET', url: `/api/admin/index/page${url}`, session });

describe('dashboard', () => {
  it('answers zeros on a fresh platform, never invented figures', async () => {
    const page = (await get('')).json();
    expect(page.today).toEqual({ order_count: 0, order_amount: 0, paid_count: 0, turnover: 0, new_members: 0, new_shops: 0, new_goods: 0, pv: 0, uv: 0 });
    expect(page.totals).toEqual({ members: 0, shops_open: 0, goods_on_sale: 0, orders: 0, turnover: 0 });
    expect(page.todo).toEqual({ goods_audit: 0, shop_audit: 0, margin_audit: 0 });
    const chart = (await get('/turnoverChart?days=7')).json();
    expect(chart.days).toHaveLength(7);
    expect(chart.days[6]).toBe(platformDay(new Date()));
    expect(chart.series[0].data).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect((await get('/hotShop')).json()).toEqual([]);
  });

  it('follows the writes that keep the rollups, and counts what waits for audit', async () => {
    const shop = await insertShop(t.ctx);
    await insertShop(t.ctx, { status: 'APPLY', openedAt: null });
    const category = await insertCategory(t.ctx);
    const item = await insertGoods(t.ctx, shop, category);
    await insertGoods(t.ctx, shop, category, { isAuth: 0 });
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000);
    await t.ctx.db.transaction(async (tx) => {
      await recordNewMember(tx, now);
      await recordOrderPlaced(tx, now, { shopId: shop.id, needPayCents: 12_345 });
      await recordOrderPaid(tx, now, { shopId: shop.id, paidCents: 12_345, items: [{ goodsId: item.id, num: 2, subtotalCents: 12_345 }] });
      await recordOrderPaid(tx, yesterday, { shopId: shop.id, paidCents: 10_000, items: [{ goodsId: item.id, num: 1, subtotalCents: 10_000 }] });
    });

    const page = (await get('')).json();
    expect(page.today).toMatchObject({ order_count: 1, order_amount: 123.45, paid_count: 1, turnover: 123.45, new_members: 1 });
    expect(page.totals).toMatchObject({ shops_open: 1, goods_on_sale: 1, turnover: 223.45 });
    expect(page.todo).toMatchObject({ goods_audit: 1, shop_audit: 1, margin_audit: 0 });

    const turnover = (await get('/turnoverChart?days=7')).json();
    expect(turnover.series[0].data.slice(-2)).toEqual([100, 123.45]);
    expect((await get('/hotShop?days=7')).json()).toEqual([{ shop_id: shop.id, shop_name: shop.shopName, turnover: 223.45, order_count: 2 }]);
    expect((await get('/hotGoods?days=30')).json()[0]).toMatchObject({ goods_id: item.id, sold_num: 3, turnover: 223.45 });
  });

  it('counts only the to-dos the role may act on, and checks the period', async () => {
    const { session } = await t.adminWithPermissions(founder, ['goods', 'goodsAudit']);
    expect((await get('', session)).json().todo).toEqual({ goods_audit: 1, shop_audit: null, margin_audit: null });
    const bad = await get('/pvChart?days=8');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('统计周期只能是7、30或90天');
  });
});
