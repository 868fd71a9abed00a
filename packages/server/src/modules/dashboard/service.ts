import { and, asc, count, eq, gt, gte, sql, sum } from 'drizzle-orm';
import { toYuan, type DashboardFigures, type DashboardPage, type DashboardSeries, type HotGoods, type HotShop } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { members } from '../members/tables.js';
import { marginFlows, shops } from '../shops/tables.js';
import { goods } from '../goods/tables.js';
import { platformDay, rollWindows } from './rollup.js';
import { dailyPlatformStats, goodsWindowStats, rollupWindows, shopWindowStats } from './tables.js';

const DAY_MS = 86_400_000;

/** The platform days from `days - 1` days ago to today, oldest first. */
function lastDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => platformDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}

const num = (value: unknown) => Number(value ?? 0);

/** Only what the caller's role may act on is counted; the rest is null. */
async function todo(ctx: AppContext, admin: AuthedAdmin): Promise<DashboardPage['todo']> {
  const may = (name: string) => admin.permissions.has(name);
  const [goodsAudit, shopAudit, marginAudit] = await Promise.all([
    may('goodsAudit')
      ? ctx.db.select({ n: count() }).from(goods).where(and(eq(goods.isAuth, 0), eq(goods.disabled, 1))).then(([row]) => row.n)
      : null,
    may('shopAudit') ? ctx.db.select({ n: count() }).from(shops).where(eq(shops.status, 'APPLY')).then(([row]) => row.n) : null,
    may('examineList')
      ? ctx.db.select({ n: count() }).from(marginFlows).where(eq(marginFlows.authStatus, 'WAIT_AUDIT')).then(([row]) => row.n)
      : null,
  ]);
  return { goods_audit: goodsAudit, shop_audit: shopAudit, margin_audit: marginAudit };
}

export async function dashboardPage(ctx: AppContext, admin: AuthedAdmin): Promise<DashboardPage> {
  const today = platformDay(new Date());
  const [[day], [totals], [memberTotal], [openShops], [onSale], todoCounts] = await Promise.all([
    ctx.db.select().from(dailyPlatformStats).where(eq(dailyPlatformStats.day, today)),
    ctx.db.select({ orders: sum(dailyPlatformStats.orderCount), turnover: sum(dailyPlatformStats.paidCents) }).from(dailyPlatformStats),
    ctx.db.select({ n: count() }).from(members).where(eq(members.disabled, 0)),
    ctx.db.select({ n: count() }).from(shops).where(eq(shops.status, 'OPEN')),
    ctx.db.select({ n: count() }).from(goods).where(and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1))),
    todo(ctx, admin),
  ]);
  const figures: DashboardFigures = {
    order_count: day?.orderCount ?? 0,
    order_amount: toYuan(day?.orderCents ?? 0),
    paid_count: day?.paidCount ?? 0,
    turnover: toYuan(day?.paidCents ?? 0),
    new_members: day?.newMembers ?? 0,
    new_shops: day?.newShops ?? 0,
    new_goods: day?.newGoods ?? 0,
    pv: day?.pv ?? 0,
    uv: day?.uv ?? 0,
  };
  return {
    todo: todoCounts,
    today: figures,
    totals: {
      members: memberTotal.n,
      shops_open: openShops.n,
      goods_on_sale: onSale.n,
      orders: num(totals.orders),
      turnover: toYuan(num(totals.turnover)),
    },
  };
}

async function platformSeries(ctx: AppContext, days: number) {
  const range = lastDays(days);
  const rows = await ctx.db.select().from(dailyPlatformStats).where(gte(dailyPlatformStats.day, range[0]));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return { range, at: (day: string) => byDay.get(day) };
}

export async function pvChart(ctx: AppContext, days: number): Promise<DashboardSeries> {
  const { range, at } = await platformSeries(ctx, days);
  return {
    days: range,
    series: [
      { name: 'pv', data: range.map((day) => at(day)?.pv ?? 0) },
      { name: 'uv', data: range.map((day) => at(day)?.uv ?? 0) },
    ],
  };
}

export async function turnoverChart(ctx: AppContext, days: number): Promise<DashboardSeries> {
  const { range, at } = await platformSeries(ctx, days);
  return {
    days: range,
    series: [
      { name: 'turnover', data: range.map((day) => toYuan(at(day)?.paidCents ?? 0)) },
      { name: 'paid_count', data: range.map((day) => at(day)?.paidCount ?? 0) },
    ],
  };
}

/**
 * The top lists read the running totals of the period (rolled forward to today first, when a
 * new day has started): ten entries of an index, whatever the number of orders. Their ORDER BY
 * matches the top indexes (drizzle-kit writes an index's DESC as DESC NULLS LAST).
 */
async function rolledWindows(ctx: AppContext, now: Date): Promise<void> {
  const today = platformDay(now);
  const [row] = await ctx.db.select({ through: rollupWindows.through }).from(rollupWindows).where(eq(rollupWindows.id, 1));
  if (!row || row.through < today) await ctx.db.transaction((tx) => rollWindows(tx, today));
}

export async function hotShops(ctx: AppContext, days: number, now = new Date()): Promise<HotShop[]> {
  await rolledWindows(ctx, now);
  const rows = await ctx.db
    .select({ shopId: shopWindowStats.shopId, shopName: shops.shopName, paidCents: shopWindowStats.paidCents, paidCount: shopWindowStats.paidCount })
    .from(shopWindowStats)
    .innerJoin(shops, eq(shops.id, shopWindowStats.shopId))
    .where(and(eq(shopWindowStats.days, days), gt(shopWindowStats.paidCents, 0)))
    .orderBy(sql`${shopWindowStats.paidCents} desc nulls last`, asc(shopWindowStats.shopId))
    .limit(10);
  return rows.map((row) => ({ shop_id: row.shopId, shop_name: row.shopName, turnover: toYuan(row.paidCents), order_count: row.paidCount }));
}

export async function hotGoods(ctx: AppContext, days: number, now = new Date()): Promise<HotGoods[]> {
  await rolledWindows(ctx, now);
  const rows = await ctx.db
    .select({
      goodsId: goodsWindowStats.goodsId,
      sn: goods.sn,
      shopId: goods.shopId,
      goodsName: goods.goodsName,
      thumbnail: goods.thumbnail,
      soldNum: goodsWindowStats.soldNum,
      paidCents: goodsWindowStats.paidCents,
    })
    .from(goodsWindowStats)
    .innerJoin(goods, eq(goods.id, goodsWindowStats.goodsId))
    .where(and(eq(goodsWindowStats.days, days), gt(goodsWindowStats.soldNum, 0)))
    .orderBy(sql`${goodsWindowStats.soldNum} desc nulls last`, asc(goodsWindowStats.goodsId))
    .limit(10);
  return rows.map((row) => ({
    goods_id: row.goodsId,
    sn: row.sn,
    shop_id: row.shopId,
    goods_name: row.goodsName,
    thumbnail: row.thumbnail,
    sold_num: row.soldNum,
    turnover: toYuan(row.paidCents),
  }));
}
