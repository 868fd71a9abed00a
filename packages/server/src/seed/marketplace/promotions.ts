/** Demo promotions: coupons in every state with their claims (DOMAIN §2.15). Deterministic, read from the demo rows already written. */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { categories, goods, goodsSkus } from '../../modules/goods/tables.js';
import { members } from '../../modules/members/tables.js';
import { orders } from '../../modules/orders/tables.js';
import { coupons, memberCoupons } from '../../modules/promotions/tables.js';
import { Random } from './random.js';

const DAY_MS = 86_400_000;

interface DemoCoupon {
  title: string;
  couponType?: 'NORMAL' | 'NEWCOMER';
  price: number;
  threshold: number;
  /** days from now */
  start: number;
  end: number;
  days?: number;
  createNum: number;
  limitNum: number;
  scope?: 'ALL' | 'CATEGORY' | 'SOME_GOODS';
  voided?: boolean;
  shopCommission: number;
  /** claims: how many unused, used, voided by the operator, and (claim-relative ones) expired */
  claims: { unused: number; used: number; voided: number; expired: number };
}

const COUPONS: DemoCoupon[] = [
  { title: '双十二预热券', price: 20, threshold: 199, start: 3, end: 20, createNum: 5000, limitNum: 1, shopCommission: 50, claims: { unused: 0, used: 0, voided: 0, expired: 0 } },
  { title: '全场满99减10', price: 10, threshold: 99, start: -10, end: 20, createNum: 2000, limitNum: 2, shopCommission: 30, claims: { unused: 6, used: 3, voided: 1, expired: 0 } },
  { title: '数码分类券', price: 30, threshold: 299, start: -15, end: 45, days: 7, createNum: 800, limitNum: 1, scope: 'CATEGORY', shopCommission: 40, claims: { unused: 3, used: 1, voided: 0, expired: 2 } },
  { title: '爆款单品券', price: 15, threshold: 120, start: -5, end: 25, createNum: 300, limitNum: 3, scope: 'SOME_GOODS', shopCommission: 60, claims: { unused: 4, used: 2, voided: 0, expired: 0 } },
  { title: '误发满减券', price: 50, threshold: 100, start: -3, end: 27, createNum: 100, limitNum: 1, voided: true, shopCommission: 0, claims: { unused: 2, used: 0, voided: 1, expired: 0 } },
  { title: '国庆满减券', price: 25, threshold: 200, start: -60, end: -30, createNum: 1000, limitNum: 2, shopCommission: 20, claims: { unused: 0, used: 4, voided: 0, expired: 3 } },
  { title: '新人专享券', couponType: 'NEWCOMER', price: 5, threshold: 39, start: -30, end: 335, days: 15, createNum: 100000, limitNum: 1, shopCommission: 0, claims: { unused: 4, used: 2, voided: 0, expired: 1 } },
  { title: '新人春节券', couponType: 'NEWCOMER', price: 8, threshold: 59, start: 40, end: 100, days: 30, createNum: 50000, limitNum: 1, shopCommission: 0, claims: { unused: 0, used: 0, voided: 0, expired: 0 } },
];

export async function seedPromotions(ctx: AppContext, now: Date): Promise<void> {
  const random = new Random(20261214);
  const memberRows = await ctx.db.select({ id: members.id, uname: members.uname }).from(members).where(ne(members.disabled, -1)).orderBy(asc(members.id)).limit(200);
  const offered = await ctx.db
    .select({ skuId: goodsSkus.id, categoryId: goods.categoryId, categoryName: categories.name, goodsName: goods.goodsName })
    .from(goodsSkus)
    .innerJoin(goods, eq(goods.id, goodsSkus.goodsId))
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .where(and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1)))
    .orderBy(asc(goodsSkus.id))
    .limit(3);
  const orderSns = (await ctx.db.select({ sn: orders.sn }).from(orders).where(eq(orders.status, 'COMPLETE')).orderBy(asc(orders.id)).limit(40)).map((row) => row.sn);
  if (memberRows.length === 0 || offered.length === 0) return;
  // coupons start and end on the hour, as operators set them
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const at = (days: number) => new Date(hour + days * DAY_MS);
  let orderIndex = 0;

  for (const [index, demo] of COUPONS.entries()) {
    const scope = demo.scope ?? 'ALL';
    const scopeIds = scope === 'CATEGORY' ? [offered[0].categoryId] : scope === 'SOME_GOODS' ? offered.map((row) => row.skuId) : [];
    const scopeDescription = scope === 'ALL' ? '全部商品' : scope === 'CATEGORY' ? offered[0].categoryName : [...new Set(offered.map((row) => row.goodsName))].join('、').slice(0, 200);
    const afterReceiving = demo.days !== undefined;
    const { unused, used, voided, expired } = demo.claims;
    const received = unused + used + voided + expired;
    const [coupon] = await ctx.db
      .insert(coupons)
      .values({
        title: demo.title,
        couponType: demo.couponType ?? 'NORMAL',
        priceCents: demo.price * 100,
        thresholdCents: demo.threshold * 100,
        startAt: at(demo.start),
        endAt: at(demo.end),
        effectiveType: afterReceiving ? 'EFFECTIVE_AFTER_RECEIVING' : 'AUTO_TAKE_EFFECT',
        effectiveDays: demo.days ?? 0,
        createNum: demo.createNum,
        limitNum: demo.limitNum,
        receivedNum: received,
        usedNum: used,
        useScope: scope,
        scopeIds,
        scopeDescription,
        shopCommission: demo.shopCommission,
        description: `${demo.title}：满${demo.threshold}元减${demo.price}元`,
        voidedAt: demo.voided ? at(-1) : null,
        createdAt: at(Math.min(demo.start, 0) - 2 - index / 24),
      })
      .returning();

    const kinds = [...Array(unused).fill('unused'), ...Array(used).fill('used'), ...Array(voided).fill('voided'), ...Array(expired).fill('expired')] as const;
    const claimRows = kinds.map((kind, n) => {
      const member = memberRows[(index * 17 + n * 7) % memberRows.length];
      const claimedDay =
        kind === 'expired' && afterReceiving
          ? -(demo.days! + random.int(1, 3))
          : Math.min(demo.end, 0) - random.int(1, Math.max(1, Math.min(demo.end - demo.start - 1, afterReceiving ? demo.days! - 1 : 10)));
      const claimedAt = new Date(at(claimedDay).getTime() + random.int(0, 6) * 3_600_000);
      const startAt = afterReceiving ? claimedAt : coupon.startAt;
      const endAt = afterReceiving ? new Date(claimedAt.getTime() + demo.days! * DAY_MS) : coupon.endAt;
      const usedRow = kind === 'used' && orderSns.length > 0;
      return {
        couponId: coupon.id,
        memberId: member.id,
        memberName: member.uname,
        title: demo.title,
        priceCents: coupon.priceCents,
        thresholdCents: coupon.thresholdCents,
        startAt,
        endAt,
        usedStatus: usedRow ? 1 : 0,
        orderSn: usedRow ? orderSns[orderIndex++ % orderSns.length] : '',
        usedAt: usedRow ? new Date(claimedAt.getTime() + 2 * 3_600_000) : null,
        canceledAt: kind === 'voided' ? new Date(claimedAt.getTime() + 3 * 3_600_000) : null,
        cancelReason: kind === 'voided' ? random.pick(['会员重复领取', '发放对象有误', '会员申请作废']) : '',
        canceledBy: kind === 'voided' ? 'admin' : '',
        createdAt: claimedAt,
      };
    });
    if (claimRows.length > 0) await ctx.db.insert(memberCoupons).values(claimRows);
  }
}
