/**
 * Demo points mall and sign-in (DOMAIN §2.19), deterministic: a two-level exchange category tree
 * (one category left empty), exchange goods on real on-sale goods, one sign-in activity in each
 * status, and check-ins of the running and the finished one whose points are in the members'
 * ledger and whose coupon rewards are claims of the coupon.
 */
import { and, asc, eq, gt, isNull, lte, gte, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { platformDay } from '../../platform/time.js';
import { goods, goodsSkus } from '../../modules/goods/tables.js';
import { cancelOrder } from '../../modules/orders/service.js';
import { exchangeFor } from '../../modules/promotions/exchange-orders.js';
import { memberLedger, members } from '../../modules/members/tables.js';
import { exchangeCats, exchangeGoods, signActivities, signRecords } from '../../modules/promotions/points-tables.js';
import { coupons, memberCoupons, pintuanGoods } from '../../modules/promotions/tables.js';

const DAY_MS = 86_400_000;

/** name, children */
const CATS: [string, string[]][] = [
  ['数码好礼', ['耳机音箱', '智能穿戴']],
  ['家居日用', []],
  ['美食饮品', ['零食']],
  ['限量兑换', []],
];
/** points and cash (cents) of the exchange goods, in order */
const PRICES: [number, number][] = [
  [2000, 0],
  [800, 990],
  [5000, 0],
  [1200, 1990],
  [300, 0],
  [15000, 4900],
];

/** title, days from now to start and to end, stored status */
const ACTIVITIES: [string, number, number, 'WAIT' | 'OPEN' | 'CLOSE' | 'FINISH'][] = [
  ['双十一签到有礼', -40, -10, 'FINISH'],
  ['周末签到试运行', -9, -6, 'CLOSE'],
  ['每日签到领积分', -8, 25, 'OPEN'],
  ['新年签到季', 30, 60, 'WAIT'],
];

async function seedExchange(ctx: AppContext, now: Date) {
  const leaves: number[] = [];
  for (const [index, [name, children]] of CATS.entries()) {
    const [parent] = await ctx.db.insert(exchangeCats).values({ name, sort: index + 1, createdAt: new Date(now.getTime() - (40 - index) * DAY_MS) }).returning({ id: exchangeCats.id });
    if (children.length === 0 && index < 2) leaves.push(parent.id);
    for (const [position, child] of children.entries()) {
      const [row] = await ctx.db.insert(exchangeCats).values({ parentId: parent.id, name: child, sort: position + 1 }).returning({ id: exchangeCats.id });
      leaves.push(row.id);
    }
  }
  // goods on sale that no group buy uses, from the middle of the catalogue (the goods picker opens on the newest)
  const items = await ctx.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1), notInArray(goods.id, ctx.db.select({ id: pintuanGoods.goodsId }).from(pintuanGoods))))
    .orderBy(asc(goods.id))
    .offset(12)
    .limit(PRICES.length);
  for (const [index, item] of items.entries()) {
    const [point, money] = PRICES[index];
    await ctx.db.insert(exchangeGoods).values({ goodsId: item.id, catId: leaves[index % leaves.length], exchangePoint: point, exchangeMoneyCents: money, createdAt: new Date(now.getTime() - (20 - index) * DAY_MS) });
    await ctx.db.update(goods).set({ goodsType: 'POINT', point }).where(eq(goods.id, item.id));
  }
}

