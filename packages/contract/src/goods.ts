import { z } from 'zod';
import { flag, idListOf, idOf, idOrZeroOf, idParam, listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { GOODS_TYPE, type GoodsType } from './marketplace.js';
import { goodsSkuPickerQuery, type GoodsPickerRow } from './pickers.js';
import type { RouteName } from './routes.js';

const yuan = z.coerce.number().min(0).max(99_999_999);
const goodsId = idOf('商品id格式有误');
/** `1,2,3` in a path: the goods one call acts on. */
const goodsIdList = idListOf('商品id格式有误', 200, '一次最多操作200个商品');
const categoryId = idOf('分类id格式有误');
const brandId = idOf('品牌id格式有误');

export const GOODS_SORTS = ['create_time', 'price', 'buy_count', 'quantity'] as const;
const GOODS_TYPES = Object.keys(GOODS_TYPE) as [GoodsType, ...GoodsType[]];

/**
 * GET admin/goods (DOMAIN §2.1). Prices in yuan. Each filter and sort is served by an index on
 * `goods`; a category covers its subtree through the category path the goods carry.
 */
export const goodsListQuery = listQuery(
  {
    keyword: z.string().trim().max(50).optional(),
    goods_name: z.string().trim().max(100).optional(),
    goods_sn: z.string().trim().max(30).optional(),
    seller_id: idOrZeroOf('店铺id格式有误').optional(),
    category_id: categoryId.optional(),
    /** `0|1|5|` as GET …/categories returns it; covers the subtree like category_id */
    category_path: z.string().regex(/^0\|(\d+\|)*$/, '分类路径格式有误').max(100, '分类路径格式有误').optional(),
    brand_id: brandId.optional(),
    market_enable: flag.optional(),
    is_auth: z.coerce.number().int().min(0).max(2).optional(),
    goods_type: z.enum(GOODS_TYPES).optional(),
    start_price: yuan.optional(),
    end_price: yuan.optional(),
  },
  { by: GOODS_SORTS, default: 'create_time' },
).refine((q) => q.start_price === undefined || q.end_price === undefined || q.start_price <= q.end_price, {
  message: '最低价不能高于最高价',
  path: ['end_price'],
});
export type GoodsListQuery = z.infer<typeof goodsListQuery>;

/** GET admin/goods/{ids}/details */
export const goodsIdsParam = z.object({ ids: goodsIdList });
/** PUT admin/goods/{goods_ids}/under and …/up */
export const goodsIdListParam = z.object({ goods_ids: goodsIdList });

/** under_message of the goods a shop closure took off sale (DOMAIN §1.5 "shop CLOSED"), verbatim. */
export const SHOP_CLOSED_UNDER_MESSAGE = '店铺关闭，商品被下架';

/** PUT admin/goods/{ids}/under: the operator takes goods off sale with a reason. */
export const underReason = z.string().trim().min(1, '请填写下架原因').max(500, '下架原因最多500个字符');
export const goodsUnderBody = z.object({ reason: underReason });
/** The reason may also come as `?reason=` (DOMAIN §2.1, [A]); the body wins when both are sent. */
export const goodsUnderInput = z.object({ reason: z.string().optional() });

/** POST admin/goods/batch/audit */
export const goodsAuditBody = z
  .object({
    goods_ids: z.array(goodsId).min(1, '请选择商品').max(200, '一次最多操作200个商品'),
    pass: flag,
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
  /** the reviews counted for the storefront */
  comment_num: number;
  /** the positive-review rate in percent (good ones among the counted reviews; 100 without any) */
  grade: number;
  market_enable: 0 | 1;
  is_auth: 0 | 1 | 2;
  status: GoodsStatus;
  auth_message: string;
  under_message: string;
  create_time: number;
}

/** One SKU of a goods item: its specs, price and stock. */
export interface GoodsSkuDetail {
  sku_id: number;
  sn: string;
  /** [{ spec_name, spec_value }]; empty for a goods item without specs */
  specs: { spec_name: string; spec_value: string }[];
  /** the specs on one line, e.g. 颜色:黑色 / 容量:256GB */
  properties_name: string;
  /** yuan */
  price: number;
  cost: number;
  /** real stock */
  quantity: number;
  /** available: real stock minus what orders hold */
  enable_quantity: number;
  image: string;
}

/** A parameter value the seller filled in, with the group the category files it under ('' when none). */
export interface GoodsParamValue {
  group_name: string;
  param_name: string;
  value: string;
}

/**
 * GET admin/goods/{ids}/details (DOMAIN §2.1): everything the goods tables hold about each item, in
 * the order of `ids` — what the auditor reads before deciding and what the goods list previews.
 */
export interface GoodsDetail extends GoodsRow {
  /** `0|1|5|` */
  category_path: string;
  /** the category path by name, root first */
  category_names: string[];
  brand_logo: string;
  /** null when the shop row is gone */
  shop_status: string | null;
  self_operated: 0 | 1;
  /** the thumbnail first, then the other pictures, without repeats */
  images: string[];
  /** the seller's description, HTML as the seller wrote it */
  intro: string;
  params: GoodsParamValue[];
  skus: GoodsSkuDetail[];
  cost: number;
  mktprice: number;
  /** points needed besides the price (point-exchange goods) */
  point: number;
  weight_grams: number;
  view_count: number;
  priority: number;
  recommend: 0 | 1;
  /** 1 normal, 0 in the seller's recycle bin */
  disabled: 0 | 1;
  update_time: number;
  /** when the audit decided; null while waiting */
  audit_time: number | null;
}

/** GET …/categories/{id}/children and …/all-children: 0 is the root. */
export const categoryIdParam = z.object({ id: idOrZeroOf('分类id格式有误') });

/** GET admin/goods/categories/{id}/children (spec §7: id 0 is the root; returns category_id, name, has_children). */
export interface CategoryChild {
  category_id: number;
  name: string;
  has_children: boolean;
}

// ─── Categories (DOMAIN §2.3) ───────────────────────────────────────────────

const url = z.string().trim().max(500, '图片地址最多500个字符');

/** POST admin/goods/categories and PUT …/{id}. */
export const categoryBody = z.object({
  parent_id: idOrZeroOf('上级分类id格式有误').default(0),
  name: z.string().trim().min(1, '请填写分类名称').max(50, '分类名称最多50个字符'),
  sort: z.coerce.number().int().min(0, '排序须为0-9999的整数').max(9999, '排序须为0-9999的整数').default(0),
  image: url.default(''),
  is_show: flag.default(1),
  adv_image: url.default(''),
  adv_image_link: z.string().trim().max(500, '链接最多500个字符').default(''),
});
export type CategoryInput = z.infer<typeof categoryBody>;
/** What a client sends (defaults may be left out). */
export type CategoryBodyInput = z.input<typeof categoryBody>;

export interface CategoryDetail {
  category_id: number;
  parent_id: number;
  name: string;
  category_path: string;
  level: number;
  sort: number;
  image: string;
  is_show: 0 | 1;
  adv_image: string;
  adv_image_link: string;
  has_children: boolean;
}

/** GET admin/goods/categories/{id}/all-children: the whole subtree. */
export interface CategoryNode extends CategoryDetail {
  children: CategoryNode[];
}

/** PUT admin/goods/categories/{id}/brands */
export const categoryBrandsBody = z.object({
  choose_brands: z.array(brandId).max(500, '一个分类最多关联500个品牌'),
});

// ─── Parameter groups and parameters ────────────────────────────────────────

export const sortTypeQuery = z.object({ sort_type: z.enum(['up', 'down'], { message: '排序方式只能是 up 或 down' }) });

const groupName = z.string().trim().min(1, '请填写参数组名称').max(50, '参数组名称最多50个字符');
export const paramGroupCreateBody = z.object({ group_name: groupName, category_id: categoryId });
export const paramGroupUpdateBody = z.object({ group_name: groupName });

export const PARAM_TYPE = { TEXT: 1, SELECT: 2 } as const;

const optionList = z.preprocess(
  (raw) => (typeof raw === 'string' ? raw.split(/[,，]/) : raw),
  z.array(z.string().trim().max(50, '每个选项最多50个字符')).transform((list) => [...new Set(list.filter(Boolean))]),
);

export const paramBody = z
  .object({
    param_name: z.string().trim().min(1, '请填写参数名称').max(50, '参数名称最多50个字符'),
    param_type: z.coerce.number().int().refine((type) => type === 1 || type === 2, '参数类型只能是输入项或选择项'),
    options: optionList.default([]),
    is_index: flag.default(0),
    required: flag.default(0),
    group_id: idOf('参数组id格式有误'),
  })
  .refine((p) => p.param_type !== PARAM_TYPE.SELECT || p.options.length > 0, { message: '选择项至少需要一个选项', path: ['options'] })
  .refine((p) => p.options.length <= 50, { message: '最多50个选项', path: ['options'] });
export type ParamInput = z.infer<typeof paramBody>;
export type ParamBodyInput = z.input<typeof paramBody>;

export interface ParamRow {
  param_id: number;
  param_name: string;
  param_type: 1 | 2;
  options: string[];
  is_index: 0 | 1;
  required: 0 | 1;
  group_id: number;
  category_id: number;
  sort: number;
}

export interface ParamGroupRow {
  group_id: number;
  group_name: string;
  category_id: number;
  sort: number;
}

/** GET admin/goods/categories/{id}/param */
export interface ParamGroupWithParams extends ParamGroupRow {
  params: ParamRow[];
}

// ─── Brands ─────────────────────────────────────────────────────────────────

export const brandBody = z.object({
  name: z.string().trim().min(1, '请填写品牌名称').max(50, '品牌名称最多50个字符'),
  logo: z.string().trim().min(1, '请上传品牌图标').max(500, '图片地址最多500个字符'),
  disabled: flag.default(0),
});
export type BrandInput = z.infer<typeof brandBody>;

/** GET admin/goods/brands: newest first, by name. */
export const brandListQuery = listQuery({ name: z.string().trim().max(50).optional() });
export type BrandListQuery = z.infer<typeof brandListQuery>;

export const brandIdsParam = z.object({ ids: idListOf('品牌id格式有误', 200, '一次最多删除200个品牌') });

export interface BrandRow {
  brand_id: number;
  name: string;
  logo: string;
  disabled: 0 | 1;
  create_time: number;
}

/** GET admin/goods/brands/all and a category's bound brands: what a select needs. */
export interface BrandOption {
  brand_id: number;
  name: string;
  logo: string;
}

// ─── Endpoints ──────────────────────────────────────────────────────────────

/** Pages whose filters pick categories or brands (the shop edit page picks the categories a shop sells in). */
export const CATALOGUE_READERS = ['goodsList', 'goodsAudit', 'categoryList', 'categoryParams', 'brandList', 'shopEdit', 'coupon', 'couponUpdate', 'pcPages', 'mobilePages'] as const satisfies readonly RouteName[];

/** The parameter group or parameter one sort call moves, and where to. */
const sortedById = { params: idParam, query: sortTypeQuery } as const;

export const goodsEndpoints = defineEndpoints('goods', {
  list: endpoint({ method: 'GET', path: 'admin/goods', permission: ['goodsList', 'goodsAudit'], query: goodsListQuery, response: returns<Page<GoodsRow>>() }),
  // The auditor reads an item before deciding; the goods list previews it.
  details: endpoint({ method: 'GET', path: 'admin/goods/:ids/details', permission: ['goodsList', 'goodsAudit'], params: goodsIdsParam, response: returns<GoodsDetail[]>() }),
  under: endpoint({ method: 'PUT', path: 'admin/goods/:goods_ids/under', permission: 'goodsList', params: goodsIdListParam, query: goodsUnderInput, body: goodsUnderInput }),
  up: endpoint({ method: 'PUT', path: 'admin/goods/:goods_ids/up', permission: 'goodsList', params: goodsIdListParam }),
  audit: endpoint({ method: 'POST', path: 'admin/goods/batch/audit', permission: 'goodsAudit', body: goodsAuditBody }),
  /** 导出 (DOMAIN §1.4: behind the second step): the list's filters and sort, every page, as an export task */
  export: endpoint({ method: 'POST', path: 'admin/goods/export', permission: 'goodsList', twoStep: true, body: goodsListQuery, response: returns<TaskQueued>() }),
  /** 导出 of the audit queue: the same, always `is_auth=0` */
  auditExport: endpoint({ method: 'POST', path: 'admin/goods/audit/export', permission: 'goodsAudit', twoStep: true, body: goodsListQuery, response: returns<TaskQueued>() }),
  // The screens that pick goods (promotions, decoration) do not exist yet; the goods list's
  // permission stands in until they do, then their route names join it.
  skus: endpoint({ method: 'GET', path: 'admin/goods/skus', permission: ['goodsList', 'coupon', 'couponUpdate', 'pcPages', 'mobilePages'], query: goodsSkuPickerQuery, response: returns<Page<GoodsPickerRow>>() }),
});

/** Categories with their brands, parameter groups and parameters (DOMAIN §2.3). */
export const categoryEndpoints = defineEndpoints('goodsCategories', {
  children: endpoint({ method: 'GET', path: 'admin/goods/categories/:id/children', permission: CATALOGUE_READERS, params: categoryIdParam, response: returns<CategoryChild[]>() }),
  tree: endpoint({ method: 'GET', path: 'admin/goods/categories/:id/all-children', permission: CATALOGUE_READERS, params: categoryIdParam, response: returns<CategoryNode[]>() }),
  get: endpoint({ method: 'GET', path: 'admin/goods/categories/:id', permission: CATALOGUE_READERS, params: idParam, response: returns<CategoryDetail>() }),
  create: endpoint({ method: 'POST', path: 'admin/goods/categories', permission: 'categoryList', body: categoryBody, response: returns<CategoryDetail>() }),
  update: endpoint({ method: 'PUT', path: 'admin/goods/categories/:id', permission: 'categoryList', params: idParam, body: categoryBody, response: returns<CategoryDetail>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/goods/categories/:id', permission: 'categoryList', params: idParam }),
  brands: endpoint({ method: 'GET', path: 'admin/goods/categories/:id/brands', permission: 'categoryList', params: idParam, response: returns<BrandOption[]>() }),
  bindBrands: endpoint({ method: 'PUT', path: 'admin/goods/categories/:id/brands', permission: 'categoryList', params: idParam, body: categoryBrandsBody, response: returns<BrandOption[]>() }),
  params: endpoint({ method: 'GET', path: 'admin/goods/categories/:id/param', permission: ['categoryParams', 'categoryList'], params: idParam, response: returns<ParamGroupWithParams[]>() }),
  createGroup: endpoint({ method: 'POST', path: 'admin/goods/parameter-groups', permission: 'categoryParams', body: paramGroupCreateBody, response: returns<ParamGroupRow>() }),
  getGroup: endpoint({ method: 'GET', path: 'admin/goods/parameter-groups/:id', permission: 'categoryParams', params: idParam, response: returns<ParamGroupRow>() }),
  // [A] sends ?group_name=; the body is accepted as well.
  renameGroup: endpoint({
    method: 'PUT',
    path: 'admin/goods/parameter-groups/:id',
    permission: 'categoryParams',
    params: idParam,
    query: paramGroupUpdateBody.partial(),
    body: paramGroupUpdateBody.partial(),
    response: returns<ParamGroupRow>(),
  }),
  removeGroup: endpoint({ method: 'DELETE', path: 'admin/goods/parameter-groups/:id', permission: 'categoryParams', params: idParam }),
  sortGroup: endpoint({ method: 'PUT', path: 'admin/goods/parameter-groups/:id/sort', permission: 'categoryParams', ...sortedById }),
  createParam: endpoint({ method: 'POST', path: 'admin/goods/parameters', permission: 'categoryParams', body: paramBody, response: returns<ParamRow>() }),
  getParam: endpoint({ method: 'GET', path: 'admin/goods/parameters/:id', permission: 'categoryParams', params: idParam, response: returns<ParamRow>() }),
  updateParam: endpoint({ method: 'PUT', path: 'admin/goods/parameters/:id', permission: 'categoryParams', params: idParam, body: paramBody, response: returns<ParamRow>() }),
  removeParam: endpoint({ method: 'DELETE', path: 'admin/goods/parameters/:id', permission: 'categoryParams', params: idParam }),
  sortParam: endpoint({ method: 'PUT', path: 'admin/goods/parameters/:id/sort', permission: 'categoryParams', ...sortedById }),
});

export const brandEndpoints = defineEndpoints('brands', {
  list: endpoint({ method: 'GET', path: 'admin/goods/brands', permission: 'brandList', query: brandListQuery, response: returns<Page<BrandRow>>() }),
  all: endpoint({ method: 'GET', path: 'admin/goods/brands/all', permission: CATALOGUE_READERS, response: returns<BrandOption[]>() }),
  get: endpoint({ method: 'GET', path: 'admin/goods/brands/:id', permission: 'brandList', params: idParam, response: returns<BrandRow>() }),
  create: endpoint({ method: 'POST', path: 'admin/goods/brands', permission: 'brandList', body: brandBody, response: returns<BrandRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/goods/brands/:id', permission: 'brandList', params: idParam, body: brandBody, response: returns<BrandRow>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/goods/brands/:ids', permission: 'brandList', params: brandIdsParam }),
});
