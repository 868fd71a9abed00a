import { oauth2Endpoints as clients } from '@agora/contract';
import { route } from '../../platform/http.js';
import { createClient, deleteClient, getClient, listClients, rotateSecret, updateClient } from './service.js';

export const oauth2Routes = [
  route(clients.list, { handler: ({ query, ctx }) => listClients(ctx, query) }),
  route(clients.detail, { handler: ({ params, ctx }) => getClient(ctx, params.id) }),
  route(clients.create, { log: { zh: '新增OAuth2客户端', en: 'Add an OAuth2 client' }, important: true, handler: ({ body, ctx }) => createClient(ctx, body) }),
  route(clients.update, { log: { zh: '修改OAuth2客户端', en: 'Edit an OAuth2 client' }, important: true, handler: ({ params, body, ctx }) => updateClient(ctx, params.id, body) }),
  route(clients.rotateSecret, { log: { zh: '重置OAuth2客户端密钥', en: 'Rotate an OAuth2 client secret' }, important: true, handler: ({ params, ctx }) => rotateSecret(ctx, params.id) }),
  route(clients.remove, { log: { zh: '删除OAuth2客户端', en: 'Delete an OAuth2 client' }, important: true, handler: ({ params, ctx }) => deleteClient(ctx, params.id) }),
];
