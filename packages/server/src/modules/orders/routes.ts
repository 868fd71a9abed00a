import { orderEndpoints as orders } from '@agora/contract';
import { route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { orderExport } from './jobs.js';
import { adminTransition, getOrder, listOrders, orderLog, readOrderSettings, saveOrderSettings } from './service.js';

export const orderRoutes = [
  route(orders.list, { handler: ({ query, ctx }) => listOrders(ctx, query) }),
  route(orders.export, exportRoute(orderExport, { log: '导出订单列表', twoStep: true, important: true })),
  route(orders.settings, { handler: ({ ctx }) => readOrderSettings(ctx) }),
  route(orders.saveSettings, { twoStep: true, log: '修改订单设置', important: true, handler: ({ body, ctx }) => saveOrderSettings(ctx, body) }),
  route(orders.detail, { handler: ({ params, ctx }) => getOrder(ctx, params.sn) }),
  route(orders.log, { handler: ({ params, ctx }) => orderLog(ctx, params.sn) }),
  route(orders.pay, { log: '订单确认收款', important: true, handler: ({ params, query, admin, ctx }) => adminTransition(ctx, admin, params.sn, 'PAY', query.pay_price) }),
  route(orders.cancel, { log: '取消订单', important: true, handler: ({ params, admin, ctx }) => adminTransition(ctx, admin, params.sn, 'CANCEL') }),
  route(orders.complete, { log: '完成订单', handler: ({ params, admin, ctx }) => adminTransition(ctx, admin, params.sn, 'COMPLETE') }),
  route(orders.expireService, { log: '设置订单售后过期', handler: ({ params, admin, ctx }) => adminTransition(ctx, admin, params.sn, 'EXPIRE_SERVICE') }),
];
