import { categoryIdParam, goodsAuditBody, goodsIdsParam, goodsListQuery, goodsUnderBody } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { auditGoods, categoryChildren, listGoods, putOnSale, takeDownGoods } from './service.js';

export const goodsRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/goods/categories/:id/children',
    permission: ['goodsList', 'goodsAudit', 'categoryList'],
    params: categoryIdParam,
    handler: ({ params, ctx }) => categoryChildren(ctx, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/goods',
    permission: ['goodsList', 'goodsAudit'],
    query: goodsListQuery,
    handler: ({ query, ctx }) => listGoods(ctx, query),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/goods/:ids/under',
    permission: 'goodsList',
    params: goodsIdsParam,
    body: goodsUnderBody,
    log: '平台下架商品',
    important: true,
    async handler({ params, body, ctx }) {
      await takeDownGoods(ctx, params.ids, body.reason);
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