async function seedSignIn(ctx: AppContext, now: Date) {
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const at = (days: number) => new Date(hour + days * DAY_MS);
  const people = await ctx.db.select({ id: members.id, uname: members.uname }).from(members).where(eq(members.disabled, 0)).orderBy(asc(members.id)).limit(12);
  for (const [title, start, end, status] of ACTIVITIES) {
    // a coupon claimable over the whole window rewards every seventh day, where there is one
    const [coupon] = await ctx.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.couponType, 'NORMAL'), isNull(coupons.voidedAt), lte(coupons.startAt, at(start)), gte(coupons.endAt, at(end)), sql`${coupons.receivedNum} + 20 <= ${coupons.createNum}`))
      .orderBy(asc(coupons.id))
      .limit(1);
    const rewards = [5, 5, 10, 10, 15, 20].map((point) => ({ reward_type: 'POINT', point, coupon_id: null as number | null }));
    rewards.push(coupon ? { reward_type: 'COUPON', point: 0, coupon_id: coupon.id } : { reward_type: 'POINT', point: 50, coupon_id: null });
    const [activity] = await ctx.db
      .insert(signActivities)
      .values({
        title,
        startAt: at(start),
        endAt: at(end),
        status,
        rewards,
        description: '每日签到可领取积分，连续签到 7 天额外赠送优惠券；断签后从第 1 天重新计算。',
        closedAt: status === 'CLOSE' ? at(-7) : null,
        createdAt: at(Math.min(start, 0) - 3),
      })
      .returning();
    if (status !== 'OPEN' && status !== 'FINISH') continue;
    // member i checks in on the last (i % 8) + 1 days (the running one: up to today; the finished one: up to its last full day)
    const lastDay = status === 'OPEN' ? 0 : end - 1;
    let signNum = 0;
    for (const [index, member] of people.entries()) {
      const streak = Math.min((index % 8) + 1, lastDay - start);
      for (let day = 1; day <= streak; day += 1) {
        const when = new Date(now.getTime() + (lastDay - streak + day) * DAY_MS - (index + 1) * 60_000);
        const reward = rewards[(day - 1) % rewards.length];
        let couponTitle = '';
        if (reward.reward_type === 'COUPON' && coupon) {
          couponTitle = coupon.title;
          await ctx.db.insert(memberCoupons).values({
            couponId: coupon.id,
            memberId: member.id,
            memberName: member.uname,
            title: coupon.title,
            priceCents: coupon.priceCents,
            thresholdCents: coupon.thresholdCents,
            startAt: coupon.effectiveType === 'EFFECTIVE_AFTER_RECEIVING' ? when : coupon.startAt,
            endAt: coupon.effectiveType === 'EFFECTIVE_AFTER_RECEIVING' ? new Date(when.getTime() + coupon.effectiveDays * DAY_MS) : coupon.endAt,
            createdAt: when,
          });
          await ctx.db.update(coupons).set({ receivedNum: sql`${coupons.receivedNum} + 1` }).where(eq(coupons.id, coupon.id));
        } else {
          const [after] = await ctx.db.update(members).set({ consumPoint: sql`${members.consumPoint} + ${reward.point}` }).where(eq(members.id, member.id)).returning({ point: members.consumPoint });
          await ctx.db.insert(memberLedger).values({ memberId: member.id, kind: 'POINT', amount: reward.point, balanceAfter: after.point, reason: `签到赠送积分（${title}）`, operatorType: 'SYSTEM', operatorName: '签到', createdAt: when });
        }
        await ctx.db.insert(signRecords).values({
          activityId: activity.id,
          activityTitle: title,
          memberId: member.id,
          memberName: member.uname,
          signDay: platformDay(when),
          continuousDays: day,
          rewardType: reward.reward_type,
          point: reward.reward_type === 'POINT' ? reward.point : 0,
          couponId: reward.coupon_id,
          couponTitle,
          createdAt: when,
        });
        signNum += 1;
      }
    }
    await ctx.db.update(signActivities).set({ signNum }).where(eq(signActivities.id, activity.id));
  }
}

/**
 * Exchange orders through the exchange itself (points and stock taken, ledger rows): one waiting
 * for its cash part, one paid in points alone, and one cancelled by the operator with its points
 * given back. Run once the order sequences follow the generated orders.
 */
export async function seedExchangeOrders(ctx: AppContext, now: Date): Promise<void> {
  // each exchange item with its first SKU in stock
  const items = await ctx.db
    .selectDistinctOn([exchangeGoods.id], { goodsId: exchangeGoods.goodsId, point: exchangeGoods.exchangePoint, money: exchangeGoods.exchangeMoneyCents, skuId: goodsSkus.id })
    .from(exchangeGoods)
    .innerJoin(goodsSkus, and(eq(goodsSkus.goodsId, exchangeGoods.goodsId), gt(goodsSkus.enableQuantity, 0)))
    .orderBy(asc(exchangeGoods.id), asc(goodsSkus.id));
  const paidInPoints = items.find((item) => item.money === 0);
  const withCash = items.find((item) => item.money > 0);
  if (!paidInPoints || !withCash) return;
  // [item, hours ago, cancelled by the operator]
  const plan: [typeof withCash, number, boolean][] = [
    [withCash, 2, false],
    [paidInPoints, 30, false],
    [withCash, 50, true],
  ];
  const buyers = await ctx.db
    .select({ id: members.id, uname: members.uname, nickname: members.nickname, mobile: members.mobile })
    .from(members)
    .where(and(eq(members.disabled, 0), gte(members.consumPoint, Math.max(withCash.point, paidInPoints.point))))
    .orderBy(asc(members.id))
    .limit(plan.length);
  for (const [index, [item, hoursAgo, cancelled]] of plan.entries()) {
    const buyer = buyers[index];
    if (!buyer) return;
    const at = new Date(now.getTime() - hoursAgo * 3_600_000);
    const order = await exchangeFor(
      ctx,
      buyer,
      { goods_id: item.goodsId, sku_id: item.skuId, num: 1, ship_name: buyer.nickname || buyer.uname, ship_mobile: buyer.mobile || '13800000000', ship_region: '上海 浦东新区', ship_addr: `世纪大道${100 + index}号`, remark: '' },
      at,
    );
    if (cancelled) await ctx.db.transaction((tx) => cancelOrder(tx, { sn: order.order_sn }, '管理员取消', { type: 'ADMIN', name: 'admin' }, new Date(at.getTime() + 20 * 60_000)));
  }
}

export async function seedPoints(ctx: AppContext, now: Date): Promise<void> {
  await seedExchange(ctx, now);
  await seedSignIn(ctx, now);
}
