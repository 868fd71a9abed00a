/**
 * Demo promotions, deterministic and read from the demo rows already written: coupons in every
 * state with their claims (DOMAIN §2.15), seckill days in every state with the shops' applications
 * in every state (§2.16).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { SECKILL_PROMOTION_TITLE } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { categories, goods, goodsSkus } from '../../modules/goods/tables.js';
import { members } from '../../modules/members/tables.js';
import { coupons, memberCoupons, promotionGoods, seckillApplies, seckills } from '../../modules/promotions/tables.js';
import { platformDay, platformDayStart } from '../../platform/time.js';
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
  if (memberRows.length === 0 || offered.length === 0) return;
  // coupons start and end on the hour, as operators set them
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const at = (days: number) => new Date(hour + days * DAY_MS);

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
    const claimRows: (typeof memberCoupons.$inferInsert)[] = [];
    for (const [n, kind] of kinds.entries()) {
      let member = memberRows[(index * 17 + n * 7) % memberRows.length];
      let claimedDay =
        kind === 'expired' && afterReceiving
          ? -(demo.days! + random.int(1, 3))
          : Math.min(demo.end, 0) - random.int(1, Math.max(1, Math.min(demo.end - demo.start - 1, afterReceiving ? demo.days! - 1 : 10)));
      let claimedAt = new Date(at(claimedDay).getTime() + random.int(0, 6) * 3_600_000);
      // a used claim is the coupon paid for an order of its own member, placed while the coupon was
      // valid and within its threshold and scope; that order records the coupon (couponOrder)
      const order = kind === 'used' && !voidedCoupon(demo) ? await couponOrder(ctx, coupon, now) : undefined;
      if (order) {
        member = { id: order.memberId, uname: order.memberName };
        claimedAt = new Date(Math.max(coupon.createdAt.getTime(), order.createdAt.getTime() - random.int(1, 48) * 3_600_000));
      }
      const startAt = afterReceiving ? claimedAt : coupon.startAt;
      const endAt = afterReceiving ? new Date(claimedAt.getTime() + demo.days! * DAY_MS) : coupon.endAt;
      claimRows.push({
        couponId: coupon.id,
        memberId: member.id,
        memberName: member.uname,
        title: demo.title,
        priceCents: coupon.priceCents,
        thresholdCents: coupon.thresholdCents,
        startAt,
        endAt,
        usedStatus: order ? 1 : 0,
        orderSn: order?.sn ?? '',
        usedAt: order ? order.paidAt : null,
        canceledAt: kind === 'voided' ? new Date(claimedAt.getTime() + 3 * 3_600_000) : null,
        cancelReason: kind === 'voided' ? random.pick(['会员重复领取', '发放对象有误', '会员申请作废']) : '',
        canceledBy: kind === 'voided' ? 'admin' : '',
        createdAt: claimedAt,
      });
    }
    // a used claim that found no fitting order stays unused
    const usedNum = claimRows.filter((row) => row.usedStatus === 1).length;
    if (usedNum !== used) await ctx.db.update(coupons).set({ usedNum }).where(eq(coupons.id, coupon.id));
    if (claimRows.length > 0) await ctx.db.insert(memberCoupons).values(claimRows);
  }
  await seedSeckills(ctx, random, now);
}

const voidedCoupon = (demo: DemoCoupon) => demo.voided === true;

/**
 * The oldest paid online order no coupon was used on yet that the coupon fits: placed while it was
 * valid, goods reaching its threshold, a discount at least its value, and (for a scoped coupon) an
 * item in its category or among its SKUs. The order then records the coupon the way checkout
 * would: its site coupon value, the shop's share of it (the coupon's shop_commission %), and the
 * commission on the income the coupon adds (finance/bills.ts cutBill reads them).
 */
async function couponOrder(ctx: AppContext, coupon: typeof coupons.$inferSelect, now: Date) {
  const ids = `{${coupon.scopeIds.join(',')}}`;
  const scope =
    coupon.useScope === 'CATEGORY'
      ? sql`and exists (select 1 from order_items i join goods g on g.id = i.goods_id where i.order_id = o.id and g.category_id = any(${ids}::int[]))`
      : coupon.useScope === 'SOME_GOODS'
        ? sql`and exists (select 1 from order_items i where i.order_id = o.id and i.sku_id = any(${ids}::int[]))`
        : sql``;
  const until = coupon.endAt < now ? coupon.endAt : now;
  const picked = await ctx.db.execute(sql`
    update orders o set site_coupon_cents = ${coupon.priceCents},
      coupon_commission_cents = round(${coupon.priceCents}::numeric * ${coupon.shopCommission} / 100),
      commission_cents = round((o.paid_cents + o.balance_cents + ${coupon.priceCents})::numeric * s.commission_rate / 100)
    from shops s
    where s.id = o.shop_id and o.id = (
      select o.id from orders o
      where o.payment_type = 'ONLINE' and o.order_type = 'NORMAL' and o.paid_at is not null and o.site_coupon_cents = 0
        and o.discount_cents >= ${coupon.priceCents} and o.goods_cents >= ${coupon.thresholdCents}
        and o.created_at >= ${coupon.startAt.toISOString()} and o.created_at < ${until.toISOString()} ${scope}
      order by o.id limit 1)
    returning o.sn, o.member_id, o.member_name, o.created_at, o.paid_at`);
  const row = picked.rows[0] as { sn: string; member_id: number; member_name: string; created_at: string | Date; paid_at: string | Date } | undefined;
  if (!row) return undefined;
  return { sn: row.sn, memberId: Number(row.member_id), memberName: row.member_name, createdAt: new Date(row.created_at), paidAt: new Date(row.paid_at) };
}

