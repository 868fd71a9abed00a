import { chatConversationQuery, chatMessagesQuery, chatSendBody, idParam } from '@agora/contract';
import { defineRoute } from '../../platform/http.js';
import { listConversations, listMessages, markRead, sendAdminMessage, unreadTotal } from './service.js';

/** Online customer service: every admin whose role holds `chat` shares the platform's inbox. */
export const chatRoutes = [
  defineRoute({
    method: 'POST',
    url: 'admin/im/unread-num',
    permission: 'chat',
    readOnly: true,
    handler: ({ ctx }) => unreadTotal(ctx.db),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/im/conversations',
    permission: 'chat',
    query: chatConversationQuery,
    handler: ({ query, ctx }) => listConversations(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    url: 'admin/im/conversations/:id/messages',
    permission: 'chat',
    params: idParam,
    query: chatMessagesQuery,
    handler: ({ params, query, ctx }) => listMessages(ctx, params.id, query),
  }),
  defineRoute({
    method: 'POST',
    url: 'admin/im/conversations/:id/messages',
    permission: 'chat',
    params: idParam,
    body: chatSendBody,
    log: '客服回复会员消息',
    handler: ({ params, body, admin, ctx }) => sendAdminMessage(ctx, admin, params.id, body.content),
  }),
  defineRoute({
    method: 'PUT',
    url: 'admin/im/conversations/:id/read',
    permission: 'chat',
    params: idParam,
    log: '客服阅读会话',
    handler: ({ params, ctx }) => markRead(ctx, params.id),
  }),
];
