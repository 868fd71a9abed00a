import { orderEndpoints as orders } from '@agora/contract';
import { route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { orderExport } from './jobs.js';
import { adminTransition, getOrder, listOrders, orderLog, readOrderSettings, saveOrderSettings } from './service.js';

export const orderRoutes = [
  route(orders.list, { handler: ({ query, ctx }) => listOrders(ctx, query) }),
  route(orders.export, exportRoute(orderExport, { contents: 'records', log: { zh: '导出订单列表', en: 'Export orders' }, important: true })),
  route(orders.settings, { handler: ({ ctx }) => readOrderSettings(ctx) }),
  route(orders.saveSettings, { log: { zh: '修改订单设置', en: 'Edit order settings' }, important: true, handler: ({ body, ctx }) => saveOrderSettings(ctx, body) }),
  route(orders.detail, { handler: ({ params, ctx }) => getOrder(ctx, params.sn) }),
  route(orders.log, { handler: ({ params, ctx }) => orderLog(ctx, params.sn) }),
  route(orders.pay, { log: { zh: '订单确认收款', en: 'Confirm an order\'s payment' }, important: true, handler: ({ params, query, admin, ctx }) => adminTransition(ctx, admin, params.sn, 'PAY', query.pay_price) }),
  route(orders.cancel, { log: { zh: '取消订单', en: 'Cancel an order' }, important: true, handler: ({ params, admin, ctx }) => adminTransition(ctx, admin, params.sn, 'CANCEL') }),
  route(orders.complete, { log: { zh: '完成订单', en: 'Complete an order' }, handler: ({ params, admin, ctx }) => adminTransition(ctx, admin, params.sn, 'COMPLETE') }),
  route(orders.expireService, { log: { zh: '设置订单售后过期', en: 'Expire an order\'s after-sales window' }, handler: ({ params, admin, ctx }) => adminTransition(ctx, admin, params.sn, 'EXPIRE_SERVICE') }),
];
