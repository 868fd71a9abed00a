/**
 * Platform coupons (DOMAIN §2.15): every rule of an edit, a void and a delete is checked here, on
 * the coupon's row locked for the transaction, so a refused change leaves everything as it was.
 */
import { and, eq, gt, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  SETTINGS_KEYS,
  toCents,
  toYuan,
  type CouponDetail,
  type CouponEffectiveType,
  type CouponInput,
  type CouponListQuery,
  type CouponRow,
  type CouponScope,
  type CouponStatus,
  type CouponType,
  type MemberCouponQuery,
  type MemberCouponRow,
  type Page,
} from '@agora/contract';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../db/sql.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { readSetting } from '../../platform/settings.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { toPickerRow } from '../goods/picker.js';
import { categories, goods, goodsSkus } from '../goods/tables.js';
import { coupons, memberCoupons } from './tables.js';

type Tx = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;
type Coupon = typeof coupons.$inferSelect;

export function couponStatus(coupon: Pick<Coupon, 'startAt' | 'endAt'>, now = new Date()): CouponStatus {
  if (coupon.startAt > now) return 0;
  return coupon.endAt < now ? 2 : 1;
}

/** The columns a row of the list shows (the detail adds the scope's ids and the description). */
const rowColumns = {
  id: coupons.id,
  title: coupons.title,
  couponType: coupons.couponType,
  priceCents: coupons.priceCents,
  thresholdCents: coupons.thresholdCents,
  startAt: coupons.startAt,
  endAt: coupons.endAt,
  effectiveType: coupons.effectiveType,
  effectiveDays: coupons.effectiveDays,
  createNum: coupons.createNum,
  limitNum: coupons.limitNum,
  receivedNum: coupons.receivedNum,
  usedNum: coupons.usedNum,
  useScope: coupons.useScope,
  scopeDescription: coupons.scopeDescription,
  shopCommission: coupons.shopCommission,
  voidedAt: coupons.voidedAt,
  createdAt: coupons.createdAt,
};

function toRow(coupon: Omit<Coupon, 'scopeIds' | 'description'>): CouponRow {
  return {
    coupon_id: coupon.id,
    title: coupon.title,
    coupon_type: coupon.couponType as CouponType,
    coupon_price: toYuan(coupon.priceCents),
    coupon_threshold_price: toYuan(coupon.thresholdCents),
    use_scope: coupon.useScope as CouponScope,
    scope_description: coupon.scopeDescription,
    effective_type: coupon.effectiveType as CouponEffectiveType,
    effective_days: coupon.effectiveDays,
    start_time: unixSeconds(coupon.startAt),
    end_time: unixSeconds(coupon.endAt),
    status: couponStatus(coupon),
    voided: coupon.voidedAt ? 1 : 0,
    create_num: coupon.createNum,
    limit_num: coupon.limitNum,
    received_num: coupon.receivedNum,
    used_num: coupon.usedNum,
    shop_commission: coupon.shopCommission,
    create_time: unixSeconds(coupon.createdAt),
  };
}

