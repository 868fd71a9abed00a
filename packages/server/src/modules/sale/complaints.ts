import { and, asc, eq, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import {
  ORDER_STATUS,
  toYuan,
  type BuyerComplaintInput,
  type ComplainStatus,
  type ComplaintDetail,
  type ComplaintListQuery,
  type ComplaintRow,
  type ComplaintStatus,
  type ComplaintTopicInput,
  type ComplaintTopicRow,
  type Page,
} from '@agora/contract';
import type { ListQuery } from '../../platform/list.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { preparedOnce } from '../../platform/statements.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { sendStationMessages } from '../../platform/notifications.js';
import { unixSeconds } from '../../platform/time.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { escapeLike, type Transaction as Tx } from '../../db/sql.js';
import { assertComplaintAllowed, complaintAllowable, type ComplaintAction } from './complaint-flow.js';
import { COMPLAINING_CONDITION, complaintMessages, complaints, complaintTopics } from './tables.js';
import { COMPLAIN_OPEN_CONDITION, orderItems, orders } from '../orders/tables.js';
import { readTradeClock, tradeDeadline, tradeDelayMs } from '../orders/timing.js';
import { authenticateMember } from '../members/buyer-auth.js';

refuseDuplicates({ complaint_topics_name_uq: 'COMPLAINT_TOPIC_NAME_TAKEN' });

type ComplaintRecord = typeof complaints.$inferSelect;

const complaintNotFound = () => new AppError(404, 'COMPLAINT_NOT_FOUND');

const toRow = (row: ComplaintRecord): ComplaintRow => ({
  complain_id: row.id,
  complain_topic: row.topic,
  content: row.content,
  status: row.status as ComplaintStatus,
  member_id: row.memberId,
  member_name: row.memberName,
  seller_id: row.shopId,
  seller_name: row.shopName,
  order_sn: row.orderSn,
  goods_name: row.goodsName,
  create_time: unixSeconds(row.createdAt),
});

const TAG_WHERE = {
  ALL: undefined,
  COMPLAINING: sql.raw(COMPLAINING_CONDITION),
  COMPLETE: eq(complaints.status, 'COMPLETE'),
  CANCELED: eq(complaints.status, 'CANCEL'),
};

/** Newest first; the keyword reads order sn, goods name and content through trigram indexes. */
export function listComplaints(ctx: AppContext, query: ComplaintListQuery): Promise<Page<ComplaintRow>> {
  const keyword = query.keywords ? `%${escapeLike(query.keywords)}%` : undefined;
  return listPage(ctx.db, {
    query,
    table: complaints,
    id: complaints.id,
    where: [
      keyword ? or(ilike(complaints.orderSn, keyword), ilike(complaints.goodsName, keyword), ilike(complaints.content, keyword)) : undefined,
      query.order_sn ? eq(complaints.orderSn, query.order_sn) : undefined,
      TAG_WHERE[query.tag ?? 'ALL'],
    ],
    sorts: { create_time: complaints.createdAt },
    statement: 'sale/complaints.listComplaints',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(complaints).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.complain_id,
  });
}

// the complaint detail's reads, prepared once (platform/statements.ts)
const complaintById = preparedOnce('agora_complaint', (db) => db.select().from(complaints).where(eq(complaints.id, sql.placeholder('id'))));
const messagesOfComplaint = preparedOnce('agora_complaint_messages', (db) =>
  db.select().from(complaintMessages).where(eq(complaintMessages.complaintId, sql.placeholder('id'))).orderBy(asc(complaintMessages.id)),
);

export async function getComplaint(ctx: AppContext, id: number): Promise<ComplaintDetail> {
  const [row] = await complaintById(ctx.db).execute({ id });
  if (!row) throw complaintNotFound();
  const messages = await messagesOfComplaint(ctx.db).execute({ id });
  return {
    ...toRow(row),
    images: row.images,
    goods_id: row.goodsId,
    goods_image: row.goodsImage,
    price: toYuan(row.priceCents),
    num: row.num,
    ship_name: row.shipName,
    ship_mobile: row.shipMobile,
    ship_addr: row.shipAddress,
    appeal_content: row.appealContent,
    appeal_images: row.appealImages,
    appeal_time: row.appealAt ? unixSeconds(row.appealAt) : null,
    arbitration_result: row.arbitrationResult,
    messages: messages.map((message) => ({
      id: message.id,
      owner: message.owner as ComplaintDetail['messages'][number]['owner'],
      owner_name: message.ownerName,
      content: message.content,
      create_time: unixSeconds(message.createdAt),
    })),
    allowable: complaintAllowable(row.status),
  };
}

/**
 * The only writer of a complaint's state: locks the row (of two operators the second waits and
 * then sees the first's state), asks the flow, runs the action's writes and sets the new state,
 * all in the caller's transaction. A refusal changes nothing.
 */
export async function transitionComplaint(
  tx: Tx,
  id: number,
  action: ComplaintAction,
  perform: (complaint: ComplaintRecord, now: Date) => Promise<Partial<typeof complaints.$inferInsert> | void>,
): Promise<ComplaintRecord> {
  const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
  if (!complaint) throw complaintNotFound();
  const next = assertComplaintAllowed(complaint.status, action);
  const now = new Date();
  const set = (await perform(complaint, now)) ?? {};
  // an ended complaint (arbitrated or withdrawn) leaves its order line complained (DOMAIN §2.7)
  if (next === 'COMPLETE' || next === 'CANCEL') await setLineComplainStatus(tx, complaint.orderSn, complaint.skuId, 'COMPLETE');
  const [updated] = await tx.update(complaints).set({ ...set, status: next, updatedAt: now }).where(eq(complaints.id, id)).returning();
  return updated;
}

/** The complaint state of the order line a complaint is about, written in the complaint's transaction. */
function setLineComplainStatus(tx: Tx, orderSn: string, skuId: number, status: ComplainStatus) {
  return tx
    .update(orderItems)
    .set({ complainStatus: status })
    .where(and(eq(orderItems.skuId, skuId), inArray(orderItems.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.sn, orderSn)))));
}

