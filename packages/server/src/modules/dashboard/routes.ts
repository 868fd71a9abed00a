import { dashboardEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { dashboardPage, hotGoods, hotShops, pvChart, turnoverChart } from './service.js';

export const dashboardRoutes = [
  route(dashboardEndpoints.page, { handler: ({ admin, ctx }) => dashboardPage(ctx, admin) }),
  route(dashboardEndpoints.pvChart, { handler: ({ query, ctx }) => pvChart(ctx, query.days) }),
  route(dashboardEndpoints.turnoverChart, { handler: ({ query, ctx }) => turnoverChart(ctx, query.days) }),
  route(dashboardEndpoints.hotShop, { handler: ({ query, ctx }) => hotShops(ctx, query.days) }),
  route(dashboardEndpoints.hotGoods, { handler: ({ query, ctx }) => hotGoods(ctx, query.days) }),
];
