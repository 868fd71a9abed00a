import { and, asc, between, count, eq, gte, sql, sum } from 'drizzle-orm';
import { DASHBOARD_READERS, toYuan, type DashboardFigures, type DashboardPanel, type DashboardPage, type DashboardSeries, type HotGoods, type HotShop } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { Writer } from '../../db/sql.js';
import { preparedOnce } from '../../platform/statements.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { members } from '../members/tables.js';
import { marginFlows } from '../finance/tables.js';
import { shops } from '../shops/tables.js';
import { goods } from '../goods/tables.js';
import { orders } from '../orders/tables.js';
import { ORDER_TAG_CONDITIONS } from '../orders/tags.js';
import { afterSales } from '../aftersales/tables.js';
import { COMPLAINING_CONDITION, complaints } from '../sale/tables.js';
import { dailyGoodsStats, dailyPlatformStats, dailyShopStats, goodsWindowStats, rollupWindows, shopWindowStats } from './tables.js';
import { addDays, platformDay } from '../../platform/time.js';

const DAY_MS = 86_400_000;

/** The platform days from `days - 1` days ago to today, oldest first. */
function lastDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => platformDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}

const num = (value: unknown) => Number(value ?? 0);

/** Only what the caller's role may act on is counted; the rest is null. */
async function todo(ctx: AppContext, admin: AuthedAdmin): Promise<DashboardPage['todo']> {
  const may = (name: string) => admin.permissions.has(name);
  const [goodsAudit, shopAudit, marginAudit, orderShip, codPay, serviceManual, complaintWait] = await Promise.all([
    may('goodsAudit')
      ? ctx.db.select({ n: count() }).from(goods).where(and(eq(goods.isAuth, 0), eq(goods.disabled, 1))).then(([row]) => row.n)
      : null,
    may('shopAudit') ? ctx.db.select({ n: count() }).from(shops).where(eq(shops.status, 'APPLY')).then(([row]) => row.n) : null,
    may('examineList')
      ? ctx.db.select({ n: count() }).from(marginFlows).where(eq(marginFlows.authStatus, 'WAIT_AUDIT')).then(([row]) => row.n)
      : null,
    // the order list's 待发货 tag (its partial index), and COD orders received whose money the platform confirms
    may('orderList') ? ctx.db.select({ n: count() }).from(orders).where(sql.raw(ORDER_TAG_CONDITIONS.WAIT_SHIP)).then(([row]) => row.n) : null,
    may('orderList')
      ? ctx.db.select({ n: count() }).from(orders).where(and(eq(orders.status, 'ROG'), eq(orders.paymentType, 'COD'))).then(([row]) => row.n)
      : null,
    // after-sales only the platform can finish: the manual refund (after_sales_status_created_idx)
    may('serviceList') ? ctx.db.select({ n: count() }).from(afterSales).where(eq(afterSales.status, 'WAIT_FOR_MANUAL')).then(([row]) => row.n) : null,
    // the complaint list's 进行中 tag (its partial index)
    may('complaintList') ? ctx.db.select({ n: count() }).from(complaints).where(sql.raw(COMPLAINING_CONDITION)).then(([row]) => row.n) : null,
  ]);
  return { goods_audit: goodsAudit, shop_audit: shopAudit, margin_audit: marginAudit, order_ship: orderShip, order_cod_pay: codPay, service_manual: serviceManual, complaint_wait: complaintWait };
}

/** Whether the admin's role holds a screen of the panel's area. */
const mayRead = (admin: AuthedAdmin, panel: DashboardPanel) => DASHBOARD_READERS[panel].some((name) => admin.permissions.has(name));

