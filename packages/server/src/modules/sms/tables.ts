import { bigserial, index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, createdAt, updatedAt } from '../../db/columns.js';

/**
 * The SMS centre (DOMAIN §2.30). Signatures and templates carry the provider's audit state and the
 * provider's id for them (biz_id, given at submission); modules/sms/flow.ts is the only place a
 * state changes.
 */
export const smsSigns = pgTable('sms_signs', {
  id: serial('id').primaryKey(),
  signName: varchar('sign_name', { length: 20 }).notNull(),
  remark: varchar('remark', { length: 200 }).notNull(),
  auditStatus: varchar('audit_status', { length: 12 }).notNull().default('WAIT_INIT'),
  auditReason: varchar('audit_reason', { length: 200 }).notNull().default(''),
  bizId: varchar('biz_id', { length: 64 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sms_signs_name_uq').on(t.signName),
  index('sms_signs_status_idx').on(t.auditStatus, t.id),
]);

export const smsTemplates = pgTable('sms_templates', {
  id: serial('id').primaryKey(),
  templateName: varchar('template_name', { length: 30 }).notNull(),
  templateType: varchar('template_type', { length: 12 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  remark: varchar('remark', { length: 200 }).notNull(),
  auditStatus: varchar('audit_status', { length: 12 }).notNull().default('WAIT_INIT'),
  auditReason: varchar('audit_reason', { length: 200 }).notNull().default(''),
  bizId: varchar('biz_id', { length: 64 }),
  enableStatus: smallint('enable_status').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sms_templates_name_uq').on(t.templateName),
  index('sms_templates_status_idx').on(t.auditStatus, t.id),
  index('sms_templates_type_idx').on(t.templateType, t.id),
  index('sms_templates_enable_idx').on(t.enableStatus, t.id),
]);

/** A send: the signature and text as they were when it was made, the recipients, the counters the job keeps. */
export const smsTasks = pgTable('sms_tasks', {
  id: serial('id').primaryKey(),
  signId: integer('sign_id').notNull(),
  signName: varchar('sign_name', { length: 20 }).notNull(),
  templateId: integer('template_id').notNull(),
  templateName: varchar('template_name', { length: 30 }).notNull(),
  content: varchar('content', { length: 600 }).notNull(),
  sendType: varchar('send_type', { length: 10 }).notNull(),
  sendTime: at('send_time'),
  recipientType: varchar('recipient_type', { length: 10 }).notNull(),
  /** [{ mobile, member_id }] as chosen; the records are written from it when the task starts */
  recipients: jsonb('recipients').$type<{ mobile: string; member_id: number | null }[]>().notNull(),
  status: varchar('status', { length: 12 }).notNull().default('NOT_STARTED'),
  total: integer('total').notNull(),
  successCount: integer('success_count').notNull().default(0),
  failCount: integer('fail_count').notNull().default(0),
  operatorId: integer('operator_id'),
  operatorName: varchar('operator_name', { length: 50 }).notNull().default(''),
  createdAt: createdAt(),
  startedAt: at('started_at'),
  finishedAt: at('finished_at'),
}, (t) => [
  index('sms_tasks_status_idx').on(t.status, t.id),
  // the scheduled task's look-up of timed tasks that are due
  index('sms_tasks_due_idx').on(t.sendTime).where(sql`status = 'NOT_STARTED'`),
]);

export const smsRecords = pgTable('sms_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskId: integer('task_id').notNull(),
  memberId: integer('member_id'),
  mobile: varchar('mobile', { length: 20 }).notNull(),
  content: varchar('content', { length: 600 }).notNull(),
  status: varchar('status', { length: 12 }).notNull().default('WAIT_RECEIPT'),
  failReason: varchar('fail_reason', { length: 200 }).notNull().default(''),
  createdAt: createdAt(),
  sentAt: at('sent_at'),
}, (t) => [
  index('sms_records_task_idx').on(t.taskId, t.id),
  index('sms_records_mobile_idx').on(t.mobile, t.id),
  index('sms_records_status_idx').on(t.status, t.id),
  index('sms_records_created_idx').on(t.createdAt),
]);
