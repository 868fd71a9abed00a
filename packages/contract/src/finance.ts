/**
 * Finance (issue 13, DOMAIN §2.11–§2.14): settlement bills, the pre-deposit's recharges and
 * wallet log, VAT invoice qualifications and invoice history, and the earnest-money queues.
 */
import { z } from 'zod';
import { idOf, idParam, listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import type { Label, MarginAuthStatus } from './marketplace.js';
import { depositLogQuery } from './members.js';
import { RECEIPT_TYPES } from './orders.js';

/** Unix seconds of a day-range filter. */
const unixTime = z.coerce.number().int().min(0).optional();

// ─── Settlement bills (DOMAIN §2.14) ────────────────────────────────────────

export const BILL_STATUS = ['OUT', 'RECON', 'PASS', 'PAY', 'COMPLETE'] as const;
export type BillStatus = (typeof BILL_STATUS)[number];
export const BILL_STATUS_LABELS = {
  OUT: { zh: '已出账', en: 'Issued' },
  RECON: { zh: '已对账', en: 'Reconciled' },
  PASS: { zh: '已审核', en: 'Approved' },
  PAY: { zh: '已付款', en: 'Paid' },
  COMPLETE: { zh: '已完成', en: 'Completed' },
} as const satisfies Record<BillStatus, Label>;

/**
 * The steps of a bill, each owned by one party: the seller reconciles (the platform's finance desk
 * may record it on the seller's word), the platform audits and pays, the seller (or the system,
 * when the seller stays silent) confirms the money arrived.
 */
export const BILL_ACTIONS = {
  RECON: { from: 'OUT', to: 'RECON', zh: '对账', en: 'reconciled' },
  AUTH: { from: 'RECON', to: 'PASS', zh: '审核', en: 'approved' },
  PAY: { from: 'PASS', to: 'PAY', zh: '付款', en: 'paid' },
  COMPLETE: { from: 'PAY', to: 'COMPLETE', zh: '确认收款', en: 'confirmed as received' },
} as const satisfies Record<string, { from: BillStatus; to: BillStatus; zh: string; en: string }>;
export type BillAction = keyof typeof BILL_ACTIONS;

/** GET admin/order/bills: bills of the platform, newest first (finance settlement and the shop's edit page). */
export const billListQuery = listQuery(
  {
    bill_sn: z.string().trim().max(32).optional(),
    seller_id: idOf('店铺id格式有误').optional(),
    status: z.enum(BILL_STATUS).optional(),
  },
  { by: ['create_time'], default: 'create_time' },
);
export type BillListQuery = z.output<typeof billListQuery>;
export interface BillRow {
  id: number;
  bill_sn: string;
  seller_id: number;
  shop_name: string;
  status: BillStatus;
  order_count: number;
  refund_count: number;
  /** online income, yuan */
  price: number;
  /** cash on delivery the seller collected itself; only its commission is settled */
  cod_price: number;
  refund_price: number;
  cod_refund_price: number;
  commi_price: number;
  refund_commi_price: number;
  /** the distributors' commission on the shop's received orders, charged to the shop */
  distribution_rebate: number;
  /** that commission given back after refunds */
  distribution_return_rebate: number;
  /** the platform coupons' value on the period's orders: the platform paid it, so it is in `price` */
  site_coupon_price: number;
  /** the shops' share of those coupons (each coupon's shop_commission %), taken back */
  site_coupon_commi: number;
  /** what the platform pays the shop for the period */
  bill_price: number;
  start_time: number;
  end_time: number;
  create_time: number;
  pay_time: number | null;
}

export interface BillOperateAllowable {
  allow_recon: boolean;
  allow_auth: boolean;
  allow_pay: boolean;
  allow_complete: boolean;
}

export interface BillLogRow {
  status: BillStatus;
  action: BillAction;
  operator_type: 'ADMIN' | 'SELLER' | 'SYSTEM';
  operator_name: string;
  create_time: number;
}

export interface BillDetail extends BillRow {
  bank: { account_name: string; number: string; bank_name: string; region: string };
  commission_rate: number;
  /** the next step and whether this operator may take it (the detail's one button) */
  operate_allowable: BillOperateAllowable;
  logs: BillLogRow[];
}

/** GET admin/order/bills/total-price: paid out (settled) and still owed (wait_settled), yuan. */
export interface BillTotals {
  settled: number;
  wait_settled: number;
}

export const BILL_ITEM_TYPES = ['PAYMENT', 'REFUND'] as const;
export type BillItemType = (typeof BILL_ITEM_TYPES)[number];
export const billItemsParams = z.object({ id: idOf(), bill_type: z.enum(BILL_ITEM_TYPES, { message: '账单明细类型有误' }) });
export const billItemsQuery = listQuery({});
export interface BillItemRow {
  /** the order's id (PAYMENT) or the refund's (REFUND) */
  id: number;
  order_sn: string;
  refund_sn: string;
  member_name: string;
  /** ONLINE, COD */
  payment_type: string;
  payment_method_name: string;
  /** yuan: paid (PAYMENT) or refunded (REFUND) */
  price: number;
  commi_price: number;
  /** yuan, orders only: the platform coupon's value (within `price`) and the shop's share of it */
  site_coupon_price: number;
  coupon_commission: number;
  /** paid or refunded, unix seconds */
  time: number;
  order_time: number;
}

/** PUT admin/order/bills/{id}/next?status=…: the state the operator saw, so two clicks never take two steps. */
export const billNextQuery = z.object({ status: z.enum(BILL_STATUS, { message: '账单状态有误' }) });

// ─── Earnest money (margin) queues (DOMAIN §2.13) ──────────────────────────

/** GET admin/shops/margin-flow: the audit queue (WAIT_AUDIT) or the audited records (AUDITED), newest first. */
export const marginFlowListQuery = listQuery(
  {
    auth_status: z.enum(['WAIT_AUDIT', 'PASS_AUDIT', 'REFUSE_AUDIT', 'AUDITED']).optional(),
    shop_name: z.string().trim().max(30).optional(),
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['create_time'], default: 'create_time' },
);
export type MarginFlowListQuery = z.output<typeof marginFlowListQuery>;

export const MARGIN_REMARK_MAX = 120;
/** PUT admin/shops/margin-flow/auth/{id}: pass or refuse a payment the seller made. */
export const marginAuthBody = z
  .object({
    pass: z.coerce.number().int().min(0).max(1),
    remark: z.string().trim().max(MARGIN_REMARK_MAX, `审核备注最多${MARGIN_REMARK_MAX}个字符`).default(''),
  })
  .refine((body) => body.pass === 1 || body.remark.length > 0, { message: '请填写拒绝原因', path: ['remark'] });

export interface MarginFlowRow {
  id: number;
  shop_id: number;
  shop_name: string;
  /** 1 paid in (by the seller, or added by the operator), 0 deducted by the operator */
  type: 0 | 1;
  /** yuan; positive, the type says which way */
  actual_pay_amount: number;
  /** yuan, signed as it moves the margin: a deduction is negative */
  change_amount: number;
  /** remaining margin after the flow took effect (the one before plus `change_amount`); null while it waits or when refused */
  total_amount: number | null;
  voucher: string[];
  remark: string;
  auth_status: MarginAuthStatus;
  auth_remark: string;
  auditor_name: string;
  audit_time: number | null;
  create_time: number;
}

/** margin_flows ids are 64-bit. */
const marginFlowIdParam = z.object({ id: idOf('id格式有误', true) });

// ─── Pre-deposit (DOMAIN §2.11) ─────────────────────────────────────────────

export const RECHARGE_WAYS = {
  alipay: { zh: '支付宝', en: 'Alipay' },
  wechat: { zh: '微信支付', en: 'WeChat Pay' },
  unionpay: { zh: '银联', en: 'UnionPay' },
} as const satisfies Record<string, Label>;
export type RechargeWay = keyof typeof RECHARGE_WAYS;

/** GET admin/members/deposit/recharge: paid recharges, newest first. */
export const rechargeListQuery = listQuery(
  {
    member_name: z.string().trim().max(20).optional(),
    sn: z.string().trim().max(32).optional(),
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['create_time'], default: 'create_time' },
);
export type RechargeListQuery = z.output<typeof rechargeListQuery>;
export interface RechargeRow {
  id: number;
  recharge_sn: string;
  member_id: number;
  member_name: string;
  /** yuan */
  recharge_money: number;
  recharge_way: RechargeWay;
  create_time: number;
}

/** GET admin/members/deposit/price/total: all members' balances and what they recharged, yuan. */
/**
 * What the members hold and where it came from, in yuan: recharged + refunded + other_credits −
 * debits + unrecorded = balance.
 */
export interface DepositTotals {
  balance: number;
  recharged: number;
  /** after-sale refunds and cancelled orders paid back to the pre-deposit */
  refunded: number;
  /** the operators' top-ups and other credits that name no recharge, order or refund */
  other_credits: number;
  /** orders paid from the pre-deposit and the operators' deductions, as a positive sum */
  debits: number;
  /** a balance no ledger row explains (0 when the ledger is whole) */
  unrecorded: number;
}

// ─── Invoices (DOMAIN §2.12) ────────────────────────────────────────────────

export const ZPZZ_STATUS = {
  NEW_APPLY: { zh: '待审核', en: 'Awaiting audit' },
  AUDIT_PASS: { zh: '审核通过', en: 'Approved' },
  AUDIT_REFUSE: { zh: '审核未通过', en: 'Refused' },
} as const satisfies Record<string, Label>;
export type ZpzzStatus = keyof typeof ZPZZ_STATUS;

/** GET admin/members/zpzz: VAT special-invoice qualifications, newest application first. */
export const zpzzListQuery = listQuery(
  {
    status: z.enum(['NEW_APPLY', 'AUDIT_PASS', 'AUDIT_REFUSE']).optional(),
    member_name: z.string().trim().max(20).optional(),
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['apply_time'], default: 'apply_time' },
);
export type ZpzzListQuery = z.output<typeof zpzzListQuery>;
export interface ZpzzRow {
  id: number;
  member_id: number;
  member_name: string;
  company_name: string;
  taxpayer_code: string;
  register_address: string;
  register_tel: string;
  bank_name: string;
  bank_account: string;
  status: ZpzzStatus;
  audit_remark: string;
  auditor_name: string;
  apply_time: number;
  audit_time: number | null;
}

export const ZPZZ_REMARK_MAX = 120;
/** POST admin/members/zpzz/audit/{id}/{status}?remark: a refusal needs its reason. */
export const zpzzAuditParams = z.object({ id: idOf(), status: z.enum(['AUDIT_PASS', 'AUDIT_REFUSE'], { message: '审核结果有误' }) });
export const zpzzAuditQuery = z.object({
  remark: z.string().trim().max(ZPZZ_REMARK_MAX, `审核备注最多${ZPZZ_REMARK_MAX}个字符`).default(''),
});

export type ReceiptType = keyof typeof RECEIPT_TYPES;
/** GET admin/members/receipts: one row per order that asked for an invoice, newest first. */
export const receiptListQuery = listQuery(
  {
    uname: z.string().trim().max(20).optional(),
    seller_name: z.string().trim().max(30).optional(),
    order_sn: z.string().trim().max(32).optional(),
    receipt_type: z.enum(Object.keys(RECEIPT_TYPES) as [ReceiptType, ...ReceiptType[]]).optional(),
    status: z.coerce.number().int().min(0).max(1).optional(),
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['create_time'], default: 'create_time' },
);
export type ReceiptListQuery = z.output<typeof receiptListQuery>;
export interface ReceiptRow {
  history_id: number;
  order_sn: string;
  order_price: number;
  seller_name: string;
  member_name: string;
  receipt_type: ReceiptType;
  receipt_title: string;
  /** 0 not issued yet, 1 issued by the seller */
  status: 0 | 1;
  create_time: number;
}
export interface ReceiptDetail extends ReceiptRow {
  receipt_content: string;
  tax_no: string;
  reg_addr: string;
  reg_tel: string;
  bank_name: string;
  bank_account: string;
  member_mobile: string;
  ship_name: string;
  ship_address: string;
  logi_name: string;
  logi_code: string;
  issue_time: number | null;
  goods: { name: string; num: number; price: number }[];
}

const FINANCE_BILLS = ['settlement', 'settlementDetail', 'shopEdit'] as const;

export const financeEndpoints = defineEndpoints('finance', {
  bills: endpoint({ method: 'GET', path: 'admin/order/bills', permission: FINANCE_BILLS, query: billListQuery, response: returns<Page<BillRow>>() }),
  billTotals: endpoint({ method: 'GET', path: 'admin/order/bills/total-price', permission: 'settlement', response: returns<BillTotals>() }),
  billExport: endpoint({ method: 'POST', path: 'admin/order/bills/export', permission: 'settlement', twoStep: true, body: billListQuery, response: returns<TaskQueued>() }),
  bill: endpoint({ method: 'GET', path: 'admin/order/bills/:id', permission: FINANCE_BILLS, params: idParam, response: returns<BillDetail>() }),
  billItems: endpoint({ method: 'GET', path: 'admin/order/bills/:id/:bill_type', permission: ['settlement', 'settlementDetail'], params: billItemsParams, query: billItemsQuery, response: returns<Page<BillItemRow>>() }),
  /** GET …/{id}/export in [U]; a POST here as every export (docs/jobs.md): the bill's items as an export task */
  billItemsExport: endpoint({ method: 'POST', path: 'admin/order/bills/:id/export', permission: ['settlement', 'settlementDetail'], twoStep: true, params: idParam, response: returns<TaskQueued>() }),
  billNext: endpoint({ method: 'PUT', path: 'admin/order/bills/:id/next', permission: ['settlement', 'settlementDetail'], twoStep: 'conditional', params: idParam, query: billNextQuery, response: returns<BillDetail>() }),

  marginFlows: endpoint({ method: 'GET', path: 'admin/shops/margin-flow', permission: ['examineList', 'commitRecord'], query: marginFlowListQuery, response: returns<Page<MarginFlowRow>>() }),
  marginExport: endpoint({ method: 'POST', path: 'admin/shops/margin-flow/export', permission: ['examineList', 'commitRecord'], twoStep: true, body: marginFlowListQuery, response: returns<TaskQueued>() }),
  auditMargin: endpoint({ method: 'PUT', path: 'admin/shops/margin-flow/auth/:id', permission: 'examineList', params: marginFlowIdParam, body: marginAuthBody, response: returns<MarginFlowRow>() }),

  recharges: endpoint({ method: 'GET', path: 'admin/members/deposit/recharge', permission: 'preDeposit', query: rechargeListQuery, response: returns<Page<RechargeRow>>() }),
  rechargeExport: endpoint({ method: 'POST', path: 'admin/trade/deposit/export/recharge/sync', permission: 'preDeposit', twoStep: true, body: rechargeListQuery, response: returns<TaskQueued>() }),
  depositLogExport: endpoint({ method: 'POST', path: 'admin/trade/deposit/export/sync', permission: 'preDeposit', twoStep: true, body: depositLogQuery, response: returns<TaskQueued>() }),
  depositTotals: endpoint({ method: 'GET', path: 'admin/members/deposit/price/total', permission: 'preDeposit', response: returns<DepositTotals>() }),

  zpzzList: endpoint({ method: 'GET', path: 'admin/members/zpzz', permission: 'receiptExamine', query: zpzzListQuery, response: returns<Page<ZpzzRow>>() }),
  zpzz: endpoint({ method: 'GET', path: 'admin/members/zpzz/:id', permission: 'receiptExamine', params: idParam, response: returns<ZpzzRow>() }),
  auditZpzz: endpoint({ method: 'POST', path: 'admin/members/zpzz/audit/:id/:status', permission: 'receiptExamine', params: zpzzAuditParams, query: zpzzAuditQuery, response: returns<ZpzzRow>() }),

  receipts: endpoint({ method: 'GET', path: 'admin/members/receipts', permission: 'receiptHistory', query: receiptListQuery, response: returns<Page<ReceiptRow>>() }),
  receipt: endpoint({ method: 'GET', path: 'admin/members/receipts/:id', permission: ['receiptHistory', 'receiptDetail'], params: idParam, response: returns<ReceiptDetail>() }),
});