/** Counts what the role may see only: a panel it may not see is null and costs nothing. */
export async function dashboardPage(ctx: AppContext, admin: AuthedAdmin): Promise<DashboardPage> {
  const today = platformDay(new Date());
  const may = (panel: DashboardPanel) => mayRead(admin, panel);
  const when = <T>(panel: DashboardPanel, read: () => Promise<T>): Promise<T | null> => (may(panel) ? read() : Promise.resolve(null));
  const [[day], totals, memberTotal, openShops, onSale, todoCounts] = await Promise.all([
    ctx.db.select().from(dailyPlatformStats).where(eq(dailyPlatformStats.day, today)),
    when('sales', () =>
      ctx.db.select({ orders: sum(dailyPlatformStats.orderCount), turnover: sum(dailyPlatformStats.paidCents) }).from(dailyPlatformStats).then(([row]) => row),
    ),
    when('members', () => ctx.db.select({ n: count() }).from(members).where(eq(members.disabled, 0)).then(([row]) => row.n)),
    when('shops', () => ctx.db.select({ n: count() }).from(shops).where(eq(shops.status, 'OPEN')).then(([row]) => row.n)),
    when('goods', () =>
      ctx.db.select({ n: count() }).from(goods).where(and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1))).then(([row]) => row.n),
    ),
    todo(ctx, admin),
  ]);
  const shown = <T>(panel: DashboardPanel, value: T): T | null => (may(panel) ? value : null);
  const figures: DashboardFigures = {
    order_count: shown('sales', day?.orderCount ?? 0),
    order_amount: shown('sales', toYuan(day?.orderCents ?? 0)),
    paid_count: shown('sales', day?.paidCount ?? 0),
    turnover: shown('sales', toYuan(day?.paidCents ?? 0)),
    new_members: shown('members', day?.newMembers ?? 0),
    new_shops: shown('shops', day?.newShops ?? 0),
    new_goods: shown('goods', day?.newGoods ?? 0),
    pv: shown('traffic', day?.pv ?? 0),
    uv: shown('traffic', day?.uv ?? 0),
  };
  return {
    todo: todoCounts,
    today: figures,
    totals: {
      members: memberTotal,
      shops_open: openShops,
      goods_on_sale: onSale,
      orders: totals ? num(totals.orders) : null,
      turnover: totals ? toYuan(num(totals.turnover)) : null,
    },
  };
}

