import { z } from 'zod';
import { idListOf, idOf, listQuery, type Page, type TaskQueued } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';

/**
 * Message settings (DOMAIN §2.30, `/setting/message-settings/*` but the SMS centre): one template
 * per business event with its notice, SMS and email channels; site messages to members; WeChat
 * service-message templates and the subscribe notices that map an event's fields onto them.
 */

export const MESSAGE_TEMPLATE_TYPES = {
  MEMBER: { zh: '会员', en: 'Member' },
  SHOP: { zh: '店铺', en: 'Shop' },
} as const;
export type MessageTemplateType = keyof typeof MESSAGE_TEMPLATE_TYPES;

/** What a template may say about its event: `${name}` in the content. */
export const MESSAGE_VARIABLES = {
  site_name: { zh: '站点名称', en: 'Site name' },
  member_name: { zh: '会员名称', en: 'Member name' },
  shop_name: { zh: '店铺名称', en: 'Shop name' },
  order_sn: { zh: '订单编号', en: 'Order number' },
  order_price: { zh: '订单金额', en: 'Order amount' },
  ship_no: { zh: '物流单号', en: 'Tracking number' },
  logi_name: { zh: '物流公司', en: 'Carrier' },
  service_sn: { zh: '售后单号', en: 'After-sale number' },
  refund_price: { zh: '退款金额', en: 'Refund amount' },
  goods_name: { zh: '商品名称', en: 'Goods name' },
  audit_result: { zh: '审核结果', en: 'Audit result' },
  remark: { zh: '备注', en: 'Remark' },
  code: { zh: '验证码', en: 'Code' },
  point: { zh: '积分', en: 'Points' },
  money: { zh: '金额', en: 'Amount' },
  bill_sn: { zh: '账单编号', en: 'Bill number' },
  time: { zh: '时间', en: 'Time' },
} as const;
export type MessageVariable = keyof typeof MESSAGE_VARIABLES;

interface MessageEvent {
  type: MessageTemplateType;
  zh: string;
  en: string;
  vars: readonly MessageVariable[];
}

