/** Checks for the dashboard rollups (server tests only). */
import { sql } from 'drizzle-orm';
import { DASHBOARD_PERIODS } from '@agora/contract';
import type { Db } from '../db/client.js';

const periods = sql.raw(`(values ${DASHBOARD_PERIODS.map((days) => `(${days})`).join(', ')})`);

/**
 * How many 7/30/90-day total rows (goods and shops) differ from the sum of the daily rows of
 * their window (the days up to rollup_windows.through); 0 when the totals are in step.
 */
export async function windowDrift(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with w as (select through from rollup_windows where id = 1),
    p(days) as ${periods},
    g as (
      select p.days, d.goods_id, sum(d.sold_num) as sold, sum(d.paid_cents) as cents
      from p cross join w join daily_goods_stats d on d.day between w.through - (p.days - 1) and w.through
      group by 1, 2
    ),
    s as (
      select p.days, d.shop_id, sum(d.paid_count) as paid, sum(d.paid_cents) as cents
      from p cross join w join daily_shop_stats d on d.day between w.through - (p.days - 1) and w.through
      group by 1, 2
    )
    select
      (select count(*) from g full join goods_window_stats t on t.days = g.days and t.goods_id = g.goods_id
        where coalesce(g.sold, 0) <> coalesce(t.sold_num, 0) or coalesce(g.cents, 0) <> coalesce(t.paid_cents, 0))
      + (select count(*) from s full join shop_window_stats t on t.days = s.days and t.shop_id = s.shop_id
        where coalesce(s.paid, 0) <> coalesce(t.paid_count, 0) or coalesce(s.cents, 0) <> coalesce(t.paid_cents, 0)) as drift`);
  return Number((result.rows[0] as { drift: unknown }).drift);
}

// spelled out here rather than taken from rebuild.ts, so the check does not share the rebuild's mistakes
const periodsOfDay = sql.raw(`cross join lateral (values (to_char(d.day, 'YYYY')), (to_char(d.day, 'YYYY-MM'))) p(period)`);
const shopAndAll = sql.raw('cross join lateral (values (d.shop_id), (0)) s(shop_id)');

/**
 * How many month and year rows (goods, members, order values, categories, regions and their buyers) differ
 * from the sums of the daily rows of their period (a shop-0 row sums all shops); 0 when in step.
 */
export async function periodDrift(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with g as (
      select p.period, d.goods_id, sum(d.sold_num) as sold, sum(d.paid_cents) as cents, sum(d.pv) as pv, sum(d.favorites) as favs
      from daily_goods_stats d ${periodsOfDay}
      group by 1, 2
    ),
    m as (
      select p.period, s.shop_id, d.member_id, sum(d.order_count) as n, sum(d.order_cents) as cents, sum(d.goods_num) as num
      from daily_member_stats d ${periodsOfDay} ${shopAndAll}
      group by 1, 2, 3
    ),
    v as (
      select p.period, s.shop_id, d.value_yuan, sum(d.order_count) as n, sum(d.order_cents) as cents, sum(d.paid_count) as paid, sum(d.paid_cents) as paid_cents
      from daily_order_value_stats d ${periodsOfDay} ${shopAndAll}
      group by 1, 2, 3
    ),
    r as (
      select p.period, s.shop_id, d.province_id, sum(d.order_count) as n, sum(d.order_cents) as cents, count(distinct d.member_id) as buyers
      from daily_region_stats d ${periodsOfDay} ${shopAndAll}
      group by 1, 2, 3
    ),
    c as (
      select p.period, s.shop_id, d.category_id, sum(d.order_count) as n, sum(d.sold_num) as sold, sum(d.paid_cents) as cents
      from daily_category_stats d ${periodsOfDay} ${shopAndAll}
      group by 1, 2, 3
    ),
    rm as (select distinct p.period, s.shop_id, d.province_id, d.member_id from daily_region_stats d ${periodsOfDay} ${shopAndAll})
    select
      (select count(*) from v full join period_order_value_stats t on t.period = v.period and t.shop_id = v.shop_id and t.value_yuan = v.value_yuan
        where coalesce(v.n, 0) <> coalesce(t.order_count, 0) or coalesce(v.cents, 0) <> coalesce(t.order_cents, 0)
          or coalesce(v.paid, 0) <> coalesce(t.paid_count, 0) or coalesce(v.paid_cents, 0) <> coalesce(t.paid_cents, 0))
      + (select count(*) from r full join period_region_stats t on t.period = r.period and t.shop_id = r.shop_id and t.province_id = r.province_id
        where coalesce(r.n, 0) <> coalesce(t.order_count, 0) or coalesce(r.cents, 0) <> coalesce(t.order_cents, 0) or coalesce(r.buyers, 0) <> coalesce(t.member_count, 0))
      + (select count(*) from c full join period_category_stats t on t.period = c.period and t.shop_id = c.shop_id and t.category_id = c.category_id
        where coalesce(c.n, 0) <> coalesce(t.order_count, 0) or coalesce(c.sold, 0) <> coalesce(t.sold_num, 0) or coalesce(c.cents, 0) <> coalesce(t.paid_cents, 0))
      + (select count(*) from rm full join period_region_members t on t.period = rm.period and t.shop_id = rm.shop_id and t.province_id = rm.province_id and t.member_id = rm.member_id
        where rm.member_id is null or t.member_id is null)
      + (select count(*) from g full join period_goods_stats t on t.period = g.period and t.goods_id = g.goods_id
        where coalesce(g.sold, 0) <> coalesce(t.sold_num, 0) or coalesce(g.cents, 0) <> coalesce(t.paid_cents, 0)
          or coalesce(g.pv, 0) <> coalesce(t.pv, 0) or coalesce(g.favs, 0) <> coalesce(t.favorites, 0))
      + (select count(*) from m full join period_member_stats t on t.period = m.period and t.shop_id = m.shop_id and t.member_id = m.member_id
        where coalesce(m.n, 0) <> coalesce(t.order_count, 0) or coalesce(m.cents, 0) <> coalesce(t.order_cents, 0) or coalesce(m.num, 0) <> coalesce(t.goods_num, 0)) as drift`);
  return Number((result.rows[0] as { drift: unknown }).drift);
}
