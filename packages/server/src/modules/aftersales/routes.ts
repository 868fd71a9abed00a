import { afterSaleEndpoints as afterSales } from '@agora/contract';
import { route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { collectionExport, refundExport, serviceExport } from './jobs.js';
import { adminRefund, getService, listCollections, listRefunds, listServices } from './service.js';

export const afterSaleRoutes = [
  route(afterSales.list, { handler: ({ query, ctx }) => listServices(ctx, query) }),
  route(afterSales.export, exportRoute(serviceExport, { contents: 'records', log: { zh: '导出售后服务列表', en: 'Export after-sales services' } })),
  route(afterSales.detail, { handler: ({ params, ctx }) => getService(ctx, params.service_sn) }),
  route(afterSales.refund, { log: { zh: '售后服务平台退款', en: 'Refund an after-sales service' }, important: true, handler: ({ params, query, admin, ctx }) => adminRefund(ctx, admin, params.service_sn, query) }),
  route(afterSales.refunds, { handler: ({ query, ctx }) => listRefunds(ctx, query) }),
  route(afterSales.exportRefunds, exportRoute(refundExport, { contents: 'records', log: { zh: '导出退款单', en: 'Export refunds' } })),
  route(afterSales.collections, { handler: ({ query, ctx }) => listCollections(ctx, query) }),
  route(afterSales.exportCollections, exportRoute(collectionExport, { contents: 'records', log: { zh: '导出收款单', en: 'Export collections' } })),
];
