/**
 * Keeps the daily rollups in step with the writes that change them. Call these inside the
 * same transaction as the write, so a figure never drifts from the rows it counts.
 * Days are the platform's calendar days (Asia/Shanghai).
 *
 * The goods and shop figures also feed running totals over the dashboard periods (7, 30 and
 * 90 days, today included; goods_window_stats and shop_window_stats). They always equal the
 * daily rows of the days up to rollup_windows.through:
 * - a write adds to the periods whose window holds its day;
 * - when a new day has started, the first dashboard read rolls the windows forward,
 *   subtracting the days that left and adding the days that came in (one day's rows each).
 * Writers hold a share lock on the rollup_windows row until they commit, the roll an exclusive
 * one, so a roll never misses a write in flight nor counts one twice.
 */
import { eq, inArray, sql, type Column } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { DASHBOARD_PERIODS } from '@agora/contract';
import type { Db } from '../../db/client.js';
import { dailyGoodsStats, dailyPlatformStats, dailyShopStats, goodsWindowStats, rollupWindows, shopWindowStats } from './tables.js';
import {
  dailyCategoryStats,
  dailyHourStats,
  dailyRegionStats,
  dailyMemberStats,
  dailyOrderValueStats,
  periodCategoryStats,
  periodGoodsStats,
  periodMemberStats,
  periodOrderValueStats,
  periodRegionMembers,
  periodRegionStats,
} from '../statistics/tables.js';
import { goods } from '../goods/tables.js';
import { regions } from '../regions/tables.js';
import { addDays, platformDay, platformHour } from '../../platform/time.js';

/** A Db or a transaction of it. */
export type Tx = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

/** The year ('2026') and the month ('2026-03') a platform day falls in: the periods of period_goods_stats and period_member_stats. */
export const periodsOfDay = (day: string): [string, string] => [day.slice(0, 4), day.slice(0, 7)];

/** The period rows a figure of a shop's day goes to: its year and month, in the shop and over all shops (shop 0). */
export const periodScopes = (day: string, shopId: number) => periodsOfDay(day).flatMap((period) => [{ period, shopId }, { period, shopId: 0 }]);

/** The dashboard periods whose window, ending on `through`, holds `day`. */
export function periodsHolding(day: string, through: string): number[] {
  return day > through ? [] : DASHBOARD_PERIODS.filter((days) => day >= addDays(through, 1 - days));
}

const WINDOWS_ROW = 1;
/** Before any day: a fresh database rolls from here, which fills the windows from scratch. */
const NEVER = '1970-01-01';
const throughOf = new WeakMap<object, string>();

/**
 * The day the window totals end on. Inside a transaction it holds a share lock on
 * rollup_windows until commit (and remembers the day for the rest of the transaction), so no
 * roll runs while the write is in flight. Writes never roll: a day after `through` is not in
 * the totals yet, and the roll that reaches it adds its daily rows (writes stay quick at midnight).
 */
export async function windowsThrough(tx: Tx): Promise<string> {
  const held = throughOf.get(tx);
  if (held) return held;
  const read = () => tx.select({ through: rollupWindows.through }).from(rollupWindows).where(eq(rollupWindows.id, WINDOWS_ROW)).for('share');
  let [row] = await read();
  if (!row) {
    // The migration writes the row; should it be missing, a roll from NEVER fills everything.
    await tx.insert(rollupWindows).values({ id: WINDOWS_ROW, through: NEVER }).onConflictDoNothing();
    [row] = await read();
  }
  if (tx instanceof PgTransaction) throughOf.set(tx, row.through);
  return row.through;
}

/**
 * Rolls the window totals forward to `today`: for each period, the days that left the window
 * are subtracted and the days that came in are added, in one pass over their daily rows.
 * Run it in a transaction (it locks rollup_windows); does nothing when already there.
 */
