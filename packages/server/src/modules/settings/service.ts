import {
  ACCOUNT_DEFAULTS,
  NEW_COMER_COUPON_DEFAULTS,
  POINT_DEFAULTS,
  SETTINGS_KEYS,
  SITE_DEFAULTS,
  toCents,
  toYuan,
  type AccountSettings,
  type NewComerCouponSettings,
  type PointSettings,
  type SiteSettings,
  type AccountRules,
  type AccountSettingsBody,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { readDocument, writeSetting } from '../../platform/settings.js';
import { readLockoutRules } from '../../platform/throttle.js';
import { readTwoStepMethods, setTwoStepMethods } from '../verification/service.js';

// ─── Site and points: stored as they travel ─────────────────────────────────

export const readSite = (ctx: AppContext): Promise<SiteSettings> => readDocument(ctx.db, SETTINGS_KEYS.site, SITE_DEFAULTS);

export async function saveSite(ctx: AppContext, site: SiteSettings): Promise<SiteSettings> {
  await writeSetting(ctx.db, SETTINGS_KEYS.site, site);
  return readSite(ctx);
}

export const readPoint = (ctx: AppContext): Promise<PointSettings> => readDocument(ctx.db, SETTINGS_KEYS.point, POINT_DEFAULTS);

export async function savePoint(ctx: AppContext, point: PointSettings): Promise<PointSettings> {
  await writeSetting(ctx.db, SETTINGS_KEYS.point, point);
  return readPoint(ctx);
}

// ─── Account security: lockout and dormancy here, the second-step toggles in the verification settings ──

export async function readAccount(ctx: AppContext): Promise<AccountSettings> {
  const [rules, methods] = await Promise.all([readLockoutRules(ctx), readTwoStepMethods(ctx)]);
  return { ...rules, ...methods };
}

export async function saveAccount(ctx: AppContext, input: AccountSettingsBody): Promise<AccountSettings> {
  const { message_auth, password_auth, ...rules } = input;
  if (message_auth !== undefined || password_auth !== undefined) {
    const current = await readTwoStepMethods(ctx);
    // Checked before anything is written: a method without its mobile or password refuses the whole save.
    await setTwoStepMethods(ctx, { message_auth: message_auth ?? current.message_auth, password_auth: password_auth ?? current.password_auth });
  }
  const stored: AccountRules = { ...ACCOUNT_DEFAULTS, ...rules };
  await writeSetting(ctx.db, SETTINGS_KEYS.account, stored);
  return readAccount(ctx);
}

// ─── New-comer coupons: money stored in cents ───────────────────────────────

interface StoredCoupon {
  title: string;
  coupon_price: number;
  coupon_threshold_price: number;
  effective_days: number;
}
interface StoredNewComerCoupon {
  open: 0 | 1;
  coupons: StoredCoupon[];
}

const STORED_COUPON_DEFAULTS: StoredNewComerCoupon = { open: NEW_COMER_COUPON_DEFAULTS.open, coupons: [] };
const COUPON_DEFAULTS: StoredCoupon = { title: '', coupon_price: 0, coupon_threshold_price: 0, effective_days: 1 };

export async function readNewComerCoupon(ctx: AppContext): Promise<NewComerCouponSettings> {
  const stored = await readDocument(ctx.db, SETTINGS_KEYS.newComerCoupon, STORED_COUPON_DEFAULTS);
  return {
    open: stored.open,
    coupons: stored.coupons.map((coupon) => {
      const { title, coupon_price, coupon_threshold_price, effective_days } = { ...COUPON_DEFAULTS, ...coupon };
      return { title, coupon_price: toYuan(coupon_price), coupon_threshold_price: toYuan(coupon_threshold_price), effective_days };
    }),
  };
}

export async function saveNewComerCoupon(ctx: AppContext, input: NewComerCouponSettings): Promise<NewComerCouponSettings> {
  const stored: StoredNewComerCoupon = {
    open: input.open,
    coupons: input.coupons.map((coupon) => ({
      title: coupon.title,
      coupon_price: toCents(coupon.coupon_price),
      coupon_threshold_price: toCents(coupon.coupon_threshold_price),
      effective_days: coupon.effective_days,
    })),
  };
  await writeSetting(ctx.db, SETTINGS_KEYS.newComerCoupon, stored);
  return readNewComerCoupon(ctx);
}
