import { z } from 'zod';
import { listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import type { Label } from './marketplace.js';
import { PAYMENT_TYPES, type PaymentType } from './orders.js';

/**
 * After-sales (DOMAIN §2.5), refunds and collections (§2.6): the service list and detail with the
 * platform's manual refund, the refund list and the pay log.
 */

export const SERVICE_TYPES = {
  RETURN_GOODS: { zh: '退货', en: 'Return' },
  CHANGE_GOODS: { zh: '换货', en: 'Exchange' },
  SUPPLY_AGAIN_GOODS: { zh: '补发商品', en: 'Resend' },
  ORDER_CANCEL: { zh: '取消订单', en: 'Order cancel' },
} as const satisfies Record<string, Label>;
export type ServiceType = keyof typeof SERVICE_TYPES;
export const SERVICE_TYPE_KEYS = Object.keys(SERVICE_TYPES) as [ServiceType, ...ServiceType[]];

export const SERVICE_STATUSES = {
  APPLY: { zh: '待审核', en: 'To audit' },
  PASS: { zh: '审核通过', en: 'Approved' },
  REFUSE: { zh: '审核未通过', en: 'Refused' },
  FULL_COURIER: { zh: '已退还商品', en: 'Goods sent back' },
  WAIT_FOR_MANUAL: { zh: '待人工处理', en: 'Manual refund' },
  STOCK_IN: { zh: '已入库', en: 'Back in stock' },
  REFUNDING: { zh: '退款中', en: 'Refunding' },
  REFUNDFAIL: { zh: '退款失败', en: 'Refund failed' },
  COMPLETED: { zh: '已完成', en: 'Completed' },
  CLOSED: { zh: '已关闭', en: 'Closed' },
  ERROR_EXCEPTION: { zh: '异常状态', en: 'Exception' },
} as const satisfies Record<string, Label>;
export type ServiceStatus = keyof typeof SERVICE_STATUSES;
export const SERVICE_STATUS_KEYS = Object.keys(SERVICE_STATUSES) as [ServiceStatus, ...ServiceStatus[]];

export const REFUND_STATUSES = {
  APPLY: { zh: '待退款', en: 'To refund' },
  REFUNDING: { zh: '退款中', en: 'Refunding' },
  REFUNDFAIL: { zh: '退款失败', en: 'Failed' },
  COMPLETED: { zh: '退款完成', en: 'Refunded' },
} as const satisfies Record<string, Label>;
export type RefundStatus = keyof typeof REFUND_STATUSES;
export const REFUND_STATUS_KEYS = Object.keys(REFUND_STATUSES) as [RefundStatus, ...RefundStatus[]];

export const REFUND_WAYS = {
  ORIGINAL: { zh: '原路退回', en: 'Original route' },
  BALANCE: { zh: '退回预存款', en: 'Pre-deposit' },
  OFFLINE: { zh: '线下退款', en: 'Offline' },
  ACCOUNT: { zh: '退款至账户', en: 'To an account' },
} as const satisfies Record<string, Label>;
export type RefundWay = keyof typeof REFUND_WAYS;
export const REFUND_WAY_KEYS = Object.keys(REFUND_WAYS) as [RefundWay, ...RefundWay[]];

export const REFUND_ACCOUNT_TYPES = {
  ALIPAY: { zh: '支付宝', en: 'Alipay' },
  WEIXINPAY: { zh: '微信', en: 'WeChat Pay' },
  BANKTRANSFER: { zh: '银行转账', en: 'Bank transfer' },
} as const satisfies Record<string, Label>;

export const CREATE_CHANNELS = {
  NORMAL: { zh: '买家申请', en: 'Buyer' },
  PINTUAN: { zh: '拼团失败', en: 'Group failed' },
} as const satisfies Record<string, Label>;
export type CreateChannel = keyof typeof CREATE_CHANNELS;

/** The pay log's methods (payments.method) as the collection list names them. */
export const PAY_WAYS = {
  alipay: { zh: '支付宝', en: 'Alipay' },
  wechat: { zh: '微信', en: 'WeChat Pay' },
  balance: { zh: '预存款', en: 'Pre-deposit' },
  admin: { zh: '管理员收款', en: 'Received by admin' },
  cod: { zh: '货到付款', en: 'Cash on delivery' },
} as const satisfies Record<string, Label>;
export type PayWay = keyof typeof PAY_WAYS;
export const PAY_WAY_KEYS = Object.keys(PAY_WAYS) as [PayWay, ...PayWay[]];

/** A collection is paid, or was paid back by an order-cancel refund. */
export const COLLECTION_STATUSES = {
  PAY_YES: { zh: '已付款', en: 'Paid' },
  REFUNDED: { zh: '已退款', en: 'Refunded' },
} as const satisfies Record<string, Label>;
export type CollectionStatus = keyof typeof COLLECTION_STATUSES;

const seconds = z.coerce.number().int().min(0).max(4_102_444_800);
const sn = (message: string) => z.string().trim().regex(/^[A-Za-z0-9]{1,32}$/, message);
const snFilter = z.string().trim().max(32).optional();
const timeRange = { start_time: seconds.optional(), end_time: seconds.optional() };
const rangeInOrder = (q: { start_time?: number; end_time?: number }) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time;
const RANGE_MESSAGE = { message: '开始时间不能晚于结束时间' };

export const serviceSnParam = z.object({ service_sn: sn('售后服务单号格式有误') });

/** GET admin/after-sales: newest applications first. */
export const serviceListQuery = listQuery(
  {
    /** service sn, order sn or goods name */
    keyword: z.string().trim().max(50).optional(),
    service_sn: snFilter,
    order_sn: snFilter,
    service_type: z.enum(SERVICE_TYPE_KEYS).optional(),
    service_status: z.enum(SERVICE_STATUS_KEYS).optional(),
    ...timeRange,
  },
  { by: ['create_time'], default: 'create_time' },
).refine(rangeInOrder, RANGE_MESSAGE);
export type ServiceListQuery = z.infer<typeof serviceListQuery>;
export type ServiceListInput = z.input<typeof serviceListQuery>;

/** What the operator may do with a service now (the server's flow, modules/aftersales/flow.ts). */
export interface ServiceAllowable {
  allow_admin_refund: boolean;
}

export interface ServiceRow {
  service_id: number;
  sn: string;
  order_sn: string;
  create_time: number;
  member_name: string;
  shop_name: string;
  service_type: ServiceType;
  service_status: ServiceStatus;
  create_channel: CreateChannel;
  /** the goods' names, one per line */
  goods_names: string;
  allowable: ServiceAllowable;
}

export interface ServiceGoods {
  goods_id: number;
  sku_id: number;
  name: string;
  spec: string;
  image: string;
  /** yuan */
  price: number;
  ship_num: number;
  return_num: number;
  storage_num: number;
}

export interface ServiceLogRow {
  id: number;
  status: ServiceStatus;
  message: string;
  op_type: string;
  op_name: string;
  op_time: number;
}

export interface RefundInfo {
  sn: string;
  refund_way: RefundWay;
  account_type: keyof typeof REFUND_ACCOUNT_TYPES | '';
  return_account: string;
  bank_name: string;
  bank_account_name: string;
  bank_account_number: string;
  refund_status: RefundStatus;
  /** yuan: asked by the buyer, agreed by the seller, paid out */
  refund_price: number;
  agree_price: number;
  actual_price: number;
  refund_point: number;
  pay_order_no: string;
  refund_fail_reason: string;
  refund_time: number | null;
}

export interface ServiceDetail extends ServiceRow {
  order_id: number;
  member_id: number;
  shop_id: number;
  payment_type: PaymentType;
  reason: string;
  problem_desc: string;
  audit_remark: string;
  stock_remark: string;
  refund_remark: string;
  close_reason: string;
  return_addr: string;
  new_order_sn: string;
  courier_name: string;
  courier_no: string;
  courier_time: number | null;
  change_ship_name: string;
  change_ship_mobile: string;
  change_ship_addr: string;
  audit_time: number | null;
  complete_time: number | null;
  goods: ServiceGoods[];
  images: string[];
  refund: RefundInfo | null;
  logs: ServiceLogRow[];
}

/** POST admin/after-sales/refund/{service_sn}?refund_price&remark: the platform's manual refund. */
export const serviceRefundQuery = z.object({
  refund_price: z.coerce
    .number({ message: '请输入退款金额' })
    .refine((value) => Number.isFinite(value) && value > 0, '退款金额必须大于0')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, '金额最多保留两位小数')
    .refine((value) => value <= 99_999_999, '退款金额过大'),
  remark: z.string().trim().max(150, '备注不能超过150个字符').default(''),
});
export type ServiceRefundInput = z.input<typeof serviceRefundQuery>;

