/**
 * The points mall (DOMAIN §2.19): exchange categories (two levels, a name unique among siblings)
 * and the goods sold for points. An exchange item also marks its goods POINT with the points
 * price, so the goods picker's point_disable / exchange_point read what is set here; the item goes
 * (and the goods turn NORMAL again) when the goods leave the shelf.
 */
import { and, asc, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  toCents,
  toYuan,
  type ExchangeCatInput,
  type ExchangeCatNode,
  type ExchangeGoodsInput,
  type ExchangeGoodsQuery,
  type ExchangeGoodsRow,
  type ExchangeGoodsUpdate,
  type Page,
} from '@agora/contract';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { goods } from '../goods/tables.js';
import { orderItems, orders } from '../orders/tables.js';
import { exchangeCats, exchangeGoods } from './points-tables.js';

type Tx = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

refuseDuplicates({
  exchange_cats_parent_name_uq: (values) => badRequest('EXCHANGE_CAT_NAME_TAKEN', { name: values.slice(1).join(', ') }),
});

// ─── Categories ─────────────────────────────────────────────────────────────

/** GET admin/promotion/exchange-cats: the whole tree by sort, with each category's goods count. */
export async function exchangeCatTree(ctx: AppContext): Promise<ExchangeCatNode[]> {
  const [cats, counts] = await Promise.all([
    ctx.db.select().from(exchangeCats).orderBy(asc(exchangeCats.sort), asc(exchangeCats.id)),
    ctx.db.select({ catId: exchangeGoods.catId, n: count() }).from(exchangeGoods).groupBy(exchangeGoods.catId),
  ]);
  const goodsNum = new Map(counts.map((row) => [row.catId, row.n]));
  const nodes = new Map<number, ExchangeCatNode>(
    cats.map((cat) => [cat.id, { cat_id: cat.id, parent_id: cat.parentId, name: cat.name, sort: cat.sort, image: cat.image, goods_num: goodsNum.get(cat.id) ?? 0, children: [] }]),
  );
  const roots: ExchangeCatNode[] = [];
  for (const node of nodes.values()) (node.parent_id === 0 ? roots : (nodes.get(node.parent_id)?.children ?? roots)).push(node);
  return roots;
}

async function findCat(db: Tx, id: number, lock = false) {
  const select = db.select().from(exchangeCats).where(eq(exchangeCats.id, id));
  const [cat] = lock ? await select.for('update') : await select;
  if (!cat) throw new AppError(404, 'EXCHANGE_CAT_NOT_FOUND');
  return cat;
}

/** A parent must be a top-level category (two levels in all). */
async function assertParent(db: Tx, parentId: number, selfId?: number) {
  if (parentId === 0) return;
  if (parentId === selfId) throw badRequest('EXCHANGE_CAT_PARENT_SELF');
  const parent = await findCat(db, parentId, true);
  if (parent.parentId !== 0) throw badRequest('EXCHANGE_CAT_TOO_DEEP');
}

async function assertNameFree(db: Tx, input: ExchangeCatInput, selfId?: number) {
  const [clash] = await db
    .select({ id: exchangeCats.id })
    .from(exchangeCats)
    .where(and(eq(exchangeCats.parentId, input.parent_id), eq(exchangeCats.name, input.name), selfId ? ne(exchangeCats.id, selfId) : undefined));
  if (clash) throw badRequest('EXCHANGE_CAT_NAME_TAKEN', { name: input.name });
}

const catValues = (input: ExchangeCatInput) => ({ parentId: input.parent_id, name: input.name, sort: input.sort, image: input.image });

export async function createExchangeCat(ctx: AppContext, input: ExchangeCatInput): Promise<{ cat_id: number }> {
  return ctx.db.transaction(async (tx) => {
    await assertParent(tx, input.parent_id);
    await assertNameFree(tx, input);
    const [row] = await tx.insert(exchangeCats).values(catValues(input)).returning({ id: exchangeCats.id });
    return { cat_id: row.id };
  });
}

export async function updateExchangeCat(ctx: AppContext, id: number, input: ExchangeCatInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const cat = await findCat(tx, id, true);
    await assertParent(tx, input.parent_id, id);
    if (input.parent_id !== cat.parentId && input.parent_id !== 0) {
      const [child] = await tx.select({ id: exchangeCats.id }).from(exchangeCats).where(eq(exchangeCats.parentId, id)).limit(1);
      if (child) throw badRequest('EXCHANGE_CAT_HAS_CHILDREN_MOVE');
    }
    await assertNameFree(tx, input, id);
    await tx.update(exchangeCats).set(catValues(input)).where(eq(exchangeCats.id, id));
  });
}

