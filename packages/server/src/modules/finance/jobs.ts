/**
 * Finance's background work (docs/jobs.md): the exports of its lists and of one bill, and the
 * scheduled tasks that cut the bills on the shops' settlement days and complete the paid ones.
 */
import { z } from 'zod';
import {
  BILL_STATUS_LABELS,
  MARGIN_AUTH_STATUS,
  RECHARGE_WAYS,
  billItemsQuery,
  billListQuery,
  depositLogQuery,
  idOf,
  marginFlowListQuery,
  rechargeListQuery,
  type BillItemRow,
  type BillListQuery,
  type BillRow,
  type DepositLogQuery,
  type MarginFlowListQuery,
  type MarginFlowRow,
  type MemberLedgerRow,
  type RechargeListQuery,
  type RechargeRow,
} from '@agora/contract';
import { eq } from 'drizzle-orm';
import { listBatches } from '../../platform/list.js';
import { registerScheduledTask } from '../../platform/scheduler.js';
import { fromUnixSeconds, platformDateTime } from '../../platform/time.js';
import { dayRangeWords, exportJob, filterWords } from '../../platform/xlsx-export.js';
import { depositLogSpec } from '../members/service.js';
import { billItemSpec, billListSpec, completePaidBills, cutDueBills } from './bills.js';
import { rechargeListSpec } from './deposit.js';
import { marginFlowListSpec } from './margin.js';
import { bills } from './tables.js';

const time = (seconds: number | null) => (seconds === null ? '' : platformDateTime(fromUnixSeconds(seconds)));
const order = (query: { order: 'asc' | 'desc' }, by: string) => `按${by}${query.order === 'asc' ? '升序' : '降序'}`;
const yuan = { zh: '(元)', en: ' (yuan)' };
const money = (zh: string, en: string) => ({ zh: `${zh}${yuan.zh}`, en: `${en}${yuan.en}` });

const AUTH_WORDS = { AUDITED: '已审核', ...Object.fromEntries(Object.entries(MARGIN_AUTH_STATUS).map(([key, label]) => [key, label.zh])) } as Record<string, string>;

