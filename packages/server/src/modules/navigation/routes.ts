import { navigationEndpoints as nav } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { createNavigation, deleteNavigation, getNavigation, listNavigations, moveNavigation, updateNavigation } from './service.js';

const nameOf = (body: unknown) => (body as { name?: string } | undefined)?.name ?? '';

/** Site navigation (DOMAIN §2.22, [U] `/admin/shops/navigations`). */
export const navigationRoutes = [
  route(nav.list, { handler: ({ query, ctx }) => listNavigations(ctx, query) }),
  route(nav.get, { handler: ({ params, ctx }) => getNavigation(ctx, params.id) }),
  route(nav.create, { log: (req) => ({ zh: `添加导航菜单 ${nameOf(req.body)}`, en: `Add navigation entry ${nameOf(req.body)}` }), handler: ({ body, ctx, req }) => createNavigation(ctx, body, auditIn(req)) }),
  route(nav.update, { log: (req) => ({ zh: `编辑导航菜单 ${nameOf(req.body)}`, en: `Edit navigation entry ${nameOf(req.body)}` }), handler: ({ params, body, ctx, req }) => updateNavigation(ctx, params.id, body, auditIn(req)) }),
  route(nav.move, {
    log: (req) => ((req.params as { direction?: string }).direction === 'up' ? { zh: '上移导航菜单', en: 'Move a navigation entry up' } : { zh: '下移导航菜单', en: 'Move a navigation entry down' }),
    handler: ({ params, ctx, req }) => moveNavigation(ctx, params.id, params.direction, auditIn(req)),
  }),
  route(nav.remove, { log: { zh: '删除导航菜单', en: 'Delete a navigation entry' }, handler: ({ params, ctx, req }) => deleteNavigation(ctx, params.id, auditIn(req)) }),
];
