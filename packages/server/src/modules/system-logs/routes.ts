import { systemLogEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { listSystemLogs } from './service.js';

export const systemLogRoutes = [route(systemLogEndpoints.list, { handler: ({ query, ctx }) => listSystemLogs(ctx, query) })];
