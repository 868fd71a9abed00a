import { dashboardPeriodQuery } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { dashboardPage, hotGoods, hotShops, pvChart, turnoverChart } from './service.js';

export const dashboardRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/index/page',
    permission: 'dashboard',
    handler: ({ admin, ctx }) => dashboardPage(ctx, admin),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/index/page/pvChart',
    permission: 'dashboard',
    query: dashboardPeriodQuery,
    handler: ({ query, ctx }) => pvChart(ctx, query.days),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/index/page/turnoverChart',
    permission: 'dashboard',
    query: dashboardPeriodQuery,
    handler: ({ query, ctx }) => turnoverChart(ctx, query.days),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/index/page/hotShop',
    permission: 'dashboard',
    query: dashboardPeriodQuery,
    handler: ({ query, ctx }) => hotShops(ctx, query.days),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/index/page/hotGoods',
    permission: 'dashboard',
    query: dashboardPeriodQuery,
    handler: ({ query, ctx }) => hotGoods(ctx, query.days),
  }),
];
