import { financeEndpoints, shopEndpoints } from '@agora/contract';
import { auditIn } from '../../platform/audit.js';
import { queryWithBody, requestLanguage, route } from '../../platform/http.js';
import { exportOwner, exportRoute } from '../../platform/xlsx-export.js';
import { advanceBill, billTotals, getBill, listBillItems, listBills, setSettlementDays, settleNow } from './bills.js';
import { depositTotals, listRecharges } from './deposit.js';
import { billExport, billItemsExport, depositLogExport, marginFlowExport, rechargeExport } from './jobs.js';
import { adjustMargin, auditMarginFlow, listMarginFlows, marginHistory } from './margin.js';
import { auditZpzz, getReceipt, getZpzz, listReceipts, listZpzz } from './receipts.js';

export const financeRoutes = [
  // settlement days and the immediate bill are set from the shop screens; the work is the finance module's
  route(shopEndpoints.settlementDays, { log: { zh: '设置店铺结算日', en: 'Set a shop\'s settlement days' }, handler: ({ params, query, ctx }) => setSettlementDays(ctx, params.ids, query.param, query.status) }),
  route(shopEndpoints.settleNow, { log: { zh: '店铺立即结算', en: 'Settle a shop now' }, important: true, handler: ({ params, ctx, req }) => settleNow(ctx, params.ids, auditIn(req)) }),
  route(financeEndpoints.bills, { handler: ({ query, ctx }) => listBills(ctx, query) }),
  route(financeEndpoints.billTotals, { handler: ({ ctx }) => billTotals(ctx) }),
  route(financeEndpoints.billExport, exportRoute(billExport, { contents: 'records', log: { zh: '导出结算账单', en: 'Export settlement bills' } })),
  route(financeEndpoints.bill, { handler: ({ params, ctx }) => getBill(ctx, params.id) }),
  route(financeEndpoints.billItems, { handler: ({ params, query, ctx }) => listBillItems(ctx, params.id, params.bill_type, query) }),
  route(financeEndpoints.billItemsExport, {
    log: { zh: '导出账单明细', en: 'Export a bill\'s items' },
    async handler({ params, admin, ctx, req }) {
      await getBill(ctx, params.id);
      const job = await billItemsExport.enqueue(ctx, exportOwner(admin), { id: params.id }, requestLanguage(req));
      return { task_id: job.id };
    },
  }),
  route(financeEndpoints.billNext, {
    log: (req) => ((req.query as { status?: string }).status === 'PASS' ? { zh: '账单操作：付款', en: 'Bill: pay' } : { zh: '账单操作：推进状态', en: 'Bill: next step' }),
    important: true,
    // paying a bill moves money: the second step first (DOMAIN §1.4); the flow checks the bill is still in PASS
    twoStep: async (_ctx, req) => (req.query as { status?: string }).status === 'PASS',
    handler: ({ params, query, admin, ctx, req }) => advanceBill(ctx, admin, params.id, query.status, auditIn(req)),
  }),

  route(financeEndpoints.marginFlows, { handler: ({ query, ctx }) => listMarginFlows(ctx, query) }),
  route(financeEndpoints.marginExport, exportRoute(marginFlowExport, { contents: 'records', log: { zh: '导出保证金记录', en: 'Export earnest-money records' } })),
  route(shopEndpoints.marginHistory, { handler: ({ query, ctx }) => marginHistory(ctx, query) }),
  route(financeEndpoints.auditMargin, {
    log: { zh: '审核保证金', en: 'Audit earnest money' },
    important: true,
    handler: ({ params, body, admin, ctx, req }) => auditMarginFlow(ctx, admin, params.id, body.pass, body.remark, auditIn(req)),
  }),
  route(shopEndpoints.adjustMargin, {
    // spec §7 sends the fields as a query; a JSON body is taken too (its fields win)
    queryFromBody: true,
    log: (req) => (Number(queryWithBody(req).type) === 1 ? { zh: '增加店铺保证金', en: 'Add to a shop\'s earnest money' } : { zh: '扣除店铺保证金', en: 'Deduct from a shop\'s earnest money' }),
    important: true,
    handler: ({ query, admin, ctx, req }) => adjustMargin(ctx, admin, query, auditIn(req)),
  }),

  route(financeEndpoints.recharges, { handler: ({ query, ctx }) => listRecharges(ctx, query) }),
  route(financeEndpoints.rechargeExport, exportRoute(rechargeExport, { contents: 'records', log: { zh: '导出充值记录', en: 'Export recharges' } })),
  route(financeEndpoints.depositLogExport, exportRoute(depositLogExport, { contents: 'records', log: { zh: '导出预存款明细', en: 'Export the pre-deposit log' } })),
  route(financeEndpoints.depositTotals, { handler: ({ ctx }) => depositTotals(ctx) }),

  route(financeEndpoints.zpzzList, { handler: ({ query, ctx }) => listZpzz(ctx, query) }),
  route(financeEndpoints.zpzz, { handler: ({ params, ctx }) => getZpzz(ctx, params.id) }),
  route(financeEndpoints.auditZpzz, {
    log: (req) => ((req.params as { status?: string }).status === 'AUDIT_PASS' ? { zh: '审核通过增票资质', en: 'Pass a VAT invoice qualification' } : { zh: '拒绝增票资质', en: 'Refuse a VAT invoice qualification' }),
    handler: ({ params, query, admin, ctx, req }) => auditZpzz(ctx, admin, params.id, params.status, query.remark, auditIn(req)),
  }),
  route(financeEndpoints.receipts, { handler: ({ query, ctx }) => listReceipts(ctx, query) }),
  route(financeEndpoints.receipt, { handler: ({ params, ctx }) => getReceipt(ctx, params.id) }),
];
