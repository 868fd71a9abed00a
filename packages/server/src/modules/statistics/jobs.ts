/** The xlsx export of each time report's table (docs/jobs.md): the rows the table shows for the operator's period and shop. */
import { eq } from 'drizzle-orm';
import {
  BAND_REPORTS,
  CATEGORY_FIGURES,
  REGION_FIGURES,
  type RegionRow,
  CATEGORY_REPORTS,
  categoryReportPageQuery,
  type CategoryReport,
  type CategoryReportPageQuery,
  type CategoryRow,
  RANK_FIGURES,
  RANK_REPORTS,
  RANK_REPORT_TABLES,
  STAT_FIGURES,
  TIME_REPORTS,
  priceBandPageQuery,
  statisticsPageQuery,
  type BandReport,
  type PriceBandPageQuery,
  type PriceBandRow,
  type RankReport,
  type RankReportSpec,
  type RankRow,
  type StatTimeRow,
  type StatisticsPageQuery,
  type TimeReport,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { exportJob, type ExportHandle } from '../../platform/xlsx-export.js';
import { shops } from '../shops/tables.js';
import { timeRows } from './service.js';
import { rankCount, rankRows } from './rankings.js';
import { bandRows } from './bands.js';
import { categoryRows } from './industry.js';
import { regionRows } from './regions.js';

export const TIME_REPORT_TITLES: Record<TimeReport, { zh: string; en: string }> = {
  orders: { zh: '订单统计', en: 'Order statistics' },
  salesRevenue: { zh: '销售收入统计', en: 'Sales revenue' },
  refunds: { zh: '退款统计', en: 'Refund statistics' },
  addedMembers: { zh: '新增会员统计', en: 'New members' },
};

export const RANK_REPORT_TITLES: Record<RankReport, { zh: string; en: string }> = {
  hotGoods: { zh: '热卖商品', en: 'Best sellers' },
  memberOrders: { zh: '会员下单排行', en: 'Top buyers' },
  trafficShop: { zh: '店铺流量', en: 'Shop traffic' },
  trafficGoods: { zh: '商品流量', en: 'Goods traffic' },
  goodsSales: { zh: '商品销售明细', en: 'Goods sales details' },
  goodsCollect: { zh: '商品收藏排行', en: 'Favourite goods' },
};

async function describe(ctx: AppContext, byShop: boolean, query: StatisticsPageQuery): Promise<string> {
  const period = query.cycle_type === 'YEAR' ? `${query.year}年` : `${query.year}年${query.month}月`;
  if (!byShop || query.seller_id === 0) return `${period}；全平台`;
  const [shop] = await ctx.db.select({ name: shops.shopName }).from(shops).where(eq(shops.id, query.seller_id));
  return `${period}；店铺：${shop?.name ?? query.seller_id}`;
}

function timeReportExport(report: TimeReport): ExportHandle {
  return exportJob<StatisticsPageQuery, StatTimeRow>(`statistics.${report}.export`, {
    title: TIME_REPORT_TITLES[report],
    params: statisticsPageQuery,
    columns: [
      { header: { zh: '时间', en: 'Time' }, value: (row) => row.time, width: 12 },
      ...TIME_REPORTS[report].table.map((figure) => ({ header: { zh: STAT_FIGURES[figure].zh, en: STAT_FIGURES[figure].en }, value: (row: StatTimeRow) => row[figure] ?? 0, width: 14 })),
    ],
    describe: (ctx, query) => describe(ctx, TIME_REPORTS[report].byShop, query),
    // a period has at most 31 rows: one batch
    count: async (ctx, query) => (await timeRows(ctx, report, query)).length,
    async *batches(ctx, query) {
      yield await timeRows(ctx, report, query);
    },
  });
}

export const TIME_REPORT_EXPORTS = Object.fromEntries(
  (Object.keys(TIME_REPORTS) as TimeReport[]).map((report) => [report, timeReportExport(report)]),
) as Record<TimeReport, ExportHandle>;

const SUBJECT_HEADERS = { goods: { zh: '商品名称', en: 'Goods' }, member: { zh: '会员名称', en: 'Member' }, shop: { zh: '店铺名称', en: 'Shop' } };

function rankReportExport(report: RankReport): ExportHandle {
  const spec: RankReportSpec = RANK_REPORTS[report];
  const subject = SUBJECT_HEADERS[spec.subject];
  return exportJob<StatisticsPageQuery, RankRow>(`statistics.${report}.export`, {
    title: RANK_REPORT_TITLES[report],
    // the filters the table takes (and the figure it ranks by), no more
    params: RANK_REPORT_TABLES[report].page.query,
    columns: [
      { header: { zh: '排名', en: 'Rank' }, value: (row) => row.rank, width: 8 },
      { header: subject, value: (row) => row.name, width: 36 },
      ...RANK_REPORTS[report].table.map((figure) => ({ header: { zh: RANK_FIGURES[figure].zh, en: RANK_FIGURES[figure].en }, value: (row: RankRow) => row[figure] ?? 0, width: 14 })),
    ],
    describe: (ctx, query) => describe(ctx, true, query),
    count: (ctx, query) => rankCount(ctx, report, query),
    async *batches(ctx, query, size) {
      for (let offset = 0; ; offset += size) {
        const rows = await rankRows(ctx, report, query, size, offset);
        if (rows.length) yield rows;
        if (rows.length < size) return;
      }
    },
  });
}

export const RANK_REPORT_EXPORTS = Object.fromEntries(
  (Object.keys(RANK_REPORTS) as RankReport[]).map((report) => [report, rankReportExport(report)]),
) as Record<RankReport, ExportHandle>;

export const BAND_REPORT_TITLES: Record<BandReport, { zh: string; en: string }> = {
  priceSales: { zh: '价格销量', en: 'Price-band sales' },
  orderValue: { zh: '客单价分布', en: 'Order value distribution' },
};

/** A band as the table shows it: 0–50 yuan, or 1000 yuan and more. */
export function bandLabel(row: Pick<PriceBandRow, 'low' | 'high'>, lang: 'zh' | 'en'): string {
  if (row.high === null) return lang === 'zh' ? `${row.low}元以上` : `${row.low} yuan and more`;
  return lang === 'zh' ? `${row.low}–${row.high}元` : `${row.low}–${row.high} yuan`;
}

function bandReportExport(report: BandReport): ExportHandle {
  return exportJob<PriceBandPageQuery, PriceBandRow>(`statistics.${report}.export`, {
    title: BAND_REPORT_TITLES[report],
    params: priceBandPageQuery,
    columns: [
      { header: { zh: '价格区间', en: 'Price band' }, value: (row, lang) => bandLabel(row, lang), width: 22 },
      ...BAND_REPORTS[report].figures.map((figure) => ({ header: { zh: STAT_FIGURES[figure].zh, en: STAT_FIGURES[figure].en }, value: (row: PriceBandRow) => row[figure] ?? 0, width: 14 })),
      { header: { zh: '占比（%）', en: 'Share (%)' }, value: (row) => row.share, width: 12 },
    ],
    describe: (ctx, query) => describe(ctx, true, query),
    // at most 11 bands: one batch
    count: async (ctx, query) => (await bandRows(ctx, report, query)).length,
    async *batches(ctx, query) {
      yield await bandRows(ctx, report, query);
    },
  });
}

export const BAND_REPORT_EXPORTS = Object.fromEntries(
  (Object.keys(BAND_REPORTS) as BandReport[]).map((report) => [report, bandReportExport(report)]),
) as Record<BandReport, ExportHandle>;

export const CATEGORY_REPORT_TITLES: Record<CategoryReport, { zh: string; en: string }> = {
  industryScale: { zh: '行业规模', en: 'Industry scale' },
  generalityOverview: { zh: '概括总览', en: 'Category overview' },
};

function categoryReportExport(report: CategoryReport): ExportHandle {
  return exportJob<CategoryReportPageQuery, CategoryRow>(`statistics.${report}.export`, {
    title: CATEGORY_REPORT_TITLES[report],
    params: categoryReportPageQuery,
    columns: [
      { header: { zh: '分类', en: 'Category' }, value: (row) => row.name, width: 24 },
      ...CATEGORY_REPORTS[report].table.map((figure) => ({ header: { zh: CATEGORY_FIGURES[figure].zh, en: CATEGORY_FIGURES[figure].en }, value: (row: CategoryRow) => row[figure] ?? 0, width: 14 })),
    ],
    describe: (ctx, query) => describe(ctx, true, query),
    // the children of one category: one batch
    count: async (ctx, query) => (await categoryRows(ctx, query, CATEGORY_REPORTS[report].table)).length,
    async *batches(ctx, query) {
      yield await categoryRows(ctx, query, CATEGORY_REPORTS[report].table);
    },
  });
}

export const CATEGORY_REPORT_EXPORTS = Object.fromEntries(
  (Object.keys(CATEGORY_REPORTS) as CategoryReport[]).map((report) => [report, categoryReportExport(report)]),
) as Record<CategoryReport, ExportHandle>;

export const REGION_REPORT_TITLE = { zh: '区域分析', en: 'Regional analysis' };

export const REGION_REPORT_EXPORT = exportJob<StatisticsPageQuery, RegionRow>('statistics.regions.export', {
  title: REGION_REPORT_TITLE,
  params: statisticsPageQuery,
  columns: [
    { header: { zh: '地区', en: 'Region' }, value: (row) => row.name, width: 20 },
    ...(Object.keys(REGION_FIGURES) as (keyof typeof REGION_FIGURES)[]).map((figure) => ({ header: { zh: REGION_FIGURES[figure].zh, en: REGION_FIGURES[figure].en }, value: (row: RegionRow) => row[figure], width: 14 })),
  ],
  describe: (ctx, query) => describe(ctx, true, query),
  // the provinces: one batch
  count: async (ctx, query) => (await regionRows(ctx, query)).length,
  async *batches(ctx, query) {
    yield await regionRows(ctx, query);
  },
});