/** GET admin/promotion/coupons: one tab, filtered by name, effective type, status (from the dates) and validity. */
export function listCoupons(ctx: AppContext, query: CouponListQuery): Promise<Page<CouponRow>> {
  const now = new Date();
  const byStatus: Record<CouponStatus, SQL | undefined> = {
    0: gt(coupons.startAt, now),
    1: and(lte(coupons.startAt, now), gte(coupons.endAt, now)),
    2: lt(coupons.endAt, now),
  };
  return listPage(ctx.db, {
    query,
    table: coupons,
    id: coupons.id,
    where: [
      eq(coupons.couponType, query.coupon_type),
      query.keyword ? ilike(coupons.title, `%${escapeLike(query.keyword)}%`) : undefined,
      query.effective_type ? eq(coupons.effectiveType, query.effective_type) : undefined,
      query.status !== undefined ? byStatus[query.status as CouponStatus] : undefined,
      query.start_time !== undefined ? gte(coupons.endAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(coupons.startAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { create_time: coupons.createdAt },
    statement: 'promotions/coupons.listCoupons',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select(rowColumns).from(coupons).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.coupon_id,
  });
}

// the detail's reads, prepared once (platform/statements.ts)
const couponById = preparedOnce('agora_coupon', (db) => db.select().from(coupons).where(eq(coupons.id, sql.placeholder('id'))));
const skusWithGoods = preparedOnce('agora_coupon_scope_goods', (db) =>
  db.select({ goods, sku: goodsSkus }).from(goodsSkus).innerJoin(goods, eq(goods.id, goodsSkus.goodsId)).where(sql`${goodsSkus.id} = any(${sql.placeholder('ids')})`),
);

/** The SKUs of a goods scope as the goods picker shows them, in the order chosen. */
async function scopeGoods(db: Tx, skuIds: number[]) {
  if (skuIds.length === 0) return [];
  const rows = await skusWithGoods(db).execute({ ids: skuIds });
  const byId = new Map(rows.map((row) => [row.sku.id, row]));
  return skuIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

async function findCoupon(db: Tx, id: number, lock: boolean): Promise<Coupon> {
  const select = db.select().from(coupons).where(eq(coupons.id, id));
  const [coupon] = lock ? await select.for('update') : await select;
  if (!coupon) throw new AppError(404, 'COUPON_NOT_FOUND');
  return coupon;
}

/** GET admin/promotion/coupons/{id} */
export async function getCoupon(ctx: AppContext, id: number): Promise<CouponDetail> {
  const [coupon] = await couponById(ctx.db).execute({ id });
  if (!coupon) throw new AppError(404, 'COUPON_NOT_FOUND');
  const goodsRows = coupon.useScope === 'SOME_GOODS' ? await scopeGoods(ctx.db, coupon.scopeIds) : [];
  return { ...toRow(coupon), scope_ids: coupon.scopeIds, scope_goods: goodsRows.map(toPickerRow), activity_description: coupon.description };
}

/**
 * The scope's description, after checking what it names exists: the category, or SKUs of goods
 * approved and on sale (the goods picker offers no others).
 */
async function describeScope(db: Tx, input: CouponInput): Promise<string> {
  if (input.use_scope === 'ALL') return '全部商品';
  if (input.use_scope === 'CATEGORY') {
    const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, input.scope_ids[0]));
    if (!category) throw badRequest('COUPON_CATEGORY_NOT_FOUND');
    return category.name;
  }
  const found = await scopeGoods(db, input.scope_ids);
  const offered = found.filter((row) => row.goods.marketEnable === 1 && row.goods.isAuth === 1 && row.goods.disabled === 1);
  const missing = input.scope_ids.filter((id) => !offered.some((row) => row.sku.id === id));
  if (missing.length > 0) throw badRequest('COUPON_GOODS_NOT_FOUND', { ids: missing.join(',') });
  const names = [...new Set(offered.map((row) => row.goods.goodsName))];
  return names.join('、').slice(0, 200);
}

function assertStartsLater(input: CouponInput, now: Date) {
  if (fromUnixSeconds(input.start_time) <= now) throw badRequest('COUPON_START_PAST');
}

function values(input: CouponInput, scopeDescription: string) {
  const afterReceiving = input.coupon_type === 'NEWCOMER' || input.effective_type === 'EFFECTIVE_AFTER_RECEIVING';
  return {
    title: input.title,
    couponType: input.coupon_type,
    priceCents: toCents(input.coupon_price),
    thresholdCents: toCents(input.coupon_threshold_price),
    startAt: fromUnixSeconds(input.start_time),
    endAt: fromUnixSeconds(input.end_time),
    effectiveType: afterReceiving ? 'EFFECTIVE_AFTER_RECEIVING' : 'AUTO_TAKE_EFFECT',
    effectiveDays: afterReceiving ? input.effective_days : 0,
    createNum: input.create_num,
    limitNum: input.limit_num,
    useScope: input.use_scope,
    scopeIds: input.use_scope === 'ALL' ? [] : input.scope_ids,
    scopeDescription,
    shopCommission: input.shop_commission,
    description: input.activity_description,
  };
}

/** POST admin/promotion/coupons */
export async function createCoupon(ctx: AppContext, input: CouponInput): Promise<{ coupon_id: number }> {
  assertStartsLater(input, new Date());
  const description = await describeScope(ctx.db, input);
  const [row] = await ctx.db.insert(coupons).values(values(input, description)).returning({ id: coupons.id });
  return { coupon_id: row.id };
}

/** PUT admin/promotion/coupons/{id}: only while nobody has claimed it, it is not void and has not expired. */
export async function updateCoupon(ctx: AppContext, id: number, input: CouponInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const coupon = await findCoupon(tx, id, true);
    const now = new Date();
    if (coupon.voidedAt) throw badRequest('COUPON_VOIDED_NO_EDIT');
    if (coupon.receivedNum > 0) throw badRequest('COUPON_CLAIMED_NO_EDIT');
    if (couponStatus(coupon, now) === 2) throw badRequest('COUPON_EXPIRED_NO_EDIT');
    assertStartsLater(input, now);
    const description = await describeScope(tx, input);
    await tx.update(coupons).set(values(input, description)).where(eq(coupons.id, id));
  });
}