/** The business events (MessageCodeEnum) and the variables each one offers. */
export const MESSAGE_EVENTS = {
  SHOPORDERSNEW: { type: 'SHOP', zh: '店铺新订单创建提醒', en: 'New order', vars: ['site_name', 'shop_name', 'order_sn', 'order_price', 'time'] },
  SHOPORDERSPAY: { type: 'SHOP', zh: '店铺订单支付提醒', en: 'Order paid', vars: ['site_name', 'shop_name', 'order_sn', 'order_price', 'time'] },
  SHOPORDERSRECEIVE: { type: 'SHOP', zh: '店铺订单收货提醒', en: 'Order received', vars: ['site_name', 'shop_name', 'order_sn', 'time'] },
  SHOPORDERSEVALUATE: { type: 'SHOP', zh: '店铺订单评价提醒', en: 'Order reviewed', vars: ['site_name', 'shop_name', 'order_sn', 'member_name'] },
  SHOPORDERSCANCEL: { type: 'SHOP', zh: '店铺订单取消提醒', en: 'Order cancelled', vars: ['site_name', 'shop_name', 'order_sn', 'remark'] },
  SHOPREFUND: { type: 'SHOP', zh: '店铺退款提醒', en: 'Refund requested', vars: ['site_name', 'shop_name', 'service_sn', 'order_sn', 'refund_price'] },
  SHOPRETURN: { type: 'SHOP', zh: '店铺退货提醒', en: 'Return requested', vars: ['site_name', 'shop_name', 'service_sn', 'order_sn'] },
  SHOPGOODSVERIFY: { type: 'SHOP', zh: '商品审核提醒', en: 'Goods audited', vars: ['site_name', 'shop_name', 'goods_name', 'audit_result', 'remark'] },
  SHOPGOODSMARKETENABLE: { type: 'SHOP', zh: '商品下架提醒', en: 'Goods taken off sale', vars: ['site_name', 'shop_name', 'goods_name', 'remark'] },
  SHOPGOODSSTOCK: { type: 'SHOP', zh: '商品库存预警提醒', en: 'Low stock', vars: ['site_name', 'shop_name', 'goods_name'] },
  SHOPAUDIT: { type: 'SHOP', zh: '店铺审核提醒', en: 'Shop application audited', vars: ['site_name', 'shop_name', 'member_name', 'audit_result', 'remark'] },
  SHOPCLOSE: { type: 'SHOP', zh: '店铺关闭提醒', en: 'Shop closed', vars: ['site_name', 'shop_name', 'remark'] },
  SHOPBILL: { type: 'SHOP', zh: '店铺结算提醒', en: 'Settlement bill', vars: ['site_name', 'shop_name', 'bill_sn', 'money'] },
  SHOPMARGINAUDIT: { type: 'SHOP', zh: '保证金审核提醒', en: 'Margin payment audited', vars: ['site_name', 'shop_name', 'money', 'audit_result'] },
  MOBILECODESEND: { type: 'MEMBER', zh: '手机验证码', en: 'Mobile code', vars: ['site_name', 'code'] },
  MEMBERREGISTER: { type: 'MEMBER', zh: '会员注册成功提醒', en: 'Welcome', vars: ['site_name', 'member_name'] },
  MEMBERORDERSNEW: { type: 'MEMBER', zh: '会员下单成功提醒', en: 'Order placed', vars: ['site_name', 'member_name', 'order_sn', 'order_price'] },
  MEMBERORDERSPAY: { type: 'MEMBER', zh: '会员订单支付提醒', en: 'Order paid', vars: ['site_name', 'member_name', 'order_sn', 'order_price'] },
  MEMBERORDERSSEND: { type: 'MEMBER', zh: '会员订单发货提醒', en: 'Order shipped', vars: ['site_name', 'member_name', 'order_sn', 'logi_name', 'ship_no'] },
  MEMBERORDERSRECEIVE: { type: 'MEMBER', zh: '会员订单收货提醒', en: 'Order received', vars: ['site_name', 'member_name', 'order_sn'] },
  MEMBERORDERSCANCEL: { type: 'MEMBER', zh: '会员订单取消提醒', en: 'Order cancelled', vars: ['site_name', 'member_name', 'order_sn', 'remark'] },
  MEMBERASAUDIT: { type: 'MEMBER', zh: '售后服务审核提醒', en: 'After-sale audited', vars: ['site_name', 'member_name', 'service_sn', 'audit_result', 'remark'] },
  MEMBERREFUNDUPDATE: { type: 'MEMBER', zh: '会员退款提醒', en: 'Refund paid', vars: ['site_name', 'member_name', 'service_sn', 'order_sn', 'refund_price'] },
  MEMBERPOINTCHANGE: { type: 'MEMBER', zh: '积分变更提醒', en: 'Points changed', vars: ['site_name', 'member_name', 'point', 'remark'] },
  MEMBERBALANCECHANGE: { type: 'MEMBER', zh: '预存款变动提醒', en: 'Balance changed', vars: ['site_name', 'member_name', 'money', 'remark'] },
  MEMBERCOMPLAINTREPLY: { type: 'MEMBER', zh: '投诉处理提醒', en: 'Complaint handled', vars: ['site_name', 'member_name', 'order_sn', 'remark'] },
  MEMBERASKREPLY: { type: 'MEMBER', zh: '咨询回复提醒', en: 'Question answered', vars: ['site_name', 'member_name', 'goods_name'] },
  MEMBERWITHDRAWAUDIT: { type: 'MEMBER', zh: '提现审核提醒', en: 'Withdrawal audited', vars: ['site_name', 'member_name', 'money', 'audit_result'] },
} as const satisfies Record<string, MessageEvent>;
export type MessageCode = keyof typeof MESSAGE_EVENTS;
export const MESSAGE_CODES = Object.keys(MESSAGE_EVENTS) as [MessageCode, ...MessageCode[]];

export const CHANNEL_STATES = { OPEN: { zh: '开启', en: 'On' }, CLOSED: { zh: '关闭', en: 'Off' } } as const;
export type ChannelState = keyof typeof CHANNEL_STATES;
export const MESSAGE_CHANNELS = {
  notice: { zh: '站内信', en: 'Site message' },
  sms: { zh: '短信', en: 'SMS' },
  email: { zh: '邮件', en: 'Email' },
} as const;
export type MessageChannel = keyof typeof MESSAGE_CHANNELS;

export const MESSAGE_TEMPLATE_LIMITS = { notice: 500, sms: 300, email: 5000, email_title: 100 } as const;

/** The `${name}` placeholders a text uses, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]))];
}

/** Fills `${name}` from vars; a name the event does not offer stays as written. */
export function renderTemplate(text: string, vars: Partial<Record<string, string | number>>): string {
  return text.replace(/\$\{(\w+)\}/g, (whole, name: string) => (vars[name] === undefined ? whole : String(vars[name])));
}

