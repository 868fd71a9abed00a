/** The points mall (exchange categories and goods) and sign-in activities (DOMAIN §2.19). */
import { z } from 'zod';
import { idListOf, idOf, idOrZeroOf, idParam, listQuery, type Page, type TaskQueued } from './common.js';
import { ORDER_TAG_KEYS, type OrderRow } from './orders.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

// ─── Exchange categories ────────────────────────────────────────────────────

export const EXCHANGE_CAT_NAME_MAX = 20;
/** A top level and one level under it. */
export const EXCHANGE_CAT_DEPTH = 2;

export const exchangeCatBody = z.object({
  parent_id: idOrZeroOf('上级分类id格式有误').default(0),
  name: z.string().trim().min(1, '请填写分类名称').max(EXCHANGE_CAT_NAME_MAX, `分类名称最多${EXCHANGE_CAT_NAME_MAX}个字符`),
  sort: z.coerce.number().int('排序须为0-9999的整数').min(0, '排序须为0-9999的整数').max(9999, '排序须为0-9999的整数').default(0),
  image: z.string().trim().max(500, '图片地址最多500个字符').default(''),
});
export type ExchangeCatInput = z.output<typeof exchangeCatBody>;
export type ExchangeCatBodyInput = z.input<typeof exchangeCatBody>;

export interface ExchangeCatNode {
  cat_id: number;
  parent_id: number;
  name: string;
  sort: number;
  image: string;
  /** exchange goods filed under it */
  goods_num: number;
  children: ExchangeCatNode[];
}

// ─── Exchange goods ─────────────────────────────────────────────────────────

export const EXCHANGE_POINT_MAX = 10_000_000;
export const EXCHANGE_GOODS_BATCH_MAX = 50;

export const exchangeGoodsQuery = listQuery(
  {
    goods_name: z.string().trim().max(100).optional(),
    goods_sn: z.string().trim().max(30).optional(),
    seller_name: z.string().trim().max(30).optional(),
    cat_id: idOf('分类id格式有误').optional(),
  },
  { by: ['create_time'], default: 'create_time' },
);
export type ExchangeGoodsQuery = z.output<typeof exchangeGoodsQuery>;

export interface ExchangeGoodsRow {
  exchange_id: number;
  goods_id: number;
  goods_name: string;
  goods_sn: string;
  thumbnail: string;
  seller_name: string;
  /** the goods' own price, yuan */
  goods_price: number;
  cat_id: number;
  cat_name: string;
  exchange_point: number;
  /** the cash paid besides the points, yuan */
  exchange_money: number;
  enable_quantity: number;
  /** pieces exchanged in EXCHANGE orders not cancelled */
  exchange_num: number;
  create_time: number;
}

/** POST admin/promotion/exchange-goods: the goods chosen in the goods picker become exchange goods at one price. */
export const exchangeGoodsBody = z.object({
  goods_ids: z.array(z.number().int().positive()).min(1, '请选择商品').max(EXCHANGE_GOODS_BATCH_MAX, `一次最多设置${EXCHANGE_GOODS_BATCH_MAX}个商品`),
  cat_id: idOf('请选择积分分类'),
  exchange_point: z
    .number({ message: '请填写兑换积分' })
    .int('兑换积分须为整数')
    .min(1, `兑换积分为1到${EXCHANGE_POINT_MAX}`)
    .max(EXCHANGE_POINT_MAX, `兑换积分为1到${EXCHANGE_POINT_MAX}`),
  exchange_money: z
    .number({ message: '请填写兑换金额' })
    .min(0, '兑换金额不能小于0')
    .max(99_999, '兑换金额最多99999元')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, '兑换金额最多两位小数')
    .default(0),
});
export type ExchangeGoodsInput = z.output<typeof exchangeGoodsBody>;

/** PUT admin/promotion/exchange-goods/{id}: one item's price and category. */
export const exchangeGoodsUpdateBody = exchangeGoodsBody.omit({ goods_ids: true });
export type ExchangeGoodsUpdate = z.output<typeof exchangeGoodsUpdateBody>;

// ─── Sign-in activities ─────────────────────────────────────────────────────

