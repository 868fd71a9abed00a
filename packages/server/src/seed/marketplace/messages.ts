/**
 * Demo message settings: site messages an operator sent (to everyone and to chosen members), each
 * member's copy in the notification history, and a few event templates with more channels open,
 * so the message screens show every case on first start. WeChat templates are not seeded: they
 * exist only once synced from a real official account.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { members } from '../../modules/members/tables.js';
import { messageTemplates, siteMessages } from '../../modules/messages/tables.js';
import { notificationsSent } from '../../modules/sale/tables.js';

const DAY = 86_400_000;

const MESSAGES: { title: string; content: string; everyone: boolean; daysAgo: number }[] = [
  { title: '双十一狂欢节开幕', content: '全场满300减50，店铺优惠券可叠加使用，活动时间11月1日至11月11日。', everyone: true, daysAgo: 23 },
  { title: '会员积分规则调整', content: '自下月起，订单完成后按实付金额1元积1分，积分可在积分商城兑换好礼。', everyone: true, daysAgo: 9 },
  { title: '您的专属优惠券已到账', content: '感谢您长期的支持，一张满199减30的优惠券已放入您的账户，7天内有效。', everyone: false, daysAgo: 5 },
  { title: '售后服务回访', content: '您好，您近期的售后服务已处理完毕，如有疑问请联系在线客服。', everyone: false, daysAgo: 1 },
];

export async function seedMessages(ctx: AppContext, now: Date): Promise<void> {
  const active = ne(members.disabled, -1);
  const chosen = await ctx.db.select({ id: members.id, uname: members.uname }).from(members).where(active).orderBy(asc(members.id)).limit(3);
  await ctx.db.transaction(async (tx) => {
    for (const message of MESSAGES) {
      const at = new Date(now.getTime() - message.daysAgo * DAY);
      if (message.everyone) {
        const [{ reached }] = await tx.select({ reached: sql<number>`count(*)::int` }).from(members).where(active);
        await tx.insert(siteMessages).values({ title: message.title, content: message.content, sendType: 0, memberIds: [], memberNames: [], status: 'SENT', sentCount: reached, adminName: 'admin', createdAt: at });
        await tx.execute(sql`insert into ${notificationsSent} (channel, receiver_type, receiver_id, receiver, title, content, created_at)
          select 'STATION', 'MEMBER', ${members.id}, ${members.uname}, ${message.title}, ${message.content}, ${at} from ${members} where ${members.disabled} <> -1`);
      } else {
        await tx.insert(siteMessages).values({
          title: message.title,
          content: message.content,
          sendType: 1,
          memberIds: chosen.map((member) => member.id),
          memberNames: chosen.map((member) => member.uname),
          status: 'SENT',
          sentCount: chosen.length,
          adminName: 'admin',
          createdAt: at,
        });
        await tx.insert(notificationsSent).values(
          chosen.map((member) => ({ channel: 'STATION', receiverType: 'MEMBER', receiverId: member.id, receiver: member.uname, title: message.title, content: message.content, createdAt: at })),
        );
      }
    }
    // An operator has turned on more than the site messages for a few events.
    await tx.update(messageTemplates).set({ smsState: 'OPEN' }).where(eq(messageTemplates.tplCode, 'MEMBERORDERSSEND'));
    await tx.update(messageTemplates).set({ emailState: 'OPEN' }).where(and(eq(messageTemplates.type, 'SHOP'), eq(messageTemplates.tplCode, 'SHOPAUDIT')));
    await tx.update(messageTemplates).set({ noticeState: 'CLOSED' }).where(eq(messageTemplates.tplCode, 'SHOPGOODSSTOCK'));
  });
}
