import { decorEndpoints as decor, pageEndpoints as pages } from '@agora/contract';
import { route } from '../../platform/http.js';
import { auditIn } from '../../platform/audit.js';
import { copyPage, createPage, deletePages, findPage, listPages, setIndexPage, togglePublish, updatePage, assertClients } from './service.js';
import { createFocusPicture, deleteFocusPicture, listFocusPictures, showFloors, shownPage, updateFocusPicture, withValidator } from './decor.js';

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

  route(decor.shown, { handler: async ({ params, ctx, req, reply }) => withValidator(req, reply, await shownPage(ctx, params.id)) }),
  route(decor.preview, {
    readOnly: true,
    handler: ({ body, admin, ctx }) => {
      assertClients(admin, [body.client_type]);
      return showFloors(ctx, body.client_type, body.page_data);
    },
  }),
  route(decor.focusList, {
    handler: ({ query, admin, ctx }) => {
      assertClients(admin, [query.client_type]);
      return listFocusPictures(ctx, query.client_type);
    },
  }),
  route(decor.focusCreate, { log: { zh: '添加焦点图', en: 'Add a focus picture' }, handler: ({ body, admin, ctx, req }) => createFocusPicture(ctx, admin, body, auditIn(req)) }),
  route(decor.focusUpdate, { log: { zh: '编辑焦点图', en: 'Edit a focus picture' }, handler: ({ params, body, admin, ctx, req }) => updateFocusPicture(ctx, admin, params.id, body, auditIn(req)) }),
  route(decor.focusRemove, { log: { zh: '删除焦点图', en: 'Delete a focus picture' }, handler: ({ params, admin, ctx, req }) => deleteFocusPicture(ctx, admin, params.id, auditIn(req)) }),
];