export interface MessageTemplateRow {
  id: number;
  tpl_code: MessageCode;
  tpl_name: string;
  type: MessageTemplateType;
  notice_state: ChannelState;
  notice_content: string;
  sms_state: ChannelState;
  sms_content: string;
  email_state: ChannelState;
  email_title: string;
  email_content: string;
  /** the placeholders this event offers */
  variables: MessageVariable[];
}

export const messageTemplateQuery = z.object({ type: z.enum(['MEMBER', 'SHOP'], { message: '模板类型只能是MEMBER或SHOP' }).optional() });
export const messageTemplateParams = z.object({ id: idOf('消息模板id格式有误') });

/** PUT admin/systems/message-templates/{id}: one channel's switch and text (the dialog of one channel button). */
export const messageTemplateBody = z
  .object({
    channel: z.enum(['notice', 'sms', 'email'], { message: '渠道只能是notice、sms或email' }),
    state: z.enum(['OPEN', 'CLOSED'], { message: '状态只能是OPEN或CLOSED' }),
    content: z.string({ message: '请填写模板内容' }).trim().min(1, '请填写模板内容').max(MESSAGE_TEMPLATE_LIMITS.email, `模板内容最多${MESSAGE_TEMPLATE_LIMITS.email}个字符`),
    email_title: z.string().trim().max(MESSAGE_TEMPLATE_LIMITS.email_title, `邮件标题最多${MESSAGE_TEMPLATE_LIMITS.email_title}个字符`).optional(),
  })
  .superRefine((body, issue) => {
    const max = MESSAGE_TEMPLATE_LIMITS[body.channel];
    if (body.content.length > max) issue.addIssue({ code: 'custom', path: ['content'], message: `模板内容最多${max}个字符` });
    if (body.channel === 'email' && !body.email_title) issue.addIssue({ code: 'custom', path: ['email_title'], message: '请填写邮件标题' });
  });
export type MessageTemplateInput = z.output<typeof messageTemplateBody>;

/** POST …/{id}/test-mail?email: the email channel rendered with sample values, sent through SMTP. */
export const testMailQuery = z.object({
  email: z.string({ message: '请填写收件地址' }).trim().min(1, '请填写收件地址').max(100, '收件地址最多100个字符').email('收件地址格式有误'),
});

// ─── Site messages ─────────────────────────────────────────────────────────

export const SITE_MESSAGE_LIMITS = { title: 20, content: 500, members: 200 } as const;
export const SITE_MESSAGE_SEND_TYPES = {
  0: { zh: '全站会员', en: 'All members' },
  1: { zh: '指定会员', en: 'Chosen members' },
} as const;
export const SITE_MESSAGE_STATUSES = {
  SENDING: { zh: '发送中', en: 'Sending' },
  SENT: { zh: '已发送', en: 'Sent' },
} as const;
export type SiteMessageStatus = keyof typeof SITE_MESSAGE_STATUSES;

export const siteMessageBody = z
  .object({
    title: z.string({ message: '请填写消息标题' }).trim().min(1, '请填写消息标题').max(SITE_MESSAGE_LIMITS.title, `消息标题最多${SITE_MESSAGE_LIMITS.title}个字符`),
    content: z.string({ message: '请填写消息内容' }).trim().min(1, '请填写消息内容').max(SITE_MESSAGE_LIMITS.content, `消息内容最多${SITE_MESSAGE_LIMITS.content}个字符`),
    send_type: z.union([z.literal(0), z.literal(1)], { message: '发送类型只能是0或1' }),
    member_ids: idListOf('会员id格式有误', SITE_MESSAGE_LIMITS.members, `最多选择${SITE_MESSAGE_LIMITS.members}个会员`).optional(),
  })
  .superRefine((body, issue) => {
    if (body.send_type === 1 && !body.member_ids?.length) issue.addIssue({ code: 'custom', path: ['member_ids'], message: '请选择会员' });
  });
export type SiteMessageInput = z.output<typeof siteMessageBody>;

export const siteMessageQuery = listQuery({ send_type: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).optional() });
export type SiteMessageQuery = z.output<typeof siteMessageQuery>;

export interface SiteMessageRow {
  id: number;
  title: string;
  content: string;
  send_type: 0 | 1;
  status: SiteMessageStatus;
  /** members reached so far */
  sent_count: number;
  /** the chosen members' names (send_type 1) */
  member_names: string[];
  admin_name: string;
  /** unix seconds */
  send_time: number;
}