/** An order can be complained about once paid (DOMAIN §2.7): not while unpaid, cancelled or never stored. */
const COMPLAINABLE_ORDER = new Set(['PAID_OFF', 'FORMED', 'SHIPPED', 'ROG', 'COMPLETE', 'AFTER_SERVICE']);

export interface ComplaintFiling {
  orderSn: string;
  skuId: number;
  topic: string;
  content: string;
  images?: string[];
}

/**
 * The buyer files a complaint on one line of their order (DOMAIN §2.7). Under the order's row lock
 * (so the window's expiry and a second filing wait for it): the order must be paid, the topic
 * must exist, the line must not be complained about yet, and its window must be open — a
 * completed order's lines can be complained about for complain_expired_day days. The complaint
 * starts NEW with a snapshot of the line and the consignee, and the line becomes APPLYING.
 */
export async function fileComplaint(tx: Tx, filing: ComplaintFiling, now = new Date()): Promise<ComplaintRecord> {
  const [order] = await tx.select().from(orders).where(eq(orders.sn, filing.orderSn)).for('update');
  if (!order) throw new AppError(404, 'ORDER_NOT_FOUND');
  if (!COMPLAINABLE_ORDER.has(order.status)) {
    const status = ORDER_STATUS[order.status as keyof typeof ORDER_STATUS] ?? { zh: order.status, en: order.status };
    throw badRequest('ORDER_ACTION_REFUSED', { status: status.zh, action: '投诉', status_en: status.en.toLowerCase(), action_en: 'complained about' });
  }
  const [item] = await tx.select().from(orderItems).where(and(eq(orderItems.orderId, order.id), eq(orderItems.skuId, filing.skuId)));
  if (!item) throw new AppError(404, 'ORDER_ITEM_NOT_FOUND');
  if (item.complainStatus === 'APPLYING' || item.complainStatus === 'COMPLETE') throw badRequest('COMPLAINT_ALREADY_FILED');
  const clock = await readTradeClock({ db: tx });
  const windowOver = order.status === 'COMPLETE' && order.completedAt !== null && tradeDeadline(clock, order.completedAt, clock.settings.complain_expired_day) < now;
  if (item.complainStatus === 'EXPIRED' || windowOver) throw badRequest('COMPLAINT_WINDOW_CLOSED');
  const [topic] = await tx.select({ name: complaintTopics.topicName }).from(complaintTopics).where(eq(complaintTopics.topicName, filing.topic));
  if (!topic) throw new AppError(404, 'COMPLAINT_TOPIC_NOT_FOUND');
  const [complaint] = await tx
    .insert(complaints)
    .values({
      topic: topic.name,
      content: filing.content,
      images: filing.images ?? [],
      status: 'NEW',
      orderSn: order.sn,
      skuId: item.skuId,
      goodsId: item.goodsId,
      goodsName: item.goodsName,
      goodsImage: item.image,
      priceCents: item.priceCents,
      num: item.num,
      shipName: order.shipName,
      shipMobile: order.shipMobile,
      shipAddress: `${order.shipRegion} ${order.shipAddress}`.trim(),
      memberId: order.memberId,
      memberName: order.memberName,
      shopId: order.shopId,
      shopName: order.shopName,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.update(orderItems).set({ complainStatus: 'APPLYING' }).where(eq(orderItems.id, item.id));
  return complaint;
}

/** Orders whose window one transaction closes; a tick runs batches until none is left or its cap. */
const EXPIRY_BATCH = 1000;
const EXPIRY_BATCHES_PER_TICK = 20;

/**
 * DOMAIN §1.6 complain_expired_day: the lines of orders completed longer ago than the window that
 * were never complained about become EXPIRED (a complaint under way keeps going). Each batch locks
 * its orders (skipping those a filing holds: the next tick takes them) and marks them closed, so
 * the partial index only ever holds the orders still to expire. Answers how many lines expired.
 */
export async function expireComplaintWindows(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const clock = await readTradeClock(ctx);
  const before = new Date(now.getTime() - tradeDelayMs(clock, clock.settings.complain_expired_day));
  let expired = 0;
  for (let batch = 0; batch < EXPIRY_BATCHES_PER_TICK; batch += 1) {
    const { orderCount, lineCount } = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(sql.raw(COMPLAIN_OPEN_CONDITION), lt(orders.completedAt, before)))
        .orderBy(asc(orders.completedAt), asc(orders.id))
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return { orderCount: 0, lineCount: 0 };
      const ids = due.map((row) => row.id);
      const lines = await tx
        .update(orderItems)
        .set({ complainStatus: 'EXPIRED' })
        .where(and(inArray(orderItems.orderId, ids), eq(orderItems.complainStatus, 'NO_APPLY')))
        .returning({ id: orderItems.id });
      await tx.update(orders).set({ complainOpen: 0 }).where(inArray(orders.id, ids));
      return { orderCount: ids.length, lineCount: lines.length };
    });
    expired += lineCount;
    if (orderCount < EXPIRY_BATCH) break;
  }
  return expired;
}