/** WAIT before its window, OPEN inside it, FINISH after it; CLOSE when the operator ended it early. */
export const SIGN_STATUSES = ['WAIT', 'OPEN', 'CLOSE', 'FINISH'] as const;
export type SignStatus = (typeof SIGN_STATUSES)[number];
export const SIGN_REWARD_TYPES = ['POINT', 'COUPON'] as const;
export type SignRewardType = (typeof SIGN_REWARD_TYPES)[number];
export const SIGN_TITLE_MAX = 30;
export const SIGN_CYCLE_MAX = 31;
export const SIGN_REWARD_POINT_MAX = 100_000;
export const SIGN_DESCRIPTION_MAX = 500;

/** The operator actions and where each is allowed (one table, read by the server's guard and the list's buttons). */
export const SIGN_ACTIONS = {
  EDIT: ['WAIT'],
  CLOSE: ['WAIT', 'OPEN'],
  DELETE: ['CLOSE', 'FINISH'],
} as const satisfies Record<string, readonly SignStatus[]>;
export type SignAction = keyof typeof SIGN_ACTIONS;
/** The words of a refusal (签到活动{status}状态不能{action}). */
export const SIGN_STATUS_WORDS: Record<SignStatus, { zh: string; en: string }> = {
  WAIT: { zh: '未开始', en: 'not started' },
  OPEN: { zh: '进行中', en: 'running' },
  CLOSE: { zh: '已关闭', en: 'closed' },
  FINISH: { zh: '已结束', en: 'finished' },
};
export const SIGN_ACTION_WORDS: Record<SignAction, { zh: string; en: string }> = {
  EDIT: { zh: '编辑', en: 'edited' },
  CLOSE: { zh: '关闭', en: 'closed' },
  DELETE: { zh: '删除', en: 'deleted' },
};
export const signActionAllowed = (status: SignStatus, action: SignAction): boolean => (SIGN_ACTIONS[action] as readonly SignStatus[]).includes(status);

export const signRewardItem = z
  .object({
    reward_type: z.enum(SIGN_REWARD_TYPES),
    point: z.number().int('奖励积分须为整数').min(0).max(SIGN_REWARD_POINT_MAX, `奖励积分最多${SIGN_REWARD_POINT_MAX}`).default(0),
    coupon_id: z.number().int().positive().nullable().default(null),
  })
  .superRefine((reward, issues) => {
    if (reward.reward_type === 'POINT' && reward.point < 1) issues.addIssue({ code: 'custom', message: '请填写奖励积分', path: ['point'] });
    if (reward.reward_type === 'COUPON' && !reward.coupon_id) issues.addIssue({ code: 'custom', message: '请选择奖励优惠券', path: ['coupon_id'] });
  });
export type SignReward = z.output<typeof signRewardItem>;

/** POST admin/promotion/sign/active and PUT …/{id}. The start against the clock and the overlap are the server's. */
export const signActivityBody = z
  .object({
    title: z.string().trim().min(1, '请填写活动名称').max(SIGN_TITLE_MAX, `活动名称最多${SIGN_TITLE_MAX}个字符`),
    start_time: z.number({ message: '请选择活动开始时间' }).int().min(0),
    end_time: z.number({ message: '请选择活动结束时间' }).int().min(0),
    /** the reward of the n-th consecutive day; the cycle starts again after the last */
    rewards: z.array(signRewardItem).min(1, '请设置签到奖励').max(SIGN_CYCLE_MAX, `签到周期最多${SIGN_CYCLE_MAX}天`),
    description: z.string().trim().max(SIGN_DESCRIPTION_MAX, `活动规则最多${SIGN_DESCRIPTION_MAX}个字符`).default(''),
  })
  .refine((body) => body.start_time < body.end_time, { message: '活动开始时间须早于结束时间', path: ['end_time'] });
export type SignActivityInput = z.output<typeof signActivityBody>;
export type SignActivityBodyInput = z.input<typeof signActivityBody>;

export const signActivityQuery = listQuery(
  {
    title: z.string().trim().max(SIGN_TITLE_MAX).optional(),
    status: z.enum(SIGN_STATUSES).optional(),
  },
  { by: ['create_time'], default: 'create_time' },
);
export type SignActivityQuery = z.output<typeof signActivityQuery>;

export interface SignRewardView extends SignReward {
  day: number;
  coupon_title: string;
}

export interface SignActivityRow {
  activity_id: number;
  title: string;
  start_time: number;
  end_time: number;
  status: SignStatus;
  cycle_days: number;
  sign_num: number;
  create_time: number;
}

