import { describe, expect, it, vi } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { CategoryChart, CategoryRow, HourChart, RegionChart, RegionRow, Page, PriceBandChart, PriceBandRow, RankChart, RankRow, StatChart, StatTimeRow } from '@agora/contract';
import { PAGE_VIEW_IP_PER_MINUTE } from '@agora/contract';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { exportAndRead } from '../../test/exports.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { periodDrift, windowDrift } from '../../test/rollup-check.js';
import { members } from '../members/tables.js';
import { orderItems, orderLogs, orders } from '../orders/tables.js';
import { afterSaleItems, afterSales, refunds } from '../aftersales/tables.js';
import { dailyGoodsStats, dailyPlatformStats, dailyShopStats } from '../dashboard/tables.js';
import { recordOrderPlaced } from '../dashboard/rollup.js';
import { rebuildAllRollups } from './rebuild.js';
import { addFavorite, removeFavorite } from './favorites.js';
import { dailyCategoryStats, dailyHourStats, dailyRegionStats, dailyMemberStats, dailyOrderValueStats, memberFavorites, pageViewMarks, periodCategoryStats, periodGoodsStats, periodMemberStats, periodOrderValueStats, periodRegionMembers, periodRegionStats } from './tables.js';
import { platformDay } from '../../platform/time.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const DAY_MS = 86_400_000;
let sequence = 0;

/** A deterministic pseudo-random sequence (the mix is the same on every run). */
function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Shop = Awaited<ReturnType<typeof insertShop>>;
type Goods = Awaited<ReturnType<typeof insertGoods>>;

/** An order as the buyer site places it: the order, its line and the rollups, in one transaction. */
async function placeOrder(shop: Shop, item: Goods, buyerId: number, at: Date, num: number, shipRegion = '广东省 深圳市') {
  const n = ++sequence;
  const goodsCents = num * 4_990;
  return t.ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        sn: `2026030100${String(n).padStart(8, '0')}`,
        shopId: shop.id,
        shopName: shop.shopName,
        memberId: buyerId,
        memberName: 'statbuyer',
        status: 'CONFIRM',
        goodsNum: num,
        goodsCents,
        shippingCents: 800,
        needPayCents: goodsCents + 800,
        goodsNames: item.goodsName,
        shipRegion,
        createdAt: at,
      })
      .returning();
    await tx.insert(orderItems).values({ orderId: order.id, goodsId: item.id, skuId: 0, goodsName: item.goodsName, priceCents: 4_990, num, subtotalCents: goodsCents });
    await tx.insert(orderLogs).values({ orderId: order.id, status: 'NEW', message: '买家提交订单', operatorType: 'BUYER', operatorName: 'statbuyer', createdAt: at });
    await recordOrderPlaced(tx, at, { shopId: shop.id, memberId: buyerId, needPayCents: order.needPayCents, goodsNum: num, shipRegion });
    return order;
  });
}

