import { z } from 'zod';
import { flag, idOf, idParam, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/** Online customer service (spec §2 top bar chat entry, §4 realtime, §7 Chat). */
export const CHAT_MESSAGE_MAX = 1000;

/** GET admin/im/conversations: the latest message first. */
export const chatConversationQuery = listQuery({
  keyword: z.string().trim().max(30).optional(),
  /** only conversations with unread member messages */
  unread: flag.optional(),
});
export type ChatConversationQuery = z.output<typeof chatConversationQuery>;

export interface ChatConversation {
  id: number;
  member_id: number;
  uname: string;
  nickname: string;
  face: string;
  unread_count: number;
  last_message: string;
  last_message_time: number | null;
}

export const chatMessagesQuery = z.object({
  /** messages older than this id (load earlier); newest first when absent */
  before_id: idOf('消息id格式有误', true).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const chatSendBody = z.object({
  content: z.string().trim().min(1, '请输入消息内容').max(CHAT_MESSAGE_MAX, `消息最多${CHAT_MESSAGE_MAX}个字符`),
});

export interface ChatMessage {
  id: number;
  conversation_id: number;
  sender: 'MEMBER' | 'ADMIN';
  admin_name: string;
  content: string;
  create_time: number;
  read: boolean;
}

/**
 * What `/ws/shop` sends, dispatched by module_type (spec §4). IM/unread_num carries the platform's
 * unread count; IM/message a new message of a conversation.
 */
export type RealtimeMessage =
  | { module_type: 'IM'; type: 'unread_num'; data: number }
  | { module_type: 'IM'; type: 'message'; data: ChatMessage };

/** The platform's customer-service inbox (spec §7 "Chat"); the realtime side is `/ws/shop`. */
export const chatEndpoints = defineEndpoints('chat', {
  /** a POST that only reads (the spec's): member messages the platform has not read */
  unread: endpoint({ method: 'POST', path: 'admin/im/unread-num', permission: 'chat', response: returns<number>() }),
  conversations: endpoint({ method: 'GET', path: 'admin/im/conversations', permission: 'chat', query: chatConversationQuery, response: returns<Page<ChatConversation>>() }),
  messages: endpoint({
    method: 'GET',
    path: 'admin/im/conversations/:id/messages',
    permission: 'chat',
    params: idParam,
    query: chatMessagesQuery,
    response: returns<ChatMessage[]>(),
  }),
  send: endpoint({ method: 'POST', path: 'admin/im/conversations/:id/messages', permission: 'chat', params: idParam, body: chatSendBody, response: returns<ChatMessage>() }),
  markRead: endpoint({ method: 'PUT', path: 'admin/im/conversations/:id/read', permission: 'chat', params: idParam, response: returns<{ unread_num: number }>() }),
});
