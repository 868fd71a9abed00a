import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import {
  toYuan,
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
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { sendStationMessages } from '../../platform/notifications.js';
import { unixSeconds } from '../../platform/time.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { escapeLike, type Transaction as Tx } from '../../db/sql.js';
import { assertComplaintAllowed, complaintAllowable, type ComplaintAction } from './complaint-flow.js';
import { COMPLAINING_CONDITION, complaintMessages, complaints, complaintTopics } from './tables.js';

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
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(complaints).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.complain_id,
  });
}

export async function getComplaint(ctx: AppContext, id: number): Promise<ComplaintDetail> {
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.id, id));
  if (!row) throw complaintNotFound();
  const messages = await ctx.db.select().from(complaintMessages).where(eq(complaintMessages.complaintId, id)).orderBy(asc(complaintMessages.id));
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
  const [updated] = await tx.update(complaints).set({ ...set, status: next, updatedAt: now }).where(eq(complaints.id, id)).returning();
  return updated;
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
