import {
  brandBody,
  brandIdsParam,
  brandListQuery,
  categoryBody,
  categoryBrandsBody,
  categoryIdParam,
  goodsAuditBody,
  goodsIdsParam,
  goodsListQuery,
  goodsUnderInput,
  idParam,
  paramBody,
  paramGroupCreateBody,
  paramGroupUpdateBody,
  sortTypeQuery,
  underReason,
} from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { goodsPickerRoutes } from './picker.js';
import {
  allBrands,
  auditGoods,
  bindCategoryBrands,
  categoryBrandList,
  categoryChildren,
  categoryParams,
  categoryTree,
  createBrand,
  createCategory,
  createParam,
  createParamGroup,
  deleteBrands,
  deleteCategory,
  deleteParam,
  deleteParamGroup,
  getBrand,
  getCategory,
  getParam,
  getParamGroup,
  goodsDetails,
  listBrands,
  listGoods,
  putOnSale,
  renameParamGroup,
  sortParam,
  sortParamGroup,
  takeDownGoods,
  updateBrand,
  updateCategory,
  updateParam,
} from './service.js';

/** Pages whose filters pick categories or brands (the shop edit page picks the categories a shop sells in). */
const CATALOGUE_READERS = ['goodsList', 'goodsAudit', 'categoryList', 'categoryParams', 'brandList', 'shopEdit'] as const;

