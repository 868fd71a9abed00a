/**
 * A buyer's favourite goods, as the buyer site adds and removes them: the row and the goods'
 * favourites figure of daily_goods_stats (and its month's and year's rows) change in one transaction. A favourite counts on the
 * day it was made; removing it takes it off that same day, so the rollup always equals a count
 * of the rows held (rebuildRollups recomputes it so).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { bumpGoods, dropEmptyGoodsRows } from '../dashboard/rollup.js';
import { goods } from '../goods/tables.js';
import { memberFavorites } from './tables.js';

/** Adds a favourite; false when the member already holds it. */
export async function addFavorite(db: Db, memberId: number, goodsId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [item] = await tx.select({ shopId: goods.shopId }).from(goods).where(eq(goods.id, goodsId));
    if (!item) throw new AppError(404, 'NOT_FOUND');
    const [row] = await tx.insert(memberFavorites).values({ memberId, goodsId, shopId: item.shopId, createdAt: now }).onConflictDoNothing().returning();
    if (!row) return false;
    await bumpGoods(tx, now, goodsId, item.shopId, { favorites: 1 });
    return true;
  });
}

/** Removes a favourite; false when the member did not hold it. */
export async function removeFavorite(db: Db, memberId: number, goodsId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(memberFavorites).where(and(eq(memberFavorites.memberId, memberId), eq(memberFavorites.goodsId, goodsId))).returning();
    if (!row) return false;
    await bumpGoods(tx, row.createdAt, goodsId, row.shopId, { favorites: -1 });
    await dropEmptyGoodsRows(tx, row.createdAt, goodsId);
    return true;
  });
}
