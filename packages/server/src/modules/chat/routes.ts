import { chatEndpoints } from '@agora/contract';
import { route } from '../../platform/http.js';
import { listConversations, listMessages, markRead, sendAdminMessage, unreadTotal } from './service.js';

/** Online customer service: every admin whose role holds `chat` shares the platform's inbox. */
export const chatRoutes = [
  route(chatEndpoints.unread, { readOnly: true, handler: ({ ctx }) => unreadTotal(ctx.db) }),
  route(chatEndpoints.conversations, { handler: ({ query, ctx }) => listConversations(ctx, query) }),
  route(chatEndpoints.messages, { handler: ({ params, query, ctx }) => listMessages(ctx, params.id, query) }),
  route(chatEndpoints.send, { log: { zh: '客服回复会员消息', en: 'Reply to a member in chat' }, handler: ({ params, body, admin, ctx }) => sendAdminMessage(ctx, admin, params.id, body.content) }),
  route(chatEndpoints.markRead, { log: { zh: '客服阅读会话', en: 'Read a chat session' }, handler: ({ params, ctx }) => markRead(ctx, params.id) }),
];
