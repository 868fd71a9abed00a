import { menuEndpoints, type MenuItem } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { menuTreeJson, orderMenus, updateMenu } from './service.js';

/** The menu manager (DOMAIN §1.3) and the effective menu every console reads. */
export const menuRoutes = [
  route(menuEndpoints.tree, {
    // the answer is kept as JSON while the menu's rows stay as they were (service.ts): sent as it is
    async handler({ reply, ctx }) {
      await reply.type('application/json; charset=utf-8').send(await menuTreeJson(ctx.db));
      return undefined as unknown as MenuItem[];
    },
  }),
  route(menuEndpoints.update, {
    important: true,
    log: (req) => {
      const name = (req.params as { name?: string }).name ?? '';
      return { zh: `编辑菜单 ${name}`, en: `Edit menu entry ${name}` };
    },
    handler: ({ params, body, ctx, req }) => updateMenu(ctx, params.name, body, auditIn(req)),
  }),
  route(menuEndpoints.order, {
    important: true,
    log: { zh: '调整菜单顺序', en: 'Reorder menu entries' },
    handler: ({ body, ctx, req }) => orderMenus(ctx, body, auditIn(req)),
  }),
];
