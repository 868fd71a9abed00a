import { themeEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { createTheme, deleteTheme, getTheme, listThemes, makeDefaultTheme, themeOptions, updateTheme } from './service.js';

const nameOf = (body: unknown) => (body as { name?: string } | undefined)?.name ?? '';

/** Shop themes (DOMAIN §2.13, `admin/shops/themes`). */
export const themeRoutes = [
  route(themeEndpoints.list, { handler: ({ query, ctx }) => listThemes(ctx, query) }),
  route(themeEndpoints.options, { handler: ({ ctx }) => themeOptions(ctx) }),
  route(themeEndpoints.get, { handler: ({ params, ctx }) => getTheme(ctx, params.id) }),
  route(themeEndpoints.create, { log: (req) => ({ zh: `添加店铺模版 ${nameOf(req.body)}`, en: `Add shop theme ${nameOf(req.body)}` }), handler: ({ body, ctx, req }) => createTheme(ctx, body, auditIn(req)) }),
  route(themeEndpoints.update, { log: (req) => ({ zh: `编辑店铺模版 ${nameOf(req.body)}`, en: `Edit shop theme ${nameOf(req.body)}` }), handler: ({ params, body, ctx, req }) => updateTheme(ctx, params.id, body, auditIn(req)) }),
  route(themeEndpoints.makeDefault, { log: { zh: '设置默认店铺模版', en: 'Make a shop theme the default' }, handler: ({ params, ctx, req }) => makeDefaultTheme(ctx, params.id, auditIn(req)) }),
  route(themeEndpoints.remove, { log: { zh: '删除店铺模版', en: 'Delete a shop theme' }, handler: ({ params, ctx, req }) => deleteTheme(ctx, params.id, auditIn(req)) }),
];
