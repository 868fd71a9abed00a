import { z } from 'zod';
import { idListOf, idOf, listQuery, type Page } from './common.js';
import { defineEndpoints, endpoint, returns } from './endpoint.js';
import { mobileSchema } from './regions.js';

/**
 * The SMS centre (DOMAIN §2.30, `/setting/message-settings/*`, `admin/notice/sms/*`): signatures
 * and templates are audited by the provider behind the open HTTP SMS gateway (docs/sms.md), send
 * tasks go out as a background job, one record per recipient.
 */

/** WAIT_INIT → (submit) AUDITING → (provider) PASS / NOT_PASS; NOT_PASS may be edited and submitted again. */
export const SMS_AUDIT_STATES = ['WAIT_INIT', 'AUDITING', 'PASS', 'NOT_PASS'] as const;
export type SmsAuditState = (typeof SMS_AUDIT_STATES)[number];
/** edits (and submitting again) only before the provider has it or after it refused it */
export const SMS_EDITABLE_STATES: readonly SmsAuditState[] = ['WAIT_INIT', 'NOT_PASS'];

export const SMS_TEMPLATE_TYPES = ['PROMOTE', 'NOTIFICATION', 'CODE', 'I18N'] as const;
export type SmsTemplateType = (typeof SMS_TEMPLATE_TYPES)[number];

export const SMS_SEND_TYPES = ['QUICKLY', 'TIMING'] as const;
export type SmsSendType = (typeof SMS_SEND_TYPES)[number];
export const SMS_RECIPIENT_TYPES = ['MEMBER', 'MOBILE'] as const;
export type SmsRecipientType = (typeof SMS_RECIPIENT_TYPES)[number];
/** NOT_STARTED → STARTED → OVER, or NOT_STARTED → RECALL */
export const SMS_TASK_STATES = ['NOT_STARTED', 'STARTED', 'OVER', 'RECALL'] as const;
export type SmsTaskState = (typeof SMS_TASK_STATES)[number];
export const SMS_RECORD_STATES = ['WAIT_RECEIPT', 'SUCCESS', 'FAIL'] as const;
export type SmsRecordState = (typeof SMS_RECORD_STATES)[number];

export const SMS_LIMITS = { signName: 12, remark: 200, templateName: 30, content: 500, mobiles: 1000, members: 1000 } as const;

const text = (label: string, min: number, max: number) =>
  z.string({ message: `请填写${label}` }).trim().min(min, min > 1 ? `${label}须为${min}-${max}个字符` : `请填写${label}`).max(max, `${label}最多${max}个字符`);

// ─── Signatures ─────────────────────────────────────────────────────────────

export const smsSignBody = z.object({
  sign_name: text('签名名称', 2, SMS_LIMITS.signName).regex(/^[\p{L}\p{N}]+$/u, '签名名称只能包含文字和数字'),
  remark: text('申请说明', 1, SMS_LIMITS.remark),
});
export type SmsSignInput = z.output<typeof smsSignBody>;

export interface SmsSignRow {
  id: number;
  sign_name: string;
  remark: string;
  audit_status: SmsAuditState;
  /** the provider's reason for NOT_PASS */
  audit_reason: string;
  create_time: number;
  update_time: number;
}

export const smsSignQuery = listQuery({ audit_status: z.enum(SMS_AUDIT_STATES).optional() });
export type SmsSignQuery = z.output<typeof smsSignQuery>;

// ─── Templates ──────────────────────────────────────────────────────────────

export const smsTemplateBody = z.object({
  template_name: text('模板名称', 1, SMS_LIMITS.templateName),
  template_type: z.enum(SMS_TEMPLATE_TYPES, { message: '请选择模板类型' }),
  content: text('模板内容', 1, SMS_LIMITS.content),
  remark: text('申请说明', 1, SMS_LIMITS.remark),
});
export type SmsTemplateInput = z.output<typeof smsTemplateBody>;

export interface SmsTemplateRow {
  id: number;
  template_name: string;
  template_type: SmsTemplateType;
  content: string;
  remark: string;
  audit_status: SmsAuditState;
  audit_reason: string;
  /** 1 when usable for sending (only a PASS template may be enabled) */
  enable_status: 0 | 1;
  create_time: number;
  update_time: number;
}

export const smsTemplateQuery = listQuery({
  audit_status: z.enum(SMS_AUDIT_STATES).optional(),
  template_type: z.enum(SMS_TEMPLATE_TYPES).optional(),
  enable_status: z.coerce.number().int().min(0).max(1).optional(),
});
export type SmsTemplateQuery = z.output<typeof smsTemplateQuery>;