const platformMessage = (tx: Tx, complaint: ComplaintRecord, admin: AuthedAdmin, content: string, now: Date) =>
  tx.insert(complaintMessages).values({ complaintId: complaint.id, owner: 'PLATFORM', ownerId: admin.id, ownerName: '平台', content, createdAt: now });

/** Both parties hear of what the platform did (site messages, in the history). */
function notifyParties(tx: Tx, complaint: ComplaintRecord, title: string, content: string) {
  return sendStationMessages(tx, [
    { receiverType: 'MEMBER', receiverId: complaint.memberId, receiver: complaint.memberName, title, content },
    { receiverType: 'SHOP', receiverId: complaint.shopId, receiver: complaint.shopName, title, content },
  ]);
}

export async function complaintToAppeal(ctx: AppContext, admin: AuthedAdmin, id: number): Promise<ComplaintDetail> {
  await ctx.db.transaction((tx) =>
    transitionComplaint(tx, id, 'TO_APPEAL', async (complaint, now) => {
      await platformMessage(tx, complaint, admin, '平台已审核该投诉，请商家在规定时间内申诉', now);
      await sendStationMessages(tx, [
        { receiverType: 'SHOP', receiverId: complaint.shopId, receiver: complaint.shopName, title: '交易投诉待申诉', content: `订单${complaint.orderSn}的交易投诉（${complaint.topic}）已交由店铺申诉，请及时处理` },
      ]);
    }),
  );
  return getComplaint(ctx, id);
}

export async function complaintCommunicate(ctx: AppContext, admin: AuthedAdmin, id: number, content: string): Promise<ComplaintDetail> {
  await ctx.db.transaction((tx) =>
    transitionComplaint(tx, id, 'COMMUNICATE', async (complaint, now) => {
      await platformMessage(tx, complaint, admin, content, now);
    }),
  );
  return getComplaint(ctx, id);
}

