import { TIME_REPORTS, TIME_REPORT_TABLES, statisticsEndpoints, type StatFigure, type TimeChart, type TimeReport } from '@agora/contract';
import { route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { TIME_REPORT_EXPORTS, TIME_REPORT_TITLES } from './jobs.js';
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
  route(TIME_REPORT_TABLES[report].export as typeof statisticsEndpoints.ordersExport, exportRoute(TIME_REPORT_EXPORTS[report], { log: { zh: `导出${TIME_REPORT_TITLES[report].zh}`, en: `Export ${TIME_REPORT_TITLES[report].en.toLowerCase()}` } })),
]);

export const statisticsRoutes = [...chartRoutes, ...tableRoutes];