export interface SiteMessageSent {
  id: number;
  /** set when the message goes to everyone: the job that delivers it */
  task?: TaskQueued;
}

// ─── WeChat ────────────────────────────────────────────────────────────────

export const WECHAT_KEYWORDS_MAX = 5;

/** A service-message template as WeChat holds it (pulled by the sync). */
export interface WechatTemplateRow {
  template_id: string;
  title: string;
  content: string;
  /** the `{{keywordN.DATA}}` slots of its content */
  keywords: string[];
  sync_time: number;
}

export interface WechatKeyword {
  keyword: string;
  field: MessageVariable;
}

export interface WechatNoticeRow {
  notice_type: MessageCode;
  notice_name: string;
  template_id: string;
  template_title: string;
  is_enable: 0 | 1;
  keywords: WechatKeyword[];
  /** what the event offers to map */
  variables: MessageVariable[];
}

export const wechatNoticeParams = z.object({ notice_type: z.enum(MESSAGE_CODES, { message: '消息类型不存在' }) });
export const wechatNoticeBody = z.object({
  template_id: z.string({ message: '请选择微信模板' }).trim().min(1, '请选择微信模板').max(100, '模板id最多100个字符'),
  keywords: z
    .array(
      z.object({
        keyword: z.string({ message: '请填写关键词' }).trim().min(1, '请填写关键词').max(40, '关键词最多40个字符'),
        field: z.enum(Object.keys(MESSAGE_VARIABLES) as [MessageVariable, ...MessageVariable[]], { message: '请选择字段' }),
      }),
    )
    .max(WECHAT_KEYWORDS_MAX, `最多映射${WECHAT_KEYWORDS_MAX}个字段`),
});
export type WechatNoticeInput = z.output<typeof wechatNoticeBody>;
export const wechatEnableQuery = z.object({ enable: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { message: 'enable只能是0或1' })) });

export interface WechatSyncResult {
  count: number;
}

const SETTINGS = ['stationMessage', 'email'] as const;
const WECHAT = ['wechatMessage', 'wechatTemplate'] as const;

export const messageTemplateEndpoints = defineEndpoints('messageTemplates', {
  list: endpoint({ method: 'GET', path: 'admin/systems/message-templates', permission: SETTINGS, query: messageTemplateQuery, response: returns<MessageTemplateRow[]>() }),
  update: endpoint({ method: 'PUT', path: 'admin/systems/message-templates/:id', permission: SETTINGS, params: messageTemplateParams, body: messageTemplateBody, response: returns<MessageTemplateRow>() }),
  testMail: endpoint({ method: 'POST', path: 'admin/systems/message-templates/:id/test-mail', permission: 'email', params: messageTemplateParams, query: testMailQuery }),
});

export const siteMessageEndpoints = defineEndpoints('siteMessages', {
  list: endpoint({ method: 'GET', path: 'admin/systems/messages', permission: 'stationMessage', query: siteMessageQuery, response: returns<Page<SiteMessageRow>>() }),
  send: endpoint({ method: 'POST', path: 'admin/systems/messages', permission: 'stationMessage', body: siteMessageBody, response: returns<SiteMessageSent>() }),
});

export const wechatEndpoints = defineEndpoints('wechatMessages', {
  templates: endpoint({ method: 'GET', path: 'admin/systems/wechat-msg-tmp', permission: WECHAT, response: returns<WechatTemplateRow[]>() }),
  sync: endpoint({ method: 'POST', path: 'admin/systems/wechat-msg-tmp/sync', permission: 'wechatMessage', response: returns<WechatSyncResult>() }),
  notices: endpoint({ method: 'GET', path: 'admin/systems/wechat-subscribe-notices', permission: WECHAT, response: returns<WechatNoticeRow[]>() }),
  notice: endpoint({ method: 'GET', path: 'admin/systems/wechat-subscribe-notices/:notice_type', permission: WECHAT, params: wechatNoticeParams, response: returns<WechatNoticeRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/systems/wechat-subscribe-notices/:notice_type', permission: 'wechatTemplate', params: wechatNoticeParams, body: wechatNoticeBody, response: returns<WechatNoticeRow>() }),
  enable: endpoint({ method: 'PUT', path: 'admin/systems/wechat-subscribe-notices/:notice_type/enable', permission: 'wechatMessage', params: wechatNoticeParams, query: wechatEnableQuery }),
});
