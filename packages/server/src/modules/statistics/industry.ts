/**
 * The industry reports (industry scale, generality overview): the children of a category (the
 * top level for 0; a category without children stands for itself), each with its subtree's paid
 * orders of the period, from its period row (period_category_stats), and its goods with and
 * without sales from the goods table's category path index and the period's goods rows
 * (period_goods_stats); never from the orders.
 */
import { asc, eq, sql } from 'drizzle-orm';
import {
  CATEGORY_REPORTS,
  GOODS_COUNT_FIGURES,
  toYuan,
  type CategoryChart,
  type CategoryReport,
  type CategoryFigure,
  type CategoryReportPageQuery,
  type CategoryReportQuery,
  type CategoryRow,
  type Page,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { categories, goods } from '../goods/tables.js';
import { escapeLike } from '../../db/sql.js';
import { preparedOnce } from '../../platform/statements.js';
import { periodCategoryStats, periodGoodsStats } from './tables.js';
import { periodKey } from './service.js';

// The report's reads by key, prepared once (platform/statements.ts).
const categoryColumns = { id: categories.id, name: categories.name, path: categories.path };
const childrenOf = preparedOnce('agora_statistics_category_children', (db) =>
  db.select(categoryColumns).from(categories).where(eq(categories.parentId, sql.placeholder('parent'))).orderBy(asc(categories.sort), asc(categories.id)),
);
const categoryById = preparedOnce('agora_statistics_category', (db) => db.select(categoryColumns).from(categories).where(eq(categories.id, sql.placeholder('id'))));
const salesOfCategories = preparedOnce('agora_statistics_category_sales', (db) =>
  db
    .select({ id: periodCategoryStats.categoryId, orders: periodCategoryStats.orderCount, sold: periodCategoryStats.soldNum, cents: periodCategoryStats.paidCents })
    .from(periodCategoryStats)
    .where(
      sql`${periodCategoryStats.period} = ${sql.placeholder('period')} and ${periodCategoryStats.shopId} = ${sql.placeholder('shop')} and ${periodCategoryStats.categoryId} = any(${sql.placeholder('ids')})`,
    ),
);

/** The categories a report shows for a chosen one. */
async function categoriesOf(ctx: AppContext, categoryId: number) {
  const children = await childrenOf(ctx.db).execute({ parent: categoryId });
  if (children.length > 0 || categoryId === 0) return children;
  return categoryById(ctx.db).execute({ id: categoryId });
}

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

/** Every row of a category report, in the categories' order; the goods counted only when `figures` shows them. */
export async function categoryRows(ctx: AppContext, query: CategoryReportQuery, figures: readonly CategoryFigure[]): Promise<CategoryRow[]> {
  const shown = await categoriesOf(ctx, query.category_id);
  if (shown.length === 0) return [];
  const ids = shown.map((category) => category.id);
  const period = periodKey(query);
  const countGoods = figures.some((figure) => (GOODS_COUNT_FIGURES as readonly string[]).includes(figure));
  const byShop = query.seller_id > 0;
  // The shown categories are siblings (or one leaf standing for itself): each goods under them
  // falls in the one named at their level of its path ('0|1|5|': level 2 is 1, level 3 is 5), so
  // one pass over the goods under their common prefix (an index-only range of the category path
  // index) counts them all, joined once to the period's goods with sales. A goods placed on the
  // parent itself is under none of them (no id at that level).
  const path = shown[0].path;
  const level = path.split('|').length - 1;
  const prefix = shown.length === 1 && shown[0].id === query.category_id ? path : path.slice(0, path.slice(0, -1).lastIndexOf('|') + 1);
  const [sales, goodsCounts] = await Promise.all([
    salesOfCategories(ctx.db).execute({ period, shop: Math.max(query.seller_id, 0), ids }),
    countGoods && ctx.db.execute(sql`
      select nullif(split_part(g.category_path, '|', ${level}), '')::int as id,
        count(sold.goods_id)::int as with_sales,
        count(*) filter (where sold.goods_id is null and g.disabled = 1)::int as without_sales
      from ${goods} g
      left join ${periodGoodsStats} sold on sold.period = ${period} and sold.goods_id = g.id and sold.sold_num > 0
      where g.category_path like ${`${escapeLike(prefix)}%`}${byShop ? sql` and g.shop_id = ${query.seller_id}` : sql``}
      group by 1`),
  ]);
  const salesOf = new Map(sales.map((row) => [row.id, { orders: Number(row.orders), sold: Number(row.sold), cents: Number(row.cents) }]));
  const goodsOf = new Map(((goodsCounts ? goodsCounts.rows : []) as { id: number; with_sales: number; without_sales: number }[]).map((row) => [Number(row.id), row]));
  const totalCents = [...salesOf.values()].reduce((sum, row) => sum + row.cents, 0);
  return shown.map((category) => {
    const figures = salesOf.get(category.id) ?? { orders: 0, sold: 0, cents: 0 };
    const counts = goodsOf.get(category.id);
    return {
      id: category.id,
      name: category.name,
      order_num: figures.orders,
      sold_num: figures.sold,
      paid_amount: toYuan(figures.cents),
      share: ratio(figures.cents, totalCents),
      avg_price: figures.sold === 0 ? 0 : Math.round(figures.cents / figures.sold) / 100,
      ...(countGoods ? { goods_with_sales: Number(counts?.with_sales ?? 0), goods_without_sales: Number(counts?.without_sales ?? 0) } : {}),
    };
  });
}

export async function categoryChart(ctx: AppContext, figures: readonly CategoryFigure[], query: CategoryReportQuery): Promise<CategoryChart> {
  const rows = await categoryRows(ctx, query, figures);
  return {
    categories: rows.map((row) => ({ id: row.id, name: row.name })),
    series: figures.map((figure) => ({ figure, data: rows.map((row) => row[figure] ?? 0) })),
  };
}

export async function categoryTable(ctx: AppContext, report: CategoryReport, query: CategoryReportPageQuery): Promise<Page<CategoryRow>> {
  const rows = await categoryRows(ctx, query, CATEGORY_REPORTS[report].table);
  const start = (query.page_no - 1) * query.page_size;
  return { data: rows.slice(start, start + query.page_size), page_no: query.page_no, page_size: query.page_size, data_total: rows.length };
}
