import { shopEditBody, shopEndpoints } from '@agora/contract';
import type { FastifyRequest } from 'fastify';
import { assertPermitted, parse, route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { shopExport } from './jobs.js';
import { addShop, auditShop, closeShop, editShop, getShop, listShops, reopenShop, shopMemberOptions, shopOptions } from './service.js';

/** `PUT admin/shops/{id}` is an audit when it carries `pass`, a plain edit otherwise (spec §7). */
const isAudit = (req: FastifyRequest) => typeof req.query === 'object' && req.query !== null && 'pass' in req.query;

export const shopRoutes = [
  route(shopEndpoints.list, { handler: ({ query, ctx }) => listShops(ctx, query) }),
  route(shopEndpoints.export, exportRoute(shopExport, { contents: 'records', log: { zh: '导出店铺列表', en: 'Export shops' } })),
  route(shopEndpoints.auditExport, exportRoute(shopExport, { contents: 'records', log: { zh: '导出待审核店铺', en: 'Export shop applications' }, fixed: { shop_disable: 'APPLY' } })),
  route(shopEndpoints.options, { handler: ({ query, ctx }) => shopOptions(ctx, query) }),
  route(shopEndpoints.members, { handler: ({ query, ctx }) => shopMemberOptions(ctx, query) }),
  route(shopEndpoints.add, { log: { zh: '添加店铺', en: 'Add a shop' }, important: true, handler: ({ body, ctx }) => addShop(ctx, body) }),
  route(shopEndpoints.detail, { handler: ({ params, ctx }) => getShop(ctx, params.id) }),
  route(shopEndpoints.close, { log: { zh: '关闭店铺', en: 'Close a shop' }, important: true, handler: ({ params, ctx }) => closeShop(ctx, params.id) }),
  route(shopEndpoints.reopen, { log: { zh: '开启店铺', en: 'Open a shop' }, handler: ({ params, ctx }) => reopenShop(ctx, params.id) }),
  route(shopEndpoints.update, {
    log: (req) => (isAudit(req) ? { zh: '审核店铺', en: 'Audit a shop' } : { zh: '编辑店铺', en: 'Edit a shop' }),
    important: true,
    handler({ params, query, body, admin, ctx }) {
      if (query.pass !== undefined) {
        assertPermitted(admin, 'shopAudit');
        return auditShop(ctx, params.id, query.pass, query.audit_remark);
      }
      assertPermitted(admin, 'shopEdit');
      // without a body the edit is refused with the first missing field's message
      return editShop(ctx, params.id, body ?? parse(shopEditBody, undefined));
    },
  }),
];