/** GET admin/after-sales/refund: newest refunds first. */
export const refundListQuery = listQuery(
  {
    /** service sn or order sn */
    keyword: z.string().trim().max(50).optional(),
    service_sn: snFilter,
    order_sn: snFilter,
    refund_status: z.enum(REFUND_STATUS_KEYS).optional(),
    refund_way: z.enum(REFUND_WAY_KEYS).optional(),
    create_channel: z.enum(['NORMAL', 'PINTUAN']).optional(),
    ...timeRange,
  },
  { by: ['create_time'], default: 'create_time' },
).refine(rangeInOrder, RANGE_MESSAGE);
export type RefundListQuery = z.infer<typeof refundListQuery>;
export type RefundListInput = z.input<typeof refundListQuery>;

export interface RefundRow {
  refund_id: number;
  sn: string;
  service_sn: string;
  order_sn: string;
  create_time: number;
  member_name: string;
  shop_name: string;
  service_type: ServiceType;
  refund_way: RefundWay;
  payment_type: PaymentType;
  refund_status: RefundStatus;
  /** yuan */
  refund_price: number;
  agree_price: number;
  actual_price: number;
  refund_point: number;
  refund_time: number | null;
  /** the operator who paid it out (or saw it fail); '' while it waits */
  refund_operator: string;
}

