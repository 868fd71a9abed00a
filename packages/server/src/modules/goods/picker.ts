import { and, asc, count, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { goodsSkuPickerQuery, toYuan, type GoodsPickerRow, type GoodsSkuPickerQuery, type Page } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import type { AppContext } from '../../platform/context.js';
import { escapeLike } from '../../db/sql.js';
import { categories, goods, goodsSkus } from './tables.js';

/**
 * GET admin/goods/skus: what a goods picker offers — SKUs of goods on sale and approved, newest
 * goods first. The keyword matches the goods name, its number and (for the admin's picker) the shop name.
 */
export async function listPickerSkus(ctx: AppContext, query: GoodsSkuPickerQuery): Promise<Page<GoodsPickerRow>> {
  const filters: (SQL | undefined)[] = [eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1)];
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    filters.push(or(ilike(goods.goodsName, pattern), ilike(goods.sn, pattern), ilike(goods.shopName, pattern)));
  }
  if (query.shop_id !== undefined) filters.push(eq(goods.shopId, query.shop_id));
  if (query.category_id !== undefined) {
    const [category] = await ctx.db.select({ path: categories.path }).from(categories).where(eq(categories.id, query.category_id));
    // A category covers its subtree; an unknown one matches nothing.
    filters.push(category ? like(goods.categoryPath, `${escapeLike(category.path)}%`) : sql`false`);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ goods, sku: goodsSkus })
      .from(goodsSkus)
      .innerJoin(goods, eq(goods.id, goodsSkus.goodsId))
      .where(where)
      .orderBy(desc(goods.createdAt), desc(goods.id), asc(goodsSkus.id))
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(goodsSkus).innerJoin(goods, eq(goods.id, goodsSkus.goodsId)).where(where),
  ]);
  return {
    data: rows.map(({ goods: item, sku }) => ({
      goods_id: item.id,
      sku_id: sku.id,
      goods_name: item.goodsName,
      properties_name: sku.propertiesName,
      goods_image: sku.image || item.thumbnail,
      goods_price: toYuan(item.priceCents),
      price: toYuan(sku.priceCents),
      point_disable: item.goodsType === 'POINT' ? 1 : 0,
      exchange_point: item.point,
      sn: sku.sn,
      enable_quantity: sku.enableQuantity,
      shop_id: item.shopId,
      shop_name: item.shopName,
    })),
    page_no: query.page_no,
    page_size: query.page_size,
    data_total: total.n,
  };
}

export const goodsPickerRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/goods/skus',
    // The screens that pick goods (promotions, decoration) do not exist yet; the goods list's
    // permission stands in until they do, then their route names join it.
    permission: ['goodsList'],
    query: goodsSkuPickerQuery,
    handler: ({ query, ctx }) => listPickerSkus(ctx, query),
  }),
];