export interface SignActivityDetail extends SignActivityRow {
  rewards: SignRewardView[];
  description: string;
}

/** A coupon a sign-in reward may hand out: platform, not void, still claimable. */
export interface SignCouponOption {
  coupon_id: number;
  title: string;
  coupon_price: number;
  coupon_threshold_price: number;
  start_time: number;
  end_time: number;
}

export const signRecordQuery = listQuery(
  {
    activity_id: idOf('活动id格式有误').optional(),
    member_name: z.string().trim().max(20).optional(),
    start_time: z.coerce.number().int().min(0).optional(),
    end_time: z.coerce.number().int().min(0).optional(),
  },
  { by: ['create_time'], default: 'create_time' },
);
export type SignRecordQuery = z.output<typeof signRecordQuery>;

export interface SignRecordRow {
  record_id: number;
  activity_id: number;
  activity_title: string;
  member_id: number;
  member_name: string;
  /** the platform day, YYYY-MM-DD */
  sign_day: string;
  continuous_days: number;
  reward_type: SignRewardType;
  point: number;
  coupon_title: string;
  create_time: number;
}

/**
 * POST buyer/sign-in: a member checks in. There is no buyer session yet, so the member proves who
 * they are with their name and the MD5 of their password, as the console's own login sends it.
 */
export const memberSignInBody = z.object({
  uname: z.string().trim().min(1, '请填写会员名称').max(20),
  password: z.string().regex(/^[0-9a-f]{32}$/, '密码格式有误'),
});

export interface MemberSignInResult {
  record_id: number;
  sign_day: string;
  continuous_days: number;
  reward_type: SignRewardType;
  point: number;
  coupon_title: string;
}

/**
 * POST buyer/exchange: a member buys an exchange goods item for its points (and cash part), proving
 * who they are as at the check-in. The order is an EXCHANGE order: paid at once when there is no
 * cash part, else waiting for payment like any online order; its points come back if it is cancelled.
 */
export const EXCHANGE_NUM_MAX = 99;
export const memberExchangeBody = memberSignInBody.extend({
  goods_id: idOf('商品id格式有误'),
  sku_id: idOf('规格id格式有误'),
  num: z.number({ message: '请填写兑换数量' }).int('兑换数量须为整数').min(1, `兑换数量为1到${EXCHANGE_NUM_MAX}`).max(EXCHANGE_NUM_MAX, `兑换数量为1到${EXCHANGE_NUM_MAX}`).default(1),
  ship_name: z.string().trim().min(1, '请填写收货人').max(30, '收货人最多30个字符'),
  ship_mobile: z.string().trim().regex(/^1\d{10}$/, '手机号格式有误'),
  ship_region: z.string().trim().min(1, '请填写所在地区').max(100, '所在地区最多100个字符'),
  ship_addr: z.string().trim().min(1, '请填写详细地址').max(200, '详细地址最多200个字符'),
  remark: z.string().trim().max(200, '备注最多200个字符').default(''),
});
export type MemberExchangeInput = z.output<typeof memberExchangeBody>;
export type MemberExchangeBodyInput = z.input<typeof memberExchangeBody>;

export interface MemberExchangeResult {
  order_sn: string;
  /** PAID_OFF when there is no cash part, CONFIRM (waiting for payment) otherwise */
  order_status: 'PAID_OFF' | 'CONFIRM';
  point: number;
  /** the cash part to pay, yuan */
  need_pay_money: number;
  /** the member's points left */
  consum_point: number;
}

// ─── Exchange orders ────────────────────────────────────────────────────────

const seconds = z.coerce.number().int().min(0).max(4_102_444_800);

/**
 * GET admin/promotion/exchange-orders: the order list's rows of type EXCHANGE, by order sn or
 * member name (keyword), the order list's status tags and the created range, newest first.
 */
export const exchangeOrderQuery = listQuery(
  {
    /** order sn or member name */
    keyword: z.string().trim().max(50).optional(),
    order_status: z.enum(ORDER_TAG_KEYS).optional(),
    start_time: seconds.optional(),
    end_time: seconds.optional(),
  },
  { by: ['create_time'], default: 'create_time' },
).refine((q) => q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time, {
  message: '开始时间不能晚于结束时间',
});
export type ExchangeOrderQuery = z.infer<typeof exchangeOrderQuery>;

