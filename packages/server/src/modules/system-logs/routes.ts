import { systemLogEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { exportRoute } from '../../platform/xlsx-export.js';
import { systemLogExport } from './jobs.js';
import { listSystemLogs } from './service.js';

export const systemLogRoutes = [
  route(systemLogEndpoints.list, { handler: ({ query, ctx }) => listSystemLogs(ctx, query) }),
  route(systemLogEndpoints.export, exportRoute(systemLogExport, { contents: 'records', log: { zh: '导出系统日志', en: 'Export the system log' } })),
];