/** Refused while it has subcategories or exchange goods (the goods rows lock it against a concurrent set-up by their foreign key). */
export async function deleteExchangeCat(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await findCat(tx, id, true);
    const [child] = await tx.select({ id: exchangeCats.id }).from(exchangeCats).where(eq(exchangeCats.parentId, id)).limit(1);
    if (child) throw badRequest('EXCHANGE_CAT_HAS_CHILDREN');
    const [used] = await tx.select({ id: exchangeGoods.id }).from(exchangeGoods).where(eq(exchangeGoods.catId, id)).limit(1);
    if (used) throw badRequest('EXCHANGE_CAT_HAS_GOODS');
    await tx.delete(exchangeCats).where(eq(exchangeCats.id, id));
  });
}

// ─── Goods ──────────────────────────────────────────────────────────────────

/** What a row of the list shows of the exchange item and of its goods. */
const rowColumns = {
  item: { id: exchangeGoods.id, catId: exchangeGoods.catId, exchangePoint: exchangeGoods.exchangePoint, exchangeMoneyCents: exchangeGoods.exchangeMoneyCents, createdAt: exchangeGoods.createdAt },
  goods: { id: goods.id, goodsName: goods.goodsName, sn: goods.sn, thumbnail: goods.thumbnail, shopName: goods.shopName, priceCents: goods.priceCents, enableQuantity: goods.enableQuantity },
  catName: exchangeCats.name,
};
type ExchangeRecord = {
  item: Pick<typeof exchangeGoods.$inferSelect, keyof typeof rowColumns.item>;
  goods: Pick<typeof goods.$inferSelect, keyof typeof rowColumns.goods>;
  catName: string;
  exchanged: number;
};

const toGoodsRow = ({ item, goods: g, catName, exchanged }: ExchangeRecord): ExchangeGoodsRow => ({
  exchange_id: item.id,
  goods_id: g.id,
  goods_name: g.goodsName,
  goods_sn: g.sn,
  thumbnail: g.thumbnail,
  seller_name: g.shopName,
  goods_price: toYuan(g.priceCents),
  cat_id: item.catId,
  cat_name: catName,
  exchange_point: item.exchangePoint,
  exchange_money: toYuan(item.exchangeMoneyCents),
  enable_quantity: g.enableQuantity,
  exchange_num: exchanged,
  create_time: unixSeconds(item.createdAt),
});

