import type { FastifyRequest } from 'fastify';
import { languageAdminEndpoints, uiDictEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { createUiKey, deleteUiKey, listLanguageRows, listUiDict, setLanguageEnabled, sortLanguages, updateUiKey } from './service.js';

const keyOf = (req: FastifyRequest) => (req.body as { key?: string }).key ?? '';
const idOf = (req: FastifyRequest) => (req.params as { id?: string }).id ?? '';

export const i18nRoutes = [
  route(uiDictEndpoints.list, { handler: ({ query, ctx }) => listUiDict(ctx, query) }),
  route(uiDictEndpoints.create, {
    log: (req) => ({ zh: `添加界面词条 ${keyOf(req)}`, en: `Add UI entry ${keyOf(req)}` }),
    handler: ({ body, ctx, req }) => createUiKey(ctx, body, auditIn(req)),
  }),
  route(uiDictEndpoints.update, {
    log: (req) => ({ zh: `修改界面词条 #${idOf(req)}`, en: `Edit UI entry #${idOf(req)}` }),
    handler: ({ params, body, ctx, req }) => updateUiKey(ctx, params.id, body, auditIn(req)),
  }),
  route(uiDictEndpoints.remove, {
    log: (req) => ({ zh: `删除界面词条 #${idOf(req)}`, en: `Delete UI entry #${idOf(req)}` }),
    handler: ({ params, ctx, req }) => deleteUiKey(ctx, params.id, auditIn(req)),
  }),
  route(languageAdminEndpoints.list, { handler: ({ ctx }) => listLanguageRows(ctx) }),
  route(languageAdminEndpoints.enable, {
    log: (req) => ((req.body as { enabled?: number }).enabled === 0 ? { zh: '禁用语言', en: 'Disable a language' } : { zh: '启用语言', en: 'Enable a language' }),
    handler: ({ params, body, ctx, req }) => setLanguageEnabled(ctx, params.id, body.enabled, auditIn(req)),
  }),
  route(languageAdminEndpoints.sort, { log: { zh: '调整语言顺序', en: 'Reorder languages' }, handler: ({ body, ctx, req }) => sortLanguages(ctx, body.ids, auditIn(req)) }),
];
