/**
 * The time reports (orders, sales revenue, refunds, new members): a figure per day of a month or
 * per month of a year, read from the daily rollups (daily_platform_stats for the whole platform,
 * daily_shop_stats for one shop; both by primary key or the (shop_id, day) index), never from
 * the orders. Each answer holds the same period a year earlier and the totals of the period
 * before, so the console can show the change in per cent.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  STAT_FIGURES,
  TIME_REPORTS,
  percentChange,
  toYuan,
  type Page,
  type StatChart,
  type StatFigure,
  type StatTimeRow,
  type StatisticsPageQuery,
  type StatisticsQuery,
  type TimeReport,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { executeShape } from '../../platform/statements.js';
import { dailyPlatformStats, dailyShopStats } from '../dashboard/tables.js';

/** Each figure as a sum over rollup rows, in cents for money; null where the rollup lacks it. */
const FIGURE_SQL: Record<'platform' | 'shop', Record<StatFigure, string | null>> = {
  platform: {
    order_num: 'order_count',
    order_amount: 'order_cents',
    paid_num: 'paid_count',
    paid_amount: 'paid_cents',
    refund_num: 'refund_count',
    refund_amount: 'refund_cents',
    net_amount: 'paid_cents - refund_cents',
    new_members: 'new_members',
  },
  shop: {
    order_num: 'order_count',
    order_amount: 'order_cents',
    paid_num: 'paid_count',
    paid_amount: 'paid_cents',
    refund_num: 'refund_count',
    refund_amount: 'refund_cents',
    net_amount: 'paid_cents - refund_cents',
    new_members: null,
  },
};

const pad2 = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A month or a year as platform days, with its buckets (days or months). */
interface Period {
  from: string;
  to: string;
  buckets: number;
  /** the table's time of a bucket (1-based) */
  time(bucket: number): string;
}

function periodOf(type: StatisticsQuery['cycle_type'], year: number, month: number): Period {
  if (type === 'YEAR') {
    return { from: `${year}-01-01`, to: `${year}-12-31`, buckets: 12, time: (m) => `${year}-${pad2(m)}` };
  }
  const prefix = `${year}-${pad2(month)}`;
  const days = lastDayOf(year, month);
  return { from: `${prefix}-01`, to: `${prefix}-${pad2(days)}`, buckets: days, time: (d) => `${prefix}-${pad2(d)}` };
}

/** The key of a query's period in the month and year rollups: '2026' or '2026-03' (dashboard/rollup.ts periodsOfDay). */
export const periodKey = (query: Pick<StatisticsQuery, 'cycle_type' | 'year' | 'month'>) => (query.cycle_type === 'YEAR' ? String(query.year) : `${query.year}-${pad2(query.month)}`);

/** The period itself, the same one a year earlier, and the one before it (the previous month or year). */
export function periodsOf(query: StatisticsQuery) {
  const { cycle_type: type, year, month } = query;
  const current = periodOf(type, year, month);
  const lastYear = periodOf(type, year - 1, month);
  const previous = type === 'YEAR' ? lastYear : month === 1 ? periodOf(type, year - 1, 12) : periodOf(type, year, month - 1);
  return { current, lastYear, previous };
}

interface Source {
  kind: 'platform' | 'shop';
  table: SQL;
  /** its rows of the query's shop (a placeholder `shop`), or all */
  where: SQL;
  shop: number;
  figures: Record<StatFigure, string | null>;
}

function sourceOf(report: TimeReport, query: StatisticsQuery): Source {
  if (TIME_REPORTS[report].byShop && query.seller_id > 0) {
    return { kind: 'shop', table: sql`${dailyShopStats}`, where: sql`shop_id = ${sql.placeholder('shop')}`, shop: query.seller_id, figures: FIGURE_SQL.shop };
  }
  return { kind: 'platform', table: sql`${dailyPlatformStats}`, where: sql`true`, shop: 0, figures: FIGURE_SQL.platform };
}

const selectFigures = (source: Source, figures: readonly StatFigure[]) =>
  sql.raw(figures.map((figure) => `coalesce(sum(${source.figures[figure] ?? '0'}), 0)::bigint as ${figure}`).join(', '));

/** The raw sums (cents for money) of one period: per bucket (index 0 the first day or month) and in all. */
interface PeriodSums {
  buckets: Record<StatFigure, number[]>;
  total: Record<StatFigure, number>;
}

/**
 * The figures per bucket of each period, zero where no row exists, and their totals: one statement
 * for all the periods (a chart asks for three: its own, a year earlier, the one before; a year's
 * previous period is the year before, read once). A period's total is the sum of its buckets.
 */
