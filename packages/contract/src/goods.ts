import { z } from 'zod';
import { pageQuery } from './common.js';

const yuan = z.coerce.number().min(0).max(99_999_999);
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, '请选择商品')
  .transform((raw) => [...new Set(raw.split(',').map(Number))])
  .refine((ids) => ids.length <= 200, '一次最多操作200个商品');

export const GOODS_SORTS = ['create_time', 'price', 'buy_count', 'quantity'] as const;

/** GET admin/goods (DOMAIN §2.1). Prices in yuan. */
export const goodsListQuery = pageQuery
  .extend({
    keyword: z.string().trim().max(50).optional(),
    goods_name: z.string().trim().max(100).optional(),
    goods_sn: z.string().trim().max(30).optional(),
    seller_id: z.coerce.number().int().min(0).optional(),
    category_id: z.coerce.number().int().positive().optional(),
    brand_id: z.coerce.number().int().positive().optional(),
    market_enable: z.coerce.number().int().min(0).max(1).optional(),
    is_auth: z.coerce.number().int().min(0).max(2).optional(),
    goods_type: z.enum(['NORMAL', 'VIRTUAL', 'POINT']).optional(),
    start_price: yuan.optional(),
    end_price: yuan.optional(),
    sort: z.enum(GOODS_SORTS).default('create_time'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine((q) => q.start_price === undefined || q.end_price === undefined || q.start_price <= q.end_price, {
    message: '最低价不能高于最高价',
  });
export type GoodsListQuery = z.infer<typeof goodsListQuery>;

export const goodsIdsParam = z.object({ ids: idList });

/** PUT admin/goods/{ids}/under: the operator takes goods off sale with a reason. */
export const goodsUnderBody = z.object({
  reason: z.string().trim().min(1, '请填写下架原因').max(500, '下架原因最多500个字符'),
});

/** POST admin/goods/batch/audit */
export const goodsAuditBody = z
  .object({
    goods_ids: z.array(z.coerce.number().int().positive()).min(1, '请选择商品').max(200, '一次最多操作200个商品'),
    pass: z.coerce.number().int().min(0).max(1),
    message: z.string().trim().max(200, '审核备注最多200个字符').default(''),
  })
  .refine((body) => body.pass === 1 || body.message.length > 0, { message: '请填写驳回原因', path: ['message'] });
export type GoodsAuditInput = z.infer<typeof goodsAuditBody>;

/** Status shown for a goods item: on sale / off shelf only once its audit passed (DOMAIN §2.1). */
export type GoodsStatus = 'ON_SALE' | 'OFF_SHELF' | 'WAITING' | 'REFUSED';
export function goodsStatus(isAuth: number, marketEnable: number): GoodsStatus {
  if (isAuth === 1) return marketEnable === 1 ? 'ON_SALE' : 'OFF_SHELF';
  return isAuth === 2 ? 'REFUSED' : 'WAITING';
}

export interface GoodsRow {
  goods_id: number;
  goods_name: string;
  sn: string;
  thumbnail: string;
  seller_id: number;
  seller_name: string;
  category_id: number;
  category_name: string;
  brand_id: number | null;
  brand_name: string;
  goods_type: string;
  price: number;
  quantity: number;
  enable_quantity: number;
  buy_count: number;
  market_enable: 0 | 1;
  is_auth: 0 | 1 | 2;
  status: GoodsStatus;
  auth_message: string;
  under_message: string;
  create_time: number;
}

export const categoryIdParam = z.object({ id: z.coerce.number().int().min(0) });

/** GET admin/goods/categories/{id}/children (spec §7; id 0 is the root). */
export interface CategoryChild {
  category_id: number;
  name: string;
  has_children: boolean;
  category_path: string;
}
