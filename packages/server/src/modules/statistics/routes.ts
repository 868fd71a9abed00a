import {
  BAND_REPORTS,
  CATEGORY_REPORTS,
  REGION_CHARTS,
  regionReportEndpoints,
  type RegionChartKey,
  CATEGORY_REPORT_TABLES,
  industryEndpoints,
  type CategoryChartKey,
  type CategoryFigure,
  type CategoryReport,
  BAND_REPORT_ENDPOINTS,
  priceBandEndpoints,
  type BandReport,
  RANK_REPORTS,
  RANK_REPORT_TABLES,
  TIME_REPORTS,
  TIME_REPORT_TABLES,
  pageViewEndpoints,
  rankingEndpoints,
  statisticsEndpoints,
  type RankChartKey,
  type RankFigure,
  type RankReport,
  type StatFigure,
  type TimeChart,
  type TimeReport,
} from '@agora/contract';
import { route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { BAND_REPORT_EXPORTS, BAND_REPORT_TITLES, CATEGORY_REPORT_EXPORTS, CATEGORY_REPORT_TITLES, REGION_REPORT_EXPORT, REGION_REPORT_TITLE, RANK_REPORT_EXPORTS, RANK_REPORT_TITLES, TIME_REPORT_EXPORTS, TIME_REPORT_TITLES } from './jobs.js';
import { bandChart, bandTable, hourChart } from './bands.js';
import { rankChart, rankTable } from './rankings.js';
import { recordPageView } from './page-views.js';
import { categoryChart, categoryTable } from './industry.js';
import { regionChart, regionTable } from './regions.js';
import { timeChart, timeTable } from './service.js';

const REPORTS = Object.keys(TIME_REPORTS) as TimeReport[];

const chartRoutes = REPORTS.flatMap((report) =>
  Object.entries(TIME_REPORTS[report].charts).map(([key, figures]) =>
    route(statisticsEndpoints[key as TimeChart] as typeof statisticsEndpoints.orderMoney, {
      handler: ({ query, ctx }) => timeChart(ctx, report, figures as readonly StatFigure[], query),
    }),
  ),
);

const tableRoutes = REPORTS.flatMap((report) => [
  route(TIME_REPORT_TABLES[report].page as typeof statisticsEndpoints.ordersPage, { handler: ({ query, ctx }) => timeTable(ctx, report, query) }),
  route(TIME_REPORT_TABLES[report].export as typeof statisticsEndpoints.ordersExport, exportRoute(TIME_REPORT_EXPORTS[report], { contents: 'aggregates', log: { zh: `导出${TIME_REPORT_TITLES[report].zh}`, en: `Export ${TIME_REPORT_TITLES[report].en.toLowerCase()}` } })),
]);

const RANKINGS = Object.keys(RANK_REPORTS) as RankReport[];

const rankingRoutes = RANKINGS.flatMap((report) => [
  ...Object.entries(RANK_REPORTS[report].charts).map(([key, figure]) =>
    route(rankingEndpoints[key as RankChartKey] as typeof rankingEndpoints.hotMoney, { handler: ({ query, ctx }) => rankChart(ctx, report, figure as RankFigure, query) }),
  ),
  route(RANK_REPORT_TABLES[report].page as typeof rankingEndpoints.hotGoodsPage, { handler: ({ query, ctx }) => rankTable(ctx, report, query) }),
  route(RANK_REPORT_TABLES[report].export as typeof rankingEndpoints.hotGoodsExport, exportRoute(RANK_REPORT_EXPORTS[report], { contents: 'aggregates', log: { zh: `导出${RANK_REPORT_TITLES[report].zh}`, en: `Export ${RANK_REPORT_TITLES[report].en.toLowerCase()}` } })),
]);

const BANDS = Object.keys(BAND_REPORTS) as BandReport[];

const bandRoutes = [
  ...BANDS.flatMap((report) => [
    route(BAND_REPORT_ENDPOINTS[report].chart as typeof priceBandEndpoints.priceSales, { handler: ({ query, ctx }) => bandChart(ctx, report, query) }),
    route(BAND_REPORT_ENDPOINTS[report].page as typeof priceBandEndpoints.priceSalesPage, { handler: ({ query, ctx }) => bandTable(ctx, report, query) }),
    route(BAND_REPORT_ENDPOINTS[report].export as typeof priceBandEndpoints.priceSalesExport, exportRoute(BAND_REPORT_EXPORTS[report], { contents: 'aggregates', log: { zh: `导出${BAND_REPORT_TITLES[report].zh}`, en: `Export ${BAND_REPORT_TITLES[report].en.toLowerCase()}` } })),
  ]),
  route(priceBandEndpoints.unitTime, { handler: ({ query, ctx }) => hourChart(ctx, query) }),
];

const CATEGORY_REPORT_KEYS = Object.keys(CATEGORY_REPORTS) as CategoryReport[];

const categoryRoutes = CATEGORY_REPORT_KEYS.flatMap((report) => [
  ...Object.entries(CATEGORY_REPORTS[report].charts).map(([key, figures]) =>
    route(industryEndpoints[key as CategoryChartKey] as typeof industryEndpoints.industryOrderMoney, { handler: ({ query, ctx }) => categoryChart(ctx, figures as readonly CategoryFigure[], query) }),
  ),
  route(CATEGORY_REPORT_TABLES[report].page as typeof industryEndpoints.industryScalePage, { handler: ({ query, ctx }) => categoryTable(ctx, report, query) }),
  route(CATEGORY_REPORT_TABLES[report].export as typeof industryEndpoints.industryScaleExport, exportRoute(CATEGORY_REPORT_EXPORTS[report], { contents: 'aggregates', log: { zh: `导出${CATEGORY_REPORT_TITLES[report].zh}`, en: `Export ${CATEGORY_REPORT_TITLES[report].en.toLowerCase()}` } })),
]);

const regionRoutes = [
  ...(Object.keys(REGION_CHARTS) as RegionChartKey[]).map((key) =>
    route(regionReportEndpoints[key] as typeof regionReportEndpoints.regionMoney, { handler: ({ query, ctx }) => regionChart(ctx, REGION_CHARTS[key], query) }),
  ),
  route(regionReportEndpoints.regionPage, { handler: ({ query, ctx }) => regionTable(ctx, query) }),
  route(regionReportEndpoints.regionExport, exportRoute(REGION_REPORT_EXPORT, { contents: 'aggregates', log: { zh: `导出${REGION_REPORT_TITLE.zh}`, en: `Export ${REGION_REPORT_TITLE.en.toLowerCase()}` } })),
];

const pageViewRoutes = [route(pageViewEndpoints.record, { handler: ({ body, req, ctx }) => recordPageView(ctx, body, req.headers['user-agent'], req.ip) })];

export const statisticsRoutes = [...chartRoutes, ...tableRoutes, ...rankingRoutes, ...bandRoutes, ...categoryRoutes, ...regionRoutes, ...pageViewRoutes];
