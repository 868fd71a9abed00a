import { idParam, shopAuditQuery, shopListQuery } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { auditShop, closeShop, listShops, reopenShop } from './service.js';

export const shopRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/shops',
    permission: ['shopList', 'shopAudit'],
    query: shopListQuery,
    handler: ({ query, ctx }) => listShops(ctx, query),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/shops/disable/:id',
    permission: 'shopList',
    params: idParam,
    log: '关闭店铺',
    important: true,
    async handler({ params, ctx }) {
      await closeShop(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/shops/enable/:id',
    permission: 'shopList',
    params: idParam,
    log: '开启店铺',
    async handler({ params, ctx }) {
      await reopenShop(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/shops/:id',
    permission: 'shopAudit',
    params: idParam,
    query: shopAuditQuery,
    log: '审核店铺',
    important: true,
    async handler({ params, query, ctx }) {
      await auditShop(ctx, params.id, query.pass, query.audit_remark);
      return {};
    },
  }),
];
