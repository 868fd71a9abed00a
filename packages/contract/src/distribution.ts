/**
 * Distribution (分销, DOMAIN §2.20): members in a two-level tree earn a commission on their team's
 * orders when an order is received (ROG); it stays frozen for the settings' cycle, then becomes
 * withdrawable; a refund claws it back. Withdrawals are audited, transferred or closed by the
 * platform. Money is yuan with two decimals on the wire, integer cents in the database.
 */
import { z } from 'zod';
import { idListOf, idOf, idParam, listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

const unixTime = z.coerce.number().int().min(0).optional();

/** 1 normal, 0 disabled (a disabled distributor earns nothing on new orders). */
export const DISTRIBUTOR_STATUSES = [0, 1] as const;
/** WAIT frozen for the cycle, CONFIRM credited to the withdrawable amount, RETURN clawed back by a refund. */
export const COMMISSION_STATUSES = ['WAIT', 'CONFIRM', 'RETURN'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/**
 * Withdrawal states ([U]): WAIT_AUDIT → AUDIT_PASS | AUDIT_FAIL; AUDIT_PASS → FINISHED (transferred)
 * | CLOSED (with a reason). A refusal or a close gives the money back to the withdrawable amount.
 */
export const WITHDRAW_STATUSES = ['WAIT_AUDIT', 'AUDIT_PASS', 'AUDIT_FAIL', 'FINISHED', 'CLOSED'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
export const WITHDRAW_ACTIONS = ['PASS', 'FAIL', 'TRANSFER', 'CLOSE'] as const;
export type WithdrawAction = (typeof WITHDRAW_ACTIONS)[number];
export const WITHDRAW_WAYS = ['ALIPAY', 'WECHAT', 'BANK'] as const;
export type WithdrawWay = (typeof WITHDRAW_WAYS)[number];

/** What a distributor's money ledger records: every move of commission or withdrawal money. */
export const DISTRIBUTION_LEDGER_KINDS = ['COMMISSION', 'UNFREEZE', 'CLAWBACK', 'WITHDRAW_APPLY', 'WITHDRAW_REFUSED', 'WITHDRAW_PAID', 'WITHDRAW_CLOSED'] as const;
export type DistributionLedgerKind = (typeof DISTRIBUTION_LEDGER_KINDS)[number];

export const WITHDRAW_REMARK_MIN = 2;
export const WITHDRAW_REMARK_MAX = 200;
export const WITHDRAW_BATCH_MAX = 100;
export const COMMISSION_TPL_NAME_MAX = 20;
export const DISTRIBUTION_CYCLE_MAX = 365;

const memberIdOf = idOf('会员id格式有误');
export const distributorIdParam = z.object({ member_id: memberIdOf });

// ─── Distributors ───────────────────────────────────────────────────────────

export const distributorListQuery = listQuery(
  {
    /** member name or mobile */
    keyword: z.string().trim().max(30).optional(),
    status: z.coerce.number().int().min(0).max(1).optional(),
  },
  { by: ['create_time', 'can_rebate'], default: 'create_time' },
);
export type DistributorListQuery = z.output<typeof distributorListQuery>;

export interface DistributorRow {
  member_id: number;
  member_name: string;
  mobile: string;
  /** the inviter (level 1 above) */
  parent_name: string;
  /** yuan */
  can_rebate: number;
  commission_frozen: number;
  withdraw_frozen: number;
  rebate_total: number;
  /** members this one invited, and the members they invited */
  lv1_num: number;
  lv2_num: number;
  /** orders of the team that brought commission, and their amount (yuan) */
  order_num: number;
  turnover_price: number;
  tpl_id: number;
  tpl_name: string;
  status: 0 | 1;
  create_time: number;
}

export interface DistributorDetail extends DistributorRow {
  grade1: number;
  grade2: number;
}

export const distributorTplQuery = z.object({ member_id: memberIdOf, tpl_id: idOf('模板id格式有误') });
export const distributorStatusBody = z.object({ status: z.union([z.literal(0), z.literal(1)], { message: '状态只能是0或1' }) });

export const ledgerQuery = listQuery({ member_id: memberIdOf });
export interface DistributionLedgerRow {
  id: number;
  kind: DistributionLedgerKind;
  /** signed changes of the withdrawable, the frozen commission and the withdrawal-held amounts (yuan), and the amounts after */
  can_rebate_change: number;
  frozen_change: number;
  withdraw_frozen_change: number;
  can_rebate_after: number;
  frozen_after: number;
  withdraw_frozen_after: number;
  ref_sn: string;
  operator: string;
  create_time: number;
}

// ─── Commission templates and settings ──────────────────────────────────────

const percent = (label: string) =>
  z.number({ message: `请填写${label}` }).min(0, `${label}为0到100`).max(100, `${label}为0到100`).refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label}最多两位小数`);

export const commissionTplBody = z.object({
  tpl_name: z.string().trim().min(1, '请填写模板名称').max(COMMISSION_TPL_NAME_MAX, `模板名称最多${COMMISSION_TPL_NAME_MAX}个字符`),
  /** % of the order amount for the inviter, and for the inviter's inviter */
  grade1: percent('一级返利比例'),
  grade2: percent('二级返利比例'),
  is_default: z.union([z.literal(0), z.literal(1)]).default(0),
});
export type CommissionTplInput = z.output<typeof commissionTplBody>;
export interface CommissionTplRow {
  id: number;
  tpl_name: string;
  grade1: number;
  grade2: number;
  is_default: 0 | 1;
  member_num: number;
  create_time: number;
}

export const distributionSettingsBody = z.object({
  /** days a commission stays frozen after the order is received */
  cycle: z.number({ message: '请填写结算周期' }).int('结算周期须为整数').min(0, `结算周期为0到${DISTRIBUTION_CYCLE_MAX}天`).max(DISTRIBUTION_CYCLE_MAX, `结算周期为0到${DISTRIBUTION_CYCLE_MAX}天`),
  /** 1: a goods item's own rebate (yuan per piece) replaces the template's percentages where set */
  goods_model: z.union([z.literal(0), z.literal(1)]),
});
export type DistributionSettings = z.output<typeof distributionSettingsBody>;
export const DISTRIBUTION_SETTINGS_DEFAULTS: DistributionSettings = { cycle: 7, goods_model: 0 };

export const goodsRebateQuery = listQuery({ goods_name: z.string().trim().max(50).optional() });
export interface GoodsRebateRow {
  goods_id: number;
  goods_name: string;
  shop_name: string;
  price: number;
  /** yuan per piece; 0 when the template's percentages apply */
  grade1_rebate: number;
  grade2_rebate: number;
}
const rebateYuan = (label: string) =>
  z.number({ message: `请填写${label}` }).min(0, `${label}不能为负`).max(99_999, `${label}最多99999元`).refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label}最多两位小数`);
export const goodsRebateBody = z.object({ grade1_rebate: rebateYuan('一级返利'), grade2_rebate: rebateYuan('二级返利') });

// ─── Distribution orders and commission records ─────────────────────────────

export const distributionOrderQuery = listQuery(
  {
    order_sn: z.string().trim().max(32).optional(),
    /** the orders that brought this distributor commission */
    member_id: memberIdOf.optional(),
    bill_id: idOf('业绩单id格式有误').optional(),
    status: z.enum(COMMISSION_STATUSES).optional(),
  },
  { by: ['create_time'], default: 'create_time' },
);
export type DistributionOrderQuery = z.output<typeof distributionOrderQuery>;
export interface DistributionOrderRow {
  id: number;
  order_sn: string;
  buyer_name: string;
  shop_name: string;
  /** yuan: the amount commission is computed on */
  order_price: number;
  lv1_name: string;
  grade1_rebate: number;
  lv2_name: string;
  grade2_rebate: number;
  status: CommissionStatus;
  /** when a WAIT commission becomes withdrawable */
  settle_time: number;
  create_time: number;
}

export const commissionQuery = listQuery(
  {
    member_id: memberIdOf.optional(),
    /** the beneficiary's name */
    member_name: z.string().trim().max(30).optional(),
    order_sn: z.string().trim().max(32).optional(),
    status: z.enum(COMMISSION_STATUSES).optional(),
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['create_time'], default: 'create_time' },
);
export type CommissionQuery = z.output<typeof commissionQuery>;
export interface CommissionRow {
  id: number;
  member_id: number;
  member_name: string;
  order_sn: string;
  buyer_name: string;
  /** 1 from a direct invitee's order, 2 from the next level */
  level: 1 | 2;
  order_price: number;
  amount: number;
  status: CommissionStatus;
  settle_time: number;
  create_time: number;
}

// ─── Performance bills ──────────────────────────────────────────────────────

export const distributionBillQuery = listQuery(
  {
    member_id: memberIdOf.optional(),
    member_name: z.string().trim().max(30).optional(),
  },
  { by: ['start_time'], default: 'start_time' },
);
export type DistributionBillQuery = z.output<typeof distributionBillQuery>;
export interface DistributionBillRow {
  id: number;
  sn: string;
  member_id: number;
  member_name: string;
  start_time: number;
  end_time: number;
  order_num: number;
  order_price: number;
  commission: number;
  return_order_num: number;
  return_order_price: number;
  return_commission: number;
  /** commission − returned commission */
  payable: number;
  create_time: number;
}
export const billDetailParams = z.object({ bill_id: idOf('业绩单id格式有误'), member_id: memberIdOf });

// ─── Withdrawals ────────────────────────────────────────────────────────────

export const withdrawQuery = listQuery(
  {
    member_name: z.string().trim().max(30).optional(),
    sn: z.string().trim().max(32).optional(),
    status: z.enum(WITHDRAW_STATUSES).optional(),
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['create_time'], default: 'create_time' },
);
export type WithdrawQuery = z.output<typeof withdrawQuery>;
export interface WithdrawRow {
  id: number;
  sn: string;
  member_id: number;
  member_name: string;
  /** yuan */
  amount: number;
  way: WithdrawWay;
  account: string;
  status: WithdrawStatus;
  apply_remark: string;
  audit_remark: string;
  transfer_remark: string;
  close_reason: string;
  operator: string;
  create_time: number;
  audit_time: number | null;
  finish_time: number | null;
}

const withdrawIds = idListOf('提现申请id格式有误', WITHDRAW_BATCH_MAX, `一次最多处理${WITHDRAW_BATCH_MAX}条提现申请`);
export const withdrawRemark = (label: string) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .min(WITHDRAW_REMARK_MIN, `${label}为${WITHDRAW_REMARK_MIN}到${WITHDRAW_REMARK_MAX}个字符`)
    .max(WITHDRAW_REMARK_MAX, `${label}为${WITHDRAW_REMARK_MIN}到${WITHDRAW_REMARK_MAX}个字符`);
/** PASS approves the payout (behind the second step), FAIL gives the money back. */
export const withdrawAuditBody = z.object({ apply_ids: withdrawIds, audit_result: z.enum(['PASS', 'FAIL']), remark: withdrawRemark('审核备注') });
export const withdrawTransferBody = z.object({ apply_ids: withdrawIds, remark: withdrawRemark('转账备注') });
export const withdrawCloseBody = z.object({ apply_ids: withdrawIds, remark: withdrawRemark('关闭原因') });

// ─── Endpoints ──────────────────────────────────────────────────────────────

const DISTRIBUTOR_READERS = ['distributorList', 'distributorDetail'] as const;

export const distributionEndpoints = defineEndpoints('distribution', {
  distributors: endpoint({ method: 'GET', path: 'admin/distribution/member', permission: 'distributorList', query: distributorListQuery, response: returns<Page<DistributorRow>>() }),
  distributor: endpoint({ method: 'GET', path: 'admin/distribution/member/:member_id', permission: [...DISTRIBUTOR_READERS], params: distributorIdParam, response: returns<DistributorDetail>() }),
  setStatus: endpoint({ method: 'PUT', path: 'admin/distribution/member/:member_id/status', permission: [...DISTRIBUTOR_READERS], params: distributorIdParam, body: distributorStatusBody }),
  assignTpl: endpoint({ method: 'PUT', path: 'admin/distribution/member/tpl', permission: [...DISTRIBUTOR_READERS], query: distributorTplQuery }),
  ledger: endpoint({ method: 'GET', path: 'admin/distribution/member-ledger', permission: 'distributorDetail', query: ledgerQuery, response: returns<Page<DistributionLedgerRow>>() }),
  tpls: endpoint({ method: 'GET', path: 'admin/distribution/commission-tpl', permission: ['distributorMessage', ...DISTRIBUTOR_READERS], response: returns<CommissionTplRow[]>() }),
  createTpl: endpoint({ method: 'POST', path: 'admin/distribution/commission-tpl', permission: 'distributorMessage', body: commissionTplBody }),
  updateTpl: endpoint({ method: 'PUT', path: 'admin/distribution/commission-tpl/:id', permission: 'distributorMessage', params: idParam, body: commissionTplBody }),
  removeTpl: endpoint({ method: 'DELETE', path: 'admin/distribution/commission-tpl/:id', permission: 'distributorMessage', params: idParam }),
  settings: endpoint({ method: 'GET', path: 'admin/distribution/settings', permission: 'distributorMessage', response: returns<DistributionSettings>() }),
  saveSettings: endpoint({ method: 'PUT', path: 'admin/distribution/settings', permission: 'distributorMessage', body: distributionSettingsBody }),
  goodsRebates: endpoint({ method: 'GET', path: 'admin/distribution/goods', permission: 'distributorMessage', query: goodsRebateQuery, response: returns<Page<GoodsRebateRow>>() }),
  saveGoodsRebate: endpoint({ method: 'PUT', path: 'admin/distribution/goods/:id', permission: 'distributorMessage', params: idParam, body: goodsRebateBody }),
  orders: endpoint({ method: 'GET', path: 'admin/distribution/order', permission: ['distributorOrder', 'distributorDetail', 'billDetails'], query: distributionOrderQuery, response: returns<Page<DistributionOrderRow>>() }),
  commissions: endpoint({ method: 'GET', path: 'admin/distribution/commission', permission: ['brokerageDetail', 'distributorDetail'], query: commissionQuery, response: returns<Page<CommissionRow>>() }),
  bills: endpoint({ method: 'GET', path: 'admin/distribution/bill/member', permission: ['billList', 'distributorDetail'], query: distributionBillQuery, response: returns<Page<DistributionBillRow>>() }),
  bill: endpoint({ method: 'GET', path: 'admin/distribution/bill/:bill_id/:member_id', permission: 'billDetails', params: billDetailParams, response: returns<DistributionBillRow>() }),
  withdrawals: endpoint({ method: 'GET', path: 'admin/distribution/withdraw/page', permission: 'putforwardApply', query: withdrawQuery, response: returns<Page<WithdrawRow>>() }),
  withdrawExport: endpoint({ method: 'POST', path: 'admin/distribution/withdraw/export', permission: 'putforwardApply', twoStep: true, body: withdrawQuery, response: returns<TaskQueued>() }),
  auditWithdrawals: endpoint({ method: 'POST', path: 'admin/distribution/withdraw/batch-audit', permission: 'putforwardApply', twoStep: 'conditional', body: withdrawAuditBody }),
  transferWithdrawals: endpoint({ method: 'POST', path: 'admin/distribution/withdraw/batch-transfer', permission: 'putforwardApply', twoStep: true, body: withdrawTransferBody }),
  closeWithdrawals: endpoint({ method: 'POST', path: 'admin/distribution/withdraw/batch-close', permission: 'putforwardApply', body: withdrawCloseBody }),
});