export const marginFlowExport = exportJob<MarginFlowListQuery, MarginFlowRow>('margin.export', {
  title: { zh: '保证金记录', en: 'Margin flows' },
  params: marginFlowListQuery,
  columns: [
    { header: { zh: '流水ID', en: 'ID' }, value: (row) => row.id, width: 10 },
    { header: { zh: '店铺名称', en: 'Shop' }, value: (row) => row.shop_name, width: 24 },
    { header: { zh: '类型', en: 'Type' }, value: (row, lang) => (row.type === 1 ? (lang === 'en' ? 'Add' : '增加') : lang === 'en' ? 'Deduct' : '扣除'), width: 8 },
    { header: { zh: '金额(元)', en: 'Amount (yuan)' }, value: (row) => row.actual_pay_amount, width: 12 },
    { header: { zh: '剩余保证金(元)', en: 'Remaining (yuan)' }, value: (row) => row.total_amount, width: 14 },
    { header: { zh: '说明', en: 'Remark' }, value: (row) => row.remark, width: 24 },
    { header: { zh: '凭证', en: 'Vouchers' }, value: (row) => row.voucher.join('\n'), width: 24 },
    { header: { zh: '状态', en: 'Status' }, value: (row, lang) => MARGIN_AUTH_STATUS[row.auth_status][lang], width: 12 },
    { header: { zh: '审核备注', en: 'Audit remark' }, value: (row) => row.auth_remark, width: 20 },
    { header: { zh: '审核人', en: 'Auditor' }, value: (row) => row.auditor_name },
    { header: { zh: '审核时间', en: 'Audited' }, value: (row) => time(row.audit_time), width: 20 },
    { header: { zh: '时间', en: 'Time' }, value: (row) => time(row.create_time), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部保证金记录',
      [
        query.auth_status && `状态：${AUTH_WORDS[query.auth_status]}`,
        query.shop_name && `店铺名称：${query.shop_name}`,
        dayRangeWords('时间', query.start_time, query.end_time),
      ],
      order(query, '时间'),
    ),
  list: marginFlowListSpec,
});

export const billExport = exportJob<BillListQuery, BillRow>('bill.export', {
  title: { zh: '结算账单', en: 'Settlement bills' },
  params: billListQuery,
  columns: [
    { header: { zh: '账单号', en: 'Bill no.' }, value: (row) => row.bill_sn, width: 20 },
    { header: { zh: '店铺名称', en: 'Shop' }, value: (row) => row.shop_name, width: 24 },
    { header: money('订单金额', 'Orders'), value: (row) => row.price, width: 14 },
    { header: money('佣金', 'Commission'), value: (row) => row.commi_price, width: 12 },
    { header: money('退款金额', 'Refunds'), value: (row) => row.refund_price, width: 14 },
    { header: money('退还佣金', 'Commission refunded'), value: (row) => row.refund_commi_price, width: 14 },
    { header: money('货到付款', 'Cash on delivery'), value: (row) => row.cod_price, width: 14 },
    { header: money('平台优惠券', 'Site coupons'), value: (row) => row.site_coupon_price, width: 14 },
    { header: money('优惠券店铺承担', 'Coupon shop share'), value: (row) => row.site_coupon_commi, width: 16 },
    { header: money('本期应结', 'Payable'), value: (row) => row.bill_price, width: 14 },
    { header: { zh: '状态', en: 'Status' }, value: (row, lang) => BILL_STATUS_LABELS[row.status][lang], width: 10 },
    { header: { zh: '出账日期', en: 'Issued' }, value: (row) => time(row.create_time), width: 20 },
    { header: { zh: '开始时间', en: 'From' }, value: (row) => time(row.start_time), width: 20 },
    { header: { zh: '结束时间', en: 'To' }, value: (row) => time(row.end_time), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords(
      '全部账单',
      [query.bill_sn && `账单号：${query.bill_sn}`, query.seller_id !== undefined && `店铺ID：${query.seller_id}`, query.status && `状态：${BILL_STATUS_LABELS[query.status].zh}`],
      order(query, '出账日期'),
    ),
  list: billListSpec,
});

const billItemsExportParams = billItemsQuery.extend({ id: idOf() });
type BillItemsExportParams = z.output<typeof billItemsExportParams>;
type BillExportItem = BillItemRow & { type: 'PAYMENT' | 'REFUND' };

/** One bill's orders, then its refunds: what the detail's two tabs show, in one sheet. */
export const billItemsExport = exportJob<BillItemsExportParams, BillExportItem>('bill.items-export', {
  title: { zh: '账单明细', en: 'Bill items' },
  params: billItemsExportParams,
  columns: [
    { header: { zh: '类型', en: 'Type' }, value: (row, lang) => (row.type === 'PAYMENT' ? (lang === 'en' ? 'Order' : '订单') : lang === 'en' ? 'Refund' : '退款'), width: 8 },
    { header: { zh: '订单编号', en: 'Order no.' }, value: (row) => row.order_sn, width: 22 },
    { header: { zh: '退款单号', en: 'Refund no.' }, value: (row) => row.refund_sn, width: 22 },
    { header: { zh: '会员', en: 'Member' }, value: (row) => row.member_name },
    { header: { zh: '支付方式', en: 'Payment' }, value: (row, lang) => (row.payment_type === 'COD' ? (lang === 'en' ? 'Cash on delivery' : '货到付款') : lang === 'en' ? 'Online' : '在线支付'), width: 12 },
    { header: money('金额', 'Amount'), value: (row) => (row.type === 'REFUND' ? -row.price : row.price), width: 12 },
    { header: money('佣金', 'Commission'), value: (row) => (row.type === 'REFUND' ? -row.commi_price : row.commi_price), width: 12 },
    { header: money('平台优惠券', 'Site coupon'), value: (row) => row.site_coupon_price, width: 12 },
    { header: money('店铺承担', 'Shop share'), value: (row) => row.coupon_commission, width: 12 },
    { header: { zh: '下单时间', en: 'Ordered' }, value: (row) => time(row.order_time), width: 20 },
    { header: { zh: '付款/退款时间', en: 'Paid / refunded' }, value: (row) => time(row.time), width: 20 },
  ],
  describe: async (ctx, params) => {
    const [bill] = await ctx.db.select({ sn: bills.sn, shopName: bills.shopName }).from(bills).where(eq(bills.id, params.id));
    return bill ? `账单号：${bill.sn}；店铺：${bill.shopName}` : `账单ID：${params.id}`;
  },
  count: async (ctx, params) => {
    const [bill] = await ctx.db.select({ orders: bills.orderCount, refunds: bills.refundCount }).from(bills).where(eq(bills.id, params.id));
    return bill ? bill.orders + bill.refunds : 0;
  },
  async *batches(ctx, params, size) {
    for (const type of ['PAYMENT', 'REFUND'] as const) {
      for await (const batch of listBatches(billItemSpec(ctx, params.id, type, params), size)) yield batch.map((row) => ({ ...row, type }));
    }
  },
});

export const rechargeExport = exportJob<RechargeListQuery, RechargeRow>('recharge.export', {
  title: { zh: '充值记录', en: 'Recharges' },
  params: rechargeListQuery,
  columns: [
    { header: { zh: '充值单号', en: 'Recharge no.' }, value: (row) => row.recharge_sn, width: 22 },
    { header: { zh: '会员名称', en: 'Member' }, value: (row) => row.member_name },
    { header: money('充值金额', 'Amount'), value: (row) => row.recharge_money, width: 14 },
    { header: { zh: '充值方式', en: 'Method' }, value: (row, lang) => RECHARGE_WAYS[row.recharge_way][lang], width: 12 },
    { header: { zh: '充值时间', en: 'Time' }, value: (row) => time(row.create_time), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords('全部充值记录', [query.member_name && `会员名称：${query.member_name}`, query.sn && `充值单号：${query.sn}`, dayRangeWords('充值时间', query.start_time, query.end_time)], order(query, '充值时间')),
  list: rechargeListSpec,
});

export const depositLogExport = exportJob<DepositLogQuery, MemberLedgerRow>('deposit-log.export', {
  title: { zh: '预存款明细', en: 'Wallet log' },
  params: depositLogQuery,
  columns: [
    { header: { zh: '会员名称', en: 'Member' }, value: (row) => row.member_name },
    { header: money('变动金额', 'Change'), value: (row) => row.amount, width: 14 },
    { header: money('变动后余额', 'Balance after'), value: (row) => row.after, width: 14 },
    { header: { zh: '明细', en: 'Detail' }, value: (row) => row.reason, width: 28 },
    { header: { zh: '操作人', en: 'Operator' }, value: (row) => row.operator_name },
    { header: { zh: '时间', en: 'Time' }, value: (row) => time(row.create_time), width: 20 },
  ],
  describe: async (_ctx, query) =>
    filterWords('全部预存款明细', [query.member_name && `会员名称：${query.member_name}`, dayRangeWords('时间', query.start_time, query.end_time)], order(query, '时间')),
  list: depositLogSpec,
});

// Daily, shortly after the platform's midnight: a settlement day's period ends at 00:00. A tick that
// was missed is caught up by the next one (the latest due period end of each shop is cut).
registerScheduledTask('finance.cut-bills', {
  schedule: { dailyAt: '00:10' },
  async run(ctx, now) {
    const { cut } = await cutDueBills(ctx, now);
    return `出账 ${cut} 张`;
  },
});

registerScheduledTask('finance.complete-paid-bills', {
  schedule: { dailyAt: '02:00' },
  async run(ctx, now) {
    const { completed } = await completePaidBills(ctx, now);
    return `自动完成 ${completed} 张`;
  },
});