/** The buyer asks to cancel a paid order: an ORDER_CANCEL after-sale waiting for the platform's refund. */
async function askCancel(order: typeof orders.$inferSelect, buyerId: number) {
  await t.ctx.db.update(orders).set({ status: 'AFTER_SERVICE', serviceStatus: 'APPLY' }).where(eq(orders.id, order.id));
  const sn = `AS${order.sn.slice(2)}`;
  const [service] = await t.ctx.db
    .insert(afterSales)
    .values({ sn, orderId: order.id, orderSn: order.sn, shopId: order.shopId, shopName: order.shopName, memberId: buyerId, memberName: 'statbuyer', serviceType: 'ORDER_CANCEL', status: 'WAIT_FOR_MANUAL', goodsNames: order.goodsNames, reason: '不想要了' })
    .returning();
  const [line] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await t.ctx.db.insert(afterSaleItems).values({ serviceId: service.id, orderItemId: line.id, goodsId: line.goodsId, skuId: 0, goodsName: line.goodsName, priceCents: line.priceCents, shipNum: line.num, returnNum: line.num });
  await t.ctx.db.insert(refunds).values({
    sn: `RF${sn.slice(2)}`, serviceId: service.id, serviceSn: sn, orderId: order.id, orderSn: order.sn, shopId: order.shopId, shopName: order.shopName,
    memberId: buyerId, memberName: 'statbuyer', serviceType: 'ORDER_CANCEL', refundWay: 'BALANCE', refundStatus: 'REFUNDING', refundCents: order.needPayCents, agreeCents: order.needPayCents,
  });
  return sn;
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

async function snapshot() {
  return {
    platform: await t.ctx.db.select().from(dailyPlatformStats).orderBy(asc(dailyPlatformStats.day)),
    shops: await t.ctx.db.select().from(dailyShopStats).orderBy(asc(dailyShopStats.day), asc(dailyShopStats.shopId)),
    goods: await t.ctx.db.select().from(dailyGoodsStats).orderBy(asc(dailyGoodsStats.day), asc(dailyGoodsStats.goodsId)),
    members: await t.ctx.db.select().from(dailyMemberStats).orderBy(asc(dailyMemberStats.day), asc(dailyMemberStats.memberId), asc(dailyMemberStats.shopId)),
    values: await t.ctx.db.select().from(dailyOrderValueStats).orderBy(asc(dailyOrderValueStats.day), asc(dailyOrderValueStats.shopId), asc(dailyOrderValueStats.valueYuan)),
    hours: await t.ctx.db.select().from(dailyHourStats).orderBy(asc(dailyHourStats.day), asc(dailyHourStats.shopId), asc(dailyHourStats.hour)),
    regions: await t.ctx.db.select().from(dailyRegionStats).orderBy(asc(dailyRegionStats.day), asc(dailyRegionStats.provinceId), asc(dailyRegionStats.shopId), asc(dailyRegionStats.memberId)),
    categories: await t.ctx.db.select().from(dailyCategoryStats).orderBy(asc(dailyCategoryStats.day), asc(dailyCategoryStats.categoryId), asc(dailyCategoryStats.shopId)),
    goodsPeriods: await t.ctx.db.select().from(periodGoodsStats).orderBy(asc(periodGoodsStats.period), asc(periodGoodsStats.goodsId)),
    memberPeriods: await t.ctx.db.select().from(periodMemberStats).orderBy(asc(periodMemberStats.period), asc(periodMemberStats.shopId), asc(periodMemberStats.memberId)),
    valuePeriods: await t.ctx.db.select().from(periodOrderValueStats).orderBy(asc(periodOrderValueStats.period), asc(periodOrderValueStats.shopId), asc(periodOrderValueStats.valueYuan)),
    categoryPeriods: await t.ctx.db.select().from(periodCategoryStats).orderBy(asc(periodCategoryStats.period), asc(periodCategoryStats.shopId), asc(periodCategoryStats.categoryId)),
    regionPeriods: await t.ctx.db.select().from(periodRegionStats).orderBy(asc(periodRegionStats.period), asc(periodRegionStats.shopId), asc(periodRegionStats.provinceId)),
    regionMembers: await t.ctx.db
      .select()
      .from(periodRegionMembers)
      .orderBy(asc(periodRegionMembers.period), asc(periodRegionMembers.shopId), asc(periodRegionMembers.provinceId), asc(periodRegionMembers.memberId)),
  };
}

async function get<T>(path: string, query: Record<string, string | number>, session = founder): Promise<T> {
  const response = await t.inject({ method: 'GET', url: `/api/admin/statistics/${path}`, session, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const thisMonth = () => {
  const [year, month] = platformDay(new Date()).split('-').map(Number);
  return { year, month };
};

let shopA: Shop;
let shopB: Shop;

describe('statistics', () => {
  it('keeps every rollup equal to a recount after a random mix of orders, payments, refunds and cancellations', async () => {
    shopA = await insertShop(t.ctx, { commissionRate: 5 });
    shopB = await insertShop(t.ctx, { commissionRate: 5 });
    const category = await insertCategory(t.ctx);
    const sub = await insertCategory(t.ctx, undefined, category);
    const items = [await insertGoods(t.ctx, shopA, category), await insertGoods(t.ctx, shopB, sub), await insertGoods(t.ctx, shopB, category)];
    const [buyer] = await t.ctx.db.insert(members).values({ uname: 'statbuyer', mobile: '13700000001' }).returning();
    const fans = await t.ctx.db.insert(members).values(Array.from({ length: 6 }, (_, i) => ({ uname: `statfan${i}`, mobile: `1370000010${i}` }))).returning();
    // The fixtures wrote shops, goods and a member straight into their tables, as a bulk load does.
    await rebuildAllRollups(t.ctx.db);

    const random = randomOf(20260301);
    const now = Date.now();
    for (let i = 0; i < 40; i++) {
      const item = items[Math.floor(random() * items.length)];
      const shop = item.shopId === shopA.id ? shopA : shopB;
      const at = new Date(now - Math.floor(random() * 45) * DAY_MS - Math.floor(random() * 3_600_000));
      const order = await placeOrder(shop, item, buyer.id, at, 1 + Math.floor(random() * 3), ['广东省 深圳市', '浙江省 杭州市 西湖区', '', '海外 某地'][Math.floor(random() * 4)]);
      const fate = random();
      if (fate < 0.2) {
        expect((await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${order.sn}/cancelled`, session: founder })).statusCode).toBe(200);
        continue;
      }
      if (fate < 0.35) continue; // left unpaid
      const paid = await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${order.sn}/pay`, session: founder, query: { pay_price: yuan(order.needPayCents) } });
      expect(paid.statusCode, paid.body).toBe(200);
      if (fate < 0.55) {
        const sn = await askCancel(order, buyer.id);
        const part = random() < 0.5 ? order.needPayCents : Math.floor(order.needPayCents / 2);
        const refunded = await t.inject({ method: 'POST', url: `/api/admin/after-sales/refund/${sn}`, session: founder, query: { refund_price: yuan(part), remark: '统计测试' } });
        expect(refunded.statusCode, refunded.body).toBe(200);
      }
    }
    // Buyers add favourites over the past weeks and take some back.
    for (const fan of fans) {
      for (const item of items) {
        if (random() < 0.3) continue;
        expect(await addFavorite(t.ctx.db, fan.id, item.id, new Date(now - Math.floor(random() * 20) * DAY_MS))).toBe(true);
      }
    }
    const [held, other] = await t.ctx.db.select().from(memberFavorites).limit(2);
    expect(await addFavorite(t.ctx.db, held.memberId, held.goodsId)).toBe(false);
    expect(await removeFavorite(t.ctx.db, other.memberId, other.goodsId)).toBe(true);
    expect(await removeFavorite(t.ctx.db, other.memberId, other.goodsId)).toBe(false);
    const kept = await snapshot();
    expect(kept.shops.some((row) => row.refundCount > 0)).toBe(true);
    expect(kept.goods.some((row) => row.favorites > 0)).toBe(true);
    expect(kept.values.some((row) => row.paidCount > 0)).toBe(true);
    expect(new Set(kept.regions.map((row) => row.provinceId)).size).toBe(3);
    expect(kept.categories.some((row) => row.categoryId === sub.id && row.orderCount > 0)).toBe(true);
    // the month and year rows, kept by the writes, sum the daily rows (orders placed over 45 days span two months or three)
    expect(new Set(kept.memberPeriods.map((row) => row.period)).size).toBeGreaterThanOrEqual(3);
    expect(kept.memberPeriods.some((row) => row.shopId === 0)).toBe(true);
    expect(kept.goodsPeriods.some((row) => row.soldNum > 0) && kept.goodsPeriods.some((row) => row.favorites > 0)).toBe(true);
    expect(kept.regionPeriods.some((row) => row.memberCount > 0 && row.memberCount < row.orderCount)).toBe(true);
    expect(await periodDrift(t.ctx.db)).toBe(0);
    await rebuildAllRollups(t.ctx.db);
    expect(await snapshot()).toEqual(kept);
    expect(await windowDrift(t.ctx.db)).toBe(0);
    expect(await periodDrift(t.ctx.db)).toBe(0);
  });

  it('answers the order report of this month as a recount of the orders, per day and in total, for the platform and one shop', async () => {
    const { year, month } = thisMonth();
    const from = `${year}-${String(month).padStart(2, '0')}-01`;
    const recount = async (shopId?: number) => {
      const result = await t.ctx.db.execute(sql`
        select extract(day from (created_at at time zone 'Asia/Shanghai'))::int as d, count(*)::int as n, sum(need_pay_cents)::bigint as cents
        from orders where (created_at at time zone 'Asia/Shanghai')::date >= ${from}::date
          and (created_at at time zone 'Asia/Shanghai')::date < (${from}::date + interval '1 month')
          ${shopId ? sql`and shop_id = ${shopId}` : sql``}
        group by 1`);
      return new Map((result.rows as { d: number; n: number; cents: string }[]).map((row) => [row.d, { n: row.n, cents: Number(row.cents) }]));
    };
    for (const seller of [0, shopB.id]) {
      const expected = await recount(seller || undefined);
      const money = await get<StatChart>('order/order/money', { cycle_type: 'MONTH', year, month, seller_id: seller });
      const num = await get<StatChart>('order/order/num', { cycle_type: 'MONTH', year, month, seller_id: seller });
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      expect(money.labels).toHaveLength(days);
      const amount = money.series.find((series) => series.figure === 'order_amount')!;
      const count = num.series.find((series) => series.figure === 'order_num')!;
      // the days so far, and no figure for the days to come
      const today = Number(platformDay(new Date()).slice(8));
      for (let d = 1; d <= days; d++) {
        expect(count.data[d - 1]).toBe(d > today ? null : (expected.get(d)?.n ?? 0));
        expect(amount.data[d - 1]).toBe(d > today ? null : (expected.get(d)?.cents ?? 0) / 100);
      }
      const total = [...expected.values()].reduce((sum, day) => sum + day.n, 0);
      expect(num.totals.find((row) => row.figure === 'order_num')!.current).toBe(total);
      const page = await get<Page<StatTimeRow>>('order/order/page', { cycle_type: 'MONTH', year, month, seller_id: seller, page_no: 1, page_size: 10 });
      // a row for each day so far, none for the days to come
      expect(page.data_total).toBe(today);
      expect(page.data).toHaveLength(Math.min(10, today));
      expect(page.data[0]).toMatchObject({ time: from, order_num: expected.get(1)?.n ?? 0 });
    }
  });

  it('compares with the same period last year and the period before, in per cent, and sums a year by month', async () => {
    const category = await insertCategory(t.ctx);
    const shop = await insertShop(t.ctx);
    const item = await insertGoods(t.ctx, shop, category);
    const [buyer] = await t.ctx.db.insert(members).values({ uname: 'statbuyer2', mobile: '13700000002' }).returning();
    // 15 May 2024 noon in Shanghai, the same day of 2023 and of April 2024
    const at = (iso: string) => new Date(`${iso}T12:00:00+08:00`);
    await placeOrder(shop, item, buyer.id, at('2024-05-15'), 2);
    await placeOrder(shop, item, buyer.id, at('2024-05-20'), 2);
    await placeOrder(shop, item, buyer.id, at('2023-05-15'), 2);
    await placeOrder(shop, item, buyer.id, at('2024-04-02'), 2);
    await placeOrder(shop, item, buyer.id, at('2024-04-03'), 2);
    await placeOrder(shop, item, buyer.id, at('2024-04-04'), 2);
    await placeOrder(shop, item, buyer.id, at('2024-04-05'), 2);

    const month = await get<StatChart>('order/order/num', { cycle_type: 'MONTH', year: 2024, month: 5, seller_id: shop.id });
    expect(month.series[0].data[14]).toBe(1);
    expect(month.series[0].last_year[14]).toBe(1);
    expect(month.totals[0]).toEqual({ figure: 'order_num', current: 2, last_year: 1, previous: 4, year_on_year: 100, period_on_period: -50 });

    const year = await get<StatChart>('order/order/money', { cycle_type: 'YEAR', year: 2024, seller_id: shop.id });
    expect(year.labels).toHaveLength(12);
    expect(year.series[0].data.slice(3, 6)).toEqual([431.2, 215.6, 0]);
    expect(year.totals[0]).toMatchObject({ current: 646.8, last_year: 107.8, year_on_year: 500 });

    const rows = await get<Page<StatTimeRow>>('order/order/page', { cycle_type: 'YEAR', year: 2024, seller_id: shop.id, page_no: 2, page_size: 10 });
    expect(rows).toMatchObject({ data_total: 12, page_no: 2 });
    expect(rows.data.map((row) => row.time)).toEqual(['2024-11', '2024-12']);
  });

  it('compares a period under way with the same days before it, draws nothing for days to come or before the records, and nothing in a future or empty period', async () => {
    const category = await insertCategory(t.ctx);
    const shop = await insertShop(t.ctx);
    const item = await insertGoods(t.ctx, shop, category);
    const [buyer] = await t.ctx.db.insert(members).values({ uname: 'statbuyer5', mobile: '13700000005' }).returning();
    const at = (iso: string) => new Date(`${iso}T12:00:00+08:00`);
    // the shop's records begin on 5 March 2024
    for (const day of ['2024-03-05', '2024-03-25', '2025-02-03', '2025-02-20', '2025-03-02']) await placeOrder(shop, item, buyer.id, at(day), 1);
    const query = (cycle_type: 'MONTH' | 'YEAR', year: number, month = 1) => ({ cycle_type, year, month, seller_id: shop.id });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('2025-03-07'));
    try {
      // 1–7 March against 1–7 February and 1–7 March 2024, not against whole months
      const march = await get<StatChart>('order/order/num', query('MONTH', 2025, 3));
      expect(march.comparison).toEqual({ state: 'current', through: '2025-03-07', previous: { from: '2025-02-01', to: '2025-02-07' }, last_year: { from: '2024-03-01', to: '2024-03-07' } });
      expect(march.totals[0]).toEqual({ figure: 'order_num', current: 1, last_year: 1, previous: 1, year_on_year: 0, period_on_period: 0 });
      expect(march.series[0].data).toEqual([0, 1, 0, 0, 0, 0, 0, ...Array(24).fill(null)]);
      expect(march.series[0].last_year).toEqual([null, null, null, null, 1, ...Array(19).fill(0), 1, ...Array(6).fill(0)]);
      const rows = await get<Page<StatTimeRow>>('order/order/page', { ...query('MONTH', 2025, 3), page_no: 1, page_size: 31 });
      expect(rows.data.map((row) => [row.time, row.order_num])).toEqual(Array.from({ length: 7 }, (_, i) => [`2025-03-0${i + 1}`, i === 1 ? 1 : 0]));

      // the year so far against 1 January – 7 March 2024
      const year = await get<StatChart>('order/order/num', query('YEAR', 2025));
      expect(year.comparison).toMatchObject({ state: 'current', previous: { from: '2024-01-01', to: '2024-03-07' }, last_year: { from: '2024-01-01', to: '2024-03-07' } });
      expect(year.totals[0]).toMatchObject({ current: 3, last_year: 1, previous: 1, year_on_year: 200 });
      expect(year.series[0].data).toEqual([0, 2, 1, ...Array(9).fill(null)]);
      expect(year.series[0].last_year).toEqual([null, null, 2, ...Array(9).fill(0)]);

      // a whole month with whole ones
      const february = await get<StatChart>('order/order/num', query('MONTH', 2025, 2));
      expect(february.comparison).toEqual({ state: 'ended', through: '2025-02-28', previous: { from: '2025-01-01', to: '2025-01-31' }, last_year: { from: '2024-02-01', to: '2024-02-29' } });
      expect(february.totals[0]).toMatchObject({ current: 2, previous: 0, period_on_period: null });

      // a month to come: nothing drawn, nothing compared, no rows
      const april = await get<StatChart>('order/order/num', query('MONTH', 2025, 4));
      expect(april.comparison).toEqual({ state: 'future', through: null, previous: null, last_year: null });
      expect(april.totals[0]).toEqual({ figure: 'order_num', current: 0, last_year: null, previous: null, year_on_year: null, period_on_period: null });
      expect(april.series[0].data).toEqual(Array(30).fill(null));
      expect((await get<Page<StatTimeRow>>('order/order/page', { ...query('MONTH', 2025, 4), page_no: 1, page_size: 10 })).data_total).toBe(0);
      // a month before the records and an ended month with nothing in it: no figure and no rows of zeros
      expect((await get<StatChart>('order/order/num', query('MONTH', 2024, 1))).series[0].data).toEqual(Array(31).fill(null));
      for (const month of [1, 6]) expect((await get<Page<StatTimeRow>>('order/order/page', { ...query('MONTH', 2024, month), page_no: 1, page_size: 10 })).data_total).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers sales revenue net of refunds, and the refund report, from the rollups', async () => {
    const { year, month } = thisMonth();
    const sums = (await t.ctx.db.execute(sql`
      select coalesce(sum(paid_cents), 0)::bigint as paid, coalesce(sum(refund_cents), 0)::bigint as refunded, coalesce(sum(refund_count), 0)::int as refunds
      from daily_platform_stats where to_char(day, 'YYYY-MM') = ${`${year}-${String(month).padStart(2, '0')}`}`)).rows[0] as { paid: string; refunded: string; refunds: number };
    const recount = (await t.ctx.db.execute(sql`
      select count(*)::int as n, coalesce(sum(actual_cents), 0)::bigint as cents from refunds
      where refund_status = 'COMPLETED' and to_char(refunded_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${`${year}-${String(month).padStart(2, '0')}`}`)).rows[0] as { n: number; cents: string };
    expect(sums.refunds).toBe(recount.n);
    const sales = await get<StatChart>('order/sales/total', { cycle_type: 'MONTH', year, month });
    const total = (figure: string) => sales.totals.find((row) => row.figure === figure)!.current;
    expect(total('paid_amount')).toBe(Number(sums.paid) / 100);
    expect(total('refund_amount')).toBe(Number(recount.cents) / 100);
    expect(total('net_amount')).toBe((Number(sums.paid) - Number(recount.cents)) / 100);
    const refunds = await get<StatChart>('order/return/num', { cycle_type: 'MONTH', year, month });
    expect(refunds.totals[0].current).toBe(recount.n);
  });

  it('ranks best sellers and top buyers of the month as a recount of paid order lines and placed orders', async () => {
    const { year, month } = thisMonth();
    const ym = `${year}-${String(month).padStart(2, '0')}`;
    const goodsRecount = (await t.ctx.db.execute(sql`
      select i.goods_id as id, sum(i.num)::int as num, sum(i.subtotal_cents)::bigint as cents from order_items i join orders o on o.id = i.order_id
      where o.paid_at is not null and to_char(o.paid_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${ym} and o.shop_id = ${shopB.id}
      group by 1 order by 3 desc, 1`)).rows as { id: number; num: number; cents: string }[];
    expect(goodsRecount.length).toBeGreaterThan(0);
    const hot = await get<RankChart>('goods/hot/money', { cycle_type: 'MONTH', year, month, seller_id: shopB.id });
    expect(hot.entries.map((entry) => [entry.id, entry.value])).toEqual(goodsRecount.map((row) => [row.id, Number(row.cents) / 100]));
    const hotPage = await get<Page<RankRow>>('goods/hot/page', { cycle_type: 'MONTH', year, month, seller_id: shopB.id, page_no: 1, page_size: 1 });
    expect(hotPage.data_total).toBe(goodsRecount.length);
    expect(hotPage.data[0]).toMatchObject({ rank: 1, id: goodsRecount[0].id, sold_num: goodsRecount[0].num });

    const buyers = (await t.ctx.db.execute(sql`
      select member_id as id, count(*)::int as n, sum(need_pay_cents)::bigint as cents, sum(goods_num)::int as goods from orders
      where to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${ym} group by 1 order by 3 desc, 1`)).rows as { id: number; n: number; cents: string; goods: number }[];
    const top = await get<Page<RankRow>>('member/order/page', { cycle_type: 'MONTH', year, month, page_no: 1, page_size: 10 });
    expect(top.data.map((row) => [row.id, row.order_amount, row.order_num, row.goods_num])).toEqual(buyers.slice(0, 10).map((row) => [row.id, Number(row.cents) / 100, row.n, row.goods]));
    expect(top.data[0].name).toBe('statbuyer');
    const byCount = await get<RankChart>('member/order/quantity', { cycle_type: 'MONTH', year, month });
    expect(byCount.entries[0]).toMatchObject({ name: 'statbuyer', value: buyers.find((row) => row.id === top.data[0].id)!.n });
  });

  it('ranks the top buyers table by the figure the chart shows, one of its own', async () => {
    const shop = await insertShop(t.ctx);
    const item = await insertGoods(t.ctx, shop, await insertCategory(t.ctx));
    const [big, frequent] = await t.ctx.db.insert(members).values([{ uname: 'statbig', mobile: '13700000006' }, { uname: 'statfrequent', mobile: '13700000007' }]).returning();
    // one order of 157.70 against two of 57.90: first by value, second by count
    await placeOrder(shop, item, big.id, new Date(), 3);
    await placeOrder(shop, item, frequent.id, new Date(), 1);
    await placeOrder(shop, item, frequent.id, new Date(), 1);
    const query = { ...thisMonth(), cycle_type: 'MONTH', seller_id: shop.id, page_no: 1, page_size: 10 };
    const names = (page: Page<RankRow>) => page.data.map((row) => [row.rank, row.name]);
    expect(names(await get<Page<RankRow>>('member/order/page', query))).toEqual([[1, 'statbig'], [2, 'statfrequent']]);
    const byCount = await get<Page<RankRow>>('member/order/page', { ...query, rank_by: 'order_num' });
    expect(names(byCount)).toEqual([[1, 'statfrequent'], [2, 'statbig']]);
    expect(byCount.data[0]).toMatchObject({ order_num: 2, order_amount: 115.8 });
    const chart = await get<RankChart>('member/order/quantity', query);
    expect(chart.entries.map((entry) => entry.name)).toEqual(byCount.data.map((row) => row.name));
    const { rows } = await exportAndRead(t, founder, 'admin/statistics/member/order/page/export', { ...query, rank_by: 'order_num' });
    expect(rows.slice(1).map((row) => row[1])).toEqual(['statfrequent', 'statbig']);
    // a figure the table does not have is refused, not ignored
    const refused = await t.inject({ method: 'GET', url: '/api/admin/statistics/member/order/page', session: founder, query: { ...thisMonth(), rank_by: 'pv' } as never });
    expect(refused.statusCode).toBe(400);
  });

  it('answers price-band sales and the order value distribution as a recount of the orders, with exact whole-yuan bands and the hour of day', async () => {
    const { year, month } = thisMonth();
    const ym = `${year}-${String(month).padStart(2, '0')}`;
    // Orders of 57.90, 107.80 and 157.70 yuan (num × 49.90 + 8.00 shipping): 107.80 falls below the 108 edge, 157.70 above 150.
    const recount = async (basis: 'created' | 'paid', low: number, high: number | null, shopId?: number) => {
      const at = basis === 'created' ? 'created_at' : 'paid_at';
      const cents = basis === 'created' ? 'need_pay_cents' : 'paid_cents';
      const result = await t.ctx.db.execute(sql`
        select count(*)::int as n, coalesce(sum(${sql.raw(cents)}), 0)::bigint as cents from orders
        where ${sql.raw(at)} is not null and to_char(${sql.raw(at)} at time zone 'Asia/Shanghai', 'YYYY-MM') = ${ym}
          and ${sql.raw(cents)} >= ${low * 100} ${high === null ? sql`` : sql`and ${sql.raw(cents)} < ${high * 100}`}
          ${shopId ? sql`and shop_id = ${shopId}` : sql``}`);
      const row = result.rows[0] as { n: number; cents: string };
      return { n: row.n, amount: Number(row.cents) / 100 };
    };
    const edges = [0, 108, 150, 208];
    for (const seller of [0, shopB.id]) {
      const sales = await get<PriceBandChart>('goods/price/sales', { cycle_type: 'MONTH', year, month, seller_id: seller, prices: edges.join(',') });
      expect(sales.bands.map((band) => [band.low, band.high])).toEqual([[0, 108], [108, 150], [150, 208], [208, null]]);
      for (const band of sales.bands) {
        const expected = await recount('paid', band.low, band.high, seller || undefined);
        expect([band.paid_num, band.paid_amount]).toEqual([expected.n, expected.amount]);
      }
      const values = await get<PriceBandChart>('order/unit/price', { cycle_type: 'MONTH', year, month, seller_id: seller, prices: edges.join(',') });
      const all = await recount('created', 0, null, seller || undefined);
      for (const band of values.bands) {
        const expected = await recount('created', band.low, band.high, seller || undefined);
        expect([band.order_num, band.order_amount]).toEqual([expected.n, expected.amount]);
        expect(band.share).toBe(all.n ? Math.round((expected.n / all.n) * 10_000) / 100 : 0);
      }
      expect(values.bands.reduce((sum, band) => sum + band.order_num!, 0)).toBe(all.n);
    }
    // the table is the chart's bands, paged; repeated prices work as the comma list does
    const page = await t.inject({ method: 'GET', url: `/api/admin/statistics/order/unit/price/page?year=${year}&month=${month}&prices=0&prices=108&prices=150&page_no=2&page_size=1`, session: founder });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ data_total: 3, page_no: 2, data: [{ low: 108, high: 150 }] });
    // without prices: the default bands
    const plain = await get<PriceBandChart>('order/unit/price', { year, month });
    expect(plain.bands.map((band) => band.low)).toEqual([0, 100, 500, 1000, 2000, 5000]);
    for (const prices of ['100,50', '0', '0,1.5', '-1,5', Array.from({ length: 12 }, (_, i) => i).join(',')]) {
      const refused = await t.inject({ method: 'GET', url: '/api/admin/statistics/goods/price/sales', session: founder, query: { year: String(year), prices } });
      expect(refused.statusCode, prices).toBe(400);
    }

    const hours = await get<HourChart>('order/unit/time', { cycle_type: 'MONTH', year, month, seller_id: shopB.id });
    expect(hours.hours).toHaveLength(24);
    const byHour = (await t.ctx.db.execute(sql`
      select extract(hour from created_at at time zone 'Asia/Shanghai')::int as h, count(*)::int as n, sum(need_pay_cents)::bigint as cents from orders
      where to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${ym} and shop_id = ${shopB.id} group by 1`)).rows as { h: number; n: number; cents: string }[];
    expect(byHour.length).toBeGreaterThan(0);
    for (let hour = 0; hour < 24; hour++) {
      const expected = byHour.find((row) => row.h === hour);
      expect(hours.hours[hour]).toEqual({ hour, order_num: expected?.n ?? 0, order_amount: Number(expected?.cents ?? 0) / 100 });
    }

    const { rows } = await exportAndRead(t, founder, 'admin/statistics/goods/price/sales/page/export', { cycle_type: 'MONTH', year, month, seller_id: 0, prices: edges });
    expect(rows[0]).toEqual(['价格区间', '付款订单数', '付款金额', '占比（%）']);
    const table = await get<Page<PriceBandRow>>('goods/price/sales/page', { cycle_type: 'MONTH', year, month, prices: edges.join(','), page_no: 1, page_size: 10 });
    expect(rows.slice(1)).toEqual(table.data.map((row) => [row.high === null ? `${row.low}元以上` : `${row.low}–${row.high}元`, row.paid_num, row.paid_amount, row.share]));
  });

  it('lists goods sales details of a category subtree and a name keyword, as a recount of paid order lines', async () => {
    const shop = await insertShop(t.ctx);
    const parent = await insertCategory(t.ctx, '统计家电');
    const child = await insertCategory(t.ctx, '统计冰箱', parent);
    const other = await insertCategory(t.ctx, '统计图书');
    const fridge = await insertGoods(t.ctx, shop, child, { goodsName: '统计双门冰箱' });
    const kettle = await insertGoods(t.ctx, shop, parent, { goodsName: '统计电水壶' });
    const book = await insertGoods(t.ctx, shop, other, { goodsName: '统计小说' });
    const [buyer] = await t.ctx.db.insert(members).values({ uname: 'statbuyer3', mobile: '13700000003' }).returning();
    const now = new Date();
    for (const [item, num] of [[fridge, 3], [kettle, 1], [book, 2], [fridge, 1]] as const) {
      const order = await placeOrder(shop, item, buyer.id, now, num);
      const paid = await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${order.sn}/pay`, session: founder, query: { pay_price: yuan(order.needPayCents) } });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const { year, month } = thisMonth();
    const ym = `${year}-${String(month).padStart(2, '0')}`;
    const recount = async (where: ReturnType<typeof sql>) =>
      ((await t.ctx.db.execute(sql`
        select i.goods_id as id, sum(i.num)::int as num, sum(i.subtotal_cents)::bigint as cents from order_items i join orders o on o.id = i.order_id join goods g on g.id = i.goods_id
        where o.paid_at is not null and to_char(o.paid_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${ym} and o.shop_id = ${shop.id} and ${where}
        group by 1 order by 3 desc, 1`)).rows as { id: number; num: number; cents: string }[]).map((row) => [row.id, Number(row.cents) / 100, row.num]);

    const byCategory = await get<Page<RankRow>>('goods/sale/details/page', { cycle_type: 'MONTH', year, month, seller_id: shop.id, category_id: parent.id, page_no: 1, page_size: 10 });
    const expected = await recount(sql`g.category_path like ${`${parent.path}%`}`);
    expect(expected.map(([id]) => id).sort()).toEqual([fridge.id, kettle.id].sort());
    expect(byCategory.data.map((row) => [row.id, row.paid_amount, row.sold_num])).toEqual(expected);
    expect(byCategory.data_total).toBe(2);
    const chart = await get<RankChart>('goods/sale/details', { cycle_type: 'MONTH', year, month, seller_id: shop.id, category_id: child.id });
    expect(chart.entries).toEqual([{ id: fridge.id, name: '统计双门冰箱', value: 4 * 49.9 }]);
    const byName = await get<Page<RankRow>>('goods/sale/details/page', { cycle_type: 'MONTH', year, month, goods_name: '小说', page_no: 1, page_size: 10 });
    expect(byName.data.map((row) => [row.id, row.paid_amount, row.sold_num])).toEqual(await recount(sql`g.id = ${book.id}`));
    // the export keeps the category
    const { rows } = await exportAndRead(t, founder, 'admin/statistics/goods/sale/details/page/export', { cycle_type: 'MONTH', year, month, seller_id: shop.id, category_id: parent.id });
    expect(rows.slice(1).map((row) => row[1])).toEqual(byCategory.data.map((row) => row.name));
  });

  it('ranks goods by the favourites buyers made in the period and still hold, as a recount of the favourite rows', async () => {
    const { year, month } = thisMonth();
    const ym = `${year}-${String(month).padStart(2, '0')}`;
    const recount = (await t.ctx.db.execute(sql`
      select goods_id as id, count(*)::int as n from member_favorites
      where to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${ym} group by 1 order by 2 desc, 1`)).rows as { id: number; n: number }[];
    expect(recount.length).toBeGreaterThan(0);
    const chart = await get<RankChart>('goods/collect', { cycle_type: 'MONTH', year, month });
    expect(chart.entries.map((entry) => [entry.id, entry.value])).toEqual(recount.slice(0, 30).map((row) => [row.id, row.n]));
    const page = await get<Page<RankRow>>('goods/collect/page', { cycle_type: 'MONTH', year, month, page_no: 1, page_size: 2 });
    expect(page.data_total).toBe(recount.length);
    expect(page.data.map((row) => [row.rank, row.id, row.favorites])).toEqual(recount.slice(0, 2).map((row, i) => [i + 1, row.id, row.n]));
  });

  it('counts a page view once per visitor and page within the window, never a crawler, and ranks shops and goods by their views', async () => {
    const shop = await insertShop(t.ctx);
    const item = await insertGoods(t.ctx, shop, await insertCategory(t.ctx));
    const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    const view = (payload: object, agent = browser) => t.inject({ method: 'POST', url: '/api/base/page-views', payload, headers: { 'user-agent': agent } });
    const goodsView = { target_type: 'GOODS', target_id: item.id, visitor_id: 'visitor-0001' };
    expect((await view(goodsView)).json()).toEqual({ counted: true });
    expect((await view(goodsView)).json()).toEqual({ counted: false });
    expect((await view({ ...goodsView, visitor_id: 'visitor-0002' })).json()).toEqual({ counted: true });
    expect((await view({ ...goodsView, visitor_id: 'visitor-0003' }, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).json()).toEqual({ counted: false });
    expect((await view({ ...goodsView, visitor_id: 'visitor-0003' }, '')).json()).toEqual({ counted: false });
    expect((await view({ target_type: 'SHOP', target_id: shop.id, visitor_id: 'visitor-0001' })).json()).toEqual({ counted: true });
    expect((await view({ target_type: 'GOODS', target_id: 999_999, visitor_id: 'visitor-0001' })).statusCode).toBe(404);
    expect((await view({ target_type: 'GOODS', target_id: item.id, visitor_id: 'x' })).statusCode).toBe(400);
    // Past the window the same visitor counts again.
    await t.ctx.db.update(pageViewMarks).set({ countedAt: new Date(Date.now() - 31 * 60_000) });
    expect((await view(goodsView)).json()).toEqual({ counted: true });

    const { year, month } = thisMonth();
    const goodsRank = await get<RankChart>('page_view/goods', { cycle_type: 'MONTH', year, month, seller_id: shop.id });
    expect(goodsRank.entries).toEqual([{ id: item.id, name: item.goodsName, value: 3 }]);
    const shopRank = await get<Page<RankRow>>('page_view/shop/page', { cycle_type: 'MONTH', year, month, page_no: 1, page_size: 10 });
    expect(shopRank.data.find((row) => row.id === shop.id)).toMatchObject({ name: shop.shopName, pv: 4 });

    // One address rotating visitor ids: counted up to the cap a minute, then no more; another address still counts.
    const from = (ip: string, visitor: string) =>
      t.inject({ method: 'POST', url: '/api/base/page-views', payload: { ...goodsView, visitor_id: visitor }, headers: { 'user-agent': browser }, remoteAddress: ip });
    const answers = [];
    for (let i = 0; i <= PAGE_VIEW_IP_PER_MINUTE; i++) answers.push((await from('203.0.113.9', `script-${String(i).padStart(4, '0')}`)).json().counted);
    expect(answers.filter(Boolean)).toHaveLength(PAGE_VIEW_IP_PER_MINUTE);
    expect(answers.at(-1)).toBe(false);
    expect((await from('203.0.113.10', 'someone-else-01')).json()).toEqual({ counted: true });
  });

  it('answers the industry reports per child category as a recount of paid order lines of its subtree, with goods with and without sales', async () => {
    const shop = await insertShop(t.ctx);
    const other = await insertShop(t.ctx);
    const root = await insertCategory(t.ctx, '行业数码');
    const phones = await insertCategory(t.ctx, '行业手机', root);
    const cases = await insertCategory(t.ctx, '行业手机壳', phones);
    const laptops = await insertCategory(t.ctx, '行业电脑', root);
    const idle = await insertCategory(t.ctx, '行业相机', root);
    const phone = await insertGoods(t.ctx, shop, phones, { goodsName: '行业手机一号' });
    const cover = await insertGoods(t.ctx, shop, cases, { goodsName: '行业手机壳一号' });
    const laptop = await insertGoods(t.ctx, other, laptops, { goodsName: '行业电脑一号' });
    await insertGoods(t.ctx, shop, idle, { goodsName: '行业相机一号' });
    await insertGoods(t.ctx, shop, root, { goodsName: '行业数码直属' }); // on the parent itself: under none of its children
    const [buyer] = await t.ctx.db.insert(members).values({ uname: 'statbuyer4', mobile: '13700000004' }).returning();
    const now = new Date();
    // an order of two lines in the phones subtree counts once for phones and for the root
    const twoLines = await placeOrder(shop, phone, buyer.id, now, 1);
    await t.ctx.db.insert(orderItems).values({ orderId: twoLines.id, goodsId: cover.id, skuId: 0, goodsName: cover.goodsName, priceCents: 4_990, num: 2, subtotalCents: 9_980 });
    for (const order of [twoLines, await placeOrder(shop, cover, buyer.id, now, 3), await placeOrder(other, laptop, buyer.id, now, 2)]) {
      const paid = await t.inject({ method: 'POST', url: `/api/admin/trade/orders/${order.sn}/pay`, session: founder, query: { pay_price: yuan(order.needPayCents) } });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    await placeOrder(shop, laptop, buyer.id, now, 1); // placed, never paid: no sales

    const { year, month } = thisMonth();
    const ym = `${year}-${String(month).padStart(2, '0')}`;
    const recount = async (category: { path: string }, shopId = 0) =>
      ((await t.ctx.db.execute(sql`
        select count(distinct o.id)::int as orders, coalesce(sum(i.num), 0)::int as sold, coalesce(sum(i.subtotal_cents), 0)::bigint as cents
        from order_items i join orders o on o.id = i.order_id join goods g on g.id = i.goods_id
        where o.paid_at is not null and to_char(o.paid_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${ym} and g.category_path like ${`${category.path}%`}
        and (${shopId} = 0 or o.shop_id = ${shopId})`)).rows as { orders: number; sold: number; cents: string }[])[0];

    const scale = await get<Page<CategoryRow>>('industry/scale/page', { cycle_type: 'MONTH', year, month, category_id: root.id, page_no: 1, page_size: 10 });
    expect(scale.data.map((row) => row.name)).toEqual(['行业手机', '行业电脑', '行业相机']);
    const counted = await Promise.all([phones, laptops, idle].map((category) => recount(category)));
    expect(scale.data.map((row) => [row.order_num, row.sold_num, row.paid_amount])).toEqual(counted.map((row) => [row.orders, row.sold, Number(row.cents) / 100]));
    expect(scale.data[0]).toMatchObject({ order_num: 2, sold_num: 6, paid_amount: 6 * 49.9 });
    const totalCents = counted.reduce((sum, row) => sum + Number(row.cents), 0);
    expect(scale.data.map((row) => row.share)).toEqual(counted.map((row) => Math.round((Number(row.cents) / totalCents) * 10_000) / 100));
    expect(scale.data[2]).toMatchObject({ order_num: 0, sold_num: 0, paid_amount: 0, share: 0 });
    expect(scale.data[0]).not.toHaveProperty('goods_with_sales'); // the scale report shows no goods counts: no pass over the goods

    // one shop, and a leaf category standing for itself
    const shopOnly = await get<CategoryChart>('industry/order/quantity', { cycle_type: 'MONTH', year, month, seller_id: shop.id, category_id: root.id });
    expect(shopOnly.series).toEqual([{ figure: 'order_num', data: [(await recount(phones, shop.id)).orders, 0, 0] }]);
    const leaf = await get<CategoryChart>('industry/order/money', { cycle_type: 'MONTH', year, month, category_id: cases.id });
    expect(leaf).toEqual({ categories: [{ id: cases.id, name: '行业手机壳' }], series: [{ figure: 'paid_amount', data: [Number((await recount(cases)).cents) / 100] }] });
    // a year with nothing sold: every category drawn as zero
    const empty = await get<CategoryChart>('industry/goods/num', { cycle_type: 'YEAR', year: year - 5, month: 1, category_id: root.id });
    expect(empty.series[0].data).toEqual([0, 0, 0]);

    const overview = await get<Page<CategoryRow>>('industry/overview', { cycle_type: 'MONTH', year, month, category_id: root.id, page_no: 1, page_size: 10 });
    expect(overview.data.map((row) => [row.name, row.goods_with_sales, row.goods_without_sales])).toEqual([['行业手机', 2, 0], ['行业电脑', 1, 0], ['行业相机', 0, 1]]);
    expect(overview.data[0].avg_price).toBe(Math.round(Number(counted[0].cents) / counted[0].sold) / 100);
    const overviewChart = await get<CategoryChart>('industry/overview/chart', { cycle_type: 'MONTH', year, month, category_id: root.id });
    expect(overviewChart.series.map((series) => series.figure)).toEqual(['goods_with_sales', 'goods_without_sales']);

    const { rows } = await exportAndRead(t, founder, 'admin/statistics/industry/scale/page/export', { cycle_type: 'MONTH', year, month, category_id: root.id });
    // each figure named for what it counts: paid orders, and the share is of the paid value
    expect(rows[0]).toEqual(['分类', '付款订单数', '售出件数', '付款金额', '付款金额占比（%）']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['行业手机', '行业电脑', '行业相机']);
    const { session } = await t.adminWithPermissions(founder, ['industryScale']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/statistics/industry/overview', session, query: { year: String(year) } })).statusCode).toBe(403);
  });

  it('answers the regional analysis per ship-to province as a recount of placed orders, with distinct buyers, every province listed', async () => {
    const shop = await insertShop(t.ctx);
    const item = await insertGoods(t.ctx, shop, await insertCategory(t.ctx));
    const buyers = await t.ctx.db.insert(members).values([0, 1, 2].map((i) => ({ uname: `regionbuyer${i}`, mobile: `1370000020${i}` }))).returning();
    const now = new Date();
    for (const [buyer, region] of [[0, '江苏省 南京市'], [0, '江苏省 苏州市'], [1, '江苏省 南京市'], [2, '四川省 成都市'], [2, '']] as const) {
      await placeOrder(shop, item, buyers[buyer].id, now, 1 + buyer, region);
    }
    const { year, month } = thisMonth();
    const ym = `${year}-${String(month).padStart(2, '0')}`;
    const recount = (await t.ctx.db.execute(sql`
      select p.id, count(o.id)::int as orders, coalesce(sum(o.need_pay_cents), 0)::bigint as cents, count(distinct o.member_id)::int as buyers
      from regions p left join orders o on split_part(o.ship_region, ' ', 1) = p.name and o.shop_id = ${shop.id} and to_char(o.created_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${ym}
      where p.parent_id = 0 group by 1 order by 3 desc, 1`)).rows as { id: number; orders: number; cents: string; buyers: number }[];
    const table = await get<Page<RegionRow>>('order/region/form', { cycle_type: 'MONTH', year, month, seller_id: shop.id, page_no: 1, page_size: 100 });
    expect(table.data_total).toBe(recount.length);
    expect(table.data.map((row) => [row.id, row.order_num, row.order_amount, row.member_num])).toEqual(recount.map((row) => [row.id, row.orders, Number(row.cents) / 100, row.buyers]));
    expect(table.data[0]).toMatchObject({ name: '江苏省', order_num: 3, member_num: 2 });
    const buyersMap = await get<RegionChart>('order/region/member', { cycle_type: 'MONTH', year, month, seller_id: shop.id });
    expect(buyersMap.figure).toBe('member_num');
    expect(buyersMap.provinces.find((province) => province.name === '四川省')?.value).toBe(1);
    expect(buyersMap.provinces).toHaveLength(recount.length);
    const lastYear = await get<RegionChart>('order/region/money', { cycle_type: 'YEAR', year: year - 5, month: 1, seller_id: shop.id });
    expect(lastYear.provinces.every((province) => province.value === 0)).toBe(true);
    const { rows } = await exportAndRead(t, founder, 'admin/statistics/order/region/form/export', { cycle_type: 'MONTH', year, month, seller_id: shop.id });
    expect(rows[0]).toEqual(['地区', '下单数量', '下单金额', '下单会员数']);
    expect(rows[1]).toEqual(['江苏省', 3, table.data[0].order_amount, 2]);
  });

  it('exports a report table as xlsx, and refuses a role without the report', async () => {
    const { year, month } = thisMonth();
    const { header, rows } = await exportAndRead(t, founder, 'admin/statistics/order/aftersales/money/export', { cycle_type: 'MONTH', year, month, seller_id: 0 }).then(({ rows }) => ({ header: rows[0], rows: rows.slice(1) }));
    expect(header).toEqual(['时间', '退款笔数', '退款金额']);
    const table = await get<Page<StatTimeRow>>('order/aftersales/money', { cycle_type: 'MONTH', year, month, page_no: 1, page_size: 31 });
    expect(rows.map((row) => [row[0], row[1], row[2]])).toEqual(table.data.map((row) => [row.time, row.refund_num, row.refund_amount]));

    const { session } = await t.adminWithPermissions(founder, ['refundStatistics']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/statistics/order/return/money', session, query: { year: String(year) } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/admin/statistics/order/order/money', session, query: { year: String(year) } })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/admin/statistics/order/order/money', session: founder, query: { year: '1999' } })).statusCode).toBe(400);
  });
});
