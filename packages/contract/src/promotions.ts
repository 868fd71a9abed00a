/** Promotions run by the platform: coupons (DOMAIN §2.15) and seckill days (§2.16). */
import { z } from 'zod';
import { idOf, idParam, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import type { GoodsPickerRow } from './pickers.js';
import { COUPON_TITLE_MAX, couponYuan } from './settings.js';

const unixTime = z.coerce.number().int().min(0).optional();

// ─── Coupons ────────────────────────────────────────────────────────────────

/** NORMAL: claimed by members on the buyer site; NEWCOMER: handed to a member on registering. */
export const COUPON_TYPES = ['NORMAL', 'NEWCOMER'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_SCOPES = ['ALL', 'CATEGORY', 'SOME_GOODS'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
/** AUTO_TAKE_EFFECT: valid over the coupon's own dates; EFFECTIVE_AFTER_RECEIVING: valid N days from the claim. */
export const COUPON_EFFECTIVE_TYPES = ['AUTO_TAKE_EFFECT', 'EFFECTIVE_AFTER_RECEIVING'] as const;
export type CouponEffectiveType = (typeof COUPON_EFFECTIVE_TYPES)[number];
/** 0 not started, 1 active, 2 expired — from the dates; a voided coupon is also flagged `voided`. */
export const COUPON_STATUSES = [0, 1, 2] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const COUPON_ISSUE_MAX = 1_000_000;
export const COUPON_SCOPE_GOODS_MAX = 200;
export const COUPON_DESCRIPTION_MAX = 200;
export const COUPON_EFFECTIVE_DAYS_MAX = 365;
export const MEMBER_COUPON_CANCEL_REASON_MAX = 120;

/** GET admin/promotion/coupons: one tab (NORMAL or NEWCOMER), newest first. */
export const couponListQuery = listQuery(
  {
    coupon_type: z.enum(COUPON_TYPES).default('NORMAL'),
    keyword: z.string().trim().max(COUPON_TITLE_MAX).optional(),
    effective_type: z.enum(COUPON_EFFECTIVE_TYPES).optional(),
    status: z.coerce.number().int().min(0).max(2).optional(),
    /** the validity overlaps [start_time, end_time] */
    start_time: unixTime,
    end_time: unixTime,
  },
  { by: ['create_time'], default: 'create_time' },
);
export type CouponListQuery = z.output<typeof couponListQuery>;

const count = (label: string, min: number, max: number) =>
  z.number({ message: `请填写${label}` }).int(`${label}须为整数`).min(min, `${label}为${min}到${max}`).max(max, `${label}为${min}到${max}`);

export const COUPON_MESSAGES = {
  priceBelowThreshold: '优惠券面额须小于使用门槛',
  limitAboveIssued: '每人限领数量不能大于发放总量',
  startBeforeEnd: '活动开始时间须早于结束时间',
  scopeRequired: '请选择适用范围内的分类或商品',
  daysRequired: '请填写领取后的有效天数',
} as const;

const couponFields = z.object({
  title: z.string().trim().min(1, '请填写优惠券名称').max(COUPON_TITLE_MAX, `优惠券名称最多${COUPON_TITLE_MAX}个字符`),
  coupon_type: z.enum(COUPON_TYPES).default('NORMAL'),
  /** face value, yuan */
  coupon_price: couponYuan('优惠券面额'),
  /** the least order amount it applies to, yuan */
  coupon_threshold_price: couponYuan('使用门槛'),
  start_time: z.number({ message: '请选择活动开始时间' }).int().min(0),
  end_time: z.number({ message: '请选择活动结束时间' }).int().min(0),
  effective_type: z.enum(COUPON_EFFECTIVE_TYPES).default('AUTO_TAKE_EFFECT'),
  /** days of validity after the claim (EFFECTIVE_AFTER_RECEIVING) */
  effective_days: z.number().int().min(0).max(COUPON_EFFECTIVE_DAYS_MAX, `有效天数最多${COUPON_EFFECTIVE_DAYS_MAX}天`).default(0),
  /** how many are issued */
  create_num: count('发放总量', 1, COUPON_ISSUE_MAX),
  /** how many one member may claim; 0 unlimited */
  limit_num: count('每人限领', 0, COUPON_ISSUE_MAX),
  use_scope: z.enum(COUPON_SCOPES).default('ALL'),
  /** CATEGORY: the category id; SOME_GOODS: the SKU ids chosen in the goods picker */
  scope_ids: z.array(z.number().int().positive()).max(COUPON_SCOPE_GOODS_MAX, `适用商品最多${COUPON_SCOPE_GOODS_MAX}个`).default([]),
  /** the share of the discount the shops bear, % */
  shop_commission: count('店铺承担比例', 0, 100),
  activity_description: z.string().trim().max(COUPON_DESCRIPTION_MAX, `活动说明最多${COUPON_DESCRIPTION_MAX}个字符`).default(''),
});

/** POST admin/promotion/coupons and PUT …/{id}. The start is checked against the clock by the server. */
export const couponBody = couponFields.superRefine((coupon, issues) => {
  if (coupon.coupon_price >= coupon.coupon_threshold_price) issues.addIssue({ code: 'custom', message: COUPON_MESSAGES.priceBelowThreshold, path: ['coupon_price'] });
  if (coupon.limit_num > coupon.create_num) issues.addIssue({ code: 'custom', message: COUPON_MESSAGES.limitAboveIssued, path: ['limit_num'] });
  if (coupon.start_time >= coupon.end_time) issues.addIssue({ code: 'custom', message: COUPON_MESSAGES.startBeforeEnd, path: ['end_time'] });
  if (coupon.use_scope !== 'ALL' && coupon.scope_ids.length === 0) issues.addIssue({ code: 'custom', message: COUPON_MESSAGES.scopeRequired, path: ['scope_ids'] });
  if (coupon.use_scope === 'CATEGORY' && coupon.scope_ids.length > 1) issues.addIssue({ code: 'custom', message: '适用分类只能选择一个', path: ['scope_ids'] });
  if ((coupon.effective_type === 'EFFECTIVE_AFTER_RECEIVING' || coupon.coupon_type === 'NEWCOMER') && coupon.effective_days < 1) {
    issues.addIssue({ code: 'custom', message: COUPON_MESSAGES.daysRequired, path: ['effective_days'] });
  }
});
export type CouponInput = z.output<typeof couponBody>;

export interface CouponRow {
  coupon_id: number;
  title: string;
  coupon_type: CouponType;
  coupon_price: number;
  coupon_threshold_price: number;
  use_scope: CouponScope;
  scope_description: string;
  effective_type: CouponEffectiveType;
  effective_days: number;
  start_time: number;
  end_time: number;
  status: CouponStatus;
  /** 1 once voided: no more claims, claimed ones stay valid */
  voided: 0 | 1;
  create_num: number;
  limit_num: number;
  received_num: number;
  used_num: number;
  shop_commission: number;
  create_time: number;
}

/** GET admin/promotion/coupons/{id}: the edit form's values, with the scope's goods as the picker shows them. */
export interface CouponDetail extends CouponRow {
  scope_ids: number[];
  scope_goods: GoodsPickerRow[];
  activity_description: string;
}

/** GET admin/members/coupon?coupon_id: the claims of one coupon, newest first. */
export const MEMBER_COUPON_STATES = ['UNUSED', 'USED', 'VOIDED', 'EXPIRED'] as const;
export type MemberCouponState = (typeof MEMBER_COUPON_STATES)[number];
export const memberCouponQuery = listQuery({
  coupon_id: idOf('优惠券id格式有误'),
  member_name: z.string().trim().max(20).optional(),
  used_status: z.coerce.number().int().min(0).max(1).optional(),
});
export type MemberCouponQuery = z.output<typeof memberCouponQuery>;

export interface MemberCouponRow {
  mc_id: number;
  coupon_id: number;
  member_id: number;
  member_name: string;
  title: string;
  coupon_price: number;
  coupon_threshold_price: number;
  start_time: number;
  end_time: number;
  used_status: 0 | 1;
  order_sn: string;
  used_time: number | null;
  state: MemberCouponState;
  cancel_reason: string;
  create_time: number;
}

/** PUT admin/members/coupon/{mc_id}/cancel */
export const memberCouponCancelBody = z.object({
  reason: z
    .string({ message: '请填写作废原因' })
    .trim()
    .min(1, '请填写作废原因')
    .max(MEMBER_COUPON_CANCEL_REASON_MAX, `作废原因最多${MEMBER_COUPON_CANCEL_REASON_MAX}个字符`),
});

const COUPON_READERS = ['couponList', 'couponUpdate', 'receiveList'] as const;

export const couponEndpoints = defineEndpoints('coupons', {
  list: endpoint({ method: 'GET', path: 'admin/promotion/coupons', permission: 'couponList', query: couponListQuery, response: returns<Page<CouponRow>>() }),
  detail: endpoint({ method: 'GET', path: 'admin/promotion/coupons/:id', permission: COUPON_READERS, params: idParam, response: returns<CouponDetail>() }),
  create: endpoint({ method: 'POST', path: 'admin/promotion/coupons', permission: 'coupon', body: couponBody, response: returns<{ coupon_id: number }>() }),
  update: endpoint({ method: 'PUT', path: 'admin/promotion/coupons/:id', permission: 'couponUpdate', params: idParam, body: couponBody }),
  /** 作废: no more claims; what was claimed stays valid */
  void: endpoint({ method: 'POST', path: 'admin/promotion/coupons/:id', permission: 'couponList', params: idParam }),
  remove: endpoint({ method: 'DELETE', path: 'admin/promotion/coupons/:id', permission: 'couponList', params: idParam }),
  claims: endpoint({ method: 'GET', path: 'admin/members/coupon', permission: 'receiveList', query: memberCouponQuery, response: returns<Page<MemberCouponRow>>() }),
  cancelClaim: endpoint({ method: 'PUT', path: 'admin/members/coupon/:id/cancel', permission: 'receiveList', params: idParam, body: memberCouponCancelBody }),
});

// ─── Seckill (flash sale) ───────────────────────────────────────────────────

/** 0 WAIT (before its day), 1 UNDERWAY (its day, not closed), 2 END (after its day, or closed). */
export const SECKILL_STATUSES = [0, 1, 2] as const;
export type SeckillStatus = (typeof SECKILL_STATUSES)[number];
export const SECKILL_NAME_MAX = 30;
export const SECKILL_RULE_MAX = 500;
export const SECKILL_REFUSE_REASON_MAX = 120;
export const SECKILL_AUDIT_MAX = 100;
export const SECKILL_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** What a passed application's promotion is called (DOMAIN §2.16). */
export const SECKILL_PROMOTION_TITLE = '限时抢购';

/** GET admin/promotion/seckill, newest first. */
export const seckillListQuery = listQuery(
  {
    seckill_name: z.string().trim().max(SECKILL_NAME_MAX).optional(),
    status: z.coerce.number().int().min(0).max(2).optional(),
  },
  { by: ['create_time'], default: 'create_time' },
);
export type SeckillListQuery = z.output<typeof seckillListQuery>;

export const SECKILL_MESSAGES = {
  slotsRequired: '请选择抢购时段',
  slotsDuplicate: '抢购时段不能重复',
  slotsTooMany: '抢购时段最多23个',
} as const;

/** POST admin/promotion/seckill and PUT …/{id}: the day (platform calendar), its hourly slots and the sign-up deadline. */
export const seckillBody = z.object({
  seckill_name: z.string().trim().min(1, '请填写活动名称').max(SECKILL_NAME_MAX, `活动名称最多${SECKILL_NAME_MAX}个字符`),
  start_day: z.string({ message: '请选择活动日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '请选择活动日期'),
  /** unix seconds; by the start of the day and not in the past (checked by the server) */
  apply_end_time: z.number({ message: '请选择报名截止时间' }).int().min(0),
  range_list: z
    .array(z.number().int().min(0, '抢购时段为0到23点').max(23, '抢购时段为0到23点'))
    .min(1, SECKILL_MESSAGES.slotsRequired)
    .max(23, SECKILL_MESSAGES.slotsTooMany)
    .refine((hours) => new Set(hours).size === hours.length, SECKILL_MESSAGES.slotsDuplicate)
    .transform((hours) => [...hours].sort((a, b) => a - b)),
  seckill_rule: z.string().trim().max(SECKILL_RULE_MAX, `活动规则最多${SECKILL_RULE_MAX}个字符`).default(''),
  /** 1: publish at once (shops may apply); 0: keep it a draft */
  publish: z.number().int().min(0).max(1).default(0),
});
export type SeckillInput = z.output<typeof seckillBody>;

export interface SeckillRow {
  seckill_id: number;
  seckill_name: string;
  start_day: string;
  /** unix seconds of the day's start */
  start_time: number;
  apply_end_time: number;
  range_list: number[];
  seckill_rule: string;
  status: SeckillStatus;
  /** 0 a draft, 1 published */
  publish_status: 0 | 1;
  /** 1 when the operator closed it while it ran */
  closed: 0 | 1;
  apply_num: number;
  pass_num: number;
  create_time: number;
}

export const SECKILL_APPLY_STATES = ['APPLY', 'PASS', 'FAIL'] as const;
export type SeckillApplyState = (typeof SECKILL_APPLY_STATES)[number];

/** GET admin/promotion/seckill-goods: one event's applications, by slot. */
export const seckillApplyQuery = listQuery(
  {
    seckill_id: idOf('活动id格式有误'),
    status: z.enum(SECKILL_APPLY_STATES).optional(),
    goods_name: z.string().trim().max(50).optional(),
  },
  { by: ['time_line'], default: 'time_line', order: 'asc' },
);
export type SeckillApplyQuery = z.output<typeof seckillApplyQuery>;

export interface SeckillApplyRow {
  apply_id: number;
  seckill_id: number;
  time_line: number;
  goods_id: number;
  sku_id: number;
  goods_name: string;
  properties_name: string;
  goods_image: string;
  shop_id: number;
  shop_name: string;
  original_price: number;
  price: number;
  /** stock allotted to the sale */
  sold_quantity: number;
  status: SeckillApplyState;
  fail_reason: string;
  create_time: number;
}

/** POST admin/promotion/seckill-goods/batch/audit: every application must still wait; a refusal needs its reason. */
export const seckillAuditBody = z
  .object({
    apply_ids: z.array(z.number().int().positive()).min(1, '请选择要审核的商品').max(SECKILL_AUDIT_MAX, `一次最多审核${SECKILL_AUDIT_MAX}个商品`),
    status: z.enum(['PASS', 'FAIL']),
    fail_reason: z.string().trim().max(SECKILL_REFUSE_REASON_MAX, `拒绝原因最多${SECKILL_REFUSE_REASON_MAX}个字符`).default(''),
  })
  .refine((body) => body.status === 'PASS' || body.fail_reason.length > 0, { message: '请填写拒绝原因', path: ['fail_reason'] });

const SECKILL_READERS = ['seckillList', 'seckillAuditGoodsList', 'seckillPassGoodsList'] as const;

export const seckillEndpoints = defineEndpoints('seckills', {
  list: endpoint({ method: 'GET', path: 'admin/promotion/seckill', permission: 'seckillList', query: seckillListQuery, response: returns<Page<SeckillRow>>() }),
  detail: endpoint({ method: 'GET', path: 'admin/promotion/seckill/:id', permission: SECKILL_READERS, params: idParam, response: returns<SeckillRow>() }),
  create: endpoint({ method: 'POST', path: 'admin/promotion/seckill', permission: 'seckillList', body: seckillBody, response: returns<{ seckill_id: number }>() }),
  update: endpoint({ method: 'PUT', path: 'admin/promotion/seckill/:id', permission: 'seckillList', params: idParam, body: seckillBody }),
  publish: endpoint({ method: 'POST', path: 'admin/promotion/seckill/publish/:id', permission: 'seckillList', params: idParam }),
  /** close while it runs: the sale prices stop at once */
  close: endpoint({ method: 'POST', path: 'admin/promotion/seckill/invalid/:id', permission: 'seckillList', params: idParam }),
  remove: endpoint({ method: 'DELETE', path: 'admin/promotion/seckill/:id', permission: 'seckillList', params: idParam }),
  applies: endpoint({ method: 'GET', path: 'admin/promotion/seckill-goods', permission: ['seckillAuditGoodsList', 'seckillPassGoodsList'], query: seckillApplyQuery, response: returns<Page<SeckillApplyRow>>() }),
  audit: endpoint({ method: 'POST', path: 'admin/promotion/seckill-goods/batch/audit', permission: 'seckillAuditGoodsList', body: seckillAuditBody }),
});
