/**
 * The list's status tags as raw-state conditions (DOMAIN §2.4, OrderQueryMapper): one text used
 * by the partial indexes of tables.ts and by the list's WHERE, so the planner sees the very
 * predicate of the index and reads it.
 */
import type { OrderTag } from '@agora/contract';

export const ORDER_TAG_CONDITIONS = {
  WAIT_PAY: `(status = 'NEW' or (status = 'CONFIRM' and payment_type <> 'COD') or (status = 'ROG' and payment_type = 'COD'))`,
  WAIT_SHIP: `((status = 'PAID_OFF' and payment_type <> 'COD' and order_type in ('NORMAL', 'CHANGE', 'SUPPLY_AGAIN', 'EXCHANGE')) or (status = 'CONFIRM' and payment_type = 'COD' and order_type = 'NORMAL') or (status = 'FORMED' and order_type = 'PINTUAN'))`,
  WAIT_ROG: `(status = 'SHIPPED')`,
  WAIT_COMMENT: `(ship_status = 'SHIP_ROG' and comment_status = 'UNFINISHED')`,
  COMPLETE: `(status = 'COMPLETE')`,
  CANCELLED: `(status = 'CANCELLED')`,
} as const satisfies Record<OrderTag, string>;
