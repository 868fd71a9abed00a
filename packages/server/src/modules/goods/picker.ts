import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { toYuan, type GoodsPickerRow, type GoodsSkuPickerQuery, type Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { listPage } from '../../platform/list.js';
import { containsText } from '../../db/sql.js';
import { inCategorySubtree } from './service.js';
import { goods, goodsSkus } from './tables.js';

type PickerRecord = { goods: typeof goods.$inferSelect; sku: typeof goodsSkus.$inferSelect };

export const toPickerRow = ({ goods: item, sku }: PickerRecord): GoodsPickerRow => ({
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
});

/**
 * GET admin/goods/skus: what a goods picker offers — SKUs of goods on sale and approved, newest
 * first. The keyword matches the goods name, its number and (for the admin's picker) the shop name.
 * The goods filters (each on an indexed column of `goods`) pick the goods whose SKUs are listed.
 */
export async function listPickerSkus(ctx: AppContext, query: GoodsSkuPickerQuery): Promise<Page<GoodsPickerRow>> {
  const { keyword } = query;
  const offered: (SQL | undefined)[] = [
    eq(goods.marketEnable, 1),
    eq(goods.isAuth, 1),
    eq(goods.disabled, 1),
    keyword ? or(containsText(goods.goodsName, keyword), containsText(goods.sn, keyword), containsText(goods.shopName, keyword)) : undefined,
    query.shop_id !== undefined ? eq(goods.shopId, query.shop_id) : undefined,
    query.category_id !== undefined ? await inCategorySubtree(ctx, query.category_id) : undefined,
  ];
  return listPage(ctx.db, {
    query,
    table: goodsSkus,
    id: goodsSkus.id,
    where: [inArray(goodsSkus.goodsId, ctx.db.select({ id: goods.id }).from(goods).where(and(...offered)))],
    statement: 'goods/picker.listPickerSkus',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select({ goods, sku: goodsSkus }).from(goodsSkus).innerJoin(goods, eq(goods.id, goodsSkus.goodsId)).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toPickerRow,
    idOf: (row) => row.sku_id,
  });
}