async function sumsOf(db: Db, source: Source, periods: readonly Period[], type: StatisticsQuery['cycle_type'], figures: readonly StatFigure[]): Promise<PeriodSums[]> {
  const distinct = periods.filter((period, i) => periods.findIndex((other) => other.from === period.from && other.to === period.to) === i);
  const values: Record<string, unknown> = { shop: source.shop };
  distinct.forEach((period, i) => Object.assign(values, { [`from${i}`]: period.from, [`to${i}`]: period.to }));
  // one statement per shape (platform or shop, month or year, the figures, how many periods), compiled once
  const rows = await executeShape<Record<string, unknown>>(db, `statistics/time|${source.kind}|${type}|${figures.join(',')}|${distinct.length}`, () => {
    const bucket = sql.raw(type === 'YEAR' ? 'extract(month from day)::int' : 'extract(day from day)::int');
    const between = (i: number) => sql`day between ${sql.placeholder(`from${i}`)}::date and ${sql.placeholder(`to${i}`)}::date`;
    const which = sql.join(distinct.map((_, i) => sql`when ${between(i)} then ${sql.raw(String(i))}`), sql` `);
    const within = sql.join(distinct.map((_, i) => between(i)), sql` or `);
    return sql`
      select case ${which} end as period, ${bucket} as bucket, ${selectFigures(source, figures)}
      from ${source.table} where ${source.where} and (${within})
      group by 1, 2`;
  }, values);
  const sums = distinct.map((period) => ({
    buckets: Object.fromEntries(figures.map((figure) => [figure, new Array<number>(period.buckets).fill(0)])) as Record<StatFigure, number[]>,
    total: Object.fromEntries(figures.map((figure) => [figure, 0])) as Record<StatFigure, number>,
  }));
  for (const row of rows) {
    const of = sums[Number(row.period)];
    const index = Number(row.bucket) - 1;
    if (!of || index < 0 || index >= of.buckets[figures[0]].length) continue;
    for (const figure of figures) {
      const value = Number(row[figure]);
      of.buckets[figure][index] = value;
      of.total[figure] += value;
    }
  }
  return periods.map((period) => sums[distinct.findIndex((other) => other.from === period.from && other.to === period.to)]);
}

/** Money in yuan with two decimals, counts as they are. */
const shown = (figure: StatFigure, value: number) => (STAT_FIGURES[figure].money ? toYuan(value) : value);

export async function timeChart(ctx: AppContext, report: TimeReport, figures: readonly StatFigure[], query: StatisticsQuery): Promise<StatChart> {
  const { current, lastYear, previous } = periodsOf(query);
  const [now, before, last] = await sumsOf(ctx.db, sourceOf(report, query), [current, lastYear, previous], query.cycle_type, figures);
  return {
    cycle_type: query.cycle_type,
    labels: Array.from({ length: current.buckets }, (_, i) => String(i + 1)),
    series: figures.map((figure) => ({
      figure,
      data: now.buckets[figure].map((value) => shown(figure, value)),
      last_year: padTo(before.buckets[figure], current.buckets).map((value) => shown(figure, value)),
    })),
    totals: figures.map((figure) => {
      const [sum, lastYearSum, previousSum] = [now, before, last].map((sums) => shown(figure, sums.total[figure]));
      return {
        figure,
        current: sum,
        last_year: lastYearSum,
        previous: previousSum,
        year_on_year: percentChange(sum, lastYearSum),
        period_on_period: percentChange(sum, previousSum),
      };
    }),
  };
}

/** Last year's February has 28 days where this one may have 29: the missing day is a zero. */
const padTo = (values: number[], length: number) => Array.from({ length }, (_, i) => values[i] ?? 0);

/** Every row of a time report's table: one per day (or month) of the period, zeros included, oldest first. */
export async function timeRows(ctx: AppContext, report: TimeReport, query: StatisticsQuery): Promise<StatTimeRow[]> {
  const figures = TIME_REPORTS[report].table;
  const { current } = periodsOf(query);
  const [sums] = await sumsOf(ctx.db, sourceOf(report, query), [current], query.cycle_type, figures);
  return Array.from({ length: current.buckets }, (_, i) => {
    const row: StatTimeRow = { time: current.time(i + 1) };
    for (const figure of figures) row[figure] = shown(figure, sums.buckets[figure][i]);
    return row;
  });
}

export async function timeTable(ctx: AppContext, report: TimeReport, query: StatisticsPageQuery): Promise<Page<StatTimeRow>> {
  const rows = await timeRows(ctx, report, query);
  const start = (query.page_no - 1) * query.page_size;
  return { data: rows.slice(start, start + query.page_size), page_no: query.page_no, page_size: query.page_size, data_total: rows.length };
}
