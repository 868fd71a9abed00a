import { z } from 'zod';
import { idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { ORDER_STATUS, type Label, type OrderStatus } from './marketplace.js';

/**
 * Orders (DOMAIN §2.4): the list with its status tags, the detail with what the server allows
 * now, the operator's transitions and the delays of the scheduled tasks (DOMAIN §1.6).
 */

/** The list's status tags: each a condition on the raw states (DOMAIN §2.4 mapping). */
export const ORDER_TAGS = {
  WAIT_PAY: { zh: '待付款', en: 'To pay' },
  WAIT_SHIP: { zh: '待发货', en: 'To ship' },
  WAIT_ROG: { zh: '待收货', en: 'To receive' },
  WAIT_COMMENT: { zh: '待评论', en: 'To review' },
  COMPLETE: { zh: '已完成', en: 'Complete' },
  CANCELLED: { zh: '已取消', en: 'Cancelled' },
} as const satisfies Record<string, Label>;
export type OrderTag = keyof typeof ORDER_TAGS;
export const ORDER_TAG_KEYS = Object.keys(ORDER_TAGS) as [OrderTag, ...OrderTag[]];

export const PAYMENT_TYPES = {
  ONLINE: { zh: '在线支付', en: 'Online' },
  COD: { zh: '货到付款', en: 'Cash on delivery' },
} as const satisfies Record<string, Label>;
export type PaymentType = keyof typeof PAYMENT_TYPES;

export const CLIENT_TYPES = {
  PC: { zh: 'PC端', en: 'PC' },
  WAP: { zh: '移动端H5', en: 'Mobile H5' },
  APP: { zh: 'APP', en: 'App' },
  MINI: { zh: '小程序', en: 'Mini program' },
} as const satisfies Record<string, Label>;
export type ClientType = keyof typeof CLIENT_TYPES;

export const ORDER_TYPES = {
  NORMAL: { zh: '普通订单', en: 'Normal' },
  PINTUAN: { zh: '拼团订单', en: 'Group buy' },
  CHANGE: { zh: '换货订单', en: 'Exchange' },
  SUPPLY_AGAIN: { zh: '补发订单', en: 'Resent' },
  /** bought in the points mall: points and a cash part (promotions/exchange-orders) */
  EXCHANGE: { zh: '积分兑换订单', en: 'Points exchange' },
} as const satisfies Record<string, Label>;
export type OrderType = keyof typeof ORDER_TYPES;
export const ORDER_TYPE_KEYS = Object.keys(ORDER_TYPES) as [OrderType, ...OrderType[]];

export const PAY_STATUS = {
  PAY_NO: { zh: '未付款', en: 'Unpaid' },
  PAY_PARTIAL: { zh: '部分付款', en: 'Partly paid' },
  PAY_YES: { zh: '已付款', en: 'Paid' },
  REFUNDED: { zh: '已退款', en: 'Refunded' },
} as const satisfies Record<string, Label>;

export const SHIP_STATUS = {
  SHIP_NO: { zh: '未发货', en: 'Not shipped' },
  SHIP_YES: { zh: '已发货', en: 'Shipped' },
  SHIP_ROG: { zh: '已收货', en: 'Received' },
} as const satisfies Record<string, Label>;

/** The order-level after-sale state of the list's column. */
export const SERVICE_STATUS = {
  NOT_APPLY: { zh: '未申请', en: 'Not applied' },
  APPLY: { zh: '已申请', en: 'Applied' },
  EXPIRED: { zh: '已失效', en: 'Expired' },
} as const satisfies Record<string, Label>;

/** An order line's complaint state (DOMAIN §2.7, §1.6 complain_expired_day). */
export const COMPLAIN_STATUS = {
  NO_APPLY: { zh: '未投诉', en: 'None' },
  APPLYING: { zh: '投诉中', en: 'In complaint' },
  COMPLETE: { zh: '已投诉', en: 'Complained' },
  EXPIRED: { zh: '投诉已失效', en: 'Period over' },
} as const satisfies Record<string, Label>;
export type ComplainStatus = keyof typeof COMPLAIN_STATUS;

export const RECEIPT_TYPES = {
  VATORDINARY: { zh: '增值税普通发票', en: 'VAT ordinary invoice' },
  ELECTRO: { zh: '电子普通发票', en: 'Electronic invoice' },
  VATOSPECIAL: { zh: '增值税专用发票', en: 'VAT special invoice' },
} as const satisfies Record<string, Label>;

/**
 * The status as operators read it (DOMAIN §2.4 `OrderSpecialStatus`): an online order paid shows
 * 待发货, an online order confirmed 待付款, a COD order confirmed 待发货, a formed group 待发货.
 */
export function orderStatusText(order: { order_status: OrderStatus; payment_type: PaymentType; order_type: OrderType }): Label {
  const { order_status: status, payment_type: payment, order_type: type } = order;
  if (status === 'PAID_OFF' && payment === 'ONLINE' && type !== 'PINTUAN') return ORDER_TAGS.WAIT_SHIP;
  if (status === 'CONFIRM' && payment === 'ONLINE') return ORDER_TAGS.WAIT_PAY;
  if (status === 'CONFIRM' && payment === 'COD') return ORDER_TAGS.WAIT_SHIP;
  if (status === 'FORMED') return ORDER_TAGS.WAIT_SHIP;
  return ORDER_STATUS[status];
}

const orderSn = z.string().trim().regex(/^[A-Za-z0-9]{1,32}$/, '订单编号格式有误');
export const orderSnParam = z.object({ sn: orderSn });

const seconds = z.coerce.number().int().min(0).max(4_102_444_800);

/** GET admin/trade/orders (DOMAIN §2.4): every filter is served by an index on `orders`. */
export const orderListQuery = listQuery(
  {
    /** order sn, consignee or goods name */
    keyword: z.string().trim().max(50).optional(),
    order_sn: z.string().trim().max(32).optional(),
    ship_name: z.string().trim().max(30).optional(),
    goods_name: z.string().trim().max(50).optional(),
    seller_id: idOf('店铺id格式有误').optional(),
    member_id: idOf('会员id格式有误').optional(),
    start_time: seconds.optional(),
    end_time: seconds.optional(),
    order_status: z.enum(ORDER_TAG_KEYS).optional(),
    payment_type: z.enum(['ONLINE', 'COD']).optional(),
    client_type: z.enum(['PC', 'WAP', 'APP', 'MINI']).optional(),
    order_type: z.enum(ORDER_TYPE_KEYS).optional(),
  },
  { by: ['create_time'], default: 'create_time' },
).refine((q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time, {
  message: '开始时间不能晚于结束时间',
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
export type OrderListInput = z.input<typeof orderListQuery>;

export interface OrderRow {
  order_id: number;
  sn: string;
  create_time: number;
  /** what the order costs: goods + shipping − discount (yuan) */
  order_amount: number;
  /** what is left to pay after the pre-deposit (yuan) */
  need_pay_money: number;
  ship_name: string;
  shop_id: number;
  shop_name: string;
  member_name: string;
  /** the items' names, one per line */
  goods_names: string;
  /** the points paid (an EXCHANGE order), given back when it is cancelled */
  point: number;
  order_status: OrderStatus;
  /** contextual (orderStatusText) */
  order_status_text: string;
  pay_status: keyof typeof PAY_STATUS;
  ship_status: keyof typeof SHIP_STATUS;
  service_status: keyof typeof SERVICE_STATUS;
  payment_type: PaymentType;
  order_type: OrderType;
  client_type: ClientType;
  /** seconds until the unpaid online order is cancelled automatically; null when it will not be */
  cancel_left_time: number | null;
}

export interface OrderItem {
  goods_id: number;
  sku_id: number;
  name: string;
  spec: string;
  image: string;
  /** yuan */
  price: number;
  num: number;
  /** yuan */
  subtotal: number;
  complain_status: ComplainStatus;
}

export interface OrderPayment {
  method: string;
  /** yuan */
  amount: number;
  trade_no: string;
  status: string;
  pay_time: number;
}

export interface OrderShipment {
  logi_name: string;
  ship_no: string;
  ship_time: number;
}

export interface OrderLogRow {
  id: number;
  status: OrderStatus;
  message: string;
  op_type: string;
  op_name: string;
  op_time: number;
}

/** What the operator may do now: computed on the server from the same flow every transition checks. */
export interface OrderAllowable {
  allow_pay: boolean;
  allow_cancel: boolean;
  allow_complete: boolean;
  allow_service_expire: boolean;
}

export interface OrderDetail extends OrderRow {
  member_id: number;
  goods_num: number;
  /** yuan, each to the cent */
  goods_price: number;
  shipping_price: number;
  discount_price: number;
  /** the pre-deposit used at checkout */
  balance: number;
  pay_money: number;
  payment_method_name: string;
  ship_mobile: string;
  ship_region: string;
  ship_addr: string;
  remark: string;
  cancel_reason: string;
  payment_time: number | null;
  ship_time: number | null;
  signing_time: number | null;
  complete_time: number | null;
  cancel_time: number | null;
  comment_status: string;
  need_receipt: 0 | 1;
  receipt: { type: keyof typeof RECEIPT_TYPES; title: string; tax_no: string; content: string } | null;
  items: OrderItem[];
  payments: OrderPayment[];
  shipments: OrderShipment[];
  logs: OrderLogRow[];
  allowable: OrderAllowable;
}

/** POST admin/trade/orders/{sn}/pay?pay_price: the amount received, which must be need_pay_money exactly. */
export const orderPayQuery = z.object({
  pay_price: z.coerce
    .number({ message: '请输入收款金额' })
    .refine((value) => Number.isFinite(value) && value >= 0, '请输入收款金额')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, '金额最多保留两位小数'),
});

const days = (label: string, max: number) => z.coerce.number().int(`${label}须为整数`).min(0, `${label}不能小于0`).max(max, `${label}不能大于${max}`);

/** GET/POST admin/trade/orders/setting: the delays of the scheduled tasks (DOMAIN §1.6). */
export const orderSettingsBody = z.object({
  /** unpaid online orders are cancelled after day/hour/minute; all zero turns the task off */
  cancel_order_day: days('自动取消天数', 30),
  cancel_order_hour: days('自动取消小时', 23),
  cancel_order_minute: days('自动取消分钟', 59),
  /** SHIPPED → ROG, days after shipping */
  rog_order_day: days('自动确认收货天数', 60).refine((value) => value >= 1, '自动确认收货天数不能小于1'),
  /** ROG → COMPLETE, days after receipt */
  complete_order_day: days('自动完成天数', 60).refine((value) => value >= 1, '自动完成天数不能小于1'),
  /** COD orders received are paid automatically after this many days */
  complete_order_pay: days('货到付款自动收款天数', 60).refine((value) => value >= 1, '货到付款自动收款天数不能小于1'),
  /** after COMPLETE, no after-sale once this many days have passed */
  service_expired_day: days('售后失效天数', 365).refine((value) => value >= 1, '售后失效天数不能小于1'),
  comment_order_day: days('自动好评天数', 365),
  complain_expired_day: days('投诉失效天数', 365),
});
export type OrderSettings = z.infer<typeof orderSettingsBody>;

export const ORDER_SETTINGS_DEFAULT: OrderSettings = {
  cancel_order_day: 1,
  cancel_order_hour: 0,
  cancel_order_minute: 0,
  rog_order_day: 10,
  complete_order_day: 7,
  complete_order_pay: 7,
  service_expired_day: 15,
  comment_order_day: 15,
  complain_expired_day: 30,
};

/** How long an unpaid online order waits, in seconds (0: never cancelled automatically). */
export const cancelDelaySeconds = (settings: OrderSettings): number =>
  ((settings.cancel_order_day * 24 + settings.cancel_order_hour) * 60 + settings.cancel_order_minute) * 60;

export const orderEndpoints = defineEndpoints('orders', {
  list: endpoint({ method: 'GET', path: 'admin/trade/orders', permission: 'orderList', query: orderListQuery, response: returns<Page<OrderRow>>() }),
  /** 导出 on the order list: the list's filters become an export job (second step first) */
  export: endpoint({ method: 'POST', path: 'admin/trade/orders/export', permission: 'orderList', twoStep: true, body: orderListQuery, response: returns<{ task_id: number }>() }),
  settings: endpoint({ method: 'GET', path: 'admin/trade/orders/setting', permission: ['systemSettings', 'orderList', 'orderDetail'], response: returns<OrderSettings>() }),
  saveSettings: endpoint({ method: 'POST', path: 'admin/trade/orders/setting', permission: 'systemSettings', twoStep: true, body: orderSettingsBody, response: returns<OrderSettings>() }),
  detail: endpoint({ method: 'GET', path: 'admin/trade/orders/:sn', permission: 'orderDetail', params: orderSnParam, response: returns<OrderDetail>() }),
  log: endpoint({ method: 'GET', path: 'admin/trade/orders/:sn/log', permission: 'orderDetail', params: orderSnParam, response: returns<OrderLogRow[]>() }),
  pay: endpoint({ method: 'POST', path: 'admin/trade/orders/:sn/pay', permission: 'orderDetail', params: orderSnParam, query: orderPayQuery, response: returns<OrderDetail>() }),
  cancel: endpoint({ method: 'POST', path: 'admin/trade/orders/:sn/cancelled', permission: 'orderDetail', params: orderSnParam, response: returns<OrderDetail>() }),
  complete: endpoint({ method: 'POST', path: 'admin/trade/orders/:sn/complete', permission: 'orderDetail', params: orderSnParam, response: returns<OrderDetail>() }),
  expireService: endpoint({ method: 'POST', path: 'admin/trade/orders/:sn/service', permission: 'orderDetail', params: orderSnParam, response: returns<OrderDetail>() }),
});
