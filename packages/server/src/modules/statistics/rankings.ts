/**
 * The rankings (best sellers, top buyers, traffic): the goods, members or shops of a period
 * ordered by one figure. Goods and members read their month's or year's row (period_goods_stats,
 * period_member_stats: one row each, a top-N a range of the figure's index); shops, sixty-odd of
 * them, sum their daily rows. Never from the orders (docs/statistics.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  RANK_CHART_SIZE,
  RANK_FIGURES,
  RANK_REPORTS,
  toYuan,
  type Page,
  type RankChart,
  type RankFigure,
  type RankReport,
  type RankRow,
  type StatisticsPageQuery,
  type StatisticsQuery,
} from '@agora/contract';
import { escapeLike } from '../../db/sql.js';
import { executeShape, namesById } from '../../platform/statements.js';
import { categories } from '../goods/tables.js';
import type { AppContext } from '../../platform/context.js';
import { goods } from '../goods/tables.js';
import { members } from '../members/tables.js';
import { dailyShopStats } from '../dashboard/tables.js';
import { shops } from '../shops/tables.js';
import { periodGoodsStats, periodMemberStats } from './tables.js';
import { periodKey, periodsOf } from './service.js';

/**
 * A ranking's query; goods sales details add the category (its subtree) and a goods name keyword,
 * and a table the figure it ranks by (the chart's), one of its own.
 */
type RankQuery = StatisticsQuery & { category_id?: number; goods_name?: string; rank_by?: RankFigure };

/** The figure a table ranks by: the one asked for (the contract allows only the table's), else its first. */
const rankedBy = (report: RankReport, query: RankQuery): RankFigure => query.rank_by ?? RANK_REPORTS[report].table[0];

interface RankSource {
  /** The columns of each figure it has, as an expression over its rows. */
  figures: Partial<Record<RankFigure, string>>;
  /**
   * One row per ranked subject of the query's period and shop: `id` and the figures asked for, under
   * their names; each value a placeholder of `valuesOf` (what the text depends on is in `shapeOf`).
   */
  rows(query: RankQuery, figures: SQL): SQL;
  names(ctx: AppContext, ids: number[]): Promise<Map<number, string>>;
}

/** The goods a category (with its subtree) and a name keyword leave: a few index reads of goods, never orders. */
function goodsFilter(query: RankQuery): SQL {
  const parts: SQL[] = [];
  if (query.category_id) {
    // a path is digits and '|' (`0|1|5|`): nothing in it a LIKE pattern reads as a wildcard
    parts.push(sql` and goods_id in (select g.id from ${goods} g join ${categories} c on c.id = ${sql.placeholder('category')} where g.category_path like c.path || '%')`);
  }
  if (query.goods_name) parts.push(sql` and goods_id in (select id from ${goods} where goods_name ilike ${sql.placeholder('name')})`);
  return sql.join(parts);
}

/** What the text of a ranking's statement depends on beside its report and figures: which filters are present. */
const shapeOf = (query: RankQuery) => `${query.seller_id > 0 ? 's' : ''}|${query.category_id ? 'c' : ''}|${query.goods_name ? 'n' : ''}`;

/** The values of a ranking's placeholders. */
function valuesOf(query: RankQuery): Record<string, unknown> {
  const { current } = periodsOf(query);
  return {
    period: periodKey(query),
    shop: query.seller_id,
    shopOrAll: Math.max(query.seller_id, 0),
    from: current.from,
    to: current.to,
    category: query.category_id ?? 0,
    name: `%${escapeLike(query.goods_name ?? '')}%`,
  };
}

// The names of a page of ranked ids: one read each, prepared once (platform/statements.ts).
const goodsNames = namesById('agora_statistics_goods_names', goods.id, goods.goodsName);
const memberNames = namesById('agora_statistics_member_names', members.id, members.uname);
const shopNames = namesById('agora_statistics_shop_names', shops.id, shops.shopName);
const namesBy = (read: typeof goodsNames) => (ctx: AppContext, ids: number[]) => read(ctx.db, ids);

