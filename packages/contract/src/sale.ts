import { z } from 'zod';
import { idListOf, idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import type { Label } from './marketplace.js';
import { memberSignInBody } from './points.js';

/**
 * The customer's voice (DOMAIN §2.7–2.9, §2.30): trade complaints with their conversation and the
 * platform's arbitration, complaint topics, goods comments, goods asks, and the history of what
 * the platform sent to members and shops.
 */

const seconds = z.coerce.number().int().min(0).max(4_102_444_800);
const timeRange = <T extends { start_time?: number; end_time?: number }>(q: T) =>
  q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time;
const TIME_RANGE_MESSAGE = { message: '开始时间不能晚于结束时间' };

// ─── Complaints ─────────────────────────────────────────────────────────────

/** DOMAIN §2.7: NEW → WAIT_APPEAL → COMMUNICATION → WAIT_ARBITRATION → COMPLETE; CANCEL by the buyer. */
export const COMPLAINT_STATUS = {
  NEW: { zh: '新投诉', en: 'New' },
  WAIT_APPEAL: { zh: '待申诉', en: 'Awaiting appeal' },
  COMMUNICATION: { zh: '对话中', en: 'In discussion' },
  WAIT_ARBITRATION: { zh: '等待仲裁', en: 'Awaiting arbitration' },
  COMPLETE: { zh: '已完成', en: 'Complete' },
  CANCEL: { zh: '已撤销', en: 'Withdrawn' },
} as const satisfies Record<string, Label>;
export type ComplaintStatus = keyof typeof COMPLAINT_STATUS;
export const COMPLAINT_STATUS_KEYS = Object.keys(COMPLAINT_STATUS) as [ComplaintStatus, ...ComplaintStatus[]];

/** The list's tags: COMPLAINING is every state that is neither COMPLETE nor CANCEL. */
export const COMPLAINT_TAGS = {
  ALL: { zh: '全部', en: 'All' },
  COMPLAINING: { zh: '进行中', en: 'In progress' },
  COMPLETE: { zh: '已完成', en: 'Complete' },
  CANCELED: { zh: '已撤销', en: 'Withdrawn' },
} as const satisfies Record<string, Label>;
export type ComplaintTag = keyof typeof COMPLAINT_TAGS;

/** Who wrote a message of the conversation. */
export const COMPLAINT_OWNERS = {
  PLATFORM: { zh: '平台', en: 'Platform' },
  BUYER: { zh: '买家', en: 'Buyer' },
  SELLER: { zh: '卖家', en: 'Seller' },
} as const satisfies Record<string, Label>;
export type ComplaintOwner = keyof typeof COMPLAINT_OWNERS;

export const complaintListQuery = listQuery(
  {
    /** order sn, goods name or content */
    keywords: z.string().trim().max(50).optional(),
    order_sn: z.string().trim().max(32).optional(),
    tag: z.enum(['ALL', 'COMPLAINING', 'COMPLETE', 'CANCELED']).optional(),
  },
  { by: ['create_time'], default: 'create_time' },
);
export type ComplaintListQuery = z.infer<typeof complaintListQuery>;

export interface ComplaintRow {
  complain_id: number;
  complain_topic: string;
  content: string;
  status: ComplaintStatus;
  member_id: number;
  member_name: string;
  seller_id: number;
  seller_name: string;
  order_sn: string;
  goods_name: string;
  create_time: number;
}

export interface ComplaintMessage {
  id: number;
  owner: ComplaintOwner;
  owner_name: string;
  content: string;
  create_time: number;
}

/** What the operator may do now, from the same flow every transition checks. */
export interface ComplaintAllowable {
  allow_to_appeal: boolean;
  allow_communicate: boolean;
  allow_arbitrate: boolean;
}

export interface ComplaintDetail extends ComplaintRow {
  images: string[];
  goods_id: number;
  goods_image: string;
  /** yuan */
  price: number;
  num: number;
  ship_name: string;
  ship_mobile: string;
  ship_addr: string;
  appeal_content: string;
  appeal_images: string[];
  appeal_time: number | null;
  arbitration_result: string;
  messages: ComplaintMessage[];
  allowable: ComplaintAllowable;
}

/** PUT admin/trade/order-complains/{id}/communication?content */
export const complaintMessageQuery = z.object({
  content: z.string().trim().min(1, '请填写对话内容').max(200, '对话内容最多200个字符'),
});
/** PUT admin/trade/order-complains/{id}/complete?arbitration_result */
export const complaintArbitrationQuery = z.object({
  arbitration_result: z.string().trim().min(1, '请填写仲裁意见').max(500, '仲裁意见最多500个字符'),
});

// ─── Complaint topics ───────────────────────────────────────────────────────

export const complaintTopicBody = z.object({
  topic_name: z.string().trim().min(2, '投诉主题为2-30个字符').max(30, '投诉主题为2-30个字符'),
  topic_remark: z.string().trim().max(100, '主题说明最多100个字符').default(''),
});
export type ComplaintTopicInput = z.infer<typeof complaintTopicBody>;
export const complaintTopicListQuery = listQuery({});

export interface ComplaintTopicRow {
  topic_id: number;
  topic_name: string;
  topic_remark: string;
  create_time: number;
}

// ─── Goods comments ─────────────────────────────────────────────────────────

export const COMMENT_GRADES = {
  good: { zh: '好评', en: 'Positive' },
  neutral: { zh: '中评', en: 'Neutral' },
  bad: { zh: '差评', en: 'Negative' },
} as const satisfies Record<string, Label>;
export type CommentGrade = keyof typeof COMMENT_GRADES;

export const AUDIT_STATUS = {
  WAIT_AUDIT: { zh: '待审核', en: 'Awaiting audit' },
  PASS_AUDIT: { zh: '审核通过', en: 'Passed' },
  REFUSE_AUDIT: { zh: '审核拒绝', en: 'Refused' },
} as const satisfies Record<string, Label>;
export type AuditStatus = keyof typeof AUDIT_STATUS;

export const COMMENT_TYPES = {
  INITIAL: { zh: '初评', en: 'Review' },
  ADDITIONAL: { zh: '追评', en: 'Follow-up' },
} as const satisfies Record<string, Label>;
export type CommentType = keyof typeof COMMENT_TYPES;

/** Shown on the storefront (1) or hidden by the platform (0). */
export const COMMENT_SHOWN = {
  1: { zh: '显示', en: 'Shown' },
  0: { zh: '已隐藏', en: 'Hidden' },
} as const satisfies Record<number, Label>;

export const commentListQuery = listQuery(
  {
    /** content, goods name or member name */
    keyword: z.string().trim().max(50).optional(),
    grade: z.enum(['good', 'neutral', 'bad']).optional(),
    seller_id: idOf('店铺id格式有误').optional(),
    audit_status: z.enum(['WAIT_AUDIT', 'PASS_AUDIT', 'REFUSE_AUDIT']).optional(),
    status: z.coerce.number().int().min(0).max(1).optional(),
    comments_type: z.enum(['INITIAL', 'ADDITIONAL']).optional(),
    have_image: z.coerce.number().int().min(0).max(1).optional(),
    start_time: seconds.optional(),
    end_time: seconds.optional(),
  },
  { by: ['create_time'], default: 'create_time' },
).refine(timeRange, TIME_RANGE_MESSAGE);
export type CommentListQuery = z.infer<typeof commentListQuery>;

export interface CommentRow {
  comment_id: number;
  goods_id: number;
  goods_name: string;
  goods_image: string;
  member_id: number;
  member_name: string;
  seller_id: number;
  seller_name: string;
  order_sn: string;
  content: string;
  images: string[];
  grade: CommentGrade;
  comments_type: CommentType;
  audit_status: AuditStatus;
  /** 1 shown, 0 hidden */
  status: 0 | 1;
  reply_content: string;
  reply_time: number | null;
  create_time: number;
}

export const commentAuditBody = z.object({
  ids: z.array(idOf('评论id格式有误')).min(1, '请选择要审核的评论').max(100, '一次最多审核100条评论'),
  auth_status: z.enum(['PASS_AUDIT', 'REFUSE_AUDIT'], { message: '审核结果有误' }),
});
export const commentReplyBody = z.object({
  content: z.string().trim().min(1, '请填写回复内容').max(200, '回复内容最多200个字符'),
});

// ─── Goods asks ─────────────────────────────────────────────────────────────

export const askListQuery = listQuery(
  {
    /** content, goods name or member name */
    keyword: z.string().trim().max(50).optional(),
    seller_id: idOf('店铺id格式有误').optional(),
    auth_status: z.enum(['WAIT_AUDIT', 'PASS_AUDIT', 'REFUSE_AUDIT']).optional(),
    reply_status: z.enum(['YES', 'NO']).optional(),
    start_time: seconds.optional(),
    end_time: seconds.optional(),
  },
  { by: ['create_time'], default: 'create_time' },
).refine(timeRange, TIME_RANGE_MESSAGE);
export type AskListQuery = z.infer<typeof askListQuery>;

export const ASK_STATUS = {
  NORMAL: { zh: '显示', en: 'Shown' },
  DELETED: { zh: '已隐藏', en: 'Hidden' },
} as const satisfies Record<string, Label>;

export interface AskRow {
  ask_id: number;
  goods_id: number;
  goods_name: string;
  goods_image: string;
  member_id: number;
  member_name: string;
  anonymous: 'YES' | 'NO';
  seller_id: number;
  seller_name: string;
  content: string;
  auth_status: AuditStatus;
  /** whether the shop (or the platform) has answered: reply_content on the detail */
  reply_status: 'YES' | 'NO';
  /** other buyers' answers that passed audit, apart from the shop's: an ask can have either without the other */
  reply_num: number;
  status: keyof typeof ASK_STATUS;
  create_time: number;
}

export interface AskReply {
  reply_id: number;
  member_name: string;
  anonymous: 'YES' | 'NO';
  content: string;
  auth_status: AuditStatus;
  create_time: number;
}

export interface AskDetail extends AskRow {
  /** the answer of the shop or the platform */
  reply_content: string;
  reply_time: number | null;
  /** other buyers' answers */
  replies: AskReply[];
}

export const askAuditBody = z.object({
  ids: z.array(idOf('咨询id格式有误')).min(1, '请选择要审核的咨询').max(100, '一次最多审核100条咨询'),
  auth_status: z.enum(['PASS_AUDIT', 'REFUSE_AUDIT'], { message: '审核结果有误' }),
});
export const askReplyAuditBody = z.object({
  ids: z.array(idOf('回复id格式有误')).min(1, '请选择要审核的回复').max(100, '一次最多审核100条回复'),
  auth_status: z.enum(['PASS_AUDIT', 'REFUSE_AUDIT'], { message: '审核结果有误' }),
});
/** DOMAIN §2.9: an answer is 3–120 characters. */
export const askAnswerBody = z.object({
  content: z.string().trim().min(3, '回复内容为3-120个字符').max(120, '回复内容为3-120个字符'),
});

// ─── Notification history ───────────────────────────────────────────────────

export const NOTIFICATION_CHANNELS = {
  STATION: { zh: '站内信', en: 'Site message' },
  SMS: { zh: '短信', en: 'SMS' },
  EMAIL: { zh: '邮件', en: 'Email' },
} as const satisfies Record<string, Label>;
export type NotificationChannel = keyof typeof NOTIFICATION_CHANNELS;

export const RECEIVER_TYPES = {
  MEMBER: { zh: '会员', en: 'Member' },
  SHOP: { zh: '店铺', en: 'Shop' },
  ADMIN: { zh: '管理员', en: 'Administrator' },
} as const satisfies Record<string, Label>;
export type ReceiverType = keyof typeof RECEIVER_TYPES;

export const notificationListQuery = listQuery(
  {
    /** the receiver as sent to: member or shop name, mobile or email (exact) */
    receiver: z.string().trim().max(100).optional(),
    channel: z.enum(['STATION', 'SMS', 'EMAIL']).optional(),
    start_time: seconds.optional(),
    end_time: seconds.optional(),
  },
  { by: ['create_time'], default: 'create_time' },
).refine(timeRange, TIME_RANGE_MESSAGE);
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export interface NotificationRow {
  id: number;
  channel: NotificationChannel;
  receiver_type: ReceiverType;
  receiver: string;
  title: string;
  content: string;
  create_time: number;
}

// ─── Endpoints ──────────────────────────────────────────────────────────────

const complaintParam = z.object({ id: idOf('投诉id格式有误') });
const topicParam = z.object({ id: idOf('投诉主题id格式有误') });
const commentParam = z.object({ id: idOf('评论id格式有误') });
const askParam = z.object({ id: idOf('咨询id格式有误') });
const replyIdsParam = z.object({ ids: idListOf('回复id格式有误', 100, '一次最多删除100条回复') });

export const complaintEndpoints = defineEndpoints('complaints', {
  list: endpoint({ method: 'GET', path: 'admin/trade/order-complains', permission: 'complaintList', query: complaintListQuery, response: returns<Page<ComplaintRow>>() }),
  detail: endpoint({ method: 'GET', path: 'admin/trade/order-complains/:id', permission: 'complaintDetail', params: complaintParam, response: returns<ComplaintDetail>() }),
  toAppeal: endpoint({ method: 'PUT', path: 'admin/trade/order-complains/:id/to-appeal', permission: 'complaintDetail', params: complaintParam, response: returns<ComplaintDetail>() }),
  communicate: endpoint({ method: 'PUT', path: 'admin/trade/order-complains/:id/communication', permission: 'complaintDetail', params: complaintParam, query: complaintMessageQuery, response: returns<ComplaintDetail>() }),
  arbitrate: endpoint({ method: 'PUT', path: 'admin/trade/order-complains/:id/complete', permission: 'complaintDetail', params: complaintParam, query: complaintArbitrationQuery, response: returns<ComplaintDetail>() }),
});

/** The buyer's side (public, the member's name and password with each call, as buyer/sign-in): file a complaint on a line of their order. */
export const buyerComplaintBody = memberSignInBody.extend({
  order_sn: z.string().trim().min(1, '请填写订单编号').max(32, '订单编号格式有误'),
  sku_id: z.number().int().min(0, '商品格式有误'),
  complain_topic: z.string().trim().min(1, '请选择投诉主题').max(30, '投诉主题最多30个字符'),
  content: z.string().trim().min(1, '请填写投诉内容').max(500, '投诉内容最多500个字符'),
  images: z.array(z.string().trim().min(1).max(500)).max(5, '最多上传5张图片').default([]),
});
export type BuyerComplaintInput = z.infer<typeof buyerComplaintBody>;

export const buyerComplaintEndpoints = defineEndpoints('buyerComplaints', {
  file: endpoint({ method: 'POST', path: 'buyer/trade/order-complains', permission: 'public', body: buyerComplaintBody, response: returns<ComplaintDetail>() }),
  /** the buyer withdraws their complaint (DOMAIN §2.7: any non-final state → CANCEL) */
  withdraw: endpoint({ method: 'PUT', path: 'buyer/trade/order-complains/:id/cancel', permission: 'public', params: complaintParam, body: memberSignInBody, response: returns<ComplaintDetail>() }),
});

export const complaintTopicEndpoints = defineEndpoints('complaintTopics', {
  list: endpoint({ method: 'GET', path: 'admin/systems/complain-topics', permission: 'subjectList', query: complaintTopicListQuery, response: returns<Page<ComplaintTopicRow>>() }),
  create: endpoint({ method: 'POST', path: 'admin/systems/complain-topics', permission: 'subjectList', body: complaintTopicBody, response: returns<ComplaintTopicRow>() }),
  update: endpoint({ method: 'PUT', path: 'admin/systems/complain-topics/:id', permission: 'subjectList', params: topicParam, body: complaintTopicBody, response: returns<ComplaintTopicRow>() }),
  remove: endpoint({ method: 'DELETE', path: 'admin/systems/complain-topics/:id', permission: 'subjectList', params: topicParam }),
});

export const commentEndpoints = defineEndpoints('comments', {
  list: endpoint({ method: 'GET', path: 'admin/members/comments', permission: 'goodsCommentList', query: commentListQuery, response: returns<Page<CommentRow>>() }),
  audit: endpoint({ method: 'POST', path: 'admin/members/comments/batch/audit', permission: 'goodsCommentList', body: commentAuditBody }),
  /** soft delete (status 0): hidden from the storefront and its counts */
  hide: endpoint({ method: 'DELETE', path: 'admin/members/comments/:id', permission: 'goodsCommentList', params: commentParam }),
  show: endpoint({ method: 'PUT', path: 'admin/members/comments/:id/show', permission: 'goodsCommentList', params: commentParam }),
  reply: endpoint({ method: 'PUT', path: 'admin/members/comments/:id/reply', permission: 'goodsCommentList', params: commentParam, body: commentReplyBody, response: returns<CommentRow>() }),
});

export const askEndpoints = defineEndpoints('asks', {
  list: endpoint({ method: 'GET', path: 'admin/members/asks', permission: 'goodsAskList', query: askListQuery, response: returns<Page<AskRow>>() }),
  detail: endpoint({ method: 'GET', path: 'admin/members/asks/:id', permission: ['askDetail', 'goodsAskList'], params: askParam, response: returns<AskDetail>() }),
  audit: endpoint({ method: 'POST', path: 'admin/members/asks/batch/audit', permission: 'goodsAskList', body: askAuditBody }),
  hide: endpoint({ method: 'DELETE', path: 'admin/members/asks/:id', permission: 'goodsAskList', params: askParam }),
  answer: endpoint({ method: 'PUT', path: 'admin/members/asks/:id/reply', permission: 'askDetail', params: askParam, body: askAnswerBody, response: returns<AskDetail>() }),
  auditReplies: endpoint({ method: 'POST', path: 'admin/members/reply/batch/audit', permission: 'askDetail', body: askReplyAuditBody }),
  removeReplies: endpoint({ method: 'DELETE', path: 'admin/members/reply/:ids', permission: 'askDetail', params: replyIdsParam }),
});

export const notificationEndpoints = defineEndpoints('notifications', {
  list: endpoint({ method: 'GET', path: 'admin/systems/notification-history', permission: 'notificationHistory', query: notificationListQuery, response: returns<Page<NotificationRow>>() }),
});
