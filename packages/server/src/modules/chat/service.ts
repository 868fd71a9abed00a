import { and, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, sum } from 'drizzle-orm';
import type { ChatConversation, ChatConversationQuery, ChatMessage, Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike } from '../../db/sql.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import type { Db } from '../../db/client.js';
import { members } from '../members/tables.js';
import { imConversations, imMessages } from './tables.js';

/** Realtime topics of the chat (platform/realtime.ts). */
export const CHAT_TOPICS = { unread: 'im.unread', message: 'im.message' } as const;

const preview = (content: string) => content.replace(/\s+/g, ' ').slice(0, 200);

function toMessage(row: typeof imMessages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender: row.sender === 'ADMIN' ? 'ADMIN' : 'MEMBER',
    admin_name: row.adminName,
    content: row.content,
    create_time: unixSeconds(row.createdAt),
    read: row.readAt !== null,
  };
}

/** `POST admin/im/unread-num`: member messages the platform has not read, over every conversation. */
export async function unreadTotal(db: Db): Promise<number> {
  const [row] = await db.select({ n: sum(imConversations.unreadCount) }).from(imConversations).where(gt(imConversations.unreadCount, 0));
  return Number(row.n ?? 0);
}

/** The latest message first; the keyword finds the member by account or nickname. */
export function listConversations(ctx: AppContext, query: ChatConversationQuery): Promise<Page<ChatConversation>> {
  const pattern = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  // Resolved on the members' own (trigram) indexes, so the list filters on its own column.
  const matching = pattern && ctx.db.select({ id: members.id }).from(members).where(or(ilike(members.uname, pattern), ilike(members.nickname, pattern)));
  return listPage(ctx.db, {
    query,
    table: imConversations,
    id: imConversations.id,
    defaultSort: imConversations.lastMessageAt,
    where: [matching ? inArray(imConversations.memberId, matching) : undefined, query.unread === 1 ? gt(imConversations.unreadCount, 0) : undefined],
    statement: 'chat/service.listConversations',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({ conversation: imConversations, uname: members.uname, nickname: members.nickname, face: members.face })
        .from(imConversations)
        .innerJoin(members, eq(members.id, imConversations.memberId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: ({ conversation, uname, nickname, face }) => ({
      id: conversation.id,
      member_id: conversation.memberId,
      uname,
      nickname,
      face,
      unread_count: conversation.unreadCount,
      last_message: conversation.lastMessage,
      last_message_time: conversation.lastMessageAt ? unixSeconds(conversation.lastMessageAt) : null,
    }),
    idOf: (row) => row.id,
  });
}

// A conversation's messages: whether it exists, then its latest messages or those before an id,
// each statement prepared once (platform/statements.ts).
const conversationById = preparedOnce('agora_chat_conversation', (db) =>
  db.select({ id: imConversations.id }).from(imConversations).where(eq(imConversations.id, sql.placeholder('id'))),
);
const latestMessages = preparedOnce('agora_chat_messages', (db) =>
  db.select().from(imMessages).where(eq(imMessages.conversationId, sql.placeholder('id'))).orderBy(desc(imMessages.id)).limit(sql.placeholder('limit')),
);
const messagesBefore = preparedOnce('agora_chat_messages_before', (db) =>
  db
    .select()
    .from(imMessages)
    .where(and(eq(imMessages.conversationId, sql.placeholder('id')), lt(imMessages.id, sql.placeholder('beforeId'))))
    .orderBy(desc(imMessages.id))
    .limit(sql.placeholder('limit')),
);

async function assertConversation(db: Db, id: number): Promise<void> {
  const [conversation] = await conversationById(db).execute({ id });
  if (!conversation) throw new AppError(404, 'CHAT_NOT_FOUND');
}

/** The latest messages of a conversation (or those before `before_id`), oldest first. */
export async function listMessages(ctx: AppContext, id: number, query: { before_id?: number; limit: number }): Promise<ChatMessage[]> {
  await assertConversation(ctx.db, id);
  const rows = query.before_id
    ? await messagesBefore(ctx.db).execute({ id, beforeId: query.before_id, limit: query.limit })
    : await latestMessages(ctx.db).execute({ id, limit: query.limit });
  return rows.reverse().map(toMessage);
}

/** The operator answers: the message is stored, and every open console hears it. */
export async function sendAdminMessage(ctx: AppContext, admin: AuthedAdmin, id: number, content: string): Promise<ChatMessage> {
  const message = await ctx.db.transaction(async (tx) => {
    const [conversation] = await tx.select().from(imConversations).where(eq(imConversations.id, id)).for('update');
    if (!conversation) throw new AppError(404, 'CHAT_NOT_FOUND');
    const [row] = await tx.insert(imMessages).values({ conversationId: id, sender: 'ADMIN', adminId: admin.id, adminName: admin.username, content }).returning();
    await tx.update(imConversations).set({ lastMessage: preview(content), lastMessageAt: row.createdAt }).where(eq(imConversations.id, id));
    return toMessage(row);
  });
  await ctx.realtime.publish({ topic: CHAT_TOPICS.message, message });
  return message;
}

/** The operator has read a conversation: its member messages are marked read and the unread count drops everywhere. */
export async function markRead(ctx: AppContext, id: number): Promise<{ unread_num: number }> {
  const changed = await ctx.db.transaction(async (tx) => {
    const [conversation] = await tx.select().from(imConversations).where(eq(imConversations.id, id)).for('update');
    if (!conversation) throw new AppError(404, 'CHAT_NOT_FOUND');
    if (conversation.unreadCount === 0) return false;
    await tx
      .update(imMessages)
      .set({ readAt: new Date() })
      .where(and(eq(imMessages.conversationId, id), eq(imMessages.sender, 'MEMBER'), isNull(imMessages.readAt)));
    await tx.update(imConversations).set({ unreadCount: 0 }).where(eq(imConversations.id, id));
    return true;
  });
  if (changed) await ctx.realtime.publish({ topic: CHAT_TOPICS.unread });
  return { unread_num: await unreadTotal(ctx.db) };
}

/**
 * A member writes to the platform (the buyer side of the chat calls this): the conversation is
 * opened on first contact, its unread count goes up, and every open console hears both.
 */
export async function receiveMemberMessage(ctx: AppContext, memberId: number, content: string): Promise<ChatMessage> {
  const message = await ctx.db.transaction(async (tx) => {
    const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId));
    if (!member) throw new AppError(404, 'MEMBER_NOT_FOUND');
    const [conversation] = await tx
      .insert(imConversations)
      .values({ memberId })
      .onConflictDoUpdate({ target: imConversations.memberId, set: { memberId } })
      .returning({ id: imConversations.id });
    const [row] = await tx.insert(imMessages).values({ conversationId: conversation.id, sender: 'MEMBER', content }).returning();
    await tx
      .update(imConversations)
      .set({ unreadCount: sql`${imConversations.unreadCount} + 1`, lastMessage: preview(content), lastMessageAt: row.createdAt })
      .where(eq(imConversations.id, conversation.id));
    return toMessage(row);
  });
  await ctx.realtime.publish({ topic: CHAT_TOPICS.message, message });
  await ctx.realtime.publish({ topic: CHAT_TOPICS.unread });
  return message;
}