/** GET admin/trade/orders/pay-log: the money received, newest first. */
export const collectionListQuery = listQuery(
  {
    /** order sn */
    keyword: z.string().trim().max(32).optional(),
    /** the buyer's member name, exactly */
    member_name: z.string().trim().max(20).optional(),
    pay_way: z.enum(PAY_WAY_KEYS).optional(),
    payment_type: z.enum(Object.keys(PAYMENT_TYPES) as [PaymentType, ...PaymentType[]]).optional(),
    pay_status: z.enum(['PAY_YES', 'REFUNDED']).optional(),
    ...timeRange,
  },
  { by: ['pay_time'], default: 'pay_time' },
).refine(rangeInOrder, RANGE_MESSAGE);
export type CollectionListQuery = z.infer<typeof collectionListQuery>;
export type CollectionListInput = z.input<typeof collectionListQuery>;

export interface CollectionRow {
  id: number;
  order_sn: string;
  payment_type: PaymentType;
  pay_way: PayWay;
  pay_time: number;
  /** yuan */
  pay_money: number;
  pay_member_name: string;
  pay_status: CollectionStatus;
  shop_name: string;
  trade_no: string;
}

export const afterSaleEndpoints = defineEndpoints('afterSales', {
  list: endpoint({ method: 'GET', path: 'admin/after-sales', permission: 'serviceList', query: serviceListQuery, response: returns<Page<ServiceRow>>() }),
  export: endpoint({ method: 'POST', path: 'admin/after-sales/export', permission: 'serviceList', twoStep: true, body: serviceListQuery, response: returns<TaskQueued>() }),
  detail: endpoint({ method: 'GET', path: 'admin/after-sales/detail/:service_sn', permission: ['serviceDetail', 'serviceList', 'refundList'], params: serviceSnParam, response: returns<ServiceDetail>() }),
  refund: endpoint({ method: 'POST', path: 'admin/after-sales/refund/:service_sn', permission: ['serviceDetail', 'serviceList'], params: serviceSnParam, query: serviceRefundQuery, response: returns<ServiceDetail>() }),
  refunds: endpoint({ method: 'GET', path: 'admin/after-sales/refund', permission: 'refundList', query: refundListQuery, response: returns<Page<RefundRow>>() }),
  exportRefunds: endpoint({ method: 'POST', path: 'admin/after-sales/refund/export', permission: 'refundList', twoStep: true, body: refundListQuery, response: returns<TaskQueued>() }),
  collections: endpoint({ method: 'GET', path: 'admin/trade/orders/pay-log', permission: 'collectionList', query: collectionListQuery, response: returns<Page<CollectionRow>>() }),
  exportCollections: endpoint({ method: 'POST', path: 'admin/trade/orders/pay-log/export', permission: 'collectionList', twoStep: true, body: collectionListQuery, response: returns<TaskQueued>() }),
});