export async function rollWindows(tx: Tx, today: string): Promise<void> {
  await tx.insert(rollupWindows).values({ id: WINDOWS_ROW, through: NEVER }).onConflictDoNothing();
  const [{ through: from }] = await tx.select({ through: rollupWindows.through }).from(rollupWindows).where(eq(rollupWindows.id, WINDOWS_ROW)).for('update');
  if (from >= today) return;
  for (const days of DASHBOARD_PERIODS) {
    const [leaveFrom, leaveTo] = [addDays(from, 1 - days), minDay(from, addDays(today, -days))];
    const [enterFrom, enterTo] = [maxDay(addDays(from, 1), addDays(today, 1 - days)), today];
    // Days after `from` come in, the others leave.
    const sign = (day: Column) => sql`case when ${day} > ${from} then 1 else -1 end`;
    const inRange = (day: Column) => sql`(${day} between ${leaveFrom} and ${leaveTo} or ${day} between ${enterFrom} and ${enterTo})`;
    await tx.execute(sql`
      insert into ${goodsWindowStats} (days, goods_id, sold_num, paid_cents)
      select ${days}::smallint, goods_id, sum(${sign(dailyGoodsStats.day)} * sold_num), sum(${sign(dailyGoodsStats.day)} * paid_cents)
      from ${dailyGoodsStats} where ${inRange(dailyGoodsStats.day)} group by goods_id
      on conflict (days, goods_id) do update
      set sold_num = ${goodsWindowStats}.sold_num + excluded.sold_num, paid_cents = ${goodsWindowStats}.paid_cents + excluded.paid_cents`);
    await tx.execute(sql`
      insert into ${shopWindowStats} (days, shop_id, paid_count, paid_cents)
      select ${days}::smallint, shop_id, sum(${sign(dailyShopStats.day)} * paid_count), sum(${sign(dailyShopStats.day)} * paid_cents)
      from ${dailyShopStats} where ${inRange(dailyShopStats.day)} group by shop_id
      on conflict (days, shop_id) do update
      set paid_count = ${shopWindowStats}.paid_count + excluded.paid_count, paid_cents = ${shopWindowStats}.paid_cents + excluded.paid_cents`);
  }
  // What sold nothing in a period any more has no row there.
  await tx.execute(sql`delete from ${goodsWindowStats} where sold_num = 0 and paid_cents = 0`);
  await tx.execute(sql`delete from ${shopWindowStats} where paid_count = 0 and paid_cents = 0`);
  await tx.update(rollupWindows).set({ through: today }).where(eq(rollupWindows.id, WINDOWS_ROW));
}

/** Computes the window totals afresh from the daily rows (after filling those in bulk, as the demo seed does). */
export async function rebuildWindows(tx: Tx, today = platformDay(new Date())): Promise<void> {
  await tx.insert(rollupWindows).values({ id: WINDOWS_ROW, through: NEVER }).onConflictDoNothing();
  await tx.select({ through: rollupWindows.through }).from(rollupWindows).where(eq(rollupWindows.id, WINDOWS_ROW)).for('update');
  await tx.delete(goodsWindowStats);
  await tx.delete(shopWindowStats);
  await tx.update(rollupWindows).set({ through: NEVER }).where(eq(rollupWindows.id, WINDOWS_ROW));
  await rollWindows(tx, today);
}

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

type PlatformCounter = 'orderCount' | 'orderCents' | 'paidCount' | 'paidCents' | 'refundCount' | 'refundCents' | 'newMembers' | 'newShops' | 'newGoods' | 'pv' | 'uv';
type ShopCounter = 'orderCount' | 'orderCents' | 'paidCount' | 'paidCents' | 'refundCount' | 'refundCents' | 'pv';
type GoodsCounter = 'soldNum' | 'paidCents' | 'pv' | 'favorites';

function increments<T extends string>(table: Record<T, unknown>, deltas: Partial<Record<T, number>>) {
  const set: Record<string, unknown> = {};
  for (const [key, delta] of Object.entries(deltas) as [T, number][]) {
    if (!delta) continue;
    const column = table[key];
    set[key] = sql`${column} + ${delta}`;
  }
  return set;
}

export async function bumpPlatform(tx: Tx, at: Date, deltas: Partial<Record<PlatformCounter, number>>): Promise<void> {
  const set = increments(dailyPlatformStats, deltas);
  if (Object.keys(set).length === 0) return;
  await tx
    .insert(dailyPlatformStats)
    .values({ day: platformDay(at), ...deltas })
    .onConflictDoUpdate({ target: dailyPlatformStats.day, set });
}

