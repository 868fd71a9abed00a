import { shopEditBody, shopEndpoints } from '@agora/contract';
import type { FastifyRequest } from 'fastify';
import { assertPermitted, parse, queryWithBody, route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { listBills, setSettlementDays, settleNow } from './bills.js';
import { marginFlowExport, shopExport } from './jobs.js';
import { adjustMargin, auditMarginFlow, listMarginFlows, marginHistory } from './margin.js';
import { addShop, auditShop, closeShop, editShop, getShop, listShops, reopenShop, shopMemberOptions, shopOptions } from './service.js';

/** `PUT admin/shops/{id}` is an audit when it carries `pass`, a plain edit otherwise (spec §7). */
const isAudit = (req: FastifyRequest) => typeof req.query === 'object' && req.query !== null && 'pass' in req.query;

export const shopRoutes = [
  route(shopEndpoints.list, { handler: ({ query, ctx }) => listShops(ctx, query) }),
  route(shopEndpoints.export, exportRoute(shopExport, { log: '导出店铺列表' })),
  route(shopEndpoints.options, { handler: ({ query, ctx }) => shopOptions(ctx, query) }),
  route(shopEndpoints.members, { handler: ({ query, ctx }) => shopMemberOptions(ctx, query) }),
  route(shopEndpoints.add, { log: '添加店铺', important: true, handler: ({ body, ctx }) => addShop(ctx, body) }),
  route(shopEndpoints.detail, { handler: ({ params, ctx }) => getShop(ctx, params.id) }),
  route(shopEndpoints.close, { log: '关闭店铺', important: true, handler: ({ params, ctx }) => closeShop(ctx, params.id) }),
  route(shopEndpoints.reopen, { log: '开启店铺', handler: ({ params, ctx }) => reopenShop(ctx, params.id) }),
  route(shopEndpoints.update, {
    log: (req) => (isAudit(req) ? '审核店铺' : '编辑店铺'),
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
  route(shopEndpoints.settlementDays, { log: '设置店铺结算日', handler: ({ params, query, ctx }) => setSettlementDays(ctx, params.ids, query.param) }),
  route(shopEndpoints.settleNow, { log: '店铺立即结算', important: true, handler: ({ params, ctx }) => settleNow(ctx, params.ids) }),
  route(shopEndpoints.bills, { handler: ({ query, ctx }) => listBills(ctx, query) }),
  route(shopEndpoints.marginFlows, { handler: ({ query, ctx }) => listMarginFlows(ctx, query) }),
  route(shopEndpoints.marginExport, exportRoute(marginFlowExport, { log: '导出保证金记录' })),
  route(shopEndpoints.marginHistory, { handler: ({ query, ctx }) => marginHistory(ctx, query) }),
  route(shopEndpoints.auditMargin, { log: '审核保证金', important: true, handler: ({ params, body, admin, ctx }) => auditMarginFlow(ctx, admin, params.id, body.pass, body.remark) }),
  route(shopEndpoints.adjustMargin, {
    // spec §7 sends the fields as a query; a JSON body is taken too (its fields win)
    queryFromBody: true,
    log: (req) => (Number(queryWithBody(req).type) === 1 ? '增加店铺保证金' : '扣除店铺保证金'),
    important: true,
    handler: ({ query, admin, ctx }) => adjustMargin(ctx, admin, query),
  }),
];
