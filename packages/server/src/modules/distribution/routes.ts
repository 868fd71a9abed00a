import { distributionEndpoints as endpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { withdrawExport } from './jobs.js';
import {
  assignTpl,
  createTpl,
  deleteTpl,
  getBill,
  getDistributor,
  getSettings,
  listBills,
  listCommissions,
  listDistributionOrders,
  listDistributors,
  listGoodsRebates,
  listLedger,
  listTpls,
  saveGoodsRebate,
  saveSettings,
  setDistributorStatus,
  updateTpl,
} from './service.js';
import { actOnWithdrawals, listWithdrawals } from './withdrawals.js';

export const distributionRoutes = [
  route(endpoints.distributors, { handler: ({ query, ctx }) => listDistributors(ctx, query) }),
  route(endpoints.distributor, { handler: ({ params, ctx }) => getDistributor(ctx, params.member_id) }),
  route(endpoints.setStatus, {
    log: (req) => ((req.body as { status?: number })?.status === 1 ? { zh: '启用分销商', en: 'Enable a distributor' } : { zh: '禁用分销商', en: 'Disable a distributor' }),
    important: true,
    handler: ({ params, body, ctx }) => setDistributorStatus(ctx, params.member_id, body.status),
  }),
  route(endpoints.assignTpl, { log: { zh: '修改分销商模板', en: 'Change a distributor\'s template' }, handler: ({ query, ctx }) => assignTpl(ctx, query.member_id, query.tpl_id) }),
  route(endpoints.ledger, { handler: ({ query, ctx }) => listLedger(ctx, query) }),
  route(endpoints.tpls, { handler: ({ ctx }) => listTpls(ctx) }),
  route(endpoints.createTpl, { log: { zh: '添加分销模板', en: 'Add a commission template' }, handler: ({ body, ctx }) => createTpl(ctx, body) }),
  route(endpoints.updateTpl, { log: { zh: '修改分销模板', en: 'Edit a commission template' }, handler: ({ params, body, ctx }) => updateTpl(ctx, params.id, body) }),
  route(endpoints.removeTpl, { log: { zh: '删除分销模板', en: 'Delete a commission template' }, important: true, handler: ({ params, ctx }) => deleteTpl(ctx, params.id) }),
  route(endpoints.settings, { handler: ({ ctx }) => getSettings(ctx) }),
  route(endpoints.saveSettings, { log: { zh: '修改分销设置', en: 'Edit distribution settings' }, important: true, handler: ({ body, ctx }) => saveSettings(ctx, body) }),
  route(endpoints.goodsRebates, { handler: ({ query, ctx }) => listGoodsRebates(ctx, query) }),
  route(endpoints.saveGoodsRebate, { log: { zh: '修改商品分销返利', en: 'Edit goods commission rebates' }, handler: ({ params, body, ctx }) => saveGoodsRebate(ctx, params.id, body) }),
  route(endpoints.orders, { handler: ({ query, ctx }) => listDistributionOrders(ctx, query) }),
  route(endpoints.commissions, { handler: ({ query, ctx }) => listCommissions(ctx, query) }),
  route(endpoints.bills, { handler: ({ query, ctx }) => listBills(ctx, query) }),
  route(endpoints.bill, { handler: ({ params, ctx }) => getBill(ctx, params.bill_id, params.member_id) }),
  route(endpoints.withdrawals, { handler: ({ query, ctx }) => listWithdrawals(ctx, query) }),
  route(endpoints.withdrawExport, exportRoute(withdrawExport, { contents: 'records', log: { zh: '导出提现申请', en: 'Export withdrawal requests' } })),
  route(endpoints.auditWithdrawals, {
    // approving a payout is behind the second step; a refusal only gives the money back
    twoStep: async (_ctx, req) => (req.body as { audit_result?: string } | undefined)?.audit_result === 'PASS',
    log: (req) => ((req.body as { audit_result?: string })?.audit_result === 'PASS' ? { zh: '审核通过提现申请', en: 'Pass a withdrawal' } : { zh: '审核拒绝提现申请', en: 'Refuse a withdrawal' }),
    important: true,
    handler: ({ body, admin, ctx }) => actOnWithdrawals(ctx, admin.username, body.apply_ids, body.audit_result, body.remark),
  }),
  route(endpoints.transferWithdrawals, { log: { zh: '提现申请转账', en: 'Transfer a withdrawal' }, important: true, handler: ({ body, admin, ctx }) => actOnWithdrawals(ctx, admin.username, body.apply_ids, 'TRANSFER', body.remark) }),
  route(endpoints.closeWithdrawals, { log: { zh: '关闭提现申请', en: 'Close a withdrawal' }, important: true, handler: ({ body, admin, ctx }) => actOnWithdrawals(ctx, admin.username, body.apply_ids, 'CLOSE', body.remark) }),
];