export async function bumpShop(tx: Tx, at: Date, shopId: number, deltas: Partial<Record<ShopCounter, number>>): Promise<void> {
  const set = increments(dailyShopStats, deltas);
  if (Object.keys(set).length === 0) return;
  const windowed = { paidCount: deltas.paidCount ?? 0, paidCents: deltas.paidCents ?? 0 };
  const periods = windowed.paidCount || windowed.paidCents ? periodsHolding(platformDay(at), await windowsThrough(tx)) : [];
  for (const days of periods) {
    await tx
      .insert(shopWindowStats)
      .values({ days, shopId, ...windowed })
      .onConflictDoUpdate({ target: [shopWindowStats.days, shopWindowStats.shopId], set: increments<'paidCount' | 'paidCents'>(shopWindowStats, windowed) });
  }
  await tx
    .insert(dailyShopStats)
    .values({ day: platformDay(at), shopId, ...deltas })
    .onConflictDoUpdate({ target: [dailyShopStats.day, dailyShopStats.shopId], set });
}

export async function bumpGoods(
  tx: Tx,
  at: Date,
  goodsId: number,
  shopId: number,
  deltas: Partial<Record<GoodsCounter, number>>,
): Promise<void> {
  const set = increments(dailyGoodsStats, deltas);
  if (Object.keys(set).length === 0) return;
  const windowed = { soldNum: deltas.soldNum ?? 0, paidCents: deltas.paidCents ?? 0 };
  const periods = windowed.soldNum || windowed.paidCents ? periodsHolding(platformDay(at), await windowsThrough(tx)) : [];
  for (const days of periods) {
    await tx
      .insert(goodsWindowStats)
      .values({ days, goodsId, ...windowed })
      .onConflictDoUpdate({ target: [goodsWindowStats.days, goodsWindowStats.goodsId], set: increments<'soldNum' | 'paidCents'>(goodsWindowStats, windowed) });
  }
  const day = platformDay(at);
  await tx
    .insert(dailyGoodsStats)
    .values({ day, goodsId, shopId, ...deltas })
    .onConflictDoUpdate({ target: [dailyGoodsStats.day, dailyGoodsStats.goodsId], set });
  // the year and the month of that day, in one statement (both rows take the same deltas)
  await tx
    .insert(periodGoodsStats)
    .values(periodsOfDay(day).map((period) => ({ period, goodsId, shopId, ...deltas })))
    .onConflictDoUpdate({ target: [periodGoodsStats.period, periodGoodsStats.goodsId], set: increments(periodGoodsStats, deltas) });
}

/**
 * After a figure of a goods went back down (a favourite taken back): its day, month and year rows
 * left with nothing are deleted, as if no write had touched them (as the rebuild leaves them).
 */
export async function dropEmptyGoodsRows(tx: Tx, at: Date, goodsId: number): Promise<void> {
  const day = platformDay(at);
  const empty = (table: typeof dailyGoodsStats | typeof periodGoodsStats) =>
    sql`${table.goodsId} = ${goodsId} and ${table.soldNum} = 0 and ${table.paidCents} = 0 and ${table.pv} = 0 and ${table.favorites} = 0`;
  await tx.delete(dailyGoodsStats).where(sql`${dailyGoodsStats.day} = ${day} and ${empty(dailyGoodsStats)}`);
  await tx.delete(periodGoodsStats).where(sql`${inArray(periodGoodsStats.period, periodsOfDay(day))} and ${empty(periodGoodsStats)}`);
}

/** An order's value bucket: its whole yuan. */
export const valueYuanOf = (cents: number) => Math.floor(cents / 100);

async function bumpOrderValue(tx: Tx, at: Date, shopId: number, valueCents: number, deltas: Partial<Record<'orderCount' | 'orderCents' | 'paidCount' | 'paidCents', number>>) {
  await tx
    .insert(dailyOrderValueStats)
    .values({ day: platformDay(at), shopId, valueYuan: valueYuanOf(valueCents), ...deltas })
    .onConflictDoUpdate({ target: [dailyOrderValueStats.day, dailyOrderValueStats.shopId, dailyOrderValueStats.valueYuan], set: increments(dailyOrderValueStats, deltas) });
  await tx
    .insert(periodOrderValueStats)
    .values(periodScopes(platformDay(at), shopId).map((scope) => ({ ...scope, valueYuan: valueYuanOf(valueCents), ...deltas })))
    .onConflictDoUpdate({ target: [periodOrderValueStats.period, periodOrderValueStats.shopId, periodOrderValueStats.valueYuan], set: increments(periodOrderValueStats, deltas) });
}