const goodsRoutesOnly = [
  defineRoute({
    method: 'GET',
    url: 'admin/goods',
    permission: ['goodsList', 'goodsAudit'],
    query: goodsListQuery,
    handler: ({ query, ctx }) => listGoods(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/:ids/details',
    // The auditor reads an item before deciding; the goods list previews it.
    permission: ['goodsList', 'goodsAudit'],
    params: goodsIdsParam,
    handler: ({ params, ctx }) => goodsDetails(ctx, params.ids),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/:ids/under',
    permission: 'goodsList',
    params: goodsIdsParam,
    query: goodsUnderInput,
    body: goodsUnderInput,
    log: '平台下架商品',
    important: true,
    async handler({ params, query, body, ctx }) {
      const reason = underReason.safeParse(body.reason ?? query.reason ?? '');
      if (!reason.success) throw new AppError(400, 'VALIDATION', {}, reason.error.issues[0].message);
      await takeDownGoods(ctx, params.ids, reason.data);
      return {};
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/:ids/up',
    permission: 'goodsList',
    params: goodsIdsParam,
    log: '平台上架商品',
    async handler({ params, ctx }) {
      await putOnSale(ctx, params.ids);
      return {};
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/goods/batch/audit',
    permission: 'goodsAudit',
    body: goodsAuditBody,
    log: '审核商品',
    async handler({ body, ctx }) {
      await auditGoods(ctx, body);
      return {};
    },
  }),
];

const categoryRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/goods/categories/:id/children',
    permission: CATALOGUE_READERS,
    params: categoryIdParam,
    handler: ({ params, ctx }) => categoryChildren(ctx, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/categories/:id/all-children',
    permission: CATALOGUE_READERS,
    params: categoryIdParam,
    handler: ({ params, ctx }) => categoryTree(ctx, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/categories/:id',
    permission: CATALOGUE_READERS,
    params: idParam,
    handler: ({ params, ctx }) => getCategory(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/goods/categories',
    permission: 'categoryList',
    body: categoryBody,
    log: '新增商品分类',
    handler: ({ body, ctx }) => createCategory(ctx, body),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/categories/:id',
    permission: 'categoryList',
    params: idParam,
    body: categoryBody,
    log: '修改商品分类',
    handler: ({ params, body, ctx }) => updateCategory(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: 'admin/goods/categories/:id',
    permission: 'categoryList',
    params: idParam,
    log: '删除商品分类',
    important: true,
    async handler({ params, ctx }) {
      await deleteCategory(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/categories/:id/brands',
    permission: 'categoryList',
    params: idParam,
    handler: ({ params, ctx }) => categoryBrandList(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/categories/:id/brands',
    permission: 'categoryList',
    params: idParam,
    body: categoryBrandsBody,
    log: '修改分类关联品牌',
    handler: ({ params, body, ctx }) => bindCategoryBrands(ctx, params.id, body.choose_brands),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/categories/:id/param',
    permission: ['categoryParams', 'categoryList'],
    params: idParam,
    handler: ({ params, ctx }) => categoryParams(ctx, params.id),
  }),
];

const paramRoutes = [
  defineRoute({
    method: 'POST',
    url: 'admin/goods/parameter-groups',
    permission: 'categoryParams',
    body: paramGroupCreateBody,
    log: '新增参数组',
    handler: ({ body, ctx }) => createParamGroup(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/parameter-groups/:id',
    permission: 'categoryParams',
    params: idParam,
    handler: ({ params, ctx }) => getParamGroup(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/parameter-groups/:id',
    permission: 'categoryParams',
    params: idParam,
    // [A] sends ?group_name=; the body is accepted as well.
    query: paramGroupUpdateBody.partial(),
    body: paramGroupUpdateBody.partial(),
    log: '修改参数组',
    handler({ params, query, body, ctx }) {
      const input = paramGroupUpdateBody.safeParse({ group_name: body.group_name ?? query.group_name });
      if (!input.success) throw new AppError(400, 'VALIDATION', {}, input.error.issues[0].message);
      return renameParamGroup(ctx, params.id, input.data.group_name);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: 'admin/goods/parameter-groups/:id',
    permission: 'categoryParams',
    params: idParam,
    log: '删除参数组',
    async handler({ params, ctx }) {
      await deleteParamGroup(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/parameter-groups/:id/sort',
    permission: 'categoryParams',
    params: idParam,
    query: sortTypeQuery,
    log: '调整参数组排序',
    async handler({ params, query, ctx }) {
      await sortParamGroup(ctx, params.id, query.sort_type);
      return {};
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/goods/parameters',
    permission: 'categoryParams',
    body: paramBody,
    log: '新增参数',
    handler: ({ body, ctx }) => createParam(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/parameters/:id',
    permission: 'categoryParams',
    params: idParam,
    handler: ({ params, ctx }) => getParam(ctx, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/parameters/:id',
    permission: 'categoryParams',
    params: idParam,
    body: paramBody,
    log: '修改参数',
    handler: ({ params, body, ctx }) => updateParam(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: 'admin/goods/parameters/:id',
    permission: 'categoryParams',
    params: idParam,
    log: '删除参数',
    async handler({ params, ctx }) {
      await deleteParam(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/parameters/:id/sort',
    permission: 'categoryParams',
    params: idParam,
    query: sortTypeQuery,
    log: '调整参数排序',
    async handler({ params, query, ctx }) {
      await sortParam(ctx, params.id, query.sort_type);
      return {};
    },
  }),
];

const brandRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/goods/brands',
    permission: 'brandList',
    query: brandListQuery,
    handler: ({ query, ctx }) => listBrands(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/brands/all',
    permission: CATALOGUE_READERS,
    handler: ({ ctx }) => allBrands(ctx),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods/brands/:id',
    permission: 'brandList',
    params: idParam,
    handler: ({ params, ctx }) => getBrand(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/goods/brands',
    permission: 'brandList',
    body: brandBody,
    log: '新增品牌',
    handler: ({ body, ctx }) => createBrand(ctx, body),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/brands/:id',
    permission: 'brandList',
    params: idParam,
    body: brandBody,
    log: '修改品牌',
    handler: ({ params, body, ctx }) => updateBrand(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: 'admin/goods/brands/:ids',
    permission: 'brandList',
    params: brandIdsParam,
    log: '删除品牌',
    important: true,
    async handler({ params, ctx }) {
      await deleteBrands(ctx, params.ids);
      return {};
    },
  }),
];

export const goodsRoutes = [...goodsRoutesOnly, ...goodsPickerRoutes, ...categoryRoutes, ...paramRoutes, ...brandRoutes];
