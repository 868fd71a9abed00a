import { z } from 'zod';
import { pageQuery } from './common.js';

/** Online customer service (spec §2 top bar chat entry, §4 realtime, §7 Chat). */
export const CHAT_MESSAGE_MAX = 1000;

export const chatConversationQuery = pageQuery.extend({
  keyword: z.string().trim().max(30).optional(),
  /** only conversations with unread member messages */
  unread: z.coerce.number().int().min(0).max(1).optional(),
});
export type ChatConversationQuery = z.infer<typeof chatConversationQuery>;

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
  before_id: z.coerce.number().int().positive().optional(),
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
