import { index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.js';

/** One template per business event (DOMAIN §2.30 MessageTemplateDO): per channel a state and a text with `${name}` placeholders. */
export const messageTemplates = pgTable('message_templates', {
  id: serial('id').primaryKey(),
  tplCode: varchar('tpl_code', { length: 40 }).notNull(),
  tplName: varchar('tpl_name', { length: 40 }).notNull(),
  /** MEMBER, SHOP */
  type: varchar('type', { length: 8 }).notNull(),
  noticeState: varchar('notice_state', { length: 8 }).notNull().default('CLOSED'),
  noticeContent: varchar('notice_content', { length: 500 }).notNull().default(''),
  smsState: varchar('sms_state', { length: 8 }).notNull().default('CLOSED'),
  smsContent: varchar('sms_content', { length: 300 }).notNull().default(''),
  emailState: varchar('email_state', { length: 8 }).notNull().default('CLOSED'),
  emailTitle: varchar('email_title', { length: 100 }).notNull().default(''),
  emailContent: varchar('email_content', { length: 5000 }).notNull().default(''),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('message_templates_code_idx').on(t.tplCode), index('message_templates_type_idx').on(t.type, t.id)]);

/**
 * A site message an operator sent (POST admin/systems/messages). Each member's copy is a row of
 * the notification history (notifications_sent, channel STATION); to everyone, a job writes them
 * in batches and counts them here.
 */
export const siteMessages = pgTable('site_messages', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 20 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  /** 0 everyone, 1 chosen members */
  sendType: smallint('send_type').notNull(),
  memberIds: integer('member_ids').array().notNull(),
  memberNames: varchar('member_names', { length: 20 }).array().notNull(),
  /** SENDING, SENT */
  status: varchar('status', { length: 8 }).notNull(),
  sentCount: integer('sent_count').notNull().default(0),
  adminName: varchar('admin_name', { length: 50 }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('site_messages_created_idx').on(t.createdAt, t.id), index('site_messages_type_created_idx').on(t.sendType, t.createdAt, t.id)]);

/** The WeChat service-message templates as the last sync found them. */
export const wechatTemplates = pgTable('wechat_templates', {
  id: serial('id').primaryKey(),
  templateId: varchar('template_id', { length: 100 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  content: varchar('content', { length: 2000 }).notNull(),
  keywords: varchar('keywords', { length: 40 }).array().notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('wechat_templates_template_idx').on(t.templateId)]);

/** A member event's WeChat notice: the template it uses and which event field fills each keyword (≤ 5). */
export const wechatNotices = pgTable('wechat_notices', {
  id: serial('id').primaryKey(),
  noticeType: varchar('notice_type', { length: 40 }).notNull(),
  templateId: varchar('template_id', { length: 100 }).notNull().default(''),
  isEnable: smallint('is_enable').notNull().default(0),
  keywords: jsonb('keywords').$type<{ keyword: string; field: string }[]>().notNull().default([]),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('wechat_notices_type_idx').on(t.noticeType)]);