const POINTS_READERS = ['exchangeGoods', 'exchangeCategory'] as const;
const SIGN_READERS = ['signActivityList', 'signActivity', 'signRecord'] as const;

export const pointsMallEndpoints = defineEndpoints('pointsMall', {
  cats: endpoint({ method: 'GET', path: 'admin/promotion/exchange-cats', permission: POINTS_READERS, response: returns<ExchangeCatNode[]>() }),
  createCat: endpoint({ method: 'POST', path: 'admin/promotion/exchange-cats', permission: 'exchangeCategory', body: exchangeCatBody, response: returns<{ cat_id: number }>() }),
  updateCat: endpoint({ method: 'PUT', path: 'admin/promotion/exchange-cats/:id', permission: 'exchangeCategory', params: idParam, body: exchangeCatBody }),
  removeCat: endpoint({ method: 'DELETE', path: 'admin/promotion/exchange-cats/:id', permission: 'exchangeCategory', params: idParam }),
  goods: endpoint({ method: 'GET', path: 'admin/promotion/exchange-goods', permission: 'exchangeGoods', query: exchangeGoodsQuery, response: returns<Page<ExchangeGoodsRow>>() }),
  addGoods: endpoint({ method: 'POST', path: 'admin/promotion/exchange-goods', permission: 'exchangeGoods', body: exchangeGoodsBody }),
  updateGoods: endpoint({ method: 'PUT', path: 'admin/promotion/exchange-goods/:id', permission: 'exchangeGoods', params: idParam, body: exchangeGoodsUpdateBody }),
  removeGoods: endpoint({
    method: 'DELETE',
    path: 'admin/promotion/exchange-goods/:ids',
    permission: 'exchangeGoods',
    params: z.object({ ids: idListOf('积分商品id格式有误', EXCHANGE_GOODS_BATCH_MAX, `一次最多移除${EXCHANGE_GOODS_BATCH_MAX}个商品`) }),
  }),
  orders: endpoint({ method: 'GET', path: 'admin/promotion/exchange-orders', permission: 'exchangeOrders', query: exchangeOrderQuery, response: returns<Page<OrderRow>>() }),
  /** 导出 on the exchange order list: its filters become an export job (second step first) */
  exportOrders: endpoint({ method: 'POST', path: 'admin/promotion/exchange-orders/export', permission: 'exchangeOrders', twoStep: true, body: exchangeOrderQuery, response: returns<TaskQueued>() }),
  /** the buyer side: a member's exchange becomes an EXCHANGE order */
  exchange: endpoint({ method: 'POST', path: 'buyer/exchange', permission: 'public', body: memberExchangeBody, response: returns<MemberExchangeResult>() }),
});

export const signInEndpoints = defineEndpoints('signIn', {
  list: endpoint({ method: 'GET', path: 'admin/promotion/sign/active', permission: 'signActivityList', query: signActivityQuery, response: returns<Page<SignActivityRow>>() }),
  detail: endpoint({ method: 'GET', path: 'admin/promotion/sign/active/:id', permission: SIGN_READERS, params: idParam, response: returns<SignActivityDetail>() }),
  create: endpoint({ method: 'POST', path: 'admin/promotion/sign/active', permission: 'signActivity', body: signActivityBody, response: returns<{ activity_id: number }>() }),
  update: endpoint({ method: 'PUT', path: 'admin/promotion/sign/active/:id', permission: 'signActivity', params: idParam, body: signActivityBody }),
  close: endpoint({ method: 'POST', path: 'admin/promotion/sign/active/:id/close', permission: 'signActivityList', params: idParam }),
  remove: endpoint({ method: 'DELETE', path: 'admin/promotion/sign/active/:id', permission: 'signActivityList', params: idParam }),
  coupons: endpoint({ method: 'GET', path: 'admin/promotion/sign/coupons', permission: 'signActivity', response: returns<SignCouponOption[]>() }),
  records: endpoint({ method: 'GET', path: 'admin/promotion/sign/record', permission: 'signRecord', query: signRecordQuery, response: returns<Page<SignRecordRow>>() }),
  checkIn: endpoint({ method: 'POST', path: 'buyer/sign-in', permission: 'public', body: memberSignInBody, response: returns<MemberSignInResult>() }),
});
