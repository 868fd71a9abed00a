import {
  billListQuery,
  idParam,
  marginAdjustBody,
  marginAuthBody,
  marginFlowListQuery,
  marginHistoryQuery,
  settlementDaysQuery,
  shopAddBody,
  shopAuditQuery,
  shopEditBody,
  shopIdsParam,
  shopListQuery,
  shopMemberQuery,
  shopOptionsQuery,
} from '@agora/contract';
import type { FastifyRequest } from 'fastify';
import { assertPermitted, defineRoute, parse } from '../../platform/http.js';
import { listBills, setSettlementDays, settleNow } from './bills.js';
import { adjustMargin, auditMarginFlow, listMarginFlows, marginHistory } from './margin.js';
import { addShop, auditShop, closeShop, editShop, getShop, listShops, reopenShop, shopMemberOptions, shopOptions } from './service.js';

/** `PUT admin/shops/{id}` is an audit when it carries `pass`, a plain edit otherwise (spec §7). */
const isAudit = (query: unknown) => typeof query === 'object' && query !== null && 'pass' in query;

/** Spec §7 sends `POST admin/shops/margin-flow` with a query; a JSON body is taken too (its fields win). */
const marginAdjustFields = (req: FastifyRequest): Record<string, unknown> => ({
  ...(req.query as Record<string, unknown>),
  ...((req.body as Record<string, unknown> | undefined) ?? {}),
});

export const shopRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/shops',
    permission: ['shopList', 'shopAudit'],
    query: shopListQuery,
    handler: ({ query, ctx }) => listShops(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/shops/list',
    // every screen that filters or picks by shop
    permission: ['goodsList', 'goodsAudit', 'shopList', 'examineList', 'commitRecord', 'settlement', 'orderList'],
    query: shopOptionsQuery,
    handler: ({ query, ctx }) => shopOptions(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/shops/members',
    permission: 'shopAdd',
    query: shopMemberQuery,
    handler: ({ query, ctx }) => shopMemberOptions(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/shops/base',
    permission: 'shopAdd',
    body: shopAddBody,
    log: '添加店铺',
    important: true,
    handler: ({ body, ctx }) => addShop(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/shops/:id',
    // the edit page, the auditor's view of an application, and the list's preview
    permission: ['shopEdit', 'shopAudit', 'shopList'],
    params: idParam,
    handler: ({ params, ctx }) => getShop(ctx, params.id),
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
    permission: ['shopAudit', 'shopEdit'],
    params: idParam,
    log: (req) => (isAudit(req.query) ? '审核店铺' : '编辑店铺'),
    important: true,
    async handler({ params, req, admin, ctx }) {
      if (isAudit(req.query)) {
        assertPermitted(admin, 'shopAudit');
        const query = parse(shopAuditQuery, req.query);
        await auditShop(ctx, params.id, query.pass, query.audit_remark);
      } else {
        assertPermitted(admin, 'shopEdit');
        await editShop(ctx, params.id, parse(shopEditBody, req.body));
      }
      return {};
    },
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/order/bills/:ids/param',
    permission: ['shopList', 'shopEdit'],
    params: shopIdsParam,
    query: settlementDaysQuery,
    log: '设置店铺结算日',
    async handler({ params, query, ctx }) {
      await setSettlementDays(ctx, params.ids, query.param);
      return {};
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/order/bills/now/:ids',
    permission: ['shopList', 'shopEdit'],
    params: shopIdsParam,
    log: '店铺立即结算',
    important: true,
    handler: ({ params, ctx }) => settleNow(ctx, params.ids),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/order/bills',
    permission: ['settlement', 'shopEdit'],
    query: billListQuery,
    handler: ({ query, ctx }) => listBills(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/shops/margin-flow',
    permission: ['examineList', 'commitRecord'],
    query: marginFlowListQuery,
    handler: ({ query, ctx }) => listMarginFlows(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/shops/margin-flow/history',
    permission: ['shopEdit', 'examineList', 'commitRecord'],
    query: marginHistoryQuery,
    handler: ({ query, ctx }) => marginHistory(ctx, query),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/shops/margin-flow/auth/:id',
    permission: 'examineList',
    params: idParam,
    body: marginAuthBody,
    log: '审核保证金',
    important: true,
    handler: ({ params, body, admin, ctx }) => auditMarginFlow(ctx, admin, params.id, body.pass, body.remark),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/shops/margin-flow',
    permission: 'shopEdit',
    log: (req) => (Number(marginAdjustFields(req).type) === 1 ? '增加店铺保证金' : '扣除店铺保证金'),
    important: true,
    handler: ({ req, admin, ctx }) => adjustMargin(ctx, admin, parse(marginAdjustBody, marginAdjustFields(req))),
  }),
];
