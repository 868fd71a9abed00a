import { z } from 'zod';
import type { SiteShow } from './site.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Platform settings (DOMAIN §2.29, spec §7 "Settings"): four documents, each read with
 * `GET admin/settings/<key>` (defaults filled) and replaced with `PUT admin/settings/<key>`
 * after a second-step check (DOMAIN §1.4). The keys are those of the settings store.
 */
export const SETTINGS_KEYS = {
  site: 'site',
  point: 'point',
  account: 'account',
  newComerCoupon: 'new-comer-coupon',
} as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[keyof typeof SETTINGS_KEYS];

const onOff = (label: string) =>
  z.union([z.literal(0), z.literal(1)], { message: `${label}只能是0或1` });

const text = (max: number, label: string) => z.string({ message: `请填写${label}` }).trim().max(max, `${label}最多${max}个字符`);
const required = (max: number, label: string) => text(max, label).min(1, `请填写${label}`);

/** A picture the console uploaded (`/files/…`) or an absolute http(s) address; empty for none. */
const imageUrl = (label: string) =>
  z
    .string({ message: `${label}格式有误` })
    .trim()
    .max(500, `${label}地址最多500个字符`)
    .regex(/^$|^\/files\/[\w\-./]+$|^https?:\/\/[^\s"'<>]+$/i, `${label}须为上传的图片或 http(s) 地址`);

/** An absolute http(s) address; the trailing slash is dropped so paths can be appended. */
const webAddress = (label: string) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .max(200, `${label}最多200个字符`)
    .regex(/^https?:\/\/[^\s/"'<>?#]+(\/[^\s"'<>]*)?$/i, `${label}须为以 http:// 或 https:// 开头的网址`)
    .transform((value) => value.replace(/\/+$/, ''));
const optionalWebAddress = (label: string) => z.union([z.literal(''), webAddress(label)], { message: `${label}须为以 http:// 或 https:// 开头的网址` });

const int = (label: string, min: number, max: number, unit = '') =>
  z
    .number({ message: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(min, `${label}须为${min}-${max}${unit}`)
    .max(max, `${label}须为${min}-${max}${unit}`);

// ─── Site (DOMAIN §2.29 "Site") ─────────────────────────────────────────────

export const SITE_LIMITS = { site_name: 30, title: 50, keywords: 200, descript: 500, close_reason: 200, record: 50 } as const;

/** PUT admin/settings/site */
const siteFields = z.object({
    site_name: required(SITE_LIMITS.site_name, '站点名称'),
    title: required(SITE_LIMITS.title, '网站标题'),
    keywords: text(SITE_LIMITS.keywords, '关键字'),
    descript: text(SITE_LIMITS.descript, '网站描述'),
    /** 1 open; 0 closed: buyers see close_reason */
    siteon: onOff('站点状态'),
    close_reason: text(SITE_LIMITS.close_reason, '关闭原因'),
    logo: imageUrl('站点Logo'),
    /** shown where a goods or shop picture is missing */
    default_img: imageUrl('默认图片'),
    /** the console's sidebar icon and browser tab icon */
    admin_icon: imageUrl('管理端图标'),
    seller_icon: imageUrl('商家端图标'),
    buyer_icon: imageUrl('买家端图标'),
    /** ICP record number shown in the buyer site's footer, and where it links to */
    record: text(SITE_LIMITS.record, '备案号'),
    link: optionalWebAddress('备案链接'),
    /** the buyer site: goods pages are `{buyer_domain}/goods/{goods_id}` */
    buyer_domain: webAddress('买家端域名'),
    /** the online customer service entry in the console's top bar */
    chat_enabled: onOff('在线客服'),
    /** scheduled jobs count seconds instead of days (DOMAIN §1.6) */
    test_mode: onOff('测试模式'),
  });
export const siteSettingsBody = siteFields.refine((site) => site.siteon === 1 || site.close_reason.trim().length > 0, {
  message: '关闭站点时请填写关闭原因',
  path: ['close_reason'],
  // Checked whenever the two fields themselves are valid, even while others are not (forms show every problem at once).
  when: (payload) => siteFields.pick({ siteon: true, close_reason: true }).safeParse(payload.value).success,
});
export type SiteSettings = z.infer<typeof siteSettingsBody>;

export const SITE_DEFAULTS: SiteSettings = {
  site_name: 'Agora',
  title: 'Agora 多商户商城管理后台',
  keywords: '',
  descript: '',
  siteon: 1,
  close_reason: '',
  logo: '',
  default_img: '',
  admin_icon: '',
  seller_icon: '',
  buyer_icon: '',
  record: '',
  link: '',
  buyer_domain: 'http://localhost:3000',
  chat_enabled: 0,
  test_mode: 0,
};

/** The part of the site document `GET base/site-show` gives to anyone, signed in or not. */
export const SITE_SHOW_FIELDS = ['title', 'logo', 'admin_icon', 'buyer_domain', 'chat_enabled'] as const satisfies readonly (keyof SiteShow & keyof SiteSettings)[];

export function siteShowOf(site: SiteSettings): SiteShow {
  return { title: site.title, logo: site.logo, admin_icon: site.admin_icon, buyer_domain: site.buyer_domain, chat_enabled: site.chat_enabled };
}

// ─── Points (DOMAIN §2.29 "Points") ─────────────────────────────────────────

/** What earns points: register, daily login, online payment, comments, purchases, a completed profile. */
export const POINT_TRIGGERS = ['register', 'login', 'online_pay', 'comment', 'comment_img', 'first_comment', 'buy_goods', 'perfect'] as const;
export type PointTrigger = (typeof POINT_TRIGGERS)[number];
export const POINT_MAX = 100_000;

const pointRule = z.object({
  open: onOff('开关'),
  /** spendable points granted */
  consum_point: int('消费积分', 0, POINT_MAX),
  /** level points granted */
  grade_point: int('等级积分', 0, POINT_MAX),
});
export type PointRule = z.infer<typeof pointRule>;

/** PUT admin/settings/point */
const pointFields = z.object({
    register: pointRule,
    login: pointRule,
    online_pay: pointRule,
    comment: pointRule,
    comment_img: pointRule,
    first_comment: pointRule,
    buy_goods: pointRule,
    perfect: pointRule,
    /** 1: points may be exchanged for money at parities_point points per 1 yuan */
    parities: onOff('积分兑换开关'),
    parities_point: int('兑换积分数', 0, POINT_MAX),
  });
export const pointSettingsBody = pointFields.refine((point) => point.parities === 0 || point.parities_point > 0, {
  message: '开启积分兑换时，兑换积分数须大于0',
  path: ['parities_point'],
  when: (payload) => pointFields.pick({ parities: true, parities_point: true }).safeParse(payload.value).success,
});
export type PointSettings = z.infer<typeof pointSettingsBody>;

const closedRule: PointRule = { open: 0, consum_point: 0, grade_point: 0 };
export const POINT_DEFAULTS: PointSettings = {
  register: { open: 1, consum_point: 100, grade_point: 100 },
  login: { open: 1, consum_point: 5, grade_point: 5 },
  online_pay: { open: 1, consum_point: 10, grade_point: 10 },
  comment: { open: 1, consum_point: 10, grade_point: 10 },
  comment_img: { open: 1, consum_point: 20, grade_point: 20 },
  first_comment: closedRule,
  buy_goods: { open: 1, consum_point: 10, grade_point: 10 },
  perfect: closedRule,
  parities: 1,
  parities_point: 100,
};

// ─── Account security (DOMAIN §2.29 "Account security", §2.10 dormancy) ─────

export const ACCOUNT_LIMITS = {
  retry_cycle: [1, 72],
  retry_times: [1, 20],
  lock_duration: [1, 1440],
  sleep_threshold: [0, 3650],
} as const;

/** The stored part of the account document: sign-in lockout and member dormancy. */
export const accountRulesBody = z.object({
  /** hours within which failed password checks are counted */
  retry_cycle: int('统计周期', ...ACCOUNT_LIMITS.retry_cycle, '小时'),
  /** failures within the cycle that lock the account */
  retry_times: int('失败次数', ...ACCOUNT_LIMITS.retry_times, '次'),
  /** minutes the account then stays locked */
  lock_duration: int('锁定时长', ...ACCOUNT_LIMITS.lock_duration, '分钟'),
  /** members inactive this many days are dormant; 0 never */
  sleep_threshold: int('休眠天数', ...ACCOUNT_LIMITS.sleep_threshold, '天'),
});
export type AccountRules = z.infer<typeof accountRulesBody>;

/** Today's sign-in throttling: 5 failures lock for 15 minutes. */
export const ACCOUNT_DEFAULTS: AccountRules = { retry_cycle: 1, retry_times: 5, lock_duration: 15, sleep_threshold: 0 };

/**
 * PUT admin/settings/account. The second-step toggles are those of the verification settings
 * (`admin/systems/authentications`): the same single source, written through it; left out, they stay.
 */
export const accountSettingsBody = accountRulesBody.extend({
  message_auth: onOff('短信验证').optional(),
  password_auth: onOff('密码验证').optional(),
});
export type AccountSettingsBody = z.infer<typeof accountSettingsBody>;

/** GET admin/settings/account */
export interface AccountSettings extends AccountRules {
  message_auth: 0 | 1;
  password_auth: 0 | 1;
}

// ─── New-comer coupons (DOMAIN §2.15 [U], §3.9) ─────────────────────────────

export const NEW_COMER_COUPON_MAX = 5;
export const COUPON_TITLE_MAX = 10;

/** Yuan with at most two decimals, above zero: a coupon's face value and threshold (here and in promotions). */
export const couponYuan = (label: string) =>
  z
    .number({ message: `请填写${label}` })
    .positive(`${label}须大于0`)
    .max(99_999, `${label}最多99999元`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label}最多两位小数`);

/** One coupon a new member receives on registering. There is no coupon table yet: the definition lives here. */
const couponFields = z.object({
    title: required(COUPON_TITLE_MAX, '优惠券名称'),
    /** face value, yuan */
    coupon_price: couponYuan('面额'),
    /** minimum order amount, yuan; the face value must be below it */
    coupon_threshold_price: couponYuan('使用门槛'),
    /** valid for this many days after it is received */
    effective_days: int('有效天数', 1, 365, '天'),
  });
export const newComerCouponItem = couponFields.refine((coupon) => coupon.coupon_price < coupon.coupon_threshold_price, {
  message: '优惠券面额须小于使用门槛',
  path: ['coupon_price'],
  when: (payload) => couponFields.pick({ coupon_price: true, coupon_threshold_price: true }).safeParse(payload.value).success,
});
export type NewComerCoupon = z.infer<typeof newComerCouponItem>;

/** PUT admin/settings/new-comer-coupon */
const newComerCouponFields = z.object({
  open: onOff('新人优惠券开关'),
  coupons: z.array(newComerCouponItem).max(NEW_COMER_COUPON_MAX, `新人优惠券最多${NEW_COMER_COUPON_MAX}张`),
});
export const newComerCouponSettingsBody = newComerCouponFields.refine((settings) => settings.open === 0 || settings.coupons.length > 0, {
  message: '开启新人优惠券时请至少添加一张优惠券',
  path: ['coupons'],
  when: (payload) => {
    const value = payload.value as { open?: unknown; coupons?: unknown };
    return (value.open === 0 || value.open === 1) && Array.isArray(value.coupons);
  },
});
export type NewComerCouponSettings = z.infer<typeof newComerCouponSettingsBody>;

export const NEW_COMER_COUPON_DEFAULTS: NewComerCouponSettings = { open: 0, coupons: [] };

/** Spec §7 "Settings"; DOMAIN §2.29. Every save needs a passed second step (DOMAIN §1.4, §3.10). */
export const settingsEndpoints = defineEndpoints('settings', {
  site: endpoint({ method: 'GET', path: 'admin/settings/site', permission: 'systemSettings', response: returns<SiteSettings>() }),
  saveSite: endpoint({ method: 'PUT', path: 'admin/settings/site', permission: 'systemSettings', twoStep: true, body: siteSettingsBody, response: returns<SiteSettings>() }),
  point: endpoint({ method: 'GET', path: 'admin/settings/point', permission: 'systemSettings', response: returns<PointSettings>() }),
  savePoint: endpoint({ method: 'PUT', path: 'admin/settings/point', permission: 'systemSettings', twoStep: true, body: pointSettingsBody, response: returns<PointSettings>() }),
  account: endpoint({ method: 'GET', path: 'admin/settings/account', permission: 'systemSettings', response: returns<AccountSettings>() }),
  saveAccount: endpoint({ method: 'PUT', path: 'admin/settings/account', permission: 'systemSettings', twoStep: true, body: accountSettingsBody, response: returns<AccountSettings>() }),
  newComerCoupon: endpoint({ method: 'GET', path: 'admin/settings/new-comer-coupon', permission: 'systemSettings', response: returns<NewComerCouponSettings>() }),
  saveNewComerCoupon: endpoint({
    method: 'PUT',
    path: 'admin/settings/new-comer-coupon',
    permission: 'systemSettings',
    twoStep: true,
    body: newComerCouponSettingsBody,
    response: returns<NewComerCouponSettings>(),
  }),
});