/** POST admin/promotion/coupons/{id} (作废): members can claim it no more; what they hold stays valid. */
export async function voidCoupon(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const coupon = await findCoupon(tx, id, true);
    if (coupon.couponType === 'NEWCOMER') throw badRequest('COUPON_NEWCOMER_NO_VOID');
    if (coupon.voidedAt) throw badRequest('COUPON_ALREADY_VOIDED');
    if (couponStatus(coupon) === 2) throw badRequest('COUPON_EXPIRED_NO_VOID');
    if (coupon.receivedNum === 0) throw badRequest('COUPON_NOT_CLAIMED_NO_VOID');
    await tx.update(coupons).set({ voidedAt: new Date() }).where(eq(coupons.id, id));
  });
}

/** DELETE admin/promotion/coupons/{id}: only before it starts, and a new-member coupon only while that feature is off. */
export async function deleteCoupon(ctx: AppContext, id: number): Promise<void> {
  const newcomer = await readSetting(ctx.db, SETTINGS_KEYS.newComerCoupon, { open: 0 });
  await ctx.db.transaction(async (tx) => {
    const coupon = await findCoupon(tx, id, true);
    if (couponStatus(coupon) !== 0) throw badRequest('COUPON_STARTED_NO_DELETE');
    if (coupon.couponType === 'NEWCOMER' && newcomer.open === 1) throw badRequest('COUPON_NEWCOMER_OPEN');
    await tx.delete(coupons).where(eq(coupons.id, id));
  });
}

// ─── Claims ─────────────────────────────────────────────────────────────────

type MemberCoupon = typeof memberCoupons.$inferSelect;

function claimState(claim: MemberCoupon, now = new Date()): MemberCouponRow['state'] {
  if (claim.canceledAt) return 'VOIDED';
  if (claim.usedStatus === 1) return 'USED';
  return claim.endAt < now ? 'EXPIRED' : 'UNUSED';
}

function toClaimRow(claim: MemberCoupon): MemberCouponRow {
  return {
    mc_id: claim.id,
    coupon_id: claim.couponId,
    member_id: claim.memberId,
    member_name: claim.memberName,
    title: claim.title,
    coupon_price: toYuan(claim.priceCents),
    coupon_threshold_price: toYuan(claim.thresholdCents),
    start_time: unixSeconds(claim.startAt),
    end_time: unixSeconds(claim.endAt),
    used_status: claim.usedStatus === 1 ? 1 : 0,
    order_sn: claim.orderSn,
    used_time: claim.usedAt ? unixSeconds(claim.usedAt) : null,
    state: claimState(claim),
    cancel_reason: claim.cancelReason,
    create_time: unixSeconds(claim.createdAt),
  };
}

/** GET admin/members/coupon?coupon_id: who claimed the coupon, newest first. */
export function listClaims(ctx: AppContext, query: MemberCouponQuery): Promise<Page<MemberCouponRow>> {
  return listPage(ctx.db, {
    query,
    table: memberCoupons,
    id: memberCoupons.id,
    where: [eq(memberCoupons.couponId, query.coupon_id), query.used_status !== undefined ? eq(memberCoupons.usedStatus, query.used_status) : undefined],
    defaultSort: memberCoupons.createdAt,
    statement: 'promotions/coupons.listClaims',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(memberCoupons).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toClaimRow,
    idOf: (row) => row.mc_id,
  });
}

/** PUT admin/members/coupon/{mc_id}/cancel: only a coupon the member still holds unused and unexpired. */
export async function cancelClaim(ctx: AppContext, admin: AuthedAdmin, id: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [claim] = await tx.select().from(memberCoupons).where(eq(memberCoupons.id, id)).for('update');
    if (!claim) throw new AppError(404, 'MEMBER_COUPON_NOT_FOUND');
    const state = claimState(claim);
    if (state === 'VOIDED') throw badRequest('MEMBER_COUPON_VOIDED');
    if (state === 'USED') throw badRequest('MEMBER_COUPON_USED');
    if (state === 'EXPIRED') throw badRequest('MEMBER_COUPON_EXPIRED');
    await tx.update(memberCoupons).set({ canceledAt: new Date(), cancelReason: reason, canceledBy: admin.username }).where(eq(memberCoupons.id, id));
  });
}
