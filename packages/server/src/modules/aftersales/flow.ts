/**
 * The after-sale state machine (DOMAIN §2.5, Javashop's after_sale_flow.xml): per service type,
 * which action each state allows and where it may lead. Every transition (`transitionService`,
 * service.ts), the list's and the detail's `allowable`, and the demo data's paths (seed, checked
 * by a test) ask this module, so a button shows exactly when the server accepts its call.
 *
 * An action may lead to several states: a seller's refund completes (pre-deposit), waits for the
 * gateway (original route) or for the platform (offline, or a failed credit); creating the new
 * order of an exchange completes or fails. The caller names the target; the flow checks it.
 */
import { SERVICE_STATUSES, type ServiceStatus, type ServiceType } from '@agora/contract';
import { AppError } from '../../platform/errors.js';

export const SERVICE_ACTIONS = {
  /** the seller's audit */
  PASS: { zh: '审核通过', en: 'approved', actor: 'SELLER' },
  REFUSE: { zh: '审核拒绝', en: 'refused', actor: 'SELLER' },
  /** the buyer sends the goods back */
  SHIP_BACK: { zh: '退还商品', en: 'sent back', actor: 'BUYER' },
  STOCK_IN: { zh: '入库', en: 'put back into stock', actor: 'SELLER' },
  /** the seller's refund, by the refund way */
  REFUND: { zh: '退款', en: 'refunded by the seller', actor: 'SELLER' },
  /** the gateway's answer to an original-route refund */
  REFUND_RESULT: { zh: '退款结果', en: 'given a refund result', actor: 'SYSTEM' },
  CREATE_ORDER: { zh: '创建新订单', en: 'given a new order', actor: 'SELLER' },
  CLOSE: { zh: '关闭', en: 'closed', actor: 'SELLER' },
  /** the platform's manual refund: the only operator action of this area */
  ADMIN_REFUND: { zh: '平台退款', en: 'refunded by the platform', actor: 'ADMIN' },
} as const;
export type ServiceAction = keyof typeof SERVICE_ACTIONS;

type Flow = Partial<Record<ServiceStatus, Partial<Record<ServiceAction, readonly ServiceStatus[]>>>>;

/** From STOCK_IN the money goes back; the platform finishes what waits for it by hand. */
const REFUND_STEPS: Flow = {
  STOCK_IN: { REFUND: ['COMPLETED', 'REFUNDING', 'WAIT_FOR_MANUAL'] },
  REFUNDING: { REFUND_RESULT: ['COMPLETED', 'REFUNDFAIL'] },
  WAIT_FOR_MANUAL: { ADMIN_REFUND: ['COMPLETED'] },
};

const AUDIT = { PASS: ['PASS'], REFUSE: ['REFUSE'] } as const;
const NEW_ORDER = { CREATE_ORDER: ['COMPLETED', 'ERROR_EXCEPTION'], CLOSE: ['CLOSED'] } as const;

export const SERVICE_FLOWS: Record<ServiceType, Flow> = {
  /** a paid order not yet received: no goods come back */
  ORDER_CANCEL: { APPLY: AUDIT, PASS: { STOCK_IN: ['STOCK_IN'] }, ...REFUND_STEPS },
  RETURN_GOODS: { APPLY: AUDIT, PASS: { SHIP_BACK: ['FULL_COURIER'] }, FULL_COURIER: { STOCK_IN: ['STOCK_IN'] }, ...REFUND_STEPS },
  /** the stock-in creates the CHANGE order */
  CHANGE_GOODS: { APPLY: AUDIT, PASS: { SHIP_BACK: ['FULL_COURIER'] }, FULL_COURIER: { STOCK_IN: ['COMPLETED', 'ERROR_EXCEPTION'] }, ERROR_EXCEPTION: NEW_ORDER },
  /** the approval creates the SUPPLY_AGAIN order */
  SUPPLY_AGAIN_GOODS: { APPLY: { PASS: ['COMPLETED', 'ERROR_EXCEPTION'], REFUSE: ['REFUSE'] }, ERROR_EXCEPTION: NEW_ORDER },
};

export interface ServiceFlowState {
  serviceType: string;
  status: string;
}

/** Where `action` may take the service (empty when its state does not allow it). */
export function targetsOf(service: ServiceFlowState, action: ServiceAction): readonly ServiceStatus[] {
  return SERVICE_FLOWS[service.serviceType as ServiceType]?.[service.status as ServiceStatus]?.[action] ?? [];
}

/** 售后服务单{状态}状态不能进行{操作}操作, or `to` when the flow allows it. */
export function assertServiceAllowed(service: ServiceFlowState, action: ServiceAction, to: ServiceStatus): ServiceStatus {
  if (targetsOf(service, action).includes(to)) return to;
  const status = SERVICE_STATUSES[service.status as ServiceStatus] ?? { zh: service.status, en: service.status };
  const words = SERVICE_ACTIONS[action];
  throw new AppError(400, 'SERVICE_ACTION_REFUSED', { status: status.zh, action: words.zh, status_en: status.en.toLowerCase(), action_en: words.en });
}

/** The operator's buttons: the platform refund only where the flow allows it. */
export function serviceAllowableOf(service: ServiceFlowState) {
  return { allow_admin_refund: targetsOf(service, 'ADMIN_REFUND').length > 0 };
}
