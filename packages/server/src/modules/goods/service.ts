import { and, asc, count, desc, eq, gte, ilike, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { goodsStatus, toCents, toYuan, type CategoryChild, type GoodsAuditInput, type GoodsListQuery, type GoodsRow, type Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { unixSeconds } from '../../platform/time.js';
import { shops } from '../shops/tables.js';
import { brands, categories, goods } from './tables.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORT_COLUMNS = {
  create_time: goods.createdAt,
  price: goods.priceCents,
  buy_count: goods.buyCount,
  quantity: goods.quantity,
} as const;

export async function listGoods(ctx: AppContext, query: GoodsListQuery): Promise<Page<GoodsRow>> {
  // Goods in a seller's recycle bin or deleted are the seller's business, not the platform's list.
  const filters: (SQL | undefined)[] = [eq(goods.disabled, 1)];
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    filters.push(or(ilike(goods.goodsName, pattern), ilike(goods.sn, pattern)));
  }
  if (query.goods_name) filters.push(ilike(goods.goodsName, `%${escapeLike(query.goods_name)}%`));
  if (query.goods_sn) filters.push(ilike(goods.sn, `%${escapeLike(query.goods_sn)}%`));
  if (query.seller_id !== undefined) filters.push(eq(goods.shopId, query.seller_id));
  if (query.brand_id !== undefined) filters.push(eq(goods.brandId, query.brand_id));
  if (query.market_enable !== undefined) filters.push(eq(goods.marketEnable, query.market_enable));
  if (query.is_auth !== undefined) filters.push(eq(goods.isAuth, query.is_auth));
  if (query.goods_type) filters.push(eq(goods.goodsType, query.goods_type));
  if (query.start_price !== undefined) filters.push(gte(goods.priceCents, toCents(query.start_price)));
  if (query.end_price !== undefined) filters.push(lte(goods.priceCents, toCents(query.end_price)));
  if (query.category_id !== undefined) {
    const [category] = await ctx.db.select({ path: categories.path }).from(categories).where(eq(categories.id, query.category_id));
    // A category covers its whole subtree; an unknown one matches nothing.
    filters.push(category ? like(goods.categoryPath, `${escapeLike(category.path)}%`) : sql`false`);
  }
  const where = and(...filters);
  const column = SORT_COLUMNS[query.sort];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ goods, categoryName: categories.name, brandName: brands.name })
      .from(goods)
      .leftJoin(categories, eq(categories.id, goods.categoryId))
      .leftJoin(brands, eq(brands.id, goods.brandId))
      .where(where)
      .orderBy(query.order === 'asc' ? asc(column) : desc(column), desc(goods.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(goods).where(where),
  ]);
  return {
    data: rows.map(({ goods: row, categoryName, brandName }) => ({
      goods_id: row.id,
      goods_name: row.goodsName,
      sn: row.sn,
      thumbnail: row.thumbnail,
      seller_id: row.shopId,
      seller_name: row.shopName,
      category_id: row.categoryId,
      category_name: categoryName ?? '',
      brand_id: row.brandId,
      brand_name: brandName ?? '',
      goods_type: row.goodsType,
      price: toYuan(row.priceCents),
      quantity: row.quantity,
      enable_quantity: row.enableQuantity,
      buy_count: row.buyCount,
      market_enable: row.marketEnable === 1 ? 1 : 0,
      is_auth: row.isAuth as 0 | 1 | 2,
      status: goodsStatus(row.isAuth, row.marketEnable),
      auth_message: row.authMessage,
      under_message: row.underMessage,
      create_time: unixSeconds(row.createdAt),
    })),
    page_no: query.page_no,
    page_size: query.page_size,
    data_total: total.n,
  };
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** The live goods of `ids`, locked for the change; every id must exist. */
async function lockGoods(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: goods.id, goodsName: goods.goodsName, isAuth: goods.isAuth, marketEnable: goods.marketEnable, shopStatus: shops.status })
    .from(goods)
    .leftJoin(shops, eq(shops.id, goods.shopId))
    .where(and(inArray(goods.id, ids), eq(goods.disabled, 1)))
    .for('update', { of: goods });
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw badRequest('GOODS_NOT_FOUND', { ids: missing.join(',') });
  return rows;
}

const names = (rows: { goodsName: string }[]) => rows.slice(0, 3).map((row) => row.goodsName).join('、') + (rows.length > 3 ? ` 等${rows.length}个` : '');

/** The operator takes goods off sale (all or none), telling the seller why. */
export async function takeDownGoods(ctx: AppContext, ids: number[], reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockGoods(tx, ids);
    const blocked = rows.filter((row) => row.marketEnable !== 1);
    if (blocked.length > 0) throw badRequest('GOODS_NOT_ON_SALE', { names: names(blocked) });
    await tx
      .update(goods)
      .set({ marketEnable: 0, underMessage: `平台下架，原因为：${reason}`, updatedAt: new Date() })
      .where(inArray(goods.id, ids));
  });
}

/** Puts approved goods of open shops back on sale (all or none). */
export async function putOnSale(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockGoods(tx, ids);
    const notPassed = rows.filter((row) => row.isAuth !== 1);
    if (notPassed.length > 0) throw badRequest('GOODS_NOT_PASSED', { names: names(notPassed) });
    const onSale = rows.filter((row) => row.marketEnable !== 0);
    if (onSale.length > 0) throw badRequest('GOODS_NOT_OFF_SHELF', { names: names(onSale) });
    if (rows.some((row) => row.shopStatus !== 'OPEN')) throw badRequest('GOODS_SHOP_CLOSED');
    await tx.update(goods).set({ marketEnable: 1, underMessage: '', updatedAt: new Date() }).where(inArray(goods.id, ids));
  });
}

/** Passes or refuses goods waiting for audit; the whole batch fails if any was already audited. */
export async function auditGoods(ctx: AppContext, input: GoodsAuditInput): Promise<void> {
  const ids = [...new Set(input.goods_ids)];
  await ctx.db.transaction(async (tx) => {
    const rows = await lockGoods(tx, ids);
    if (rows.some((row) => row.isAuth !== 0)) throw badRequest('GOODS_ALREADY_AUDITED');
    await tx
      .update(goods)
      .set({ isAuth: input.pass === 1 ? 1 : 2, authMessage: input.message, auditedAt: new Date(), updatedAt: new Date() })
      .where(inArray(goods.id, ids));
  });
}

/** The children of a category (0 = the roots), in their sort order, saying which have children. */
export async function categoryChildren(ctx: AppContext, parentId: number): Promise<CategoryChild[]> {
  const rows = await ctx.db
    .select({
      id: categories.id,
      name: categories.name,
      path: categories.path,
      // Qualified by hand: inside a select list drizzle leaves column names bare.
      hasChildren: sql<boolean>`exists (select 1 from categories child where child.parent_id = "categories"."id")`,
    })
    .from(categories)
    .where(eq(categories.parentId, parentId))
    .orderBy(asc(categories.sort), asc(categories.id));
  return rows.map((row) => ({ category_id: row.id, name: row.name, has_children: Boolean(row.hasChildren), category_path: row.path }));
}
