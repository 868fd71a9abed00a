import { chatEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { listConversations, listMessages, markRead, sendAdminMessage, unreadTotal } from './service.js';

/** Online customer service: every admin whose role holds `chat` shares the platform's inbox. */
export const chatRoutes = [
  route(chatEndpoints.unread, { readOnly: true, handler: ({ ctx }) => unreadTotal(ctx.db) }),
  route(chatEndpoints.conversations, { handler: ({ query, ctx }) => listConversations(ctx, query) }),
  route(chatEndpoints.messages, { handler: ({ params, query, ctx }) => listMessages(ctx, params.id, query) }),
  route(chatEndpoints.send, { log: '客服回复会员消息', handler: ({ params, body, admin, ctx }) => sendAdminMessage(ctx, admin, params.id, body.content) }),
  route(chatEndpoints.markRead, { log: '客服阅读会话', handler: ({ params, ctx }) => markRead(ctx, params.id) }),
];
