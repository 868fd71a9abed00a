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

/**
 * How many month and year rows (period_goods_stats, period_member_stats) differ from the sums of
 * the daily rows of their period (a member's shop-0 row sums all its shops); 0 when in step.
 */
export async function periodDrift(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with g as (
      select p.period, d.goods_id, sum(d.sold_num) as sold, sum(d.paid_cents) as cents, sum(d.pv) as pv, sum(d.favorites) as favs
      from daily_goods_stats d cross join lateral (values (to_char(d.day, 'YYYY')), (to_char(d.day, 'YYYY-MM'))) p(period)
      group by 1, 2
    ),
    m as (
      select p.period, s.shop_id, d.member_id, sum(d.order_count) as n, sum(d.order_cents) as cents, sum(d.goods_num) as num
      from daily_member_stats d cross join lateral (values (to_char(d.day, 'YYYY')), (to_char(d.day, 'YYYY-MM'))) p(period)
      cross join lateral (values (d.shop_id), (0)) s(shop_id)
      group by 1, 2, 3
    )
    select
      (select count(*) from g full join period_goods_stats t on t.period = g.period and t.goods_id = g.goods_id
        where coalesce(g.sold, 0) <> coalesce(t.sold_num, 0) or coalesce(g.cents, 0) <> coalesce(t.paid_cents, 0)
          or coalesce(g.pv, 0) <> coalesce(t.pv, 0) or coalesce(g.favs, 0) <> coalesce(t.favorites, 0))
      + (select count(*) from m full join period_member_stats t on t.period = m.period and t.shop_id = m.shop_id and t.member_id = m.member_id
        where coalesce(m.n, 0) <> coalesce(t.order_count, 0) or coalesce(m.cents, 0) <> coalesce(t.order_cents, 0) or coalesce(m.num, 0) <> coalesce(t.goods_num, 0)) as drift`);
  return Number((result.rows[0] as { drift: unknown }).drift);
}
