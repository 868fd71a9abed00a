import { PAGE_PERMISSION, idParam, pageCreateBody, pageIdsParam, pageListQuery, pageUpdateBody, type PageClientType, type PageDetail } from '@agora/contract';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { assertPermitted, defineRoute } from '../../platform/http.js';
import { copyPage, createPage, deletePages, findPage, listPages, setIndexPage, togglePublish, updatePage } from './service.js';

/**
 * Micro pages (DOMAIN §2.22; spec §7 `GET {type}/pages`). PC pages need pcPages, mobile pages
 * mobilePages: the route lets either in, and each call then checks the one of the page's client.
 */
const permission = Object.values(PAGE_PERMISSION);

const assertClients = (admin: AuthedAdmin, clients: Iterable<PageClientType>) => {
  for (const client of new Set(clients)) assertPermitted(admin, PAGE_PERMISSION[client]);
};

/** Loads the page and checks the caller manages its client. */
async function permittedPage(ctx: AppContext, admin: AuthedAdmin, id: number) {
  const page = await findPage(ctx, id);
  assertClients(admin, [page.client_type]);
  return page;
}

/** `PUT admin/pages/{id}/{action}`: the page's client permission, then the action on the page just read. */
const pageAction = (action: string, log: string, run: (ctx: AppContext, page: PageDetail) => Promise<unknown>) =>
  defineRoute({
    method: 'PUT',
    url: `admin/pages/:id/${action}`,
    permission,
    params: idParam,
    log,
    async handler({ params, admin, ctx }) {
      return run(ctx, await permittedPage(ctx, admin, params.id));
    },
  });

export const pageRoutes = [
  defineRoute({
    method: 'GET',
    url: 'admin/pages',
    permission,
    query: pageListQuery,
    handler({ query, admin, ctx }) {
      assertClients(admin, [query.client_type]);
      return listPages(ctx, query);
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/pages',
    permission,
    body: pageCreateBody,
    log: '新建微页面',
    handler({ body, admin, ctx }) {
      assertClients(admin, [body.client_type]);
      return createPage(ctx, body);
    },
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/pages/:id',
    permission,
    params: idParam,
    handler: ({ params, admin, ctx }) => permittedPage(ctx, admin, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/pages/:id',
    permission,
    params: idParam,
    body: pageUpdateBody,
    log: '编辑微页面',
    async handler({ params, body, admin, ctx }) {
      await permittedPage(ctx, admin, params.id);
      return updatePage(ctx, params.id, body);
    },
  }),
  pageAction('publish', '发布或取消发布微页面', togglePublish),
  pageAction('index', '设为首页', setIndexPage),
  pageAction('copy', '复制微页面', copyPage),
  defineRoute({
    method: 'DELETE',
    url: 'admin/pages/:ids',
    permission,
    params: pageIdsParam,
    log: '删除微页面',
    async handler({ params, admin, ctx }) {
      await deletePages(ctx, params.ids, (rows) => assertClients(admin, rows.map((page) => page.client_type)));
      return {};
    },
  }),
];
