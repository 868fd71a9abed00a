import { oauth2Endpoints as clients } from '@agora/contract';
import { route } from '../../platform/http.js';
import { createClient, deleteClient, getClient, listClients, rotateSecret, updateClient } from './service.js';

export const oauth2Routes = [
  route(clients.list, { handler: ({ query, ctx }) => listClients(ctx, query) }),
  route(clients.detail, { handler: ({ params, ctx }) => getClient(ctx, params.id) }),
  route(clients.create, { log: '新增OAuth2客户端', important: true, handler: ({ body, ctx }) => createClient(ctx, body) }),
  route(clients.update, { log: '修改OAuth2客户端', important: true, handler: ({ params, body, ctx }) => updateClient(ctx, params.id, body) }),
  route(clients.rotateSecret, { log: '重置OAuth2客户端密钥', important: true, handler: ({ params, ctx }) => rotateSecret(ctx, params.id) }),
  route(clients.remove, { log: '删除OAuth2客户端', important: true, handler: ({ params, ctx }) => deleteClient(ctx, params.id) }),
];
