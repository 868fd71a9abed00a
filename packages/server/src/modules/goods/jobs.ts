/**
 * The goods list's and the goods audit queue's 导出 (docs/jobs.md): the list's own spec for the
 * operator's filters and sort, written to xlsx by a background job.
 */
import { eq } from 'drizzle-orm';
import { GOODS_SORTS, GOODS_TYPE, goodsListQuery, type GoodsListQuery, type GoodsRow, type GoodsStatus } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { exportJob, filterWords, type ExportColumn } from '../../platform/xlsx-export.js';
import { shops } from '../shops/tables.js';
import { goodsListSpec } from './service.js';
import { brands, categories } from './tables.js';

const SORT_WORDS: Record<(typeof GOODS_SORTS)[number], string> = { create_time: '发布时间', price: '价格', buy_count: '销量', quantity: '库存' };
const STATUS: Record<GoodsStatus, { zh: string; en: string }> = {
  ON_SALE: { zh: '在售', en: 'On sale' },
  OFF_SHELF: { zh: '已下架', en: 'Off shelf' },
  WAITING: { zh: '待审核', en: 'Awaiting audit' },
  REFUSED: { zh: '审核未通过', en: 'Refused' },
};
const AUTH_WORDS = ['待审核', '已通过', '审核未通过'];

async function nameOf(ctx: AppContext, table: typeof shops | typeof categories | typeof brands, id: number): Promise<string> {
  const column = table === shops ? shops.shopName : table === categories ? categories.name : brands.name;
  const [row] = await ctx.db.select({ name: column }).from(table).where(eq(table.id, id));
  return row?.name ?? `#${id}`;
}

/** The goods filters in words: 店铺：某某旗舰店；价格：10 ~ 99 元；按价格升序. */
async function describeGoodsQuery(ctx: AppContext, query: GoodsListQuery, everything: string): Promise<string> {
  const price = query.start_price !== undefined || query.end_price !== undefined ? `价格：${query.start_price ?? ''} ~ ${query.end_price ?? ''} 元` : undefined;
  return filterWords(
    everything,
    [
      query.keyword && `关键字：${query.keyword}`,
      query.goods_name && `商品名称：${query.goods_name}`,
      query.goods_sn && `商品编号：${query.goods_sn}`,
      query.seller_id !== undefined && `店铺：${await nameOf(ctx, shops, query.seller_id)}`,
      query.category_id !== undefined && `分类：${await nameOf(ctx, categories, query.category_id)}`,
      query.category_path && `分类路径：${query.category_path}`,
      query.brand_id !== undefined && `品牌：${await nameOf(ctx, brands, query.brand_id)}`,
      query.goods_type && `商品类型：${GOODS_TYPE[query.goods_type].zh}`,
      query.market_enable !== undefined && `上架状态：${query.market_enable === 1 ? '在售' : '已下架'}`,
      query.is_auth !== undefined && `审核状态：${AUTH_WORDS[query.is_auth]}`,
      price,
    ],
    `按${SORT_WORDS[query.sort]}${query.order === 'asc' ? '升序' : '降序'}`,
  );
}

const time = (seconds: number) => platformDateTime(fromUnixSeconds(seconds));

const GOODS_COLUMNS: ExportColumn<GoodsRow>[] = [
  { header: { zh: '商品ID', en: 'ID' }, value: (row) => row.goods_id, width: 10 },
  { header: { zh: '商品名称', en: 'Goods name' }, value: (row) => row.goods_name, width: 32 },
  { header: { zh: '商品编号', en: 'SN' }, value: (row) => row.sn },
  { header: { zh: '店铺名称', en: 'Shop' }, value: (row) => row.seller_name, width: 20 },
  { header: { zh: '分类', en: 'Category' }, value: (row) => row.category_name },
  { header: { zh: '品牌', en: 'Brand' }, value: (row) => row.brand_name },
  { header: { zh: '商品类型', en: 'Type' }, value: (row, lang) => GOODS_TYPE[row.goods_type as keyof typeof GOODS_TYPE]?.[lang] ?? row.goods_type, width: 10 },
  { header: { zh: '价格(元)', en: 'Price (yuan)' }, value: (row) => row.price, width: 12 },
  { header: { zh: '库存', en: 'Stock' }, value: (row) => row.quantity, width: 10 },
  { header: { zh: '可用库存', en: 'Available' }, value: (row) => row.enable_quantity, width: 10 },
  { header: { zh: '销量', en: 'Sold' }, value: (row) => row.buy_count, width: 10 },
  { header: { zh: '状态', en: 'Status' }, value: (row, lang) => STATUS[row.status][lang], width: 12 },
  {
    header: { zh: '说明', en: 'Note' },
    value: (row) => (row.status === 'OFF_SHELF' ? row.under_message : row.status === 'REFUSED' ? row.auth_message : ''),
    width: 24,
  },
  { header: { zh: '发布时间', en: 'Published' }, value: (row) => time(row.create_time), width: 20 },
];

/** 导出 on the goods list (DOMAIN §2.1: behind the second step). */
export const goodsExport = exportJob<GoodsListQuery, GoodsRow>('goods.export', {
  title: { zh: '商品列表', en: 'Goods' },
  params: goodsListQuery,
  columns: GOODS_COLUMNS,
  describe: (ctx, query) => describeGoodsQuery(ctx, query, '全部商品'),
  list: goodsListSpec,
});

/** 导出 on the goods audit queue: the same list with `is_auth=0`, which the route adds. */
export const goodsAuditExport = exportJob<GoodsListQuery, GoodsRow>('goods.audit-export', {
  title: { zh: '待审核商品', en: 'Goods awaiting audit' },
  params: goodsListQuery,
  columns: GOODS_COLUMNS,
  describe: (ctx, query) => describeGoodsQuery(ctx, { ...query, is_auth: undefined }, '全部待审核商品'),
  list: goodsListSpec,
});
