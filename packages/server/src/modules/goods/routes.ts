import { brandEndpoints, categoryEndpoints, goodsEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { goodsAuditExport, goodsExport } from './jobs.js';
import { listPickerSkus } from './picker.js';
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

const goods = goodsEndpoints;
const category = categoryEndpoints;
const brand = brandEndpoints;

export const goodsRoutes = [
  route(goods.list, { handler: ({ query, ctx }) => listGoods(ctx, query) }),
  route(goods.details, { handler: ({ params, ctx }) => goodsDetails(ctx, params.ids) }),
  // The reason may also come as `?reason=` (DOMAIN §2.1, [A]); the body wins when both are sent.
  route(goods.under, { log: '平台下架商品', important: true, handler: ({ params, query, body, ctx }) => takeDownGoods(ctx, params.goods_ids, body.reason ?? query.reason) }),
  route(goods.up, { log: '平台上架商品', handler: ({ params, ctx }) => putOnSale(ctx, params.goods_ids) }),
  route(goods.audit, { log: '审核商品', handler: ({ body, ctx }) => auditGoods(ctx, body) }),
  // DOMAIN §1.4: exporting goods passes the second step first.
  route(goods.export, exportRoute(goodsExport, { log: '导出商品列表', twoStep: true })),
  route(goods.auditExport, exportRoute(goodsAuditExport, { log: '导出待审核商品', twoStep: true, fixed: { is_auth: 0 } })),
  route(goods.skus, { handler: ({ query, ctx }) => listPickerSkus(ctx, query) }),

  route(category.children, { handler: ({ params, ctx }) => categoryChildren(ctx, params.id) }),
  route(category.tree, { handler: ({ params, ctx }) => categoryTree(ctx, params.id) }),
  route(category.get, { handler: ({ params, ctx }) => getCategory(ctx, params.id) }),
  route(category.create, { log: '新增商品分类', handler: ({ body, ctx }) => createCategory(ctx, body) }),
  route(category.update, { log: '修改商品分类', handler: ({ params, body, ctx }) => updateCategory(ctx, params.id, body) }),
  route(category.remove, { log: '删除商品分类', important: true, handler: ({ params, ctx }) => deleteCategory(ctx, params.id) }),
  route(category.brands, { handler: ({ params, ctx }) => categoryBrandList(ctx, params.id) }),
  route(category.bindBrands, { log: '修改分类关联品牌', handler: ({ params, body, ctx }) => bindCategoryBrands(ctx, params.id, body.choose_brands) }),
  route(category.params, { handler: ({ params, ctx }) => categoryParams(ctx, params.id) }),
  route(category.createGroup, { log: '新增参数组', handler: ({ body, ctx }) => createParamGroup(ctx, body) }),
  route(category.getGroup, { handler: ({ params, ctx }) => getParamGroup(ctx, params.id) }),
  // [A] sends ?group_name=; the body wins when both are sent.
  route(category.renameGroup, { log: '修改参数组', handler: ({ params, query, body, ctx }) => renameParamGroup(ctx, params.id, body.group_name ?? query.group_name) }),
  route(category.removeGroup, { log: '删除参数组', handler: ({ params, ctx }) => deleteParamGroup(ctx, params.id) }),
  route(category.sortGroup, { log: '调整参数组排序', handler: ({ params, query, ctx }) => sortParamGroup(ctx, params.id, query.sort_type) }),
  route(category.createParam, { log: '新增参数', handler: ({ body, ctx }) => createParam(ctx, body) }),
  route(category.getParam, { handler: ({ params, ctx }) => getParam(ctx, params.id) }),
  route(category.updateParam, { log: '修改参数', handler: ({ params, body, ctx }) => updateParam(ctx, params.id, body) }),
  route(category.removeParam, { log: '删除参数', handler: ({ params, ctx }) => deleteParam(ctx, params.id) }),
  route(category.sortParam, { log: '调整参数排序', handler: ({ params, query, ctx }) => sortParam(ctx, params.id, query.sort_type) }),

  route(brand.list, { handler: ({ query, ctx }) => listBrands(ctx, query) }),
  route(brand.all, { handler: ({ ctx }) => allBrands(ctx) }),
  route(brand.get, { handler: ({ params, ctx }) => getBrand(ctx, params.id) }),
  route(brand.create, { log: '新增品牌', handler: ({ body, ctx }) => createBrand(ctx, body) }),
  route(brand.update, { log: '修改品牌', handler: ({ params, body, ctx }) => updateBrand(ctx, params.id, body) }),
  route(brand.remove, { log: '删除品牌', important: true, handler: ({ params, ctx }) => deleteBrands(ctx, params.ids) }),
];
