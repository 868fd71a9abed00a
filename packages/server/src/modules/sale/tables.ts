/** The customer's voice: complaints and their conversation, topics, goods comments and asks. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, cents, createdAt, trigramIndex, updatedAt } from '../../db/columns.js';

export const complaintTopics = pgTable('complaint_topics', {
  id: serial('id').primaryKey(),
  topicName: varchar('topic_name', { length: 30 }).notNull(),
  topicRemark: varchar('topic_remark', { length: 100 }).notNull().default(''),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('complaint_topics_name_uq').on(t.topicName)]);

/** The list's COMPLAINING tag: every state but the final ones (the partial index uses the same text). */
export const COMPLAINING_CONDITION = "status not in ('COMPLETE', 'CANCEL')";

export const complaints = pgTable('complaints', {
  id: serial('id').primaryKey(),
  topic: varchar('topic', { length: 30 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  /** contract COMPLAINT_STATUS: NEW, WAIT_APPEAL, COMMUNICATION, WAIT_ARBITRATION, COMPLETE, CANCEL */
  status: varchar('status', { length: 20 }).notNull().default('NEW'),
  orderSn: varchar('order_sn', { length: 32 }).notNull(),
  skuId: integer('sku_id').notNull(),
  goodsId: integer('goods_id').notNull(),
  goodsName: varchar('goods_name', { length: 100 }).notNull(),
  goodsImage: varchar('goods_image', { length: 500 }).notNull().default(''),
  priceCents: cents('price_cents'),
  num: integer('num').notNull().default(1),
  shipName: varchar('ship_name', { length: 30 }).notNull().default(''),
  shipMobile: varchar('ship_mobile', { length: 20 }).notNull().default(''),
  shipAddress: varchar('ship_address', { length: 300 }).notNull().default(''),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  appealContent: varchar('appeal_content', { length: 500 }).notNull().default(''),
  appealImages: jsonb('appeal_images').$type<string[]>().notNull().default([]),
  appealAt: at('appeal_at'),
  arbitrationResult: varchar('arbitration_result', { length: 500 }).notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('complaints_created_idx').on(t.createdAt, t.id),
  index('complaints_status_created_idx').on(t.status, t.createdAt, t.id),
  index('complaints_complaining_idx').on(t.createdAt, t.id).where(sql.raw(COMPLAINING_CONDITION)),
  index('complaints_order_sn_idx').on(t.orderSn),
  trigramIndex('complaints_content_trgm_idx', t.content),
  trigramIndex('complaints_goods_name_trgm_idx', t.goodsName),
  trigramIndex('complaints_order_sn_trgm_idx', t.orderSn),
]);

export const complaintMessages = pgTable('complaint_messages', {
  id: serial('id').primaryKey(),
  complaintId: integer('complaint_id').notNull(),
  /** PLATFORM, BUYER, SELLER */
  owner: varchar('owner', { length: 10 }).notNull(),
  ownerId: integer('owner_id').notNull().default(0),
  ownerName: varchar('owner_name', { length: 30 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('complaint_messages_complaint_idx').on(t.complaintId, t.id)]);

export const goodsComments = pgTable('goods_comments', {
  id: serial('id').primaryKey(),
  goodsId: integer('goods_id').notNull(),
  skuId: integer('sku_id').notNull().default(0),
  goodsName: varchar('goods_name', { length: 100 }).notNull(),
  goodsImage: varchar('goods_image', { length: 500 }).notNull().default(''),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  orderSn: varchar('order_sn', { length: 32 }).notNull().default(''),
  content: varchar('content', { length: 500 }).notNull(),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  haveImage: smallint('have_image').notNull().default(0),
  /** good, neutral, bad */
  grade: varchar('grade', { length: 8 }).notNull(),
  /** INITIAL, ADDITIONAL (parent_id: the initial comment) */
  commentsType: varchar('comments_type', { length: 10 }).notNull().default('INITIAL'),
  parentId: integer('parent_id'),
  /** WAIT_AUDIT, PASS_AUDIT, REFUSE_AUDIT */
  auditStatus: varchar('audit_status', { length: 12 }).notNull().default('PASS_AUDIT'),
  /** 1 shown, 0 hidden (DOMAIN's soft delete) */
  status: smallint('status').notNull().default(1),
  replyContent: varchar('reply_content', { length: 200 }).notNull().default(''),
  replyAt: at('reply_at'),
  createdAt: createdAt(),
}, (t) => [
  index('goods_comments_created_idx').on(t.createdAt, t.id),
  index('goods_comments_grade_created_idx').on(t.grade, t.createdAt, t.id),
  index('goods_comments_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  index('goods_comments_audit_created_idx').on(t.auditStatus, t.createdAt, t.id),
  // the goods' visible count
  index('goods_comments_goods_idx').on(t.goodsId, t.status, t.auditStatus),
  trigramIndex('goods_comments_content_trgm_idx', t.content),
  trigramIndex('goods_comments_goods_name_trgm_idx', t.goodsName),
  trigramIndex('goods_comments_member_name_trgm_idx', t.memberName),
]);

export const goodsAsks = pgTable('goods_asks', {
  id: serial('id').primaryKey(),
  goodsId: integer('goods_id').notNull(),
  goodsName: varchar('goods_name', { length: 100 }).notNull(),
  goodsImage: varchar('goods_image', { length: 500 }).notNull().default(''),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  /** YES, NO */
  anonymous: varchar('anonymous', { length: 3 }).notNull().default('NO'),
  shopId: integer('shop_id').notNull(),
  shopName: varchar('shop_name', { length: 30 }).notNull(),
  content: varchar('content', { length: 120 }).notNull(),
  replyContent: varchar('reply_content', { length: 120 }).notNull().default(''),
  replyAt: at('reply_at'),
  /** YES, NO */
  replyStatus: varchar('reply_status', { length: 3 }).notNull().default('NO'),
  /** NORMAL, DELETED */
  status: varchar('status', { length: 8 }).notNull().default('NORMAL'),
  authStatus: varchar('auth_status', { length: 12 }).notNull().default('PASS_AUDIT'),
  /** other buyers' answers that passed audit */
  replyNum: integer('reply_num').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('goods_asks_created_idx').on(t.createdAt, t.id),
  index('goods_asks_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  index('goods_asks_auth_created_idx').on(t.authStatus, t.createdAt, t.id),
  index('goods_asks_reply_created_idx').on(t.replyStatus, t.createdAt, t.id),
  trigramIndex('goods_asks_content_trgm_idx', t.content),
  trigramIndex('goods_asks_goods_name_trgm_idx', t.goodsName),
  trigramIndex('goods_asks_member_name_trgm_idx', t.memberName),
]);

/** Other buyers' answers to an ask (one per member, never the asker). */
export const askReplies = pgTable('ask_replies', {
  id: serial('id').primaryKey(),
  askId: integer('ask_id').notNull(),
  memberId: integer('member_id').notNull(),
  memberName: varchar('member_name', { length: 20 }).notNull(),
  anonymous: varchar('anonymous', { length: 3 }).notNull().default('NO'),
  content: varchar('content', { length: 120 }).notNull(),
  authStatus: varchar('auth_status', { length: 12 }).notNull().default('PASS_AUDIT'),
  /** 1 deleted */
  isDel: smallint('is_del').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('ask_replies_ask_idx').on(t.askId, t.id),
  uniqueIndex('ask_replies_member_uq').on(t.askId, t.memberId),
]);

/**
 * What the platform sent to members, shops and administrators, by channel (DOMAIN §2.30): every
 * sender writes a row as it sends (the SMS driver, the station messages of the sale flows).
 */
export const notificationsSent = pgTable('notifications_sent', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** STATION, SMS, EMAIL */
  channel: varchar('channel', { length: 8 }).notNull(),
  /** MEMBER, SHOP, ADMIN */
  receiverType: varchar('receiver_type', { length: 8 }).notNull(),
  receiverId: integer('receiver_id').notNull().default(0),
  /** as addressed: member or shop name, mobile, email */
  receiver: varchar('receiver', { length: 100 }).notNull(),
  title: varchar('title', { length: 100 }).notNull().default(''),
  content: varchar('content', { length: 1000 }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('notifications_sent_created_idx').on(t.createdAt, t.id),
  index('notifications_sent_channel_created_idx').on(t.channel, t.createdAt, t.id),
  index('notifications_sent_receiver_created_idx').on(t.receiver, t.createdAt, t.id),
]);
