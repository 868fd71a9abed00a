/**
 * The regional analysis: placed orders per ship-to province over the period, for the platform or
 * one shop, from daily_region_stats (kept by recordOrderPlaced, one row per day, province, shop
 * and buyer, so the distinct buyers of a period are a count of its rows' buyers); never the orders.
 * Every province-level region is listed, zero where nothing was ordered.
 */
import { sql } from 'drizzle-orm';
import {
  toYuan,
  type Page,
  type RegionChart,
  type RegionFigure,
  type RegionRow,
  type StatisticsPageQuery,
  type StatisticsQuery,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { regions } from '../regions/tables.js';
import { dailyRegionStats } from './tables.js';
import { periodsOf } from './service.js';

/** Every province with its figures, the most ordered value first (ties by id). */
export async function regionRows(ctx: AppContext, query: StatisticsQuery): Promise<RegionRow[]> {
  const { current } = periodsOf(query);
  const result = await ctx.db.execute(sql`
    select p.id, p.name, coalesce(s.orders, 0)::int as order_num, coalesce(s.cents, 0)::bigint as cents, coalesce(s.buyers, 0)::int as member_num
    from ${regions} p left join (
      select province_id, sum(order_count) as orders, sum(order_cents) as cents, count(distinct member_id) as buyers
      from ${dailyRegionStats}
      where day between ${current.from} and ${current.to}${query.seller_id > 0 ? sql` and shop_id = ${query.seller_id}` : sql``}
      group by province_id
    ) s on s.province_id = p.id
    where p.parent_id = 0
    order by 4 desc, 1`);
  return (result.rows as { id: number; name: string; order_num: number; cents: string; member_num: number }[]).map((row) => ({
    id: Number(row.id),
    name: row.name,
    order_num: Number(row.order_num),
    order_amount: toYuan(Number(row.cents)),
    member_num: Number(row.member_num),
  }));
}

export async function regionChart(ctx: AppContext, figure: RegionFigure, query: StatisticsQuery): Promise<RegionChart> {
  const rows = await regionRows(ctx, query);
  return { figure, provinces: rows.map((row) => ({ id: row.id, name: row.name, value: row[figure] })) };
}

export async function regionTable(ctx: AppContext, query: StatisticsPageQuery): Promise<Page<RegionRow>> {
  const rows = await regionRows(ctx, query);
  const start = (query.page_no - 1) * query.page_size;
  return { data: rows.slice(start, start + query.page_size), page_no: query.page_no, page_size: query.page_size, data_total: rows.length };
}