/** The pieces of each goods item in EXCHANGE orders not cancelled (through the items' goods index), prepared once (platform/statements.ts). */
const exchangedSums = preparedOnce('agora_exchange_goods_exchanged', (db) =>
  db
    .select({ goodsId: orderItems.goodsId, n: sql<number>`sum(${orderItems.num})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(sql`${orderItems.goodsId} = any(${sql.placeholder('ids')}) and ${orders.orderType} = 'EXCHANGE' and ${orders.status} <> 'CANCELLED'`)
    .groupBy(orderItems.goodsId),
);

async function exchangedOf(ctx: AppContext, goodsIds: number[]): Promise<Map<number, number>> {
  if (goodsIds.length === 0) return new Map();
  const sums = await exchangedSums(ctx.db).execute({ ids: goodsIds });
  return new Map(sums.map((row) => [row.goodsId, row.n]));
}

/** GET admin/promotion/exchange-goods: the goods filters become the goods they name (trigram indexes of `goods`). */
export async function listExchangeGoods(ctx: AppContext, query: ExchangeGoodsQuery): Promise<Page<ExchangeGoodsRow>> {
  const like = (value: string) => `%${escapeLike(value)}%`;
  const goodsWhere = [
    query.goods_name ? ilike(goods.goodsName, like(query.goods_name)) : undefined,
    query.goods_sn ? ilike(goods.sn, like(query.goods_sn)) : undefined,
    query.seller_name ? ilike(goods.shopName, like(query.seller_name)) : undefined,
  ].filter((part): part is SQL => part !== undefined);
  const page = await listPage(ctx.db, {
    query,
    table: exchangeGoods,
    id: exchangeGoods.id,
    where: [
      query.cat_id !== undefined ? eq(exchangeGoods.catId, query.cat_id) : undefined,
      goodsWhere.length > 0 ? inArray(exchangeGoods.goodsId, ctx.db.select({ id: goods.id }).from(goods).where(and(...goodsWhere))) : undefined,
    ],
    sorts: { create_time: exchangeGoods.createdAt },
    statement: 'promotions/exchange.listExchangeGoods',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select(rowColumns)
        .from(exchangeGoods)
        .innerJoin(goods, eq(goods.id, exchangeGoods.goodsId))
        .innerJoin(exchangeCats, eq(exchangeCats.id, exchangeGoods.catId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: (row) => row,
    idOf: (row) => row.item.id,
  });
  // the exchanged pieces of the page's goods, once the page is read (a list's statement reads the page alone)
  const exchanged = await exchangedOf(ctx, page.data.map((row) => row.goods.id));
  return { ...page, data: page.data.map((row) => toGoodsRow({ ...row, exchanged: exchanged.get(row.goods.id) ?? 0 })) };
}

/** POST admin/promotion/exchange-goods: all or none; each goods item approved, on sale and not yet an exchange item. */
export async function addExchangeGoods(ctx: AppContext, input: ExchangeGoodsInput): Promise<void> {
  const ids = [...new Set(input.goods_ids)];
  await ctx.db.transaction(async (tx) => {
    await findCat(tx, input.cat_id, true);
    const rows = await tx.select().from(goods).where(inArray(goods.id, ids)).orderBy(asc(goods.id)).for('update');
    const offered = rows.filter((row) => row.marketEnable === 1 && row.isAuth === 1 && row.disabled === 1);
    const missing = ids.filter((id) => !offered.some((row) => row.id === id));
    if (missing.length > 0) throw badRequest('EXCHANGE_GOODS_NOT_ON_SALE', { ids: missing.join(',') });
    const [taken] = await tx.select({ goodsId: exchangeGoods.goodsId }).from(exchangeGoods).where(inArray(exchangeGoods.goodsId, ids)).limit(1);
    if (taken) throw badRequest('EXCHANGE_GOODS_TAKEN', { name: offered.find((row) => row.id === taken.goodsId)?.goodsName ?? String(taken.goodsId) });
    const money = toCents(input.exchange_money);
    await tx.insert(exchangeGoods).values(ids.map((goodsId) => ({ goodsId, catId: input.cat_id, exchangePoint: input.exchange_point, exchangeMoneyCents: money })));
    await tx.update(goods).set({ goodsType: 'POINT', point: input.exchange_point, updatedAt: new Date() }).where(inArray(goods.id, ids));
  });
}

/** PUT admin/promotion/exchange-goods/{id} */
export async function updateExchangeGoods(ctx: AppContext, id: number, input: ExchangeGoodsUpdate): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await findCat(tx, input.cat_id, true);
    const [item] = await tx
      .update(exchangeGoods)
      .set({ catId: input.cat_id, exchangePoint: input.exchange_point, exchangeMoneyCents: toCents(input.exchange_money) })
      .where(eq(exchangeGoods.id, id))
      .returning({ goodsId: exchangeGoods.goodsId });
    if (!item) throw badRequest('EXCHANGE_GOODS_NOT_FOUND', { ids: String(id) });
    await tx.update(goods).set({ point: input.exchange_point, updatedAt: new Date() }).where(eq(goods.id, item.goodsId));
  });
}

/** The goods go back to being ordinary goods, in the caller's transaction. */
async function dropExchange(tx: Tx, where: SQL): Promise<number> {
  const dropped = await tx.delete(exchangeGoods).where(where).returning({ goodsId: exchangeGoods.goodsId });
  if (dropped.length > 0) {
    await tx
      .update(goods)
      .set({ goodsType: 'NORMAL', point: 0 })
      .where(inArray(goods.id, dropped.map((row) => row.goodsId)));
  }
  return dropped.length;
}

/** DELETE admin/promotion/exchange-goods/{ids}: all or none. */
export async function removeExchangeGoods(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const found = await tx.select({ id: exchangeGoods.id }).from(exchangeGoods).where(inArray(exchangeGoods.id, ids)).for('update');
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) throw badRequest('EXCHANGE_GOODS_NOT_FOUND', { ids: missing.join(',') });
    await dropExchange(tx, inArray(exchangeGoods.id, ids));
  });
}

/** Goods that left the shelf leave the points mall (DOMAIN §2.19), in the off-shelf transition's own transaction. */
export function dropExchangeOfGoods(tx: Tx, goodsIds: number[]): Promise<number> {
  return goodsIds.length === 0 ? Promise.resolve(0) : dropExchange(tx, inArray(exchangeGoods.goodsId, goodsIds));
}