const SOURCES: Record<'goods' | 'member' | 'shop', RankSource> = {
  goods: {
    figures: { sold_num: 'sold_num', paid_amount: 'paid_cents', pv: 'pv', favorites: 'favorites' },
    rows: (query, figures) => sql`
      select goods_id as id, ${figures} from ${periodGoodsStats}
      where period = ${sql.placeholder('period')}${query.seller_id > 0 ? sql` and shop_id = ${sql.placeholder('shop')}` : sql``}${goodsFilter(query)}`,
    names: namesBy(goodsNames),
  },
  member: {
    figures: { order_num: 'order_count', order_amount: 'order_cents', goods_num: 'goods_num' },
    // shop_id 0 holds a member's orders in every shop
    rows: (_query, figures) => sql`select member_id as id, ${figures} from ${periodMemberStats} where period = ${sql.placeholder('period')} and shop_id = ${sql.placeholder('shopOrAll')}`,
    names: namesBy(memberNames),
  },
  shop: {
    figures: { pv: 'sum(pv)::bigint' },
    rows: (query, figures) =>
      sql`select shop_id as id, ${figures} from ${dailyShopStats} where day between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date${query.seller_id > 0 ? sql` and shop_id = ${sql.placeholder('shop')}` : sql``} group by shop_id`,
    names: namesBy(shopNames),
  },
};

/**
 * The source's rows of a query with the figures asked for, named by figure. A period table's
 * column is taken as it is (no cast), so the outer order and filter reach its figure's index.
 */
function rowsOf(source: RankSource, query: RankQuery, figures: readonly RankFigure[]): SQL {
  return source.rows(query, sql.raw(figures.map((figure) => `${source.figures[figure]} as ${figure}`).join(', ')));
}

const shown = (figure: RankFigure, value: number) => (RANK_FIGURES[figure].money ? toYuan(value) : value);

/** The ranked ids with their figures (`by` among them), best first (ties by id), one page of them. */
async function ranked(ctx: AppContext, report: RankReport, query: RankQuery, by: RankFigure, figures: readonly RankFigure[], limit: number, offset: number) {
  const source = SOURCES[RANK_REPORTS[report].subject];
  // one statement per shape (the report, its figures, which filters are present), compiled once
  const rows = await executeShape<Record<string, unknown>>(
    ctx.db,
    `statistics/rank|${report}|${by}|${figures.join(',')}|${shapeOf(query)}`,
    () => sql`
      select * from (${rowsOf(source, query, figures)}) ranked where ${sql.raw(by)} > 0
      order by ${sql.raw(by)} desc nulls last, id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
    { ...valuesOf(query), limit, offset },
  );
  const names = await source.names(ctx, rows.map((row) => Number(row.id)));
  return rows.map((row) => ({
    id: Number(row.id),
    name: names.get(Number(row.id)) ?? String(row.id),
    values: Object.fromEntries(figures.map((figure) => [figure, shown(figure, Number(row[figure]))])) as Record<RankFigure, number>,
  }));
}

export async function rankChart(ctx: AppContext, report: RankReport, figure: RankFigure, query: RankQuery): Promise<RankChart> {
  const rows = await ranked(ctx, report, query, figure, [figure], RANK_CHART_SIZE, 0);
  return { figure, entries: rows.map((row) => ({ id: row.id, name: row.name, value: row.values[figure] })) };
}

export async function rankCount(ctx: AppContext, report: RankReport, query: RankQuery): Promise<number> {
  const source = SOURCES[RANK_REPORTS[report].subject];
  const by = rankedBy(report, query);
  const [row] = await executeShape<{ n: number }>(
    ctx.db,
    `statistics/rank-count|${report}|${by}|${shapeOf(query)}`,
    () => sql`select count(*)::int as n from (${rowsOf(source, query, [by])}) ranked where ${sql.raw(by)} > 0`,
    valuesOf(query),
  );
  return Number(row.n);
}

export async function rankRows(ctx: AppContext, report: RankReport, query: RankQuery, limit: number, offset: number): Promise<RankRow[]> {
  const table = RANK_REPORTS[report].table;
  const rows = await ranked(ctx, report, query, rankedBy(report, query), table, limit, offset);
  return rows.map((row, i) => ({ rank: offset + i + 1, id: row.id, name: row.name, ...row.values }));
}

export async function rankTable(ctx: AppContext, report: RankReport, query: StatisticsPageQuery & RankQuery): Promise<Page<RankRow>> {
  const offset = (query.page_no - 1) * query.page_size;
  const [data, total] = await Promise.all([rankRows(ctx, report, query, query.page_size, offset), rankCount(ctx, report, query)]);
  return { data, page_no: query.page_no, page_size: query.page_size, data_total: total };
}

