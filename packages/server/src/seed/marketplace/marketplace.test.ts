import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../test/harness.js';
import { windowDrift } from '../../test/rollup-check.js';
import { SERVICE_STATUSES, type ServiceType } from '@agora/contract';
import { DEMO_SIZES, seedMarketplace } from './generate.js';
import { pathTo } from './aftersales.js';
import { contractState } from '../../modules/contracts/flow.js';
import { shopContracts } from '../../modules/contracts/tables.js';
import { liveState } from '../../modules/live/flow.js';
import { liveRooms } from '../../modules/live/tables.js';
import { platformDay } from '../../platform/time.js';

const NOW = new Date('2026-11-20T04:00:00Z');
// Rows the seed leaves to the column default are dated by the real clock, after this; a row the seed
// dates itself falls between NOW and this only when it dated it after its own now.
const WRITTEN_FROM = new Date();
const size = DEMO_SIZES.small;

let testDb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  t = await startTestApp(testDb);
  expect(await seedMarketplace(t.ctx, size, NOW)).toBe(true);
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.ctx.db.execute(query);
  return result.rows as T[];
}
const one = async (query: ReturnType<typeof sql>) => Number(Object.values((await rows(query))[0])[0]);

describe('the demo marketplace (small)', () => {

  it('has a year of bills in every state that reconcile with the orders and refunds to the cent (issue 13)', async () => {
    expect(new Set((await rows<{ status: string }>(sql`select distinct status from bills`)).map((row) => row.status))).toEqual(new Set(['OUT', 'RECON', 'PASS', 'PAY', 'COMPLETE']));
    // when an order qualifies for its shop's bill (the shop's settlement status): paid, completed or its after-sale window closed
    const qualified = sql.raw(`(case s.settlement_status when 'COMPLETE' then o.completed_at when 'SERVICE_EXPIRED' then o.service_expired_at else o.paid_at end)`);
    const last = sql.raw(`(select shop_id, max(end_at) as last from bills group by shop_id)`);
    // shops of every settlement status have bills, and some of their paid orders wait for a later one
    expect(await one(sql`select count(distinct s.settlement_status) from shops s join bills b on b.shop_id = s.id`)).toBe(3);
    expect(await one(sql`select count(*) from orders o join shops s on s.id = o.shop_id join ${last} b on b.shop_id = o.shop_id where s.settlement_status <> 'PAID' and o.paid_at < b.last and o.bill_id is null`)).toBeGreaterThan(0);
    // every order that qualified before its shop's last period end is on exactly one bill of its own shop, inside the period; no other order is
    expect(await one(sql`select count(*) from orders o join shops s on s.id = o.shop_id join ${last} b on b.shop_id = o.shop_id where o.paid_at is not null and ${qualified} < b.last and o.bill_id is null`)).toBe(0);
    expect(await one(sql`select count(*) from orders o join shops s on s.id = o.shop_id join bills b on b.id = o.bill_id where b.shop_id <> o.shop_id or o.paid_at is null or ${qualified} is null or ${qualified} >= b.end_at`)).toBe(0);
    // every completed refund of a billed order, before the last period end, is on one bill: never before its order's
    expect(await one(sql`select count(*) from refunds r join orders o on o.id = r.order_id join ${last} b on b.shop_id = r.shop_id where r.refund_status = 'COMPLETED' and r.refunded_at < b.last and o.bill_id is not null and r.bill_id is null`)).toBe(0);
    expect(await one(sql`select count(*) from refunds r join bills b on b.id = r.bill_id join orders o on o.id = r.order_id left join bills ob on ob.id = o.bill_id
      where b.shop_id <> r.shop_id or r.refund_status <> 'COMPLETED' or r.refunded_at >= b.end_at or ob.id is null or ob.end_at > b.end_at`)).toBe(0);
    // site coupons: some billed orders carry one, each the one used claim of its own buyer, the shop's share at the coupon's rate
    expect(await one(sql`select count(*) from orders where site_coupon_cents > 0 and bill_id is not null`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from orders o where o.site_coupon_cents > 0 and (select count(*) from member_coupons m join coupons c on c.id = m.coupon_id
      where m.order_sn = o.sn and m.used_status = 1 and m.member_id = o.member_id and m.price_cents = o.site_coupon_cents and o.discount_cents >= m.price_cents
        and o.coupon_commission_cents = round(m.price_cents::numeric * c.shop_commission / 100)) <> 1`)).toBe(0);
    expect(await one(sql`select count(*) from member_coupons m where m.used_status = 1 and not exists (select 1 from orders o where o.sn = m.order_sn and o.site_coupon_cents = m.price_cents)`)).toBe(0);
    // each bill's coupon columns are the sums of its orders'
    expect(await one(sql`select count(*) from bills b where b.site_coupon_cents <> (select coalesce(sum(site_coupon_cents), 0) from orders where bill_id = b.id)
      or b.site_coupon_commission_cents <> (select coalesce(sum(coupon_commission_cents), 0) from orders where bill_id = b.id)`)).toBe(0);
    // for every shop, DOMAIN §2.14 read literally: its bills = online income − online refunds − commission + refunded commission
    // − site-coupon commission − (distribution rebate − rebate returned), recomputed from the rows, where an order's online income
    // is what the buyer paid online (pre-deposit included) plus the site coupon the platform funded, its commission was taken on
    // that whole income, and a refund gives back commission in the share of that income it returns
    const drift = await rows(sql`
      with billed as (select shop_id, sum(bill_cents) as total, sum(order_count) as n from bills group by shop_id),
      paid as (select shop_id, count(*) as n,
          sum(case when payment_type <> 'COD' then paid_cents + balance_cents else 0 end) + sum(site_coupon_cents)
            - sum(commission_cents) - sum(coupon_commission_cents) as net
        from orders where bill_id is not null group by shop_id),
      back as (select r.shop_id,
          sum(round(r.actual_cents::numeric * o.commission_cents / nullif(o.paid_cents + o.balance_cents + o.site_coupon_cents, 0))) - sum(case when r.payment_type <> 'COD' then r.actual_cents else 0 end) as net
        from refunds r join orders o on o.id = r.order_id where r.bill_id is not null group by r.shop_id),
      rebate as (select o.shop_id,
          sum(case when d.return_bill_id is not null then d.grade1_cents + d.grade2_cents else 0 end)
            - sum(case when d.bill_id is not null then d.grade1_cents + d.grade2_cents else 0 end) as net
        from distribution_orders d join orders o on o.id = d.order_id group by o.shop_id)
      select b.shop_id, b.total, coalesce(p.net, 0) + coalesce(k.net, 0) + coalesce(d.net, 0) as expected, b.n, coalesce(p.n, 0) as orders
      from billed b left join paid p on p.shop_id = b.shop_id left join back k on k.shop_id = b.shop_id left join rebate d on d.shop_id = b.shop_id
      where b.total <> coalesce(p.net, 0) + coalesce(k.net, 0) + coalesce(d.net, 0) or b.n <> coalesce(p.n, 0)`);
    expect(drift).toEqual([]);
    // an order paid with a site coupon was charged commission on the coupon too (the checkout's rule, orders/service.ts payEffects)
    expect(await one(sql`select count(*) from orders o join shops s on s.id = o.shop_id where o.site_coupon_cents > 0 and o.commission_cents <> round((o.paid_cents + o.balance_cents + o.site_coupon_cents)::numeric * s.commission_rate / 100)`)).toBe(0);
    // the distributors' commission before a shop's last period end is charged to one of its bills
    expect(await one(sql`select count(*) from distribution_orders d join orders o on o.id = d.order_id join (select shop_id, max(end_at) as last from bills group by shop_id) b on b.shop_id = o.shop_id where d.created_at < b.last and d.bill_id is null`)).toBe(0);
    expect(await one(sql`select count(*) from distribution_orders where bill_id is not null`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from orders where bill_id is not null`)).toBeGreaterThan(100);
    expect(await one(sql`select count(distinct status) from member_zpzz`)).toBe(3);
    expect(await one(sql`select count(distinct status) from receipt_histories`)).toBe(2);
    expect(await one(sql`select count(*) from member_ledger l where l.reason = '在线充值' and not exists (select 1 from recharges r where r.sn = l.ref_sn and r.member_id = l.member_id and r.amount_cents = l.amount)`)).toBe(0);
  });
  it('has seckill days in every state, with applications in every state on real demo goods', async () => {
    const states = await rows<{ state: string }>(sql`select distinct case when publish_status = 0 then 'DRAFT' when start_at > ${NOW} then 'WAIT' when start_at + interval '1 day' <= ${NOW} then 'END' else 'UNDERWAY' end as state from seckills`);
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(['DRAFT', 'WAIT', 'UNDERWAY', 'END']));
    expect(await one(sql`select count(distinct status) from seckill_applies`)).toBe(3);
    expect(await one(sql`select count(*) from seckill_applies a left join goods g on g.id = a.goods_id and g.shop_id = a.shop_id left join goods_skus s on s.id = a.sku_id and s.goods_id = a.goods_id where g.id is null or s.id is null`)).toBe(0);
    expect(await one(sql`select count(*) from seckill_applies a where a.status = 'PASS' and not exists (select 1 from promotion_goods p where p.apply_id = a.id)`)).toBe(0);
    expect(await one(sql`select count(*) from promotion_goods a join promotion_goods b on a.goods_id = b.goods_id and a.id < b.id and a.start_at < b.end_at and b.start_at < a.end_at`)).toBe(0);
    expect(await one(sql`select count(*) from seckill_applies where price_cents >= original_price_cents`)).toBe(0);
  });

  it('has a distribution tree with commission in every state from the received demo orders, bills, and withdrawals in every state whose money adds up', async () => {
    expect(await one(sql`select count(distinct status) from commission_records`)).toBe(3);
    expect(await one(sql`select count(distinct status) from withdraw_applies`)).toBe(5);
    expect(await one(sql`select count(*) from distributors where parent_id is null`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from distributors where grandparent_id is not null`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from distributors where status = 0`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from distribution_bills`)).toBeGreaterThan(0);
    // every commission comes from a received order of the buyer it names
    expect(await one(sql`select count(*) from distribution_orders d left join orders o on o.id = d.order_id and o.member_id = d.buyer_id and o.rog_at is not null where o.id is null`)).toBe(0);
    // each distributor's money equals its ledger, and the held money equals the undecided requests
    expect(await one(sql`select count(*) from distributors d where can_rebate_cents <> coalesce((select sum(can_rebate_change) from distribution_ledger l where l.member_id = d.member_id), 0)
      or frozen_cents <> coalesce((select sum(frozen_change) from distribution_ledger l where l.member_id = d.member_id), 0)
      or withdraw_frozen_cents <> coalesce((select sum(amount_cents) from withdraw_applies w where w.member_id = d.member_id and w.status in ('WAIT_AUDIT', 'AUDIT_PASS')), 0)
      or frozen_cents <> coalesce((select sum(amount_cents) from commission_records c where c.member_id = d.member_id and c.status = 'WAIT'), 0)`)).toBe(0);
  });

  it('has group buys running, closed, ended and not started, with groups forming, formed and failed for a refund', async () => {
    const states = await rows<{ state: string }>(sql`select distinct case when start_at > ${NOW} then 'WAIT' when closed_at is not null or end_at <= ${NOW} then 'END' else 'UNDERWAY' end as state from pintuans`);
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(['WAIT', 'UNDERWAY', 'END']));
    expect(await one(sql`select count(distinct status) from pintuan_groups`)).toBe(3);
    expect(await one(sql`select count(*) from pintuan_groups g join pintuans p on p.id = g.pintuan_id where g.status = 'FORMING' and (p.closed_at is not null or p.end_at <= ${NOW})`)).toBe(0);
    expect(await one(sql`select count(*) from pintuan_groups g, unnest(g.order_sns) sn where not exists (select 1 from orders o where o.sn = sn and o.order_type = 'PINTUAN')`)).toBe(0);
    // every group that started has a buyer who paid: a forming group its leader, a failed one someone to pay back
    expect(await one(sql`select count(*) from pintuan_groups where status <> 'FORMED' and cardinality(order_sns) = 0`)).toBe(0);
    // a failed group's paid orders are being refunded: none still waits for its group
    expect(await one(sql`select count(*) from pintuan_groups g cross join unnest(g.order_sns) as u(order_sn) join orders o on o.sn = u.order_sn where g.status = 'FAILED' and o.status = 'PAID_OFF'`)).toBe(0);
    expect(await one(sql`select count(*) from after_sales where create_channel = 'PINTUAN' and service_type = 'ORDER_CANCEL'`)).toBeGreaterThan(0);
  });

  it('has a points mall and a sign-in activity in every status, whose check-ins are in the ledger and the claims (issue 14)', async () => {
    expect(await one(sql`select count(*) from exchange_cats where parent_id <> 0`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from exchange_goods`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from exchange_goods e join goods g on g.id = e.goods_id where g.market_enable <> 1 or g.goods_type <> 'POINT' or g.point <> e.exchange_point`)).toBe(0);
    expect(await one(sql`select count(*) from exchange_cats c where not exists (select 1 from exchange_goods e where e.cat_id = c.id) and not exists (select 1 from exchange_cats k where k.parent_id = c.id)`)).toBeGreaterThan(0);
    const states = await rows<{ state: string }>(sql`select distinct case when status in ('CLOSE', 'FINISH') then status when end_at <= ${NOW} then 'FINISH' when start_at > ${NOW} then 'WAIT' else 'OPEN' end as state from sign_activities`);
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(['WAIT', 'OPEN', 'CLOSE', 'FINISH']));
    expect(await one(sql`select count(distinct reward_type) from sign_records`)).toBe(2);
    expect(await one(sql`select count(*) from sign_activities a where sign_num <> (select count(*) from sign_records r where r.activity_id = a.id)`)).toBe(0);
    expect(await one(sql`select count(*) from sign_records r join sign_activities a on a.id = r.activity_id where r.created_at < a.start_at or r.created_at >= a.end_at`)).toBe(0);
    // exchange orders waiting for their cash part, paid in points alone, and cancelled with the points given back
    const exchanges = await rows<{ status: string; point: number; taken: number; back: number }>(
      sql`select o.status, o.point, (select -sum(amount)::int from member_ledger l where l.ref_sn = o.sn and l.amount < 0) as taken, (select coalesce(sum(amount), 0)::int from member_ledger l where l.ref_sn = o.sn and l.amount > 0) as back from orders o where o.order_type = 'EXCHANGE' order by o.id`,
    );
    expect(exchanges.map((row) => row.status)).toEqual(['CONFIRM', 'PAID_OFF', 'CANCELLED']);
    for (const row of exchanges) expect([row.taken, row.back]).toEqual([row.point, row.status === 'CANCELLED' ? row.point : 0]);
  });

  it('has coupons in every state on both tabs, with claims in every state that add up to the counts', async () => {
    const states = await rows<{ state: string }>(sql`select distinct case when voided_at is not null then 'VOID' when start_at > ${NOW} then 'NOT_STARTED' when end_at < ${NOW} then 'EXPIRED' else 'ACTIVE' end as state from coupons`);
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(['VOID', 'NOT_STARTED', 'EXPIRED', 'ACTIVE']));
    expect(await one(sql`select count(distinct coupon_type) from coupons`)).toBe(2);
    expect(await one(sql`select count(distinct use_scope) from coupons`)).toBe(3);
    const claimStates = await rows<{ state: string }>(sql`select distinct case when canceled_at is not null then 'VOIDED' when used_status = 1 then 'USED' when end_at < ${NOW} then 'EXPIRED' else 'UNUSED' end as state from member_coupons`);
    expect(new Set(claimStates.map((row) => row.state))).toEqual(new Set(['VOIDED', 'USED', 'EXPIRED', 'UNUSED']));
    expect(await one(sql`select count(*) from coupons c where received_num <> (select count(*) from member_coupons m where m.coupon_id = c.id) or used_num <> (select count(*) from member_coupons m where m.coupon_id = c.id and used_status = 1)`)).toBe(0);
    expect(await one(sql`select count(*) from member_coupons m where used_status = 1 and not exists (select 1 from orders o where o.sn = m.order_sn)`)).toBe(0);
  });

  it('has shop contracts in every state, never two of one shop over the same days', async () => {
    const contracts = await t.ctx.db.select().from(shopContracts);
    expect(new Set(contracts.map((row) => contractState(row, platformDay(NOW))))).toEqual(new Set(['PENDING', 'ACTIVE', 'EXPIRING', 'EXPIRED', 'TERMINATED']));
    expect(await one(sql`select count(*) from shop_contracts a join shop_contracts b on a.shop_id = b.shop_id and a.id < b.id
      where a.terminated_at is null and b.terminated_at is null and a.start_date <= b.end_date and b.start_date <= a.end_date`)).toBe(0);
  });

  it('has live rooms in every state, each showing on-sale goods of its own shop', async () => {
    const rooms = await t.ctx.db.select().from(liveRooms);
    expect(new Set(rooms.map((room) => liveState(room, NOW)))).toEqual(new Set(['WAIT', 'NOT_STARTED', 'LIVE', 'ENDED', 'REFUSED', 'CLOSED']));
    expect(await one(sql`select count(*) from live_rooms r, unnest(r.goods_ids) g(id) where not exists (select 1 from goods where goods.id = g.id and goods.shop_id = r.shop_id and market_enable = 1 and is_auth = 1)`)).toBe(0);
  });

  it('has the promised counts: shops in every state, members with levels, catalogue, goods, orders', async () => {
    const shopStates = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from shops group by status`);
    expect(Object.fromEntries(shopStates.map((row) => [row.status, row.n]))).toMatchObject({ OPEN: expect.any(Number), CLOSED: expect.any(Number), APPLY: expect.any(Number), REFUSED: expect.any(Number), APPLYING: expect.any(Number) });
    expect(shopStates.reduce((sum, row) => sum + row.n, 0)).toBe(size.shops);
    expect(await one(sql`select count(*) from shops s join shop_details d on d.shop_id = s.id where s.status in ('OPEN','APPLY') and d.company_name <> '' and d.license_num <> '' and d.bank_number <> '' and d.legal_img like '/files/%'`)).toBe(
      await one(sql`select count(*) from shops where status in ('OPEN','APPLY')`),
    );
    expect(await one(sql`select count(*) from shops where status = 'OPEN' and (commission_rate is null or cardinality(settlement_days) = 0 or remaining_margin_cents <= 0)`)).toBe(0);
    expect(await one(sql`select count(*) from margin_flows where auth_status = 'WAIT_AUDIT'`)).toBeGreaterThanOrEqual(3);
    expect(await one(sql`select count(distinct auth_status) from margin_flows`)).toBe(3);

    expect(await one(sql`select count(*) from members`)).toBe(size.members);
    expect(await one(sql`select count(*) from members where disabled = -1`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from members where mobile !~ '^1[358][0-9]{9}$' or mobile like '154%'`)).toBe(0);
    // every member lives in a domestic region of the region data, named from it (what the picker stores)
    expect(await one(sql`select count(*) from members m where m.region_country <> 'CN' or cardinality(m.region_ids) < 2
      or m.region <> (select string_agg(r.name, ' ' order by r.level) from regions r where r.id = any(m.region_ids))
      or not exists (select 1 from regions r where r.id = m.region_ids[cardinality(m.region_ids)] and r.path = '|' || array_to_string(m.region_ids, '|') || '|')`)).toBe(0);
    expect((await rows<{ level_name: string }>(sql`select level_name from member_levels order by min_point`)).map((row) => row.level_name)).toEqual(['普通会员', '白银会员', '黄金会员', '钻石会员']);
    expect(await one(sql`select count(*) from members m join member_levels l on l.id = m.level_id where m.grade_point < l.min_point or (l.max_point is not null and m.grade_point >= l.max_point)`)).toBe(0);

    expect(await one(sql`select count(distinct level) from categories`)).toBe(3);
    expect((await rows<{ name: string }>(sql`select name from categories where level = 1 order by sort`)).map((row) => row.name)).toEqual(['电子数码', '服饰鞋包', '食品生鲜', '家居家装', '美妆个护', '母婴玩具', '运动户外', '图书文娱']);
    expect(await one(sql`select count(*) from categories c where level = 3 and not exists (select 1 from params p where p.category_id = c.id)`)).toBe(0);
    expect(await one(sql`select count(*) from brands`)).toBeGreaterThanOrEqual(150);
    expect(await one(sql`select count(*) from brands b where not exists (select 1 from category_brands cb where cb.brand_id = b.id)`)).toBe(0);

    expect(await one(sql`select count(*) from goods`)).toBe(size.goods);
    expect(await one(sql`select count(*) from goods g join shops s on s.id = g.shop_id where g.is_auth = 0 and g.market_enable = 1 and s.status = 'OPEN'`)).toBeGreaterThanOrEqual(20);
    expect(await one(sql`select count(*) from goods where is_auth = 2`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from goods where is_auth = 1 and market_enable = 0 and under_message <> ''`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from goods g where not exists (select 1 from goods_skus k where k.goods_id = g.id)`)).toBe(0);
    expect(await one(sql`select count(*) from goods g where g.quantity <> (select sum(quantity) from goods_skus k where k.goods_id = g.id)`)).toBe(0);
    // the generated orders, and the points mall's few exchange orders (points.ts)
    expect(await one(sql`select count(*) from orders where order_type <> 'EXCHANGE'`)).toBe(size.orders);
  });

  it('puts no goods of a shop that is not open on sale, and goods sit in leaf categories of their shop', async () => {
    expect(await one(sql`select count(*) from goods g join shops s on s.id = g.shop_id where s.status <> 'OPEN' and g.market_enable = 1`)).toBe(0);
    expect(await one(sql`select count(*) from goods g join categories c on c.id = g.category_id where c.level <> 3 or g.category_path <> c.path`)).toBe(0);
    expect(await one(sql`select count(*) from goods g where not exists (select 1 from category_brands cb where cb.brand_id = g.brand_id and g.category_path like '0|' || cb.category_id || '|%')`)).toBe(0);
  });

  it('keeps order money, items, payments, shipments and logs consistent with each status', async () => {
    expect(await one(sql`select count(*) from orders where need_pay_cents + balance_cents <> goods_cents + shipping_cents - discount_cents or balance_cents < 0 or need_pay_cents < 0`)).toBe(0);
    expect(await one(sql`select count(*) from orders o where goods_cents <> (select sum(subtotal_cents) from order_items i where i.order_id = o.id) or goods_num <> (select sum(num) from order_items i where i.order_id = o.id)`)).toBe(0);
    expect(await one(sql`select count(*) from order_items i where subtotal_cents <> price_cents * num`)).toBe(0);
    expect(await one(sql`select count(*) from order_items i join orders o on o.id = i.order_id join goods g on g.id = i.goods_id join goods_skus k on k.id = i.sku_id where g.shop_id <> o.shop_id or k.goods_id <> g.id`)).toBe(0);
    // online orders are paid from PAID_OFF on; cash on delivery is shipped unpaid and waits in ROG for the money
    const paid = sql`((o.payment_type = 'ONLINE' and o.status in ('PAID_OFF','FORMED','SHIPPED','ROG','COMPLETE','AFTER_SERVICE')) or (o.payment_type = 'COD' and o.status in ('COMPLETE','AFTER_SERVICE')))`;
    // an order cancelled through an after-sale was paid, and refunded
    const refunded = sql`(o.status = 'CANCELLED' and o.pay_status = 'REFUNDED')`;
    expect(await one(sql`select count(*) from orders o where (${paid} or ${refunded}) <> (paid_at is not null) or (${paid}) <> (pay_status = 'PAY_YES') or (${paid} and paid_cents <> need_pay_cents)`)).toBe(0);
    expect(await one(sql`select count(*) from orders o where ${paid} and o.paid_cents > 0 and not exists (select 1 from payments p where p.order_id = o.id and p.amount_cents = o.paid_cents)`)).toBe(0);
    // a payment row is money collected: none of 0.00 (a points-only exchange is paid by its points)
    expect(await one(sql`select count(*) from payments where amount_cents = 0`)).toBe(0);
    // an order cancel after-sale puts a paid order not yet received in AFTER_SERVICE, and may end it CANCELLED
    expect(await one(sql`select count(*) from orders o where (status in ('SHIPPED','ROG','COMPLETE') or (status in ('AFTER_SERVICE', 'CANCELLED') and ship_status <> 'SHIP_NO')) <> exists (select 1 from shipments s where s.order_id = o.id)`)).toBe(0);
    expect(await one(sql`select count(*) from orders o where (status = 'CANCELLED') <> (cancelled_at is not null) or (status = 'COMPLETE') <> (completed_at is not null)`)).toBe(0);
    expect(await one(sql`select count(*) from orders where paid_at < created_at or (payment_type = 'ONLINE' and shipped_at < paid_at) or (payment_type = 'COD' and paid_at <> rog_at) or rog_at < shipped_at or completed_at < rog_at or created_at > ${NOW.toISOString()}::timestamptz or created_at < ${NOW.toISOString()}::timestamptz - interval '366 days'`)).toBe(0);
    expect(await one(sql`select count(*) from orders o where (select count(*) from order_logs l where l.order_id = o.id) < 1 + (paid_at is not null)::int + (shipped_at is not null)::int + (rog_at is not null)::int + (completed_at is not null)::int + (cancelled_at is not null)::int`)).toBe(0);
    // every order's history starts NEW; NEW and INTODB_ERROR orders never got further
    expect(await one(sql`select count(*) from orders o where (select l.status from order_logs l where l.order_id = o.id order by l.created_at, l.id limit 1) <> 'NEW'`)).toBe(0);
    expect(await one(sql`select count(*) from orders o where o.status in ('NEW','INTODB_ERROR') and exists (select 1 from order_logs l where l.order_id = o.id and l.status = 'CONFIRM')`)).toBe(0);
    // cash on delivery: some orders, never waiting in PAID_OFF, paid by the courier's collection
    expect(await one(sql`select count(*) from orders where payment_type = 'COD'`)).toBeGreaterThan(size.orders * 0.02);
    expect(await one(sql`select count(*) from orders where payment_type = 'COD' and status = 'PAID_OFF'`)).toBe(0);
    expect(await one(sql`select count(*) from orders o where o.payment_type = 'COD' and o.paid_at is not null and not exists (select 1 from payments p where p.order_id = o.id and p.method = 'cod')`)).toBe(0);
    const mix = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from orders group by status`);
    const byStatus = Object.fromEntries(mix.map((row) => [row.status, row.n]));
    expect(byStatus.COMPLETE).toBeGreaterThan(size.orders * 0.5);
    for (const status of ['NEW', 'CONFIRM', 'CANCELLED', 'PAID_OFF', 'FORMED', 'SHIPPED', 'ROG', 'COMPLETE', 'AFTER_SERVICE']) expect(byStatus[status], status).toBeGreaterThan(0);
    // what the operator acts on: COD orders received and unpaid, unpaid online orders within the payment window, pre-deposit used, invoices
    expect(await one(sql`select count(*) from orders where payment_type = 'COD' and status = 'ROG' and pay_status = 'PAY_NO'`)).toBeGreaterThanOrEqual(3);
    expect(await one(sql`select count(*) from orders where payment_type = 'ONLINE' and status in ('NEW','CONFIRM') and created_at < ${NOW.toISOString()}::timestamptz - interval '1 day'`)).toBe(0);
    expect(await one(sql`select count(*) from orders where status in ('NEW','CONFIRM') and balance_cents > 0`)).toBeGreaterThanOrEqual(2);
    expect(await one(sql`select count(*) from orders where need_receipt = 1 and receipt_title = ''`)).toBe(0);
    expect(await one(sql`select count(*) from orders o where goods_names <> (select string_agg(goods_name, E'\n' order by id) from order_items i where i.order_id = o.id)`)).toBe(0);
    expect(await one(sql`select count(*) from goods g where buy_count <> coalesce((select sum(i.num) from order_items i join orders o on o.id = i.order_id where i.goods_id = g.id and o.status in ('PAID_OFF','FORMED','SHIPPED','ROG','COMPLETE')), 0)`)).toBe(0);
    // Weekly seasonality: weekends are busier than weekdays on average.
    const weekly = await rows<{ weekend: boolean; per_day: number }>(sql`select extract(isodow from created_at at time zone 'Asia/Shanghai') >= 6 as weekend, count(*)::float / count(distinct (created_at at time zone 'Asia/Shanghai')::date) as per_day from orders group by 1`);
    const perDay = Object.fromEntries(weekly.map((row) => [String(row.weekend), row.per_day]));
    expect(perDay.true).toBeGreaterThan(perDay.false);
  });

  it('has after-sales in every state, each on a path of the after-sale flow, with refunds both ways that match the ledgers and orders', async () => {
    const states = await rows<{ status: string }>(sql`select distinct status from after_sales`);
    expect(new Set(states.map((row) => row.status))).toEqual(new Set(Object.keys(SERVICE_STATUSES)));
    expect(await one(sql`select count(distinct service_type) from after_sales`)).toBe(4);
    // every service's log replays its flow from APPLY to its status
    const logs = await rows<{ id: number; type: ServiceType; status: string; path: string[] }>(
      sql`select s.id, s.service_type as type, s.status, array_agg(l.status order by l.created_at, l.id) as path from after_sales s join after_sale_logs l on l.service_id = s.id group by s.id`,
    );
    for (const log of logs) {
      expect(log.path[0], log.type).toBe('APPLY');
      expect(log.path[log.path.length - 1]).toBe(log.status);
      expect(log.path.slice(1), `${log.type} to ${log.status}`).toEqual(pathTo(log.type, log.status as never)!.map(([, to]) => to));
    }
    expect(await one(sql`select count(*) from after_sales s where not exists (select 1 from after_sale_items i where i.service_id = s.id)`)).toBe(0);
    expect(await one(sql`select count(*) from after_sale_pictures`)).toBeGreaterThan(0);
    // refunds: both ways paid out, some waiting for the platform in each way, none past what was paid
    expect(await one(sql`select count(distinct refund_way) from refunds where refund_status = 'COMPLETED'`)).toBe(2);
    expect(await one(sql`select count(distinct refund_way) from refunds r join after_sales s on s.id = r.service_id where s.status = 'WAIT_FOR_MANUAL'`)).toBeGreaterThanOrEqual(2);
    expect(await one(sql`select count(distinct refund_status) from refunds`)).toBe(4);
    expect(await one(sql`select count(*) from refunds r join orders o on o.id = r.order_id where r.agree_cents > o.need_pay_cents + o.balance_cents or (r.refund_status = 'COMPLETED') <> (r.refunded_at is not null)`)).toBe(0);
    expect(await one(sql`select count(*) from refunds r where r.refund_status = 'COMPLETED' and r.refund_way = 'BALANCE' and not exists (select 1 from member_ledger l where l.ref_sn = r.service_sn and l.amount = r.actual_cents)`)).toBe(0);
    // an order cancel ends the order: waiting in AFTER_SERVICE, or cancelled with its payments refunded
    expect(await one(sql`select count(*) from after_sales s join orders o on o.id = s.order_id where s.service_type = 'ORDER_CANCEL' and s.status not in ('REFUSE', 'COMPLETED') and o.status <> 'AFTER_SERVICE'`)).toBe(0);
    expect(await one(sql`select count(*) from after_sales s join orders o on o.id = s.order_id where s.service_type = 'ORDER_CANCEL' and s.status = 'COMPLETED' and (o.status <> 'CANCELLED' or exists (select 1 from payments p where p.order_id = o.id and p.status <> 'REFUNDED'))`)).toBe(0);
    expect(await one(sql`select count(*) from payments where status = 'REFUNDED'`)).toBeGreaterThan(0);
  });

  it('dates nothing after its now: after-sale applications, ledgers, recharges, group buys set up', async () => {
    expect(WRITTEN_FROM.getTime()).toBeGreaterThan(NOW.getTime() + 7 * 24 * 3_600_000);
    const columns = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'created_at' order by table_name`,
    );
    const future: string[] = [];
    for (const { table_name: table } of columns) {
      const n = await one(sql`select count(*) from ${sql.identifier(table)} where created_at > ${NOW} and created_at < ${WRITTEN_FROM}`);
      if (n > 0) future.push(`${table}: ${n}`);
    }
    expect(future).toEqual([]);
    // a group buy that starts in weeks was set up before now all the same (past the window above)
    expect(await one(sql`select count(*) from pintuans where created_at > ${NOW}`)).toBe(0);
  });

  it('fills the daily rollups from the rows (days in Asia/Shanghai)', async () => {
    const day = sql.raw(`(paid_at at time zone 'Asia/Shanghai')::date`);
    expect(await one(sql`select count(*) from (select ${day} as day, sum(paid_cents) as cents, count(*) as n from orders where paid_at is not null group by 1) o full join daily_platform_stats d on d.day = o.day where coalesce(o.cents, 0) <> coalesce(d.paid_cents, 0) or coalesce(o.n, 0) <> coalesce(d.paid_count, 0)`)).toBe(0);
    expect(await one(sql`select count(*) from (select (created_at at time zone 'Asia/Shanghai')::date as day, count(*) as n, sum(need_pay_cents) as cents from orders group by 1) o left join daily_platform_stats d on d.day = o.day where d.order_count is distinct from o.n or d.order_cents is distinct from o.cents`)).toBe(0);
    expect(await one(sql`select coalesce(sum(new_members), 0) from daily_platform_stats`)).toBe(size.members);
    expect(await one(sql`select sum(paid_cents) from daily_shop_stats`)).toBe(await one(sql`select sum(paid_cents) from orders`));
    expect(await one(sql`select sum(sold_num) from daily_goods_stats`)).toBe(await one(sql`select sum(i.num) from order_items i join orders o on o.id = i.order_id where o.paid_at is not null`));
    expect(await one(sql`select count(*) from daily_platform_stats where order_count > 0 and (pv <= 0 or uv <= 0 or uv > pv)`)).toBe(0);
    // The 7/30/90-day totals of the dashboard's top lists, ending on the seed's day and equal to the daily rows.
    expect(await rows(sql`select through::text as through from rollup_windows`)).toEqual([{ through: '2026-11-20' }]);
    expect(await one(sql`select count(*) from goods_window_stats where days = 90`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from shop_window_stats where days = 7`)).toBeGreaterThan(0);
    expect(await windowDrift(t.ctx.db)).toBe(0);
  });

  it('keeps members\' balance and points equal to their ledgers, and shops\' margin equal to the passed flows', async () => {
    expect(await one(sql`select count(*) from members m where balance_cents <> coalesce((select sum(amount) from member_ledger l where l.member_id = m.id and kind = 'BALANCE'), 0) or consum_point <> coalesce((select sum(amount) from member_ledger l where l.member_id = m.id and kind = 'POINT'), 0)`)).toBe(0);
    expect(await one(sql`select count(*) from member_ledger where amount < 0`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from shops s where remaining_margin_cents <> coalesce((select sum(case when type = 1 then amount_cents else -amount_cents end) from margin_flows f where f.shop_id = s.id and auth_status = 'PASS_AUDIT'), 0)`)).toBe(0);
  });

  it('shows every state of currencies, logistics companies and payment methods', async () => {
    expect(await rows(sql`select code, rate::text as rate from currencies where is_default = 1`)).toEqual([{ code: 'CNY', rate: '1.00000000' }]);
    expect(await one(sql`select count(*) from currencies where is_default = 0 and enabled = 1 and auto_rate = 1`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from currencies where enabled = 0`)).toBeGreaterThan(0);
    // Every carrier the demo orders shipped with is listed (so it is in use), and some carriers are closed.
    expect(await one(sql`select count(distinct logi_name) from shipments where logi_name not in (select name from logi_companies)`)).toBe(0);
    expect(await one(sql`select count(*) from logi_companies l where not exists (select 1 from shipments s where s.logi_name = l.name)`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from logi_companies where disabled = 'CLOSE'`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from logi_companies where is_waybill = 1 and jsonb_array_length(form_items) > 0`)).toBeGreaterThan(0);
    // Payment methods configured but closed, with no secret.
    expect(await one(sql`select count(*) from payment_method_clients where config <> '{}'::jsonb`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from payment_method_clients where is_open = 1 or secrets <> '{}'::jsonb`)).toBe(0);
  });

  it('shows regions with cash on delivery, postcodes and an operator-added division, OAuth2 clients in both states and a menu with a renamed and a hidden entry (issue 16)', async () => {
    expect(await one(sql`select count(*) from regions where cod = 1 and level = 1`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from regions where zipcode <> ''`)).toBeGreaterThan(0);
    expect(await rows(sql`select name, level from regions where id >= 10000000`)).toEqual([{ name: '雄安新区', level: 2 }]);
    // The menu manager's states: one entry with the operator's titles, one hidden.
    expect(await rows(sql`select name, title_zh, title_en, visible from menus where title_zh is not null or title_en is not null or not visible order by name`)).toEqual([
      { name: 'searchHistory', title_zh: null, title_en: null, visible: false },
      { name: 'searchTips', title_zh: '搜索联想词', title_en: 'Search suggestions', visible: true },
    ]);
    expect(await rows(sql`select status, count(*)::int as n from oauth2_clients group by status order by status`)).toEqual([
      { status: 0, n: 1 },
      { status: 1, n: 2 },
    ]);
    expect(await one(sql`select count(*) from oauth2_clients where cardinality(shop_ids) + cardinality(brand_ids) + cardinality(category_ids) = 0`)).toBe(0);
  });

  it('has complaints in every state with conversations, graded comments with pictures, asks with and without answers, and their notifications', async () => {
    const states = (await rows<{ status: string }>(sql`select distinct status from complaints`)).map((row) => row.status).sort();
    expect(states).toEqual(['CANCEL', 'COMMUNICATION', 'COMPLETE', 'NEW', 'WAIT_APPEAL', 'WAIT_ARBITRATION']);
    expect(await one(sql`select count(*) from complaints c where status in ('COMMUNICATION', 'WAIT_ARBITRATION') and (select count(*) from complaint_messages m where m.complaint_id = c.id) < 2`)).toBe(0);
    // every complaint is about a real order line
    expect(await one(sql`select count(*) from complaints c where not exists (select 1 from orders o join order_items i on i.order_id = o.id where o.sn = c.order_sn and i.sku_id = c.sku_id)`)).toBe(0);
    expect((await rows<{ grade: string }>(sql`select distinct grade from goods_comments`)).map((row) => row.grade).sort()).toEqual(['bad', 'good', 'neutral']);
    expect(await one(sql`select count(*) from goods_comments where have_image = 1 and jsonb_array_length(images) > 0`)).toBeGreaterThan(0);
    for (const condition of [sql`audit_status = 'WAIT_AUDIT'`, sql`status = 0`, sql`reply_content <> ''`, sql`comments_type = 'ADDITIONAL'`]) {
      expect(await one(sql`select count(*) from goods_comments where ${condition}`)).toBeGreaterThan(0);
    }
    // the goods count only what the storefront shows
    expect(await one(sql`select count(*) from goods g where comment_num <> (select count(*) from goods_comments c where c.goods_id = g.id and status = 1 and audit_status = 'PASS_AUDIT' and comments_type = 'INITIAL')`)).toBe(0);
    expect(await one(sql`select count(*) from goods g where good_comment_num <> (select count(*) from goods_comments c where c.goods_id = g.id and status = 1 and audit_status = 'PASS_AUDIT' and comments_type = 'INITIAL' and grade = 'good')`)).toBe(0);
    // each complaint's line carries its state; old completed orders' lines are past the window
    expect(await one(sql`select count(*) from complaints c join orders o on o.sn = c.order_sn join order_items i on i.order_id = o.id and i.sku_id = c.sku_id
      where i.complain_status <> case when c.status in ('COMPLETE', 'CANCEL') then 'COMPLETE' else 'APPLYING' end`)).toBe(0);
    expect((await rows<{ s: string }>(sql`select distinct complain_status as s from order_items`)).map((row) => row.s).sort()).toEqual(['APPLYING', 'COMPLETE', 'EXPIRED', 'NO_APPLY']);
    expect(await one(sql`select count(*) from goods_asks where reply_status = 'YES'`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from goods_asks where reply_status = 'NO'`)).toBeGreaterThan(0);
    expect(await one(sql`select count(*) from ask_replies`)).toBeGreaterThan(0);
    expect((await rows<{ channel: string }>(sql`select distinct channel from notifications_sent`)).map((row) => row.channel).sort()).toEqual(['EMAIL', 'SMS', 'STATION']);
  });

  it('serves the generated pictures from our own storage', async () => {
    const [sample] = await rows<{ thumbnail: string; logo: string }>(sql`select g.thumbnail, s.logo from goods g join shops s on s.id = g.shop_id order by g.id limit 1`);
    for (const url of [sample.thumbnail, sample.logo]) {
      expect(url).toMatch(/^\/files\/demo\//);
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
    }
    expect(await one(sql`select count(*) from goods where thumbnail not like '/files/%'`)).toBe(0);
    expect(await one(sql`select count(*) from stored_files where key like 'demo/%' and uploader_type = 'SYSTEM'`)).toBeGreaterThan(100);
  });

  it('writes nothing over an existing marketplace, and is deterministic', async () => {
    expect(await seedMarketplace(t.ctx, size, NOW)).toBe(false);
    expect(await one(sql`select count(*) from shops`)).toBe(size.shops);

    const fingerprint = async (app: TestApp) => {
      const result = await app.ctx.db.execute(sql`select
        (select string_agg(shop_name, ',' order by id) from shops) as shops,
        (select string_agg(sn || goods_name || price_cents, ',' order by id) from goods) as goods,
        (select string_agg(sn || status || need_pay_cents, ',' order by id) from orders) as orders,
        (select string_agg(mobile, ',' order by id) from members) as members,
        (select string_agg(member_name || order_sn || extract(epoch from created_at)::bigint, ',' order by id) from member_coupons) as claims`);
      return result.rows[0];
    };
    const otherDb = await createTestDatabase();
    const other = await startTestApp(otherDb);
    try {
      expect(await seedMarketplace(other.ctx, size, NOW)).toBe(true);
      expect(await fingerprint(other)).toEqual(await fingerprint(t));
    } finally {
      await other.close();
      await otherDb.drop();
    }
    // a second whole marketplace is written here: a loaded machine took 87 s
  }, 180_000);
});
