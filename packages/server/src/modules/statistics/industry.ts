/**
 * The industry reports (industry scale, generality overview): the children of a category (the
 * top level for 0; a category without children stands for itself), each with its subtree's paid
 * orders of the period, from daily_category_stats (by primary key: category, day), and its goods
 * with and without sales from the period's row of period_goods_stats and the goods table; never from the orders.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  toYuan,
  type CategoryChart,
  type CategoryFigure,
  type CategoryReportPageQuery,
  type CategoryReportQuery,
  type CategoryRow,
  type Page,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { categories, goods } from '../goods/tables.js';
import { dailyCategoryStats, periodGoodsStats } from './tables.js';
import { periodKey, periodsOf } from './service.js';

/** The categories a report shows for a chosen one. */
async function categoriesOf(ctx: AppContext, categoryId: number) {
  const columns = { id: categories.id, name: categories.name, path: categories.path };
  const children = await ctx.db.select(columns).from(categories).where(eq(categories.parentId, categoryId)).orderBy(asc(categories.sort), asc(categories.id));
  if (children.length > 0 || categoryId === 0) return children;
  return ctx.db.select(columns).from(categories).where(eq(categories.id, categoryId));
}

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

/** Every row of a category report, in the categories' order; zeros where nothing sold. */
export async function categoryRows(ctx: AppContext, query: CategoryReportQuery): Promise<CategoryRow[]> {
  const shown = await categoriesOf(ctx, query.category_id);
  if (shown.length === 0) return [];
  const ids = shown.map((category) => category.id);
  const { current } = periodsOf(query);
  const byShop = query.seller_id > 0;
  const [sales, goodsCounts] = await Promise.all([
    ctx.db
      .select({
        id: dailyCategoryStats.categoryId,
        orders: sql<string>`sum(${dailyCategoryStats.orderCount})`,
        sold: sql<string>`sum(${dailyCategoryStats.soldNum})`,
        cents: sql<string>`sum(${dailyCategoryStats.paidCents})`,
      })
      .from(dailyCategoryStats)
      .where(sql`${inArray(dailyCategoryStats.categoryId, ids)} and ${dailyCategoryStats.day} between ${current.from} and ${current.to}${byShop ? sql` and ${dailyCategoryStats.shopId} = ${query.seller_id}` : sql``}`)
      .groupBy(dailyCategoryStats.categoryId),
    ctx.db.execute(sql`
      select c.id,
        count(*) filter (where sold.goods_id is not null)::int as with_sales,
        count(*) filter (where sold.goods_id is null and g.disabled = 1)::int as without_sales
      from ${categories} c join ${goods} g on g.category_path like c.path || '%'
      left join ${periodGoodsStats} sold on sold.period = ${periodKey(query)} and sold.goods_id = g.id and sold.sold_num > 0
      where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})${byShop ? sql` and g.shop_id = ${query.seller_id}` : sql``}
      group by c.id`),
  ]);
  const salesOf = new Map(sales.map((row) => [row.id, { orders: Number(row.orders), sold: Number(row.sold), cents: Number(row.cents) }]));
  const goodsOf = new Map((goodsCounts.rows as { id: number; with_sales: number; without_sales: number }[]).map((row) => [Number(row.id), row]));
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
      goods_with_sales: Number(counts?.with_sales ?? 0),
      goods_without_sales: Number(counts?.without_sales ?? 0),
    };
  });
}

export async function categoryChart(ctx: AppContext, figures: readonly CategoryFigure[], query: CategoryReportQuery): Promise<CategoryChart> {
  const rows = await categoryRows(ctx, query);
  return {
    categories: rows.map((row) => ({ id: row.id, name: row.name })),
    series: figures.map((figure) => ({ figure, data: rows.map((row) => row[figure]) })),
  };
}

export async function categoryTable(ctx: AppContext, query: CategoryReportPageQuery): Promise<Page<CategoryRow>> {
  const rows = await categoryRows(ctx, query);
  const start = (query.page_no - 1) * query.page_size;
  return { data: rows.slice(start, start + query.page_size), page_no: query.page_no, page_size: query.page_size, data_total: rows.length };
}