export async function arbitrateComplaint(ctx: AppContext, admin: AuthedAdmin, id: number, result: string): Promise<ComplaintDetail> {
  await ctx.db.transaction((tx) =>
    transitionComplaint(tx, id, 'COMPLETE', async (complaint, now) => {
      await platformMessage(tx, complaint, admin, `仲裁结果：${result}`, now);
      await notifyParties(tx, complaint, '交易投诉已仲裁', `订单${complaint.orderSn}的交易投诉（${complaint.topic}）平台已仲裁：${result}`);
      return { arbitrationResult: result };
    }),
  );
  return getComplaint(ctx, id);
}

// ─── The buyer's side ───────────────────────────────────────────────────────

/** The buyer files a complaint on a line of their own order (another member's order is not found). */
export async function buyerFileComplaint(ctx: AppContext, input: BuyerComplaintInput & { ip: string }): Promise<ComplaintDetail> {
  const member = await authenticateMember(ctx, input, 'LOGIN_LOCKED');
  const [own] = await ctx.db.select({ memberId: orders.memberId }).from(orders).where(eq(orders.sn, input.order_sn));
  if (!own || own.memberId !== member.id) throw new AppError(404, 'ORDER_NOT_FOUND');
  const complaint = await ctx.db.transaction((tx) =>
    fileComplaint(tx, { orderSn: input.order_sn, skuId: input.sku_id, topic: input.complain_topic, content: input.content, images: input.images }),
  );
  return getComplaint(ctx, complaint.id);
}

/** The buyer withdraws their complaint: it ends CANCEL and the line stays complained (DOMAIN §2.7). */
export async function buyerWithdrawComplaint(ctx: AppContext, id: number, credentials: { uname: string; password: string; ip: string }): Promise<ComplaintDetail> {
  const member = await authenticateMember(ctx, credentials, 'LOGIN_LOCKED');
  await ctx.db.transaction((tx) =>
    transitionComplaint(tx, id, 'CANCEL', async (complaint, now) => {
      if (complaint.memberId !== member.id) throw complaintNotFound();
      await tx.insert(complaintMessages).values({ complaintId: id, owner: 'BUYER', ownerId: member.id, ownerName: member.uname, content: '买家撤销了投诉', createdAt: now });
    }),
  );
  return getComplaint(ctx, id);
}

// ─── Topics ─────────────────────────────────────────────────────────────────

const toTopicRow = (row: typeof complaintTopics.$inferSelect): ComplaintTopicRow => ({
  topic_id: row.id,
  topic_name: row.topicName,
  topic_remark: row.topicRemark,
  create_time: unixSeconds(row.createdAt),
});

export function listComplaintTopics(ctx: AppContext, query: ListQuery): Promise<Page<ComplaintTopicRow>> {
  return listPage(ctx.db, {
    query,
    table: complaintTopics,
    id: complaintTopics.id,
    where: [],
    statement: 'sale/complaints.listComplaintTopics',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(complaintTopics).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toTopicRow,
    idOf: (row) => row.topic_id,
  });
}

async function assertTopicNameFree(ctx: AppContext, name: string, exceptId?: number) {
  const [clash] = await ctx.db
    .select({ id: complaintTopics.id })
    .from(complaintTopics)
    .where(and(eq(complaintTopics.topicName, name), exceptId === undefined ? undefined : ne(complaintTopics.id, exceptId)));
  if (clash) throw badRequest('COMPLAINT_TOPIC_NAME_TAKEN');
}

export async function createComplaintTopic(ctx: AppContext, input: ComplaintTopicInput): Promise<ComplaintTopicRow> {
  await assertTopicNameFree(ctx, input.topic_name);
  const [row] = await ctx.db.insert(complaintTopics).values({ topicName: input.topic_name, topicRemark: input.topic_remark }).returning();
  return toTopicRow(row);
}

export async function updateComplaintTopic(ctx: AppContext, id: number, input: ComplaintTopicInput): Promise<ComplaintTopicRow> {
  await assertTopicNameFree(ctx, input.topic_name, id);
  const [row] = await ctx.db.update(complaintTopics).set({ topicName: input.topic_name, topicRemark: input.topic_remark }).where(eq(complaintTopics.id, id)).returning();
  if (!row) throw new AppError(404, 'COMPLAINT_TOPIC_NOT_FOUND');
  return toTopicRow(row);
}

/** Complaints keep their topic as text, so a topic can go without touching them. */
export async function deleteComplaintTopic(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.db.delete(complaintTopics).where(eq(complaintTopics.id, id)).returning({ id: complaintTopics.id });
  if (deleted.length === 0) throw new AppError(404, 'COMPLAINT_TOPIC_NOT_FOUND');
}
