import { and, count, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { AuditStatus, CommentGrade, CommentListQuery, CommentRow, CommentType, Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { sendStationMessages } from '../../platform/notifications.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { escapeLike, lockRowsById, type Transaction as Tx } from '../../db/sql.js';
import { goods } from '../goods/tables.js';
import { orderItems, orders } from '../orders/tables.js';
import { goodsComments } from './tables.js';
import { maskSensitive } from '../search/sensitive.js';

type CommentRecord = typeof goodsComments.$inferSelect;

const toRow = (row: CommentRecord): CommentRow => ({
  comment_id: row.id,
  goods_id: row.goodsId,
  goods_name: row.goodsName,
  goods_image: row.goodsImage,
  member_id: row.memberId,
  member_name: row.memberName,
  seller_id: row.shopId,
  seller_name: row.shopName,
  order_sn: row.orderSn,
  content: row.content,
  images: row.images,
  grade: row.grade as CommentGrade,
  comments_type: row.commentsType as CommentType,
  audit_status: row.auditStatus as AuditStatus,
  status: row.status === 1 ? 1 : 0,
  reply_content: row.replyContent,
  reply_time: row.replyAt ? unixSeconds(row.replyAt) : null,
  create_time: unixSeconds(row.createdAt),
});

export function listComments(ctx: AppContext, query: CommentListQuery): Promise<Page<CommentRow>> {
  const keyword = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  return listPage(ctx.db, {
    query,
    table: goodsComments,
    id: goodsComments.id,
    where: [
      keyword ? or(ilike(goodsComments.content, keyword), ilike(goodsComments.goodsName, keyword), ilike(goodsComments.memberName, keyword)) : undefined,
      query.grade ? eq(goodsComments.grade, query.grade) : undefined,
      query.seller_id ? eq(goodsComments.shopId, query.seller_id) : undefined,
      query.audit_status ? eq(goodsComments.auditStatus, query.audit_status) : undefined,
      query.status === undefined ? undefined : eq(goodsComments.status, query.status),
      query.comments_type ? eq(goodsComments.commentsType, query.comments_type) : undefined,
      query.have_image === undefined ? undefined : eq(goodsComments.haveImage, query.have_image),
      query.start_time === undefined ? undefined : gte(goodsComments.createdAt, fromUnixSeconds(query.start_time)),
      query.end_time === undefined ? undefined : lte(goodsComments.createdAt, fromUnixSeconds(query.end_time)),
    ],
    sorts: { create_time: goodsComments.createdAt },
    statement: 'sale/comments.listComments',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(goodsComments).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.comment_id,
  });
}

/**
 * DOMAIN §2.8: only shown, passed initial comments count on the storefront, for the goods'
 * comment_num and its positive-review rate (the good-grade ones among them). Recounted (not
 * incremented) under the goods row's lock, so concurrent changes cannot drift the figure.
 */
export async function recountGoodsComments(tx: Tx, goodsIds: number[]): Promise<void> {
  for (const goodsId of [...new Set(goodsIds)].sort((a, b) => a - b)) {
    await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, goodsId)).for('update');
    const [visible] = await tx
      .select({ n: count(), good: sql<number>`count(*) filter (where ${goodsComments.grade} = 'good')`.mapWith(Number) })
      .from(goodsComments)
      .where(and(eq(goodsComments.goodsId, goodsId), eq(goodsComments.status, 1), eq(goodsComments.auditStatus, 'PASS_AUDIT'), eq(goodsComments.commentsType, 'INITIAL')));
    await tx.update(goods).set({ commentNum: visible.n, goodCommentNum: visible.good }).where(eq(goods.id, goodsId));
  }
}

type OrderOfComment = Pick<typeof orders.$inferSelect, 'sn' | 'memberId' | 'memberName' | 'shopId' | 'shopName'>;
type LineOfComment = Pick<typeof orderItems.$inferSelect, 'goodsId' | 'skuId' | 'goodsName' | 'image'>;

/** Who reviews what: the goods, buyer, shop and order fields of a review of one order line. */
export const reviewOfLine = (order: OrderOfComment, item: LineOfComment) => ({
  goodsId: item.goodsId,
  skuId: item.skuId,
  goodsName: item.goodsName,
  goodsImage: item.image,
  memberId: order.memberId,
  memberName: order.memberName,
  shopId: order.shopId,
  shopName: order.shopName,
  orderSn: order.sn,
});

/** What a system good review says when the buyer wrote none (DOMAIN §1.6 comment_order_day). */
export const AUTO_REVIEW_TEXT = '系统默认好评';