async function platformSeries(ctx: AppContext, days: number) {
  const range = lastDays(days);
  const rows = await platformDaysFrom(ctx.db).execute({ from: range[0] });
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
 * The top lists read the running totals of the period: ten entries of an index, whatever the
 * number of orders. The totals are rolled forward by a scheduled task after midnight
 * (modules/dashboard/jobs.ts); until it has reached today — just after midnight, or when the task
 * is late — the list adds up the period's daily rows instead, so it is right either way and a
 * read never writes. Their ORDER BY matches the top indexes (drizzle-kit writes an index's DESC as
 * DESC NULLS LAST).
 */
async function windowsAreCurrent(ctx: AppContext, today: string): Promise<boolean> {
  const [row] = await windowsThrough(ctx.db).execute({ id: 1 });
  return row?.through === today;
}

/** The first day of the period of `days` days ending on `today`. */
const periodStart = (today: string, days: number) => addDays(today, 1 - days);

/** The top ten shops of the period: from its running totals (`current`), or the sum of its daily rows. */
const hotShopsQuery = (current: boolean) => (db: Writer) => {
  const totals = current
    ? db
        .select({ shopId: shopWindowStats.shopId, paidCents: shopWindowStats.paidCents, paidCount: shopWindowStats.paidCount })
        .from(shopWindowStats)
        .where(and(eq(shopWindowStats.days, sql.placeholder('days')), sql`${shopWindowStats.paidCents} > 0`))
        .as('totals')
    : db
        .select({
          shopId: dailyShopStats.shopId,
          paidCents: sql<number>`sum(${dailyShopStats.paidCents})::bigint`.as('paid_cents'),
          paidCount: sql<number>`sum(${dailyShopStats.paidCount})::int`.as('paid_count'),
        })
        .from(dailyShopStats)
        .where(between(dailyShopStats.day, sql.placeholder('from'), sql.placeholder('to')))
        .groupBy(dailyShopStats.shopId)
        .having(sql`sum(${dailyShopStats.paidCents}) > 0`)
        .as('totals');
  return db
    .select({ shopId: totals.shopId, shopName: shops.shopName, paidCents: totals.paidCents, paidCount: totals.paidCount })
    .from(totals)
    .innerJoin(shops, eq(shops.id, totals.shopId))
    .orderBy(sql`${totals.paidCents} desc nulls last`, asc(totals.shopId))
    .limit(sql.placeholder('limit'));
};

/** The top ten goods of the period, read as the shops are. */
const hotGoodsQuery = (current: boolean) => (db: Writer) => {
  const totals = current
    ? db
        .select({ goodsId: goodsWindowStats.goodsId, soldNum: goodsWindowStats.soldNum, paidCents: goodsWindowStats.paidCents })
        .from(goodsWindowStats)
        .where(and(eq(goodsWindowStats.days, sql.placeholder('days')), sql`${goodsWindowStats.soldNum} > 0`))
        .as('totals')
    : db
        .select({
          goodsId: dailyGoodsStats.goodsId,
          soldNum: sql<number>`sum(${dailyGoodsStats.soldNum})::int`.as('sold_num'),
          paidCents: sql<number>`sum(${dailyGoodsStats.paidCents})::bigint`.as('paid_cents'),
        })
        .from(dailyGoodsStats)
        .where(between(dailyGoodsStats.day, sql.placeholder('from'), sql.placeholder('to')))
        .groupBy(dailyGoodsStats.goodsId)
        .having(sql`sum(${dailyGoodsStats.soldNum}) > 0`)
        .as('totals');
  return db
    .select({
      goodsId: totals.goodsId,
      sn: goods.sn,
      shopId: goods.shopId,
      goodsName: goods.goodsName,
      thumbnail: goods.thumbnail,
      soldNum: totals.soldNum,
      paidCents: totals.paidCents,
    })
    .from(totals)
    .innerJoin(goods, eq(goods.id, totals.goodsId))
    .orderBy(sql`${totals.soldNum} desc nulls last`, asc(totals.goodsId))
    .limit(sql.placeholder('limit'));
};

// Every operator's home page asks these: prepared once (platform/statements.ts).
const platformDaysFrom = preparedOnce('agora_dashboard_days', (db) => db.select().from(dailyPlatformStats).where(gte(dailyPlatformStats.day, sql.placeholder('from'))));
const windowsThrough = preparedOnce('agora_dashboard_windows', (db) => db.select({ through: rollupWindows.through }).from(rollupWindows).where(eq(rollupWindows.id, sql.placeholder('id'))));
const hotShopsOfWindows = preparedOnce('agora_dashboard_hot_shops', hotShopsQuery(true));
const hotShopsOfDays = preparedOnce('agora_dashboard_hot_shops_days', hotShopsQuery(false));
const hotGoodsOfWindows = preparedOnce('agora_dashboard_hot_goods', hotGoodsQuery(true));
const hotGoodsOfDays = preparedOnce('agora_dashboard_hot_goods_days', hotGoodsQuery(false));

export async function hotShops(ctx: AppContext, days: number, now = new Date()): Promise<HotShop[]> {
  const today = platformDay(now);
  const period = { days, from: periodStart(today, days), to: today, limit: 10 };
  const rows = await ((await windowsAreCurrent(ctx, today)) ? hotShopsOfWindows : hotShopsOfDays)(ctx.db).execute(period);
  return rows.map((row) => ({ shop_id: row.shopId, shop_name: row.shopName, turnover: toYuan(Number(row.paidCents)), order_count: Number(row.paidCount) }));
}

export async function hotGoods(ctx: AppContext, days: number, now = new Date()): Promise<HotGoods[]> {
  const today = platformDay(now);
  const period = { days, from: periodStart(today, days), to: today, limit: 10 };
  const rows = await ((await windowsAreCurrent(ctx, today)) ? hotGoodsOfWindows : hotGoodsOfDays)(ctx.db).execute(period);
  return rows.map((row) => ({
    goods_id: row.goodsId,
    sn: row.sn,
    shop_id: row.shopId,
    goods_name: row.goodsName,
    thumbnail: row.thumbnail,
    sold_num: Number(row.soldNum),
    turnover: toYuan(Number(row.paidCents)),
  }));
}
