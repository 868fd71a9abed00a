import { pageEndpoints as pages } from '@agora/contract';
import { route } from '../../platform/http.js';
import { copyPage, createPage, deletePages, findPage, listPages, setIndexPage, togglePublish, updatePage } from './service.js';

/** Micro pages (DOMAIN §2.22; spec §7 `GET {type}/pages`); each call checks the permission of the pages' client. */
export const pageRoutes = [
  route(pages.list, { handler: ({ query, admin, ctx }) => listPages(ctx, admin, query) }),
  route(pages.create, { log: { zh: '新建微页面', en: 'Create a micro page' }, handler: ({ body, admin, ctx }) => createPage(ctx, admin, body) }),
  route(pages.detail, { handler: ({ params, admin, ctx }) => findPage(ctx, admin, params.id) }),
  route(pages.update, { log: { zh: '编辑微页面', en: 'Edit a micro page' }, handler: ({ params, body, admin, ctx }) => updatePage(ctx, admin, params.id, body) }),
  route(pages.publish, { log: { zh: '发布或取消发布微页面', en: 'Publish or unpublish a micro page' }, handler: ({ params, admin, ctx }) => togglePublish(ctx, admin, params.id) }),
  route(pages.setIndex, { log: { zh: '设为首页', en: 'Set a home page' }, handler: ({ params, admin, ctx }) => setIndexPage(ctx, admin, params.id) }),
  route(pages.copy, { log: { zh: '复制微页面', en: 'Copy a micro page' }, handler: ({ params, admin, ctx }) => copyPage(ctx, admin, params.id) }),
  route(pages.remove, { log: { zh: '删除微页面', en: 'Delete micro pages' }, handler: ({ params, admin, ctx }) => deletePages(ctx, admin, params.ids) }),
];
