import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { windowDrift } from '../../test/rollup-check.js';
import { addDays, nextPlatformTime, platformDay } from '../../platform/time.js';
import { rebuildWindows, recordNewMember, recordOrderPaid, recordOrderPlaced, rollWindows } from './rollup.js';
import { hotGoods, hotShops } from './service.js';
import { goodsWindowStats, rollupWindows, shopWindowStats } from './tables.js';

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
    expect(page.todo).toEqual({ goods_audit: 0, shop_audit: 0, margin_audit: 0, order_ship: 0, order_cod_pay: 0, service_manual: 0, complaint_wait: 0 });
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
      await recordOrderPlaced(tx, now, { shopId: shop.id, memberId: 1, needPayCents: 12_345, goodsNum: 1 });
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
    expect((await get('/hotGoods?days=30')).json()[0]).toEqual({
      goods_id: item.id, sn: item.sn, shop_id: shop.id, goods_name: item.goodsName, thumbnail: item.thumbnail, sold_num: 3, turnover: 223.45,
    });
    expect(await windowDrift(t.ctx.db)).toBe(0);
  });

  it('keeps the 7, 30 and 90-day totals equal to the daily rows as writes come in and days pass', async () => {
    const shopA = await insertShop(t.ctx);
    const shopB = await insertShop(t.ctx);
    const category = await insertCategory(t.ctx);
    const [a, b, c] = [await insertGoods(t.ctx, shopA, category), await insertGoods(t.ctx, shopB, category), await insertGoods(t.ctx, shopB, category)];
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const pay = (at: Date, shopId: number, items: { goodsId: number; num: number }[]) =>
      t.ctx.db.transaction((tx) =>
        recordOrderPaid(tx, at, { shopId, paidCents: items.reduce((sum, item) => sum + item.num * 1000, 0), items: items.map((item) => ({ ...item, subtotalCents: item.num * 1000 })) }),
      );
    // Only these goods count here: earlier tests of this file sold others.
    const ours = new Set([a.id, b.id, c.id]);
    const top = async (days: number, at = now) => (await hotGoods(t.ctx, days, at)).filter((row) => ours.has(row.goods_id)).map((row) => [row.goods_id, row.sold_num]);
    const shopTop = async (days: number, at = now) =>
      (await hotShops(t.ctx, days, at)).filter((row) => row.shop_id === shopA.id || row.shop_id === shopB.id).map((row) => [row.shop_id, row.order_count, row.turnover]);

    // As at a server's start: the scheduled roll brings the totals to today.
    await t.ctx.scheduler.ensureTasks(now);
    await t.ctx.scheduler.runDueTasks(now);
    await pay(daysAgo(6), shopA.id, [{ goodsId: a.id, num: 5 }]);
    await pay(daysAgo(20), shopB.id, [{ goodsId: b.id, num: 7 }]);
    await pay(now, shopB.id, [{ goodsId: c.id, num: 2 }, { goodsId: b.id, num: 1 }]);
    await pay(daysAgo(60), shopA.id, [{ goodsId: a.id, num: 4 }]);
    await pay(daysAgo(200), shopA.id, [{ goodsId: a.id, num: 50 }]);
    expect(await top(7)).toEqual([[a.id, 5], [c.id, 2], [b.id, 1]]);
    expect(await top(30)).toEqual([[b.id, 8], [a.id, 5], [c.id, 2]]);
    expect(await top(90)).toEqual([[a.id, 9], [b.id, 8], [c.id, 2]]);
    expect(await shopTop(7)).toEqual([[shopA.id, 1, 50], [shopB.id, 1, 30]]);
    expect(await shopTop(90)).toEqual([[shopB.id, 2, 100], [shopA.id, 2, 90]]);
    expect(await windowDrift(t.ctx.db)).toBe(0);

    // Tomorrow the sale of 6 days ago leaves the 7-day window: right away, from the daily rows
    // (a read never rolls), and from the totals once the scheduled roll has run.
    const tomorrow = daysAgo(-1);
    const through = async () => (await t.ctx.db.select().from(rollupWindows))[0].through;
    expect(await top(7, tomorrow)).toEqual([[c.id, 2], [b.id, 1]]);
    expect(await through()).toBe(platformDay(now));
    const ticks = await t.ctx.scheduler.runDueTasks(tomorrow);
    expect(ticks).toContainEqual({ name: 'dashboard.roll-windows', status: 'ok', result: `through ${platformDay(tomorrow)}` });
    expect(await through()).toBe(platformDay(tomorrow));
    expect(await top(7, tomorrow)).toEqual([[c.id, 2], [b.id, 1]]);
    expect(await top(30, tomorrow)).toEqual([[b.id, 8], [a.id, 5], [c.id, 2]]);
    expect(await windowDrift(t.ctx.db)).toBe(0);
    // The roll is done for the day: a second tick the same day does not run it again.
    const [task] = (await t.ctx.scheduler.list()).filter((row) => row.name === 'dashboard.roll-windows');
    expect(task.nextRunAt).toEqual(nextPlatformTime(tomorrow, 0, 1));
    expect(task).toMatchObject({ lastStatus: 'ok', lastResult: `through ${platformDay(tomorrow)}` });
    expect((await t.ctx.scheduler.runDueTasks(new Date(task.nextRunAt.getTime() - 1))).map((tick) => tick.name)).not.toContain('dashboard.roll-windows');
    // A write after the roll adds to the windows that hold its day.
    await pay(now, shopA.id, [{ goodsId: a.id, num: 3 }]);
    expect(await top(7, tomorrow)).toEqual([[a.id, 3], [c.id, 2], [b.id, 1]]);
    expect(await windowDrift(t.ctx.db)).toBe(0);

    // Rolling a few days at a time (and over gaps) stays in step with the daily rows.
    for (const ahead of [3, 4, 15, 40, 41, 80]) {
      await t.ctx.db.transaction((tx) => rollWindows(tx, addDays(platformDay(now), ahead)));
      expect(await windowDrift(t.ctx.db), `${ahead} days ahead`).toBe(0);
    }
    expect(await top(90, daysAgo(-80))).toEqual([[a.id, 8], [c.id, 2], [b.id, 1]]);
    expect(await top(90, daysAgo(-200))).toEqual([]);
    await t.ctx.db.transaction((tx) => rollWindows(tx, addDays(platformDay(now), 200)));
    // Rows of what sold nothing in a period any more are dropped, and a rebuild gives the same totals.
    const [{ n: left }] = await t.ctx.db.select({ n: count() }).from(goodsWindowStats);
    expect(left).toBe(0);
    await t.ctx.db.transaction((tx) => rebuildWindows(tx, addDays(platformDay(now), -1)));
    expect(await windowDrift(t.ctx.db)).toBe(0);
    // A write on a day the totals have not reached yet (writes never roll) waits for the roll that reaches it.
    await pay(now, shopA.id, [{ goodsId: c.id, num: 10 }]);
    expect(await windowDrift(t.ctx.db)).toBe(0);
    expect(await top(7)).toEqual([[c.id, 12], [a.id, 8], [b.id, 1]]);
    expect(await windowDrift(t.ctx.db)).toBe(0);
    const [{ n: shopRows }] = await t.ctx.db.select({ n: count() }).from(shopWindowStats);
    expect(shopRows).toBeGreaterThan(0);
  });

  it('counts only the to-dos the role may act on, and checks the period', async () => {
    const { session } = await t.adminWithPermissions(founder, ['goods', 'goodsAudit']);
    expect((await get('', session)).json().todo).toEqual({ goods_audit: 1, shop_audit: null, margin_audit: null, order_ship: null, order_cod_pay: null, service_manual: null, complaint_wait: null });
    const bad = await get('/pvChart?days=8');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('统计周期只能是7、30或90天');
  });

  it('shows a role only the figures and charts of the areas it holds: none to a role without any', async () => {
    const { session: bare } = await t.adminWithPermissions(founder, []);
    const page = (await get('', bare)).json();
    expect(Object.values(page.today).every((value) => value === null)).toBe(true);
    expect(Object.values(page.totals).every((value) => value === null)).toBe(true);
    for (const chart of ['/pvChart', '/turnoverChart', '/hotShop', '/hotGoods']) {
      const refused = await get(`${chart}?days=7`, bare);
      expect(refused.statusCode, chart).toBe(403);
      expect(refused.json().code, chart).toBe('NO_PERMISSION');
    }

    const { session: members } = await t.adminWithPermissions(founder, ['member', 'memberList']);
    const theirs = (await get('', members)).json();
    expect(theirs.totals).toMatchObject({ members: expect.any(Number), shops_open: null, goods_on_sale: null, orders: null, turnover: null });
    expect(theirs.today).toMatchObject({ new_members: expect.any(Number), order_count: null, turnover: null, pv: null });

    const { session: finance } = await t.adminWithPermissions(founder, ['finance', 'settlement']);
    expect((await get('/turnoverChart?days=7', finance)).statusCode).toBe(200);
    expect((await get('/hotShop?days=7', finance)).statusCode).toBe(200);
    expect((await get('/pvChart?days=7', finance)).statusCode).toBe(403);
    expect((await get('', finance)).json().totals).toMatchObject({ orders: expect.any(Number), turnover: expect.any(Number), members: null });
  });
});