/** A member registered (or was added by an operator). */
export const recordNewMember = (tx: Tx, at: Date) => bumpPlatform(tx, at, { newMembers: 1 });
/** A shop opened for business (audit passed, or opened by an operator). */
export const recordNewShop = (tx: Tx, at: Date) => bumpPlatform(tx, at, { newShops: 1 });
/** A goods item was created. */
export const recordNewGoods = (tx: Tx, at: Date) => bumpPlatform(tx, at, { newGoods: 1 });

/** An order was placed. */
export async function recordOrderPlaced(
  tx: Tx,
  at: Date,
  order: { shopId: number; memberId: number; needPayCents: number; goodsNum: number; /** '广东省 深圳市 …': the province first */ shipRegion?: string },
): Promise<void> {
  await bumpPlatform(tx, at, { orderCount: 1, orderCents: order.needPayCents });
  await bumpShop(tx, at, order.shopId, { orderCount: 1, orderCents: order.needPayCents });
  const day = platformDay(at);
  const member = { orderCount: 1, orderCents: order.needPayCents, goodsNum: order.goodsNum };
  await tx
    .insert(dailyMemberStats)
    .values({ day, memberId: order.memberId, shopId: order.shopId, ...member })
    .onConflictDoUpdate({ target: [dailyMemberStats.day, dailyMemberStats.memberId, dailyMemberStats.shopId], set: increments<keyof typeof member>(dailyMemberStats, member) });
  // the year and the month, in the order's shop and over all shops (0): four rows, one statement
  await tx
    .insert(periodMemberStats)
    .values(periodScopes(day, order.shopId).map((scope) => ({ ...scope, memberId: order.memberId, ...member })))
    .onConflictDoUpdate({ target: [periodMemberStats.period, periodMemberStats.shopId, periodMemberStats.memberId], set: increments<keyof typeof member>(periodMemberStats, member) });
  await bumpOrderValue(tx, at, order.shopId, order.needPayCents, { orderCount: 1, orderCents: order.needPayCents });
  await tx
    .insert(dailyHourStats)
    .values({ day, shopId: order.shopId, hour: platformHour(at), orderCount: 1, orderCents: order.needPayCents })
    .onConflictDoUpdate({
      target: [dailyHourStats.day, dailyHourStats.shopId, dailyHourStats.hour],
      set: increments<'orderCount' | 'orderCents'>(dailyHourStats, { orderCount: 1, orderCents: order.needPayCents }),
    });
  const provinceId = await provinceOf(tx, order.shipRegion ?? '');
  await tx
    .insert(dailyRegionStats)
    .values({ day, provinceId, shopId: order.shopId, memberId: order.memberId, orderCount: 1, orderCents: order.needPayCents })
    .onConflictDoUpdate({
      target: [dailyRegionStats.day, dailyRegionStats.provinceId, dailyRegionStats.shopId, dailyRegionStats.memberId],
      set: increments<'orderCount' | 'orderCents'>(dailyRegionStats, { orderCount: 1, orderCents: order.needPayCents }),
    });
  // the buyer's first order there in a period (a new membership row) adds a buyer to that period's row
  const scopes = periodScopes(day, order.shopId);
  const joined = await tx
    .insert(periodRegionMembers)
    .values(scopes.map((scope) => ({ ...scope, provinceId, memberId: order.memberId })))
    .onConflictDoNothing()
    .returning({ period: periodRegionMembers.period, shopId: periodRegionMembers.shopId });
  const isNew = (scope: { period: string; shopId: number }) => joined.some((row) => row.period === scope.period && row.shopId === scope.shopId);
  await tx
    .insert(periodRegionStats)
    .values(scopes.map((scope) => ({ ...scope, provinceId, orderCount: 1, orderCents: order.needPayCents, memberCount: isNew(scope) ? 1 : 0 })))
    .onConflictDoUpdate({
      target: [periodRegionStats.period, periodRegionStats.shopId, periodRegionStats.provinceId],
      set: {
        orderCount: sql`${periodRegionStats.orderCount} + 1`,
        orderCents: sql`${periodRegionStats.orderCents} + excluded.order_cents`,
        memberCount: sql`${periodRegionStats.memberCount} + excluded.member_count`,
      },
    });
}

