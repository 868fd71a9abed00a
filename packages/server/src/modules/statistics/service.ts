/**
 * The time reports (orders, sales revenue, refunds, new members): a figure per day of a month or
 * per month of a year, read from the daily rollups (daily_platform_stats for the whole platform,
 * daily_shop_stats for one shop; both by primary key or the (shop_id, day) index), never from
 * the orders. Each answer holds the same period a year earlier and the totals of the period
 * before, so the console can show the change in per cent. A period under way is compared like
 * for like: its days so far with the same days of the earlier periods, never with whole ones.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  STAT_FIGURES,
  TIME_REPORTS,
  percentChange,
  toYuan,
  type Page,
  type DayRange,
  type StatChart,
  type StatComparison,
  type StatFigure,
  type StatTimeRow,
  type StatisticsPageQuery,
  type StatisticsQuery,
  type TimeReport,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { executeShape } from '../../platform/statements.js';
import { platformDay } from '../../platform/time.js';
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

/** A period cut to its first days (`to` within it): the same buckets, fewer days summed. */
const cutTo = (period: Period, to: string): Period => ({ ...period, to: to < period.to ? to : period.to });

/** The day of `period` at the same month and day as `day` (a later year's), or its end when it has no such day (29 Feb). */
function sameDayIn(period: Period, day: string): string {
  const [year] = period.from.split('-');
  const [, month, date] = day.split('-').map(Number);
  const last = lastDayOf(Number(year), month);
  return `${year}-${pad2(month)}-${pad2(Math.min(date, last))}`;
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

/**
 * What the totals of a period compare, as of `today` (a platform day). A period under way counts
 * its days through today and compares them with the same days of the period before and of last
 * year's (1–7 Dec: 1–7 Nov and 1–7 Dec a year earlier; through 7 Dec of a year: 1 Jan–7 Dec of
 * the year before), cut to the end of a shorter month; a whole month with a whole one would read
 * as a fall of 80 % on the seventh.
 */
export function comparisonOf(query: StatisticsQuery, today: string): { comparison: StatComparison; previous: Period | null; lastYear: Period | null } {
  const { current, lastYear, previous } = periodsOf(query);
  if (today < current.from) return { comparison: { state: 'future', through: null, previous: null, last_year: null }, previous: null, lastYear: null };
  if (today > current.to) return { comparison: { state: 'ended', through: current.to, previous: rangeOf(previous), last_year: rangeOf(lastYear) }, previous, lastYear };
  // day of month for a month (its previous month ends where it ends), month and day for a year
  const elapsedIn = (period: Period) => (query.cycle_type === 'YEAR' ? sameDayIn(period, today) : `${period.from.slice(0, 8)}${pad2(Math.min(Number(today.slice(8)), period.buckets))}`);
  const previousCut = cutTo(previous, elapsedIn(previous));
  const lastYearCut = cutTo(lastYear, elapsedIn(lastYear));
  return { comparison: { state: 'current', through: today, previous: rangeOf(previousCut), last_year: rangeOf(lastYearCut) }, previous: previousCut, lastYear: lastYearCut };
}

const rangeOf = (period: Period): DayRange => ({ from: period.from, to: period.to });

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
 * for all the periods (a chart asks for its own, a year earlier, and the days the totals compare;
 * a year's previous period is the year before, read once). The periods may overlap (last year's
 * month and its first seven days): a row counts in each range it falls in. A period's total is
 * the sum of its buckets.
 */
async function sumsOf(db: Db, source: Source, periods: readonly Period[], type: StatisticsQuery['cycle_type'], figures: readonly StatFigure[]): Promise<PeriodSums[]> {
  const distinct = periods.filter((period, i) => periods.findIndex((other) => other.from === period.from && other.to === period.to) === i);
  const values: Record<string, unknown> = { shop: source.shop };
  distinct.forEach((period, i) => Object.assign(values, { [`from${i}`]: period.from, [`to${i}`]: period.to }));
  // one statement per shape (platform or shop, month or year, the figures, how many periods), compiled once
  const rows = await executeShape<Record<string, unknown>>(db, `statistics/time|${source.kind}|${type}|${figures.join(',')}|${distinct.length}`, () => {
    const bucket = sql.raw(type === 'YEAR' ? 'extract(month from day)::int' : 'extract(day from day)::int');
    const ranges = sql.join(distinct.map((_, i) => sql`(${sql.raw(String(i))}, ${sql.placeholder(`from${i}`)}::date, ${sql.placeholder(`to${i}`)}::date)`), sql`, `);
    return sql`
      select ranges.i as period, ${bucket} as bucket, ${selectFigures(source, figures)}
      from (values ${ranges}) as ranges(i, from_day, to_day)
      join ${source.table} on day between ranges.from_day and ranges.to_day
      where ${source.where}
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

/**
 * The first day the report's figures have anything (the platform's or the shop's records of them
 * begin: a member registered long before the first order does not make last year's months of
 * orders zeros), or null when they never had. A pass over a row per day (or the shop's days through
 * its (shop_id, day) index): a few thousand rows at most.
 */
async function firstDayOf(db: Db, source: Source, figures: readonly StatFigure[]): Promise<string | null> {
  const any = sql.raw(figures.map((figure) => `(${source.figures[figure] ?? '0'}) <> 0`).join(' or '));
  const [row] = await executeShape<{ day: string | null }>(
    db,
    `statistics/first-day|${source.kind}|${figures.join(',')}`,
    () => sql`select min(day)::text as day from ${source.table} where ${source.where} and (${any})`,
    { shop: source.shop },
  );
  return row?.day ?? null;
}

/** The days of a bucket (1-based) of a period: one day of a month, or a month of a year. */
function daysOfBucket(period: Period, type: StatisticsQuery['cycle_type'], bucket: number): DayRange {
  const time = period.time(bucket);
  if (type === 'MONTH') return { from: time, to: time };
  const [year, month] = time.split('-').map(Number);
  return { from: `${time}-01`, to: `${time}-${pad2(lastDayOf(year, month))}` };
}

/**
 * Whether a bucket has a figure at all: some of its days have come and the records had begun by
 * then. A day after today, or last year's before the platform (or the shop) had any row, is no
 * figure rather than a zero, and a chart draws nothing there.
 */
const counted = (days: DayRange, records: DayRange | null) => records !== null && days.to >= records.from && days.from <= records.to;

export async function timeChart(ctx: AppContext, report: TimeReport, figures: readonly StatFigure[], query: StatisticsQuery, today = platformDay(new Date())): Promise<StatChart> {
  const source = sourceOf(report, query);
  const { current, lastYear } = periodsOf(query);
  const compared = comparisonOf(query, today);
  const periods = [current, lastYear, ...(compared.previous && compared.lastYear ? [compared.previous, compared.lastYear] : [])];
  const [[now, before, previousSums, lastYearSums], firstDay] = await Promise.all([sumsOf(ctx.db, source, periods, query.cycle_type, figures), firstDayOf(ctx.db, source, TIME_REPORTS[report].table)]);
  const records = firstDay === null ? null : { from: firstDay, to: today };
  // Last year's February has 28 days where this one may have 29: the missing day is no figure.
  const drawn = (period: Period, values: number[], figure: StatFigure) =>
    Array.from({ length: current.buckets }, (_, i) => (i < period.buckets && counted(daysOfBucket(period, query.cycle_type, i + 1), records) ? shown(figure, values[i]) : null));
  return {
    cycle_type: query.cycle_type,
    labels: Array.from({ length: current.buckets }, (_, i) => String(i + 1)),
    series: figures.map((figure) => ({ figure, data: drawn(current, now.buckets[figure], figure), last_year: drawn(lastYear, before.buckets[figure], figure) })),
    totals: figures.map((figure) => {
      const sum = shown(figure, now.total[figure]);
      const lastYearSum = lastYearSums ? shown(figure, lastYearSums.total[figure]) : null;
      const previousSum = previousSums ? shown(figure, previousSums.total[figure]) : null;
      return {
        figure,
        current: sum,
        last_year: lastYearSum,
        previous: previousSum,
        year_on_year: lastYearSum === null ? null : percentChange(sum, lastYearSum),
        period_on_period: previousSum === null ? null : percentChange(sum, previousSum),
      };
    }),
    comparison: compared.comparison,
  };
}

/**
 * Every row of a time report's table, oldest first: one per day (or month) of the period that has
 * come, zeros included; none for a period with nothing in it at all, so the table shows it is
 * empty rather than a column of zeros.
 */
export async function timeRows(ctx: AppContext, report: TimeReport, query: StatisticsQuery, today = platformDay(new Date())): Promise<StatTimeRow[]> {
  const figures = TIME_REPORTS[report].table;
  const { current } = periodsOf(query);
  const [sums] = await sumsOf(ctx.db, sourceOf(report, query), [current], query.cycle_type, figures);
  if (figures.every((figure) => sums.total[figure] === 0)) return [];
  const rows: StatTimeRow[] = [];
  for (let i = 0; i < current.buckets && daysOfBucket(current, query.cycle_type, i + 1).from <= today; i++) {
    const row: StatTimeRow = { time: current.time(i + 1) };
    for (const figure of figures) row[figure] = shown(figure, sums.buckets[figure][i]);
    rows.push(row);
  }
  return rows;
}

export async function timeTable(ctx: AppContext, report: TimeReport, query: StatisticsPageQuery): Promise<Page<StatTimeRow>> {
  const rows = await timeRows(ctx, report, query);
  const start = (query.page_no - 1) * query.page_size;
  return { data: rows.slice(start, start + query.page_size), page_no: query.page_no, page_size: query.page_size, data_total: rows.length };
}
