/**
 * Keeps the daily rollups in step with the writes that change them. Call these inside the
 * same transaction as the write, so a figure never drifts from the rows it counts.
 * Days are the platform's calendar days (Asia/Shanghai).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dailyGoodsStats, dailyPlatformStats, dailyShopStats } from './tables.js';

/** A Db or a transaction of it. */
export type Tx = Pick<Db, 'insert'>;

export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

/** The platform calendar day (YYYY-MM-DD) a moment falls on. */
export function platformDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

type PlatformCounter = 'orderCount' | 'orderCents' | 'paidCount' | 'paidCents' | 'refundCents' | 'newMembers' | 'newShops' | 'newGoods' | 'pv' | 'uv';
type ShopCounter = 'orderCount' | 'paidCount' | 'paidCents' | 'pv';
type GoodsCounter = 'soldNum' | 'paidCents' | 'pv';

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
  await tx
    .insert(dailyGoodsStats)
    .values({ day: platformDay(at), goodsId, shopId, ...deltas })
    .onConflictDoUpdate({ target: [dailyGoodsStats.day, dailyGoodsStats.goodsId], set });
}

/** A member registered (or was added by an operator). */
export const recordNewMember = (tx: Tx, at: Date) => bumpPlatform(tx, at, { newMembers: 1 });
/** A shop opened for business (audit passed, or opened by an operator). */
export const recordNewShop = (tx: Tx, at: Date) => bumpPlatform(tx, at, { newShops: 1 });
/** A goods item was created. */
export const recordNewGoods = (tx: Tx, at: Date) => bumpPlatform(tx, at, { newGoods: 1 });

/** An order was placed. */
export async function recordOrderPlaced(tx: Tx, at: Date, order: { shopId: number; needPayCents: number }): Promise<void> {
  await bumpPlatform(tx, at, { orderCount: 1, orderCents: order.needPayCents });
  await bumpShop(tx, at, order.shopId, { orderCount: 1 });
}

/** An order was paid: turnover for the platform, the shop and each goods item. */
export async function recordOrderPaid(
  tx: Tx,
  at: Date,
  order: { shopId: number; paidCents: number; items: { goodsId: number; num: number; subtotalCents: number }[] },
): Promise<void> {
  await bumpPlatform(tx, at, { paidCount: 1, paidCents: order.paidCents });
  await bumpShop(tx, at, order.shopId, { paidCount: 1, paidCents: order.paidCents });
  for (const item of order.items) await bumpGoods(tx, at, item.goodsId, order.shopId, { soldNum: item.num, paidCents: item.subtotalCents });
}

/** Money went back to a buyer. */
export const recordRefund = (tx: Tx, at: Date, refundCents: number) => bumpPlatform(tx, at, { refundCents });
