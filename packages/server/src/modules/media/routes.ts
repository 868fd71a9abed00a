import { mediaEndpoints as media } from '@agora/contract';
import { route } from '../../platform/http.js';
import { addResources, createGroup, deleteGroup, deleteResources, groupTree, listResources, renameGroup } from './service.js';

/** The media library 素材中心 (spec §7 "Pages and media"): the platform's own library. */
export const mediaRoutes = [
  route(media.list, { handler: ({ query, ctx }) => listResources(ctx, query) }),
  route(media.groupTree, { handler: ({ query, ctx }) => groupTree(ctx, query.group_type) }),
  route(media.createGroup, { log: { zh: '新增素材分组', en: 'Add a media group' }, handler: ({ body, ctx }) => createGroup(ctx, body) }),
  route(media.renameGroup, { log: { zh: '重命名素材分组', en: 'Rename a media group' }, handler: ({ params, body, ctx }) => renameGroup(ctx, params.id, body.group_name) }),
  route(media.deleteGroup, { log: { zh: '删除素材分组', en: 'Delete a media group' }, handler: ({ params, ctx }) => deleteGroup(ctx, params.id) }),
  route(media.add, { log: { zh: '添加素材', en: 'Add media' }, handler: ({ body, ctx }) => addResources(ctx, body) }),
  route(media.remove, { log: { zh: '删除素材', en: 'Delete media' }, handler: ({ query, ctx }) => deleteResources(ctx, query.ids) }),
];