export const smsIdParams = z.object({ id: idOf('短信签名或模板id格式有误') });
export const smsEnableQuery = z.object({ enable: z.coerce.number().int().min(0, '启用状态只能是0或1').max(1, '启用状态只能是0或1') });

/** What a sync moved: how many signatures and templates left AUDITING. */
export interface SmsSyncResult {
  signs: number;
  templates: number;
}

// ─── Send tasks and records ─────────────────────────────────────────────────

/** A mobile list as typed: numbers separated by commas, spaces or new lines. */
export const splitMobiles = (raw: string): string[] => [...new Set(raw.split(/[\s,，;；]+/).map((part) => part.trim()).filter(Boolean))];

/** The numbers of a list that are not valid mobiles (spec §5's rule), as typed. */
export const badMobiles = (mobiles: readonly string[]): string[] => mobiles.filter((mobile) => !mobileSchema.safeParse(mobile).success);

export const smsTaskBody = z
  .object({
    sign_id: idOf('请选择短信签名'),
    template_id: idOf('请选择短信模板'),
    send_type: z.enum(SMS_SEND_TYPES, { message: '请选择发送方式' }),
    /** unix seconds; TIMING only, in the future */
    send_time: z.number().int().positive().optional(),
    recipient_type: z.enum(SMS_RECIPIENT_TYPES, { message: '请选择接收对象' }),
    member_ids: z.array(z.number().int().positive()).max(SMS_LIMITS.members, `最多选择${SMS_LIMITS.members}个会员`).default([]),
    /** the mobile list as typed (MOBILE only) */
    mobiles: z.string().max(SMS_LIMITS.mobiles * 20, '手机号码过多').default(''),
  })
  .superRefine((body, context) => {
    if (body.send_type === 'TIMING' && (body.send_time === undefined || body.send_time * 1000 <= Date.now())) {
      context.addIssue({ code: 'custom', path: ['send_time'], message: '定时发送须选择晚于现在的发送时间' });
    }
    if (body.recipient_type === 'MEMBER' && body.member_ids.length === 0) {
      context.addIssue({ code: 'custom', path: ['member_ids'], message: '请选择接收短信的会员' });
    }
    if (body.recipient_type === 'MOBILE') {
      const mobiles = splitMobiles(body.mobiles);
      const bad = badMobiles(mobiles);
      if (mobiles.length === 0) context.addIssue({ code: 'custom', path: ['mobiles'], message: '请填写接收短信的手机号码' });
      else if (bad.length > 0) context.addIssue({ code: 'custom', path: ['mobiles'], message: `以下手机号码格式有误：${bad.slice(0, 10).join('、')}${bad.length > 10 ? ` 等${bad.length}个` : ''}` });
      else if (mobiles.length > SMS_LIMITS.mobiles) context.addIssue({ code: 'custom', path: ['mobiles'], message: `一次最多发送${SMS_LIMITS.mobiles}个手机号码` });
    }
  });
export type SmsTaskInput = z.output<typeof smsTaskBody>;
export type SmsTaskBodyInput = z.input<typeof smsTaskBody>;

export interface SmsTaskRow {
  id: number;
  sign_name: string;
  template_name: string;
  /** the text as sent: 【signature】template content */
  content: string;
  send_type: SmsSendType;
  /** unix seconds: when a TIMING task goes out (null for QUICKLY) */
  send_time: number | null;
  recipient_type: SmsRecipientType;
  status: SmsTaskState;
  total: number;
  success_count: number;
  fail_count: number;
  operator_name: string;
  create_time: number;
  start_time: number | null;
  end_time: number | null;
}

export const smsTaskQuery = listQuery({ status: z.enum(SMS_TASK_STATES).optional() });
export type SmsTaskQuery = z.output<typeof smsTaskQuery>;

export interface SmsRecordRow {
  id: number;
  task_id: number;
  /** masked (spec §9) */
  mobile: string;
  member_id: number | null;
  content: string;
  status: SmsRecordState;
  fail_reason: string;
  create_time: number;
  /** when the gateway answered */
  send_time: number | null;
}

export const smsRecordQuery = listQuery({
  task_id: idOf('短信任务id格式有误').optional(),
  mobile: z.string().trim().max(20).optional(),
  status: z.enum(SMS_RECORD_STATES).optional(),
  start_time: z.coerce.number().int().min(0).optional(),
  end_time: z.coerce.number().int().min(0).optional(),
});
export type SmsRecordQuery = z.output<typeof smsRecordQuery>;

