import {
  MEDIA_PERMISSIONS,
  idParam,
  resourceBatchBody,
  resourceDeleteQuery,
  resourceGroupBody,
  resourceGroupRenameBody,
  resourceGroupTreeQuery,
  resourceListQuery,
} from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { addResources, createGroup, deleteGroup, deleteResources, groupTree, listResources, renameGroup } from './service.js';

/**
 * The media library 素材中心 (spec §7 "Pages and media"). It is the platform's own library,
 * under the paths the console has always called. Every admin who edits something with a
 * picture needs it (MEDIA_PERMISSIONS: holding any one of those pages is enough), to read
 * as well as to upload, group and tidy up; admins who only read logs or money do not.
 */
const permission = MEDIA_PERMISSIONS;

export const mediaRoutes = [
  defineRoute({
    method: 'GET',
    url: 'seller/shops/resource',
    permission,
    query: resourceListQuery,
    handler: ({ query, ctx }) => listResources(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'seller/shops/resource-group/tree-list',
    permission,
    query: resourceGroupTreeQuery,
    handler: ({ query, ctx }) => groupTree(ctx, query.group_type),
  }),
  defineRoute({
    method: 'POST',
    url: 'seller/shops/resource-group',
    permission,
    body: resourceGroupBody,
    log: '新增素材分组',
    handler: ({ body, ctx }) => createGroup(ctx, body),
  }),
  defineRoute({
    method: 'PUT',
    url: 'seller/shops/resource-group/:id',
    permission,
    params: idParam,
    body: resourceGroupRenameBody,
    log: '重命名素材分组',
    async handler({ params, body, ctx }) {
      await renameGroup(ctx, params.id, body.group_name);
      return {};
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: 'seller/shops/resource-group/:id',
    permission,
    params: idParam,
    log: '删除素材分组',
    async handler({ params, ctx }) {
      await deleteGroup(ctx, params.id);
      return {};
    },
  }),
  defineRoute({
    method: 'POST',
    url: 'seller/shops/resource/batch',
    permission,
    body: resourceBatchBody,
    log: '添加素材',
    handler: ({ body, ctx }) => addResources(ctx, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: 'seller/shops/resource/batch',
    permission,
    query: resourceDeleteQuery,
    log: '删除素材',
    async handler({ query, ctx }) {
      await deleteResources(ctx, query.ids);
      return {};
    },
  }),
];