/**
 * The buyer did not review a completed order in time: every item they have not reviewed gets a
 * passed good review (system reviews skip the audit, DOMAIN §2.8) and the order's comment status
 * becomes FINISHED. The status moves by a conditional update, so two runs at once review once;
 * answers false (nothing written) when the order was no longer waiting for a review.
 */
export async function autoGoodReview(tx: Tx, orderId: number): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ commentStatus: 'FINISHED' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'COMPLETE'), eq(orders.commentStatus, 'UNFINISHED')))
    .returning({ sn: orders.sn, memberId: orders.memberId, memberName: orders.memberName, shopId: orders.shopId, shopName: orders.shopName });
  if (!order) return false;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
  const reviewed = await tx
    .select({ goodsId: goodsComments.goodsId, skuId: goodsComments.skuId })
    .from(goodsComments)
    .where(and(eq(goodsComments.orderSn, order.sn), eq(goodsComments.commentsType, 'INITIAL')));
  const done = new Set(reviewed.map((row) => `${row.goodsId}:${row.skuId}`));
  const missing = items.filter((item) => !done.has(`${item.goodsId}:${item.skuId}`) && done.add(`${item.goodsId}:${item.skuId}`));
  if (missing.length === 0) return true;
  await tx.insert(goodsComments).values(
    missing.map((item) => ({
      ...reviewOfLine(order, item),
      content: AUTO_REVIEW_TEXT,
      grade: 'good',
      auditStatus: 'PASS_AUDIT',
    })),
  );
  await recountGoodsComments(tx, missing.map((item) => item.goodsId));
  return true;
}

function lockComments(tx: Tx, ids: number[]): Promise<CommentRecord[]> {
  return lockRowsById(tx, goodsComments, ids, (missing) => new AppError(404, 'COMMENT_NOT_FOUND', { ids: missing.join(',') }));
}

const excerpt = (text: string) => (text.length > 20 ? `${text.slice(0, 20)}…` : text);

/** Batch audit (DOMAIN §2.8, §3.8): every comment must still wait, or nothing changes. */
export async function auditComments(ctx: AppContext, ids: number[], status: 'PASS_AUDIT' | 'REFUSE_AUDIT'): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockComments(tx, [...new Set(ids)]);
    const done = rows.find((row) => row.auditStatus !== 'WAIT_AUDIT');
    if (done) throw badRequest('COMMENT_NOT_WAIT_AUDIT', { content: excerpt(done.content) });
    await tx.update(goodsComments).set({ auditStatus: status }).where(inArray(goodsComments.id, ids));
    await recountGoodsComments(tx, rows.map((row) => row.goodsId));
    await sendStationMessages(
      tx,
      rows.map((row) => ({
        receiverType: 'MEMBER' as const,
        receiverId: row.memberId,
        receiver: row.memberName,
        title: status === 'PASS_AUDIT' ? '评论审核通过' : '评论审核未通过',
        content: `您对商品“${row.goodsName}”的评论${status === 'PASS_AUDIT' ? '已审核通过' : '未通过审核'}`,
      })),
    );
  });
}

/** Hide (DOMAIN's soft delete, status 0) or show again; the goods' count follows. */
export async function setCommentShown(ctx: AppContext, id: number, shown: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await lockComments(tx, [id]);
    if (shown && row.status === 1) throw badRequest('COMMENT_ALREADY_SHOWN');
    if (!shown && row.status === 0) throw badRequest('COMMENT_ALREADY_HIDDEN');
    await tx.update(goodsComments).set({ status: shown ? 1 : 0 }).where(eq(goodsComments.id, id));
    await recountGoodsComments(tx, [row.goodsId]);
  });
}

/** The platform's reply, once; the member hears of it. */
export async function replyComment(ctx: AppContext, id: number, content: string): Promise<CommentRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await lockComments(tx, [id]);
    if (row.replyContent !== '') throw badRequest('COMMENT_ALREADY_REPLIED');
    // only a passed review shows on the storefront: a reply to one waiting or refused would answer nothing a buyer sees
    if (row.auditStatus !== 'PASS_AUDIT') throw badRequest('COMMENT_NOT_PASSED');
    content = await maskSensitive(ctx, content, tx);
    const [updated] = await tx.update(goodsComments).set({ replyContent: content, replyAt: new Date() }).where(eq(goodsComments.id, id)).returning();
    await sendStationMessages(tx, [
      { receiverType: 'MEMBER', receiverId: row.memberId, receiver: row.memberName, title: '评论收到回复', content: `您对商品“${row.goodsName}”的评论收到平台回复：${content}` },
    ]);
    return toRow(updated);
  });
}
