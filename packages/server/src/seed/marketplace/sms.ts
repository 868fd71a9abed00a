/**
 * The demo SMS centre (DOMAIN §2.30): a passed signature and usable templates of each type, every
 * audit state beside them, and send tasks in each state with their records — as the provider once
 * decided them (the demo's gateway is the development outbox, which audits nothing itself).
 */
import { asc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { enqueueJob } from '../../platform/jobs.js';
import { members } from '../../modules/members/tables.js';
import { smsRecords, smsSigns, smsTasks, smsTemplates } from '../../modules/sms/tables.js';
import { SMS_SEND_KIND } from '../../modules/sms/service.js';

type Recipient = { mobile: string; member_id: number | null };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const SIGNS = [
  { signName: 'Agora商城', remark: '平台自有品牌，营业执照已上传', auditStatus: 'PASS', bizId: 'demo-sign-1' },
  { signName: '爱购优选', remark: '平台旗下优选频道', auditStatus: 'AUDITING', bizId: 'demo-sign-2' },
  { signName: '测试签名', remark: '测试用', auditStatus: 'NOT_PASS', bizId: 'demo-sign-3', auditReason: '签名须为企业或产品名称' },
  { signName: '新店开业', remark: '新店开业活动', auditStatus: 'WAIT_INIT', bizId: null },
];

const TEMPLATES = [
  { templateName: '订单发货通知', templateType: 'NOTIFICATION', content: '您的订单已发货，请留意查收。', auditStatus: 'PASS', enableStatus: 1 },
  { templateName: '周末特惠', templateType: 'PROMOTE', content: '周末全场满199减30，快来选购吧！回T退订', auditStatus: 'PASS', enableStatus: 1 },
  { templateName: '登录验证码', templateType: 'CODE', content: '您的验证码为123456，5分钟内有效，请勿泄露。', auditStatus: 'PASS', enableStatus: 0 },
  { templateName: 'Order shipped', templateType: 'I18N', content: 'Your order has been shipped.', auditStatus: 'AUDITING', enableStatus: 0 },
  { templateName: '双12预热', templateType: 'PROMOTE', content: '双12狂欢即将开始，点击链接领取优惠券', auditStatus: 'NOT_PASS', enableStatus: 0, auditReason: '营销短信须注明退订方式' },
  { templateName: '会员生日祝福', templateType: 'NOTIFICATION', content: '祝您生日快乐，生日当天下单享双倍积分。', auditStatus: 'WAIT_INIT', enableStatus: 0 },
];

export async function seedSms(ctx: AppContext, now: Date): Promise<void> {
  const [sign] = await ctx.db
    .insert(smsSigns)
    .values(SIGNS.map((row, index) => ({ ...row, createdAt: new Date(now.getTime() - (30 - index) * DAY), updatedAt: new Date(now.getTime() - (29 - index) * DAY) })))
    .returning();
  const templates = await ctx.db
    .insert(smsTemplates)
    .values(TEMPLATES.map((row, index) => ({ ...row, remark: '运营活动', bizId: row.auditStatus === 'WAIT_INIT' ? null : `demo-tpl-${index + 1}`, createdAt: new Date(now.getTime() - (28 - index) * DAY), updatedAt: new Date(now.getTime() - (27 - index) * DAY) })))
    .returning();
  const recipients = (await ctx.db.select({ id: members.id, mobile: members.mobile }).from(members).where(ne(members.mobile, '')).orderBy(asc(members.id)).limit(6)).map((m): Recipient => ({ mobile: m.mobile, member_id: m.id }));
  const mobiles = ['13800138001', '13800138002', '13900139003'].map((mobile): Recipient => ({ mobile, member_id: null }));

  const task = (template: (typeof templates)[number], status: string, list: Recipient[], at: Date, sendTime: Date | null) => ({
    signId: sign.id,
    signName: sign.signName,
    templateId: template.id,
    templateName: template.templateName,
    content: `【${sign.signName}】${template.content}`,
    sendType: sendTime ? 'TIMING' : 'QUICKLY',
    sendTime,
    recipientType: list[0]?.member_id ? 'MEMBER' : 'MOBILE',
    recipients: list,
    status,
    total: list.length,
    operatorName: 'admin',
    createdAt: at,
  });
  const [over, overTimed, started] = await ctx.db
    .insert(smsTasks)
    .values([
      { ...task(templates[1], 'OVER', recipients, new Date(now.getTime() - 6 * DAY), null), startedAt: new Date(now.getTime() - 6 * DAY), finishedAt: new Date(now.getTime() - 6 * DAY + 60_000) },
      { ...task(templates[0], 'OVER', mobiles, new Date(now.getTime() - 4 * DAY), new Date(now.getTime() - 3 * DAY)), startedAt: new Date(now.getTime() - 3 * DAY), finishedAt: new Date(now.getTime() - 3 * DAY + 30_000) },
      { ...task(templates[1], 'STARTED', mobiles, new Date(now.getTime() - HOUR), null), startedAt: new Date(now.getTime() - HOUR) },
      task(templates[1], 'NOT_STARTED', recipients.slice(0, 3), new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() + 3 * DAY)),
      { ...task(templates[0], 'RECALL', mobiles.slice(0, 2), new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - DAY)), finishedAt: new Date(now.getTime() - 2 * DAY + HOUR) },
    ])
    .returning();

  const records = (row: typeof over, failEvery: number) =>
    row.recipients.map((recipient, index) => {
      const fail = failEvery > 0 && index % failEvery === failEvery - 1;
      return { taskId: row.id, memberId: recipient.member_id, mobile: recipient.mobile, content: row.content, status: fail ? 'FAIL' : 'SUCCESS', failReason: fail ? '短信网关发送失败：号码已停机' : '', createdAt: row.startedAt!, sentAt: row.finishedAt };
    });
  const overRecords = records(over, 4);
  const timedRecords = records(overTimed, 0);
  await ctx.db.insert(smsRecords).values([...overRecords, ...timedRecords]);
  await ctx.db.update(smsTasks).set({ successCount: overRecords.filter((r) => r.status === 'SUCCESS').length, failCount: overRecords.filter((r) => r.status === 'FAIL').length }).where(eq(smsTasks.id, over.id));
  await ctx.db.update(smsTasks).set({ successCount: timedRecords.length }).where(eq(smsTasks.id, overTimed.id));
  // The one sending now: its records wait for the gateway and its job sends them once the server runs.
  await ctx.db.insert(smsRecords).values(started.recipients.map((recipient) => ({ taskId: started.id, memberId: recipient.member_id, mobile: recipient.mobile, content: started.content, createdAt: started.startedAt! })));
  await enqueueJob(ctx, { kind: SMS_SEND_KIND, owner: null, params: { task_id: started.id }, filterSummary: `SMS #${started.id}` });
}
