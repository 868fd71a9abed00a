/**
 * The price-band reports: orders of a period by their value in whole-yuan bands (price-band sales:
 * paid orders; order value distribution: placed orders), and placed orders per hour of the day.
 * Read from the period's whole-yuan buckets (period_order_value_stats: the platform's are shop 0)
 * and from daily_hour_stats (the day leads its primary key, the (shop_id, day) index serves one
 * shop), never from the orders.
 */
import { sql } from 'drizzle-orm';
import {
  BAND_REPORTS,
  toYuan,
  type BandReport,
  type HourChart,
  type Page,
  type PriceBandChart,
  type PriceBandPageQuery,
  type PriceBandQuery,
  type PriceBandRow,
  type StatisticsQuery,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { dailyHourStats, periodOrderValueStats } from './tables.js';
import { periodKey, periodsOf } from './service.js';

/** The count and money columns of each report's basis (placed or paid orders). */
const COLUMNS: Record<BandReport, { count: string; cents: string }> = {
  priceSales: { count: 'paid_count', cents: 'paid_cents' },
  orderValue: { count: 'order_count', cents: 'order_cents' },
};

/** The days of the query's period, in its shop when one is chosen (daily_hour_stats). */
const scope = (query: StatisticsQuery) => {
  const { current } = periodsOf(query);
  return sql`day between ${current.from} and ${current.to}${query.seller_id > 0 ? sql` and shop_id = ${query.seller_id}` : sql``}`;
};

/**
 * Every band of the edges, and the open one from the last edge up, in one pass over the period's
 * buckets. A bucket is a whole yuan, so `value_yuan >= low and value_yuan < high` is exactly
 * `value >= low and value < high` for whole-yuan edges.
 */
export async function bandRows(ctx: AppContext, report: BandReport, query: PriceBandQuery): Promise<PriceBandRow[]> {
  const { count, cents } = COLUMNS[report];
  const edges = query.prices;
  const bands = edges.map((low, i) => ({ low, high: i + 1 < edges.length ? edges[i + 1] : null }));
  const sums = bands.map(({ low, high }, i) => {
    const where = high === null ? `value_yuan >= ${low}` : `value_yuan >= ${low} and value_yuan < ${high}`;
    return `coalesce(sum(${count}) filter (where ${where}), 0)::bigint as n${i}, coalesce(sum(${cents}) filter (where ${where}), 0)::bigint as c${i}`;
  });
  const result = await ctx.db.execute(sql`
    select coalesce(sum(${sql.raw(count)}), 0)::bigint as total, ${sql.raw(sums.join(', '))}
    from ${periodOrderValueStats} where period = ${periodKey(query)} and shop_id = ${Math.max(query.seller_id, 0)}`);
  const row = result.rows[0] as Record<string, unknown>;
  const total = Number(row.total);
  const [countFigure, moneyFigure] = BAND_REPORTS[report].figures;
  return bands.map(({ low, high }, i) => {
    const n = Number(row[`n${i}`]);
    return { low, high, [countFigure]: n, [moneyFigure]: toYuan(Number(row[`c${i}`])), share: total === 0 ? 0 : Math.round((n / total) * 10_000) / 100 };
  });
}

export async function bandChart(ctx: AppContext, report: BandReport, query: PriceBandQuery): Promise<PriceBandChart> {
  return { bands: await bandRows(ctx, report, query) };
}

export async function bandTable(ctx: AppContext, report: BandReport, query: PriceBandPageQuery): Promise<Page<PriceBandRow>> {
  const rows = await bandRows(ctx, report, query);
  const start = (query.page_no - 1) * query.page_size;
  return { data: rows.slice(start, start + query.page_size), page_no: query.page_no, page_size: query.page_size, data_total: rows.length };
}

/** Placed orders per hour of the day over the period: 24 hours, zeros included. */
export async function hourChart(ctx: AppContext, query: StatisticsQuery): Promise<HourChart> {
  const result = await ctx.db.execute(sql`
    select hour, sum(order_count)::bigint as n, sum(order_cents)::bigint as cents
    from ${dailyHourStats} where ${scope(query)} group by 1`);
  const byHour = new Map((result.rows as { hour: number; n: string; cents: string }[]).map((row) => [Number(row.hour), row]));
  return {
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, order_num: Number(byHour.get(hour)?.n ?? 0), order_amount: toYuan(Number(byHour.get(hour)?.cents ?? 0)) })),
  };
}
