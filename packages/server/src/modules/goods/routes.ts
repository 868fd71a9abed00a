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
  route(goods.under, { log: { zh: '平台下架商品', en: 'Take goods off sale' }, important: true, handler: ({ params, query, body, ctx }) => takeDownGoods(ctx, params.goods_ids, body.reason ?? query.reason) }),
  route(goods.up, { log: { zh: '平台上架商品', en: 'Put goods on sale' }, handler: ({ params, ctx }) => putOnSale(ctx, params.goods_ids) }),
  route(goods.audit, { log: { zh: '审核商品', en: 'Audit goods' }, handler: ({ body, ctx }) => auditGoods(ctx, body) }),
  // DOMAIN §1.4: exporting goods passes the second step first.
  route(goods.export, exportRoute(goodsExport, { contents: 'records', log: { zh: '导出商品列表', en: 'Export goods' } })),
  route(goods.auditExport, exportRoute(goodsAuditExport, { contents: 'records', log: { zh: '导出待审核商品', en: 'Export goods awaiting audit' }, fixed: { is_auth: 0 } })),
  route(goods.skus, { handler: ({ query, ctx }) => listPickerSkus(ctx, query) }),

  route(category.children, { handler: ({ params, ctx }) => categoryChildren(ctx, params.id) }),
  route(category.tree, { handler: ({ params, ctx }) => categoryTree(ctx, params.id) }),
  route(category.get, { handler: ({ params, ctx }) => getCategory(ctx, params.id) }),
  route(category.create, { log: { zh: '新增商品分类', en: 'Add a goods category' }, handler: ({ body, ctx }) => createCategory(ctx, body) }),
  route(category.update, { log: { zh: '修改商品分类', en: 'Edit a goods category' }, handler: ({ params, body, ctx }) => updateCategory(ctx, params.id, body) }),
  route(category.remove, { log: { zh: '删除商品分类', en: 'Delete a goods category' }, important: true, handler: async ({ req, params, ctx }) => { req.auditSubject = await deleteCategory(ctx, params.id); } }),
  route(category.brands, { handler: ({ params, ctx }) => categoryBrandList(ctx, params.id) }),
  route(category.bindBrands, { log: { zh: '修改分类关联品牌', en: 'Edit a category\'s brands' }, handler: ({ params, body, ctx }) => bindCategoryBrands(ctx, params.id, body.choose_brands) }),
  route(category.params, { handler: ({ params, ctx }) => categoryParams(ctx, params.id) }),
  route(category.createGroup, { log: { zh: '新增参数组', en: 'Add a parameter group' }, handler: ({ body, ctx }) => createParamGroup(ctx, body) }),
  route(category.getGroup, { handler: ({ params, ctx }) => getParamGroup(ctx, params.id) }),
  // [A] sends ?group_name=; the body wins when both are sent.
  route(category.renameGroup, { log: { zh: '修改参数组', en: 'Edit a parameter group' }, handler: ({ params, query, body, ctx }) => renameParamGroup(ctx, params.id, body.group_name ?? query.group_name) }),
  route(category.removeGroup, { log: { zh: '删除参数组', en: 'Delete a parameter group' }, handler: ({ params, ctx }) => deleteParamGroup(ctx, params.id) }),
  route(category.sortGroup, { log: { zh: '调整参数组排序', en: 'Reorder parameter groups' }, handler: ({ params, query, ctx }) => sortParamGroup(ctx, params.id, query.sort_type) }),
  route(category.createParam, { log: { zh: '新增参数', en: 'Add a parameter' }, handler: ({ body, ctx }) => createParam(ctx, body) }),
  route(category.getParam, { handler: ({ params, ctx }) => getParam(ctx, params.id) }),
  route(category.updateParam, { log: { zh: '修改参数', en: 'Edit a parameter' }, handler: ({ params, body, ctx }) => updateParam(ctx, params.id, body) }),
  route(category.removeParam, { log: { zh: '删除参数', en: 'Delete a parameter' }, handler: ({ params, ctx }) => deleteParam(ctx, params.id) }),
  route(category.sortParam, { log: { zh: '调整参数排序', en: 'Reorder parameters' }, handler: ({ params, query, ctx }) => sortParam(ctx, params.id, query.sort_type) }),

  route(brand.list, { handler: ({ query, ctx }) => listBrands(ctx, query) }),
  route(brand.all, { handler: ({ ctx }) => allBrands(ctx) }),
  route(brand.get, { handler: ({ params, ctx }) => getBrand(ctx, params.id) }),
  route(brand.create, { log: { zh: '新增品牌', en: 'Add a brand' }, handler: ({ body, ctx }) => createBrand(ctx, body) }),
  route(brand.update, { log: { zh: '修改品牌', en: 'Edit a brand' }, handler: ({ params, body, ctx }) => updateBrand(ctx, params.id, body) }),
  route(brand.remove, { log: { zh: '删除品牌', en: 'Delete brands' }, important: true, handler: async ({ req, params, ctx }) => { req.auditSubject = await deleteBrands(ctx, params.ids); } }),
];