export const smsTaskIds = z.object({ ids: idListOf('短信任务id格式有误', 100, '一次最多查询100个任务') });
export interface SmsTaskProgress {
  id: number;
  status: SmsTaskState;
  total: number;
  success_count: number;
  fail_count: number;
}

const SIGN_READERS = ['addMessageSign', 'sendMessage'] as const;
const TEMPLATE_READERS = ['textMessage', 'addMessageTemplate', 'addTemplateAudit', 'sendMessage'] as const;

export const smsEndpoints = defineEndpoints('sms', {
  signs: endpoint({ method: 'GET', path: 'admin/notice/sms/signs', permission: SIGN_READERS, query: smsSignQuery, response: returns<Page<SmsSignRow>>() }),
  addSign: endpoint({ method: 'POST', path: 'admin/notice/sms/signs', permission: 'addMessageSign', body: smsSignBody, response: returns<SmsSignRow>() }),
  editSign: endpoint({ method: 'PUT', path: 'admin/notice/sms/signs/:id', permission: 'addMessageSign', params: smsIdParams, body: smsSignBody, response: returns<SmsSignRow>() }),
  removeSign: endpoint({ method: 'DELETE', path: 'admin/notice/sms/signs/:id', permission: 'addMessageSign', params: smsIdParams }),
  /** to the provider for audit (WAIT_INIT / NOT_PASS → AUDITING) */
  submitSign: endpoint({ method: 'PUT', path: 'admin/notice/sms/signs/:id/submit', permission: 'addMessageSign', params: smsIdParams, response: returns<SmsSignRow>() }),

  templates: endpoint({ method: 'GET', path: 'admin/notice/sms/templates', permission: TEMPLATE_READERS, query: smsTemplateQuery, response: returns<Page<SmsTemplateRow>>() }),
  template: endpoint({ method: 'GET', path: 'admin/notice/sms/templates/:id', permission: TEMPLATE_READERS, params: smsIdParams, response: returns<SmsTemplateRow>() }),
  addTemplate: endpoint({ method: 'POST', path: 'admin/notice/sms/templates', permission: 'addMessageTemplate', body: smsTemplateBody, response: returns<SmsTemplateRow>() }),
  editTemplate: endpoint({ method: 'PUT', path: 'admin/notice/sms/templates/:id', permission: ['addMessageTemplate', 'textMessage'], params: smsIdParams, body: smsTemplateBody, response: returns<SmsTemplateRow>() }),
  removeTemplate: endpoint({ method: 'DELETE', path: 'admin/notice/sms/templates/:id', permission: 'textMessage', params: smsIdParams }),
  submitTemplate: endpoint({ method: 'PUT', path: 'admin/notice/sms/templates/:id/submit', permission: ['addTemplateAudit', 'addMessageTemplate'], params: smsIdParams, response: returns<SmsTemplateRow>() }),
  enableTemplate: endpoint({ method: 'PUT', path: 'admin/notice/sms/templates/:id/enable', permission: 'textMessage', params: smsIdParams, query: smsEnableQuery, response: returns<SmsTemplateRow>() }),
  /** 立即同步: asks the provider about everything AUDITING now (the scheduled task does it every few minutes) */
  sync: endpoint({ method: 'POST', path: 'admin/notice/sms/sync', permission: ['addMessageSign', 'addTemplateAudit', 'textMessage'], response: returns<SmsSyncResult>() }),

  tasks: endpoint({ method: 'GET', path: 'admin/notice/sms/tasks', permission: 'sendMessage', query: smsTaskQuery, response: returns<Page<SmsTaskRow>>() }),
  addTask: endpoint({ method: 'POST', path: 'admin/notice/sms/tasks', permission: 'sendMessage', body: smsTaskBody, response: returns<SmsTaskRow>() }),
  /** 撤回: only while NOT_STARTED */
  recallTask: endpoint({ method: 'PUT', path: 'admin/notice/sms/tasks/:id/recall', permission: 'sendMessage', params: smsIdParams, response: returns<SmsTaskRow>() }),
  /** live progress of the tasks a page shows */
  progress: endpoint({ method: 'GET', path: 'admin/notice/sms/tasks/progress', permission: 'sendMessage', query: smsTaskIds, response: returns<SmsTaskProgress[]>() }),

  records: endpoint({ method: 'GET', path: 'admin/notice/sms/records', permission: ['checkMessage', 'sendMessage'], query: smsRecordQuery, response: returns<Page<SmsRecordRow>>() }),
});
