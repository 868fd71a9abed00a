/** Online customer service: one conversation per member with the platform, and its messages. */
import { bigserial, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.js';
import { members } from '../members/tables.js';

export const imConversations = pgTable('im_conversations', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id').notNull().references(() => members.id),
  /** messages from the member the platform has not read yet */
  unreadCount: integer('unread_count').notNull().default(0),
  lastMessage: varchar('last_message', { length: 200 }).notNull().default(''),
  lastMessageAt: at('last_message_at'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('im_conversations_member_uq').on(t.memberId),
  // the conversation list's order (latest message first, never-written ones last, then the id): a page is the index's first entries
  index('im_conversations_last_idx').on(t.lastMessageAt.desc().nullsLast(), t.id.desc().nullsFirst()),
]);

export const imMessages = pgTable('im_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  conversationId: integer('conversation_id').notNull().references(() => imConversations.id),
  /** MEMBER or ADMIN */
  sender: varchar('sender', { length: 8 }).notNull(),
  /** the operator who answered (ADMIN messages) */
  adminId: integer('admin_id'),
  adminName: varchar('admin_name', { length: 50 }).notNull().default(''),
  content: text('content').notNull(),
  createdAt: createdAt(),
  /** when the other side read it */
  readAt: at('read_at'),
}, (t) => [index('im_messages_conversation_idx').on(t.conversationId, t.id)]);
