/**
 * States and labels shared by every marketplace area (shops, goods, members, orders) and
 * the money convention. Area files (shops.ts, goods.ts, members.ts…) hold the endpoint schemas.
 */

export interface Label {
  zh: string;
  en: string;
}

/** Shop lifecycle (DOMAIN §2.13): APPLYING → APPLY → OPEN | REFUSED; OPEN ↔ CLOSED. */
export const SHOP_STATUS = {
  APPLYING: { zh: '申请中', en: 'Applying' },
  APPLY: { zh: '待审核', en: 'Awaiting audit' },
  OPEN: { zh: '开启中', en: 'Open' },
  CLOSED: { zh: '已关闭', en: 'Closed' },
  REFUSED: { zh: '审核未通过', en: 'Refused' },
} as const satisfies Record<string, Label>;
export type ShopStatus = keyof typeof SHOP_STATUS;

/** Order statuses of spec §3. */
export const ORDER_STATUS = {
  NEW: { zh: '新订单', en: 'New' },
  INTODB_ERROR: { zh: '入库失败', en: 'Failed to save' },
  CONFIRM: { zh: '已确认', en: 'Confirmed' },
  PAID_OFF: { zh: '已付款', en: 'Paid' },
  FORMED: { zh: '已成团', en: 'Group formed' },
  SHIPPED: { zh: '已发货', en: 'Shipped' },
  ROG: { zh: '已收货', en: 'Received' },
  COMPLETE: { zh: '已完成', en: 'Complete' },
  CANCELLED: { zh: '已取消', en: 'Cancelled' },
  AFTER_SERVICE: { zh: '售后中', en: 'After-sales' },
} as const satisfies Record<string, Label>;
export type OrderStatus = keyof typeof ORDER_STATUS;

/** Goods audit state `is_auth` (DOMAIN §2.2). */
export const GOODS_AUTH = {
  WAITING: 0,
  PASSED: 1,
  REFUSED: 2,
} as const;

export const GOODS_TYPE = {
  NORMAL: { zh: '普通商品', en: 'Normal' },
  VIRTUAL: { zh: '虚拟商品', en: 'Virtual' },
  POINT: { zh: '积分商品', en: 'Points' },
} as const satisfies Record<string, Label>;
export type GoodsType = keyof typeof GOODS_TYPE;

/** Member `disabled`: 0 normal, -1 in the recycle bin. */
export const MEMBER_STATE = { NORMAL: 0, RECYCLED: -1 } as const;

export const MARGIN_AUTH_STATUS = {
  WAIT_AUDIT: { zh: '待审核', en: 'Awaiting audit' },
  PASS_AUDIT: { zh: '审核通过', en: 'Approved' },
  REFUSE_AUDIT: { zh: '审核未通过', en: 'Refused' },
} as const satisfies Record<string, Label>;
export type MarginAuthStatus = keyof typeof MARGIN_AUTH_STATUS;

export const CATEGORY_MAX_LEVEL = 4;

/** Money travels as yuan with two decimals and is stored as integer cents. */
export const toCents = (yuan: number): number => Math.round(yuan * 100);
export const toYuan = (cents: number): number => Math.round(cents) / 100;
