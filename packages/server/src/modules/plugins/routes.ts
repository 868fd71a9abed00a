import { PLUGIN_ENDPOINTS, PLUGIN_KINDS } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { listPlugins, openPlugin, savePlugin } from './service.js';

const pluginOfRequest = (req: { params: unknown }) => (req.params as { plugin_id?: string }).plugin_id ?? '';

/** The same three calls for every kind: the list, a plugin's items, and opening one (which closes the other). */
export const pluginRoutes = PLUGIN_KINDS.flatMap((kind) => {
  const endpoints = PLUGIN_ENDPOINTS[kind];
  return [
    route(endpoints.list, { handler: ({ ctx }) => listPlugins(ctx, kind) }),
    route(endpoints.save, {
      important: true,
      log: (req) => ({ zh: `修改插件配置 ${kind} ${pluginOfRequest(req)}`, en: `Edit plugin settings ${kind} ${pluginOfRequest(req)}` }),
      handler: ({ params, body, ctx, req }) => savePlugin(ctx, kind, params.plugin_id, body, auditIn(req)),
    }),
    route(endpoints.open, {
      important: true,
      log: (req) => ({ zh: `开启插件 ${kind} ${pluginOfRequest(req)}`, en: `Open plugin ${kind} ${pluginOfRequest(req)}` }),
      handler: ({ params, ctx, req }) => openPlugin(ctx, kind, params.plugin_id, auditIn(req)),
    }),
  ];
});
