/**
 * The rankings (best sellers, top buyers): the goods or members of a period ordered by one
 * figure, summed from their daily rollup rows (daily_goods_stats, daily_member_stats) over the
 * period's days, for the platform or one shop; never from the orders.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
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
import { categories } from '../goods/tables.js';
import type { AppContext } from '../../platform/context.js';
import { goods } from '../goods/tables.js';
import { members } from '../members/tables.js';
import { dailyGoodsStats, dailyShopStats } from '../dashboard/tables.js';
import { shops } from '../shops/tables.js';
import { dailyMemberStats } from './tables.js';
import { periodsOf } from './service.js';

interface RankSource {
  table: SQL;
  key: string;
  figures: Partial<Record<RankFigure, string>>;
  names(ctx: AppContext, ids: number[]): Promise<Map<number, string>>;
}

const SOURCES: Record<'goods' | 'member' | 'shop', RankSource> = {
  goods: {
    table: sql`${dailyGoodsStats}`,
    key: 'goods_id',
    figures: { sold_num: 'sold_num', paid_amount: 'paid_cents', pv: 'pv', favorites: 'favorites' },
    async names(ctx, ids) {
      const rows = ids.length ? await ctx.db.select({ id: goods.id, name: goods.goodsName }).from(goods).where(inArray(goods.id, ids)) : [];
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  },
  shop: {
    table: sql`${dailyShopStats}`,
    key: 'shop_id',
    figures: { pv: 'pv' },
    async names(ctx, ids) {
      const rows = ids.length ? await ctx.db.select({ id: shops.id, name: shops.shopName }).from(shops).where(inArray(shops.id, ids)) : [];
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  },
  member: {
    table: sql`${dailyMemberStats}`,
    key: 'member_id',
    figures: { order_num: 'order_count', order_amount: 'order_cents', goods_num: 'goods_num' },
    async names(ctx, ids) {
      const rows = ids.length ? await ctx.db.select({ id: members.id, name: members.uname }).from(members).where(inArray(members.id, ids)) : [];
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  },
};

const shown = (figure: RankFigure, value: number) => (RANK_FIGURES[figure].money ? toYuan(value) : value);

/** A ranking's query; goods sales details add the category (its subtree) and a goods name keyword. */
type RankQuery = StatisticsQuery & { category_id?: number; goods_name?: string };

/** The goods a category (with its subtree) and a name keyword leave: a few index reads of goods, never orders. */
function goodsFilter(query: RankQuery): SQL {
  const parts: SQL[] = [];
  if (query.category_id) {
    // a path is digits and '|' (`0|1|5|`): nothing in it a LIKE pattern reads as a wildcard
    parts.push(sql` and goods_id in (select g.id from ${goods} g join ${categories} c on c.id = ${query.category_id} where g.category_path like c.path || '%')`);
  }
  if (query.goods_name) parts.push(sql` and goods_id in (select id from ${goods} where goods_name ilike ${`%${escapeLike(query.goods_name)}%`})`);
  return sql.join(parts);
}

function scope(source: RankSource, query: RankQuery): SQL {
  const { current } = periodsOf(query);
  return sql`day between ${current.from} and ${current.to}${query.seller_id > 0 ? sql` and shop_id = ${query.seller_id}` : sql``}${source.key === 'goods_id' ? goodsFilter(query) : sql``}`;
}

/** The ranked ids with their figures, best first (ties by id), one page of them. */
async function ranked(ctx: AppContext, report: RankReport, query: RankQuery, by: RankFigure, figures: readonly RankFigure[], limit: number, offset: number) {
  const source = SOURCES[RANK_REPORTS[report].subject];
  const sums = sql.raw(figures.map((figure) => `sum(${source.figures[figure]})::bigint as ${figure}`).join(', '));
  const result = await ctx.db.execute(sql`
    select ${sql.raw(source.key)} as id, ${sums} from ${source.table} where ${scope(source, query)}
    group by 1 having sum(${sql.raw(source.figures[by]!)}) > 0
    order by ${sql.raw(by)} desc, 1 limit ${limit} offset ${offset}`);
  const rows = result.rows as Record<string, unknown>[];
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
  const by = RANK_REPORTS[report].table[0];
  const result = await ctx.db.execute(sql`
    select count(*)::int as n from (select 1 from ${source.table} where ${scope(source, query)} group by ${sql.raw(source.key)} having sum(${sql.raw(source.figures[by]!)}) > 0) ranked`);
  return Number((result.rows[0] as { n: number }).n);
}

export async function rankRows(ctx: AppContext, report: RankReport, query: RankQuery, limit: number, offset: number): Promise<RankRow[]> {
  const table = RANK_REPORTS[report].table;
  const rows = await ranked(ctx, report, query, table[0], table, limit, offset);
  return rows.map((row, i) => ({ rank: offset + i + 1, id: row.id, name: row.name, ...row.values }));
}

export async function rankTable(ctx: AppContext, report: RankReport, query: StatisticsPageQuery & RankQuery): Promise<Page<RankRow>> {
  const offset = (query.page_no - 1) * query.page_size;
  const [data, total] = await Promise.all([rankRows(ctx, report, query, query.page_size, offset), rankCount(ctx, report, query)]);
  return { data, page_no: query.page_no, page_size: query.page_size, data_total: total };
}