interface DemoSeckill {
  name: string;
  /** days from today (platform calendar) */
  day: number;
  hours: number[];
  published: boolean;
  /** the applications: slot and state */
  applies: { hour: number; status: 'APPLY' | 'PASS' | 'FAIL' }[];
}

const REFUSALS = ['抢购价高于近30天最低价', '抢购库存不足，请补充后重新报名', '商品主图不清晰'];

const SECKILLS: DemoSeckill[] = [
  {
    name: '今日限时抢购',
    day: 0,
    hours: [8, 10, 12, 14, 20],
    published: true,
    applies: [
      { hour: 8, status: 'PASS' }, { hour: 10, status: 'PASS' }, { hour: 12, status: 'PASS' }, { hour: 14, status: 'FAIL' },
      { hour: 20, status: 'APPLY' }, { hour: 20, status: 'APPLY' },
    ],
  },
  {
    name: '明日爆款秒杀',
    day: 1,
    hours: [0, 9, 12, 18, 21],
    published: true,
    applies: [
      { hour: 9, status: 'APPLY' }, { hour: 9, status: 'APPLY' }, { hour: 12, status: 'APPLY' }, { hour: 18, status: 'APPLY' },
      { hour: 21, status: 'PASS' }, { hour: 21, status: 'FAIL' },
    ],
  },
  { name: '周末狂欢秒杀', day: 4, hours: [10, 14, 20], published: false, applies: [] },
  {
    name: '上周限时抢购',
    day: -6,
    hours: [10, 20],
    published: true,
    applies: [{ hour: 10, status: 'PASS' }, { hour: 20, status: 'PASS' }, { hour: 20, status: 'FAIL' }],
  },
];

async function seedSeckills(ctx: AppContext, random: Random, now: Date): Promise<void> {
  const skus = await ctx.db
    .select({ sku: goodsSkus, goods })
    .from(goodsSkus)
    .innerJoin(goods, eq(goods.id, goodsSkus.goodsId))
    .where(and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1)))
    .orderBy(asc(goodsSkus.id));
  // one SKU of each goods item, spread over the catalogue
  const seen = new Set<number>();
  const pool = skus.filter(({ goods: item }) => !seen.has(item.id) && seen.add(item.id));
  if (pool.length === 0) return;
  const today = platformDay(now);
  let next = 0;
  for (const [index, demo] of SECKILLS.entries()) {
    const startAt = new Date(platformDayStart(today).getTime() + demo.day * DAY_MS);
    const [event] = await ctx.db
      .insert(seckills)
      .values({
        name: demo.name,
        startAt,
        applyEndAt: demo.day > 1 ? new Date(startAt.getTime() - DAY_MS) : new Date(startAt.getTime() - 2 * 3_600_000),
        hours: demo.hours,
        rule: '每个会员每个商品限购1件；抢购价仅在所选时段至当天24点有效。',
        publishStatus: demo.published ? 1 : 0,
        createdAt: new Date(Math.min(now.getTime(), startAt.getTime()) - (8 - index) * DAY_MS),
      })
      .returning();
    for (const apply of demo.applies) {
      // a distinct goods item per application, so passed ones never overlap on one day
      const { sku, goods: item } = pool[next++ % pool.length];
      const original = sku.priceCents;
      const price = Math.max(100, Math.round((original * random.int(55, 85)) / 10000) * 100 - 10);
      const auditedAt = apply.status === 'APPLY' ? null : new Date(Math.min(now.getTime(), startAt.getTime()) - 3_600_000);
      const [row] = await ctx.db
        .insert(seckillApplies)
        .values({
          seckillId: event.id,
          timeLine: apply.hour,
          goodsId: item.id,
          skuId: sku.id,
          goodsName: item.goodsName,
          propertiesName: sku.propertiesName,
          goodsImage: sku.image || item.thumbnail,
          shopId: item.shopId,
          shopName: item.shopName,
          priceCents: Math.min(price, original - 100 > 0 ? original - 100 : original),
          originalPriceCents: original,
          soldQuantity: random.int(10, 100),
          status: apply.status,
          failReason: apply.status === 'FAIL' ? random.pick(REFUSALS) : '',
          auditorName: auditedAt ? 'admin' : '',
          auditedAt,
          createdAt: new Date(event.createdAt.getTime() + random.int(1, 48) * 3_600_000),
        })
        .returning();
      if (apply.status === 'PASS') {
        await ctx.db.insert(promotionGoods).values({
          goodsId: item.id,
          skuId: sku.id,
          promotionType: 'SECKILL',
          activityId: event.id,
          applyId: row.id,
          title: SECKILL_PROMOTION_TITLE,
          priceCents: row.priceCents,
          num: row.soldQuantity,
          startAt: new Date(startAt.getTime() + apply.hour * 3_600_000),
          endAt: new Date(startAt.getTime() + DAY_MS - 1000),
        });
      }
    }
  }
}
