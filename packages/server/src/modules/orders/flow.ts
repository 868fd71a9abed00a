/**
 * The order state machine (DOMAIN §2.4, Javashop's order_flow.xml): per flow, which action each
 * state allows and where it leads. Every transition (the operator's, the scheduled tasks', and
 * the after-sales' to come) asks this module, and the detail's `allowable` is computed from it,
 * so the buttons an operator sees are exactly the calls the server accepts.
 *
 * Adding an action (an after-sale's SERVICE_CANCEL, a seller's SHIP): name it in ORDER_ACTIONS
 * with its words, put it in the flows where it is allowed, and perform it through
 * `transitionOrder` (service.ts), which locks the row, checks here and writes the log.
 */
import { ORDER_STATUS, type OrderStatus } from '@agora/contract';
import { AppError } from '../../platform/errors.js';

export const ORDER_ACTIONS = {
  CONFIRM: { zh: '确认', en: 'confirmed' },
  PAY: { zh: '确认收款', en: 'marked as paid' },
  FORM: { zh: '成团', en: 'formed as a group' },
  SHIP: { zh: '发货', en: 'shipped' },
  ROG: { zh: '确认收货', en: 'marked as received' },
  COMPLETE: { zh: '完成', en: 'completed' },
  CANCEL: { zh: '取消', en: 'cancelled' },
  /** an ORDER_CANCEL after-sale of a paid order (part B) */
  SERVICE_CANCEL: { zh: '申请取消', en: 'cancelled by an after-sale' },
  /** the refund of an ORDER_CANCEL after-sale (modules/aftersales): the paid order ends cancelled */
  CANCEL_REFUND: { zh: '退款取消', en: 'cancelled with a refund' },
  /** the refund of a RETURN_GOODS after-sale: a received order keeps (or, from AFTER_SERVICE, reaches) its end */
  RETURN_REFUND: { zh: '退货退款', en: 'refunded for a return' },
  /** no after-sale any more: the status stays, `service_status` becomes EXPIRED */
  EXPIRE_SERVICE: { zh: '售后过期', en: 'closed for after-sales' },
} as const;
export type OrderAction = keyof typeof ORDER_ACTIONS;

type Flow = Partial<Record<OrderStatus, Partial<Record<OrderAction, OrderStatus>>>>;

const AFTER_SALES: Flow = {
  AFTER_SERVICE: { COMPLETE: 'COMPLETE', CANCEL_REFUND: 'CANCELLED', RETURN_REFUND: 'COMPLETE' },
  COMPLETE: { EXPIRE_SERVICE: 'COMPLETE', RETURN_REFUND: 'COMPLETE' },
};

/** Pay first. NORMAL, CHANGE and SUPPLY_AGAIN orders follow the flow of their payment type. */
const ONLINE: Flow = {
  NEW: { CONFIRM: 'CONFIRM', CANCEL: 'CANCELLED' },
  CONFIRM: { PAY: 'PAID_OFF', CANCEL: 'CANCELLED' },
  PAID_OFF: { SHIP: 'SHIPPED', SERVICE_CANCEL: 'AFTER_SERVICE' },
  SHIPPED: { ROG: 'ROG', SERVICE_CANCEL: 'AFTER_SERVICE' },
  ROG: { COMPLETE: 'COMPLETE', RETURN_REFUND: 'ROG' },
  ...AFTER_SALES,
};

/** Cash on delivery: shipped unpaid, paid (to the courier, the seller or the platform) once received. */
const COD: Flow = {
  NEW: { CONFIRM: 'CONFIRM', CANCEL: 'CANCELLED' },
  CONFIRM: { SHIP: 'SHIPPED', CANCEL: 'CANCELLED' },
  SHIPPED: { ROG: 'ROG' },
  ROG: { PAY: 'PAID_OFF' },
  PAID_OFF: { COMPLETE: 'COMPLETE', RETURN_REFUND: 'PAID_OFF' },
  ...AFTER_SALES,
};

/** Group buy: paid like an online order, shipped only once the group has formed. */
const PINTUAN: Flow = {
  ...ONLINE,
  PAID_OFF: { FORM: 'FORMED', SERVICE_CANCEL: 'AFTER_SERVICE' },
  FORMED: { SHIP: 'SHIPPED', SERVICE_CANCEL: 'AFTER_SERVICE' },
};

export interface FlowState {
  status: string;
  paymentType: string;
  orderType: string;
  serviceStatus: string;
}

const flowOf = (order: FlowState): Flow => (order.orderType === 'PINTUAN' ? PINTUAN : order.paymentType === 'COD' ? COD : ONLINE);

/** Where `action` takes the order, or undefined when its state does not allow it. */
export function nextStatus(order: FlowState, action: OrderAction): OrderStatus | undefined {
  if (action === 'EXPIRE_SERVICE' && order.serviceStatus === 'EXPIRED') return undefined;
  return flowOf(order)[order.status as OrderStatus]?.[action];
}

/** 订单{状态}状态不能进行{操作}操作, or where the action leads. */
export function assertAllowed(order: FlowState, action: OrderAction): OrderStatus {
  const next = nextStatus(order, action);
  if (next) return next;
  const status = ORDER_STATUS[order.status as OrderStatus] ?? { zh: order.status, en: order.status };
  const words = ORDER_ACTIONS[action];
  throw new AppError(400, 'ORDER_ACTION_REFUSED', { status: status.zh, action: words.zh, status_en: status.en.toLowerCase(), action_en: words.en });
}

/** The detail's buttons: the operator's actions the flow allows in the order's state. */
export function allowableOf(order: FlowState) {
  return {
    allow_pay: nextStatus(order, 'PAY') !== undefined,
    allow_cancel: nextStatus(order, 'CANCEL') !== undefined,
    allow_complete: nextStatus(order, 'COMPLETE') !== undefined,
    allow_service_expire: nextStatus(order, 'EXPIRE_SERVICE') !== undefined,
  };
}