/** The province of a ship-to region ('广东省 深圳市 南山区'): its first word, a province-level region's name; 0 when none. */
async function provinceOf(tx: Tx, shipRegion: string): Promise<number> {
  const name = shipRegion.trim().split(/\s+/)[0];
  if (!name) return 0;
  const [province] = await tx.select({ id: regions.id }).from(regions).where(sql`${regions.parentId} = 0 and ${regions.name} = ${name}`).limit(1);
  return province?.id ?? 0;
}

/** An order was paid: turnover for the platform, the shop and each goods item. */
export async function recordOrderPaid(
  tx: Tx,
  at: Date,
  order: { shopId: number; paidCents: number; items: { goodsId: number; num: number; subtotalCents: number }[] },
): Promise<void> {
  await bumpPlatform(tx, at, { paidCount: 1, paidCents: order.paidCents });
  await bumpShop(tx, at, order.shopId, { paidCount: 1, paidCents: order.paidCents });
  await bumpOrderValue(tx, at, order.shopId, order.paidCents, { paidCount: 1, paidCents: order.paidCents });
  // goods in id order: two payments of the same goods lock their rows in one order, never crosswise
  const items = [...order.items].sort((a, b) => a.goodsId - b.goodsId);
  for (const item of items) await bumpGoods(tx, at, item.goodsId, order.shopId, { soldNum: item.num, paidCents: item.subtotalCents });
  await bumpCategories(tx, at, order.shopId, order.items);
}

/** The categories of a goods path (`0|1|5|`): 1 and 5, the goods' own category last. */
export const categoryIdsOfPath = (path: string) => path.split('|').map(Number).filter((id) => id > 0);

/** A paid order's lines by category: every category on each goods' path, the order counted once per category. */
async function bumpCategories(tx: Tx, at: Date, shopId: number, items: { goodsId: number; num: number; subtotalCents: number }[]) {
  if (items.length === 0) return;
  const paths = await tx.select({ id: goods.id, path: goods.categoryPath }).from(goods).where(inArray(goods.id, [...new Set(items.map((item) => item.goodsId))]));
  const pathOf = new Map(paths.map((row) => [row.id, row.path]));
  const byCategory = new Map<number, { soldNum: number; paidCents: number }>();
  for (const item of items) {
    for (const categoryId of categoryIdsOfPath(pathOf.get(item.goodsId) ?? '')) {
      const sums = byCategory.get(categoryId) ?? { soldNum: 0, paidCents: 0 };
      sums.soldNum += item.num;
      sums.paidCents += item.subtotalCents;
      byCategory.set(categoryId, sums);
    }
  }
  const day = platformDay(at);
  // in id order, so two payments touching the same categories lock their rows in the same order
  for (const [categoryId, sums] of [...byCategory].sort(([a], [b]) => a - b)) {
    const deltas = { orderCount: 1, ...sums };
    await tx
      .insert(dailyCategoryStats)
      .values({ day, categoryId, shopId, ...deltas })
      .onConflictDoUpdate({ target: [dailyCategoryStats.categoryId, dailyCategoryStats.day, dailyCategoryStats.shopId], set: increments<'orderCount' | 'soldNum' | 'paidCents'>(dailyCategoryStats, deltas) });
    await tx
      .insert(periodCategoryStats)
      .values(periodScopes(day, shopId).map((scope) => ({ ...scope, categoryId, ...deltas })))
      .onConflictDoUpdate({
        target: [periodCategoryStats.period, periodCategoryStats.shopId, periodCategoryStats.categoryId],
        set: increments<'orderCount' | 'soldNum' | 'paidCents'>(periodCategoryStats, deltas),
      });
  }
}

/** Money went back to a buyer (an after-sale's refund paid out) on an order of the shop. */
export async function recordRefund(tx: Tx, at: Date, refund: { shopId: number; refundCents: number }): Promise<void> {
  await bumpPlatform(tx, at, { refundCount: 1, refundCents: refund.refundCents });
  await bumpShop(tx, at, refund.shopId, { refundCount: 1, refundCents: refund.refundCents });
}
