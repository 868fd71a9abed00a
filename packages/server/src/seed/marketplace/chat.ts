/**
 * Demo customer service: members who wrote to the platform over the last days, some answered,
 * some still waiting (unread) — and the chat switched on in the site settings so the console shows it.
 */
import { SETTINGS_KEYS, SITE_DEFAULTS } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { readDocument, writeSetting } from '../../platform/settings.js';
import { imConversations, imMessages } from '../../modules/chat/tables.js';
import { Random } from './random.js';

const QUESTIONS = [
  '你好，我的订单什么时候发货？',
  '请问这款有现货吗？',
  '收到的商品有破损，怎么申请售后？',
  '可以开增值税专用发票吗？',
  '优惠券为什么用不了？',
  '物流一直没有更新，帮忙查一下',
  '退款什么时候到账？',
  '能修改收货地址吗？',
];
const FOLLOW_UPS = ['订单号在订单详情里能看到吗？', '麻烦尽快处理，谢谢', '在吗？', '好的，我再等等'];
const ANSWERS = ['您好，已为您催促商家尽快发货。', '您好，已为您登记，请留意站内消息。', '您好，售后可在订单详情中申请，我们会协助处理。'];

export async function seedChat(ctx: AppContext, memberIds: number[], conversations: number, now: Date): Promise<void> {
  const random = new Random(1123);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(conversations, memberIds.length)) chosen.add(random.pick(memberIds));
  let minutesAgo = 5;
  for (const memberId of chosen) {
    minutesAgo += random.int(3, 240);
    const at = (offset: number) => new Date(now.getTime() - (minutesAgo - offset) * 60_000);
    // about a third are waiting for an answer: their member messages stay unread
    const waiting = random.int(1, 3) === 1;
    const messages: { sender: string; content: string; createdAt: Date; readAt: Date | null; adminName: string }[] = [];
    messages.push({ sender: 'MEMBER', content: random.pick(QUESTIONS), createdAt: at(0), readAt: waiting ? null : at(1), adminName: '' });
    if (!waiting) messages.push({ sender: 'ADMIN', content: random.pick(ANSWERS), createdAt: at(2), readAt: at(3), adminName: 'admin' });
    if (waiting && random.int(0, 1) === 1) messages.push({ sender: 'MEMBER', content: random.pick(FOLLOW_UPS), createdAt: at(1), readAt: null, adminName: '' });
    const last = messages[messages.length - 1];
    const [conversation] = await ctx.db
      .insert(imConversations)
      .values({
        memberId,
        unreadCount: messages.filter((m) => m.sender === 'MEMBER' && !m.readAt).length,
        lastMessage: last.content,
        lastMessageAt: last.createdAt,
        createdAt: at(0),
      })
      .returning({ id: imConversations.id });
    await ctx.db.insert(imMessages).values(messages.map((message) => ({ ...message, conversationId: conversation.id })));
  }
  const site = await readDocument(ctx.db, SETTINGS_KEYS.site, SITE_DEFAULTS);
  await writeSetting(ctx.db, SETTINGS_KEYS.site, { ...site, chat_enabled: 1 });
}
