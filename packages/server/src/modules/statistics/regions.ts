/**
 * The regional analysis: placed orders per ship-to province over the period, for the platform or
 * one shop, from the period's row per province (period_region_stats, kept by recordOrderPlaced:
 * its distinct buyers grow by one with a buyer's first order there in the period); never the orders.
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
import { periodRegionStats } from './tables.js';
import { periodKey } from './service.js';

/** Every province with its figures, the most ordered value first (ties by id). */
export async function regionRows(ctx: AppContext, query: StatisticsQuery): Promise<RegionRow[]> {
  const result = await ctx.db.execute(sql`
    select p.id, p.name, coalesce(s.order_count, 0)::int as order_num, coalesce(s.order_cents, 0)::bigint as cents, coalesce(s.member_count, 0)::int as member_num
    from ${regions} p left join ${periodRegionStats} s on s.province_id = p.id and s.period = ${periodKey(query)} and s.shop_id = ${Math.max(query.seller_id, 0)}
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
