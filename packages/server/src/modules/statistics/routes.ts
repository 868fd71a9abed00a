import {
  BAND_REPORTS,
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
import { BAND_REPORT_EXPORTS, BAND_REPORT_TITLES, RANK_REPORT_EXPORTS, RANK_REPORT_TITLES, TIME_REPORT_EXPORTS, TIME_REPORT_TITLES } from './jobs.js';
import { bandChart, bandTable, hourChart } from './bands.js';
import { rankChart, rankTable } from './rankings.js';
import { recordPageView } from './page-views.js';
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

const pageViewRoutes = [route(pageViewEndpoints.record, { handler: ({ body, req, ctx }) => recordPageView(ctx, body, req.headers['user-agent'], req.ip) })];

export const statisticsRoutes = [...chartRoutes, ...tableRoutes, ...rankingRoutes, ...bandRoutes, ...pageViewRoutes];
