import { and, asc, count, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { AskDetail, AskListQuery, AskRow, AuditStatus, Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { preparedOnce } from '../../platform/statements.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { sendStationMessages } from '../../platform/notifications.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { escapeLike, lockRowsById, type Transaction as Tx } from '../../db/sql.js';
import { askReplies, goodsAsks } from './tables.js';
import { maskSensitive } from '../search/sensitive.js';

type AskRecord = typeof goodsAsks.$inferSelect;

const toRow = (row: AskRecord): AskRow => ({
  ask_id: row.id,
  goods_id: row.goodsId,
  goods_name: row.goodsName,
  goods_image: row.goodsImage,
  member_id: row.memberId,
  member_name: row.memberName,
  anonymous: row.anonymous === 'YES' ? 'YES' : 'NO',
  seller_id: row.shopId,
  seller_name: row.shopName,
  content: row.content,
  auth_status: row.authStatus as AuditStatus,
  reply_status: row.replyStatus === 'YES' ? 'YES' : 'NO',
  reply_num: row.replyNum,
  status: row.status === 'DELETED' ? 'DELETED' : 'NORMAL',
  create_time: unixSeconds(row.createdAt),
});

export function listAsks(ctx: AppContext, query: AskListQuery): Promise<Page<AskRow>> {
  const keyword = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  return listPage(ctx.db, {
    query,
    table: goodsAsks,
    id: goodsAsks.id,
    where: [
      keyword ? or(ilike(goodsAsks.content, keyword), ilike(goodsAsks.goodsName, keyword), ilike(goodsAsks.memberName, keyword)) : undefined,
      query.seller_id ? eq(goodsAsks.shopId, query.seller_id) : undefined,
      query.auth_status ? eq(goodsAsks.authStatus, query.auth_status) : undefined,
      query.reply_status ? eq(goodsAsks.replyStatus, query.reply_status) : undefined,
      query.start_time === undefined ? undefined : gte(goodsAsks.createdAt, fromUnixSeconds(query.start_time)),
      query.end_time === undefined ? undefined : lte(goodsAsks.createdAt, fromUnixSeconds(query.end_time)),
    ],
    sorts: { create_time: goodsAsks.createdAt },
    statement: 'sale/asks.listAsks',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(goodsAsks).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.ask_id,
  });
}

// the question detail's reads, prepared once (platform/statements.ts)
const askById = preparedOnce('agora_ask', (db) => db.select().from(goodsAsks).where(eq(goodsAsks.id, sql.placeholder('id'))));
const repliesOfAsk = preparedOnce('agora_ask_replies', (db) =>
  db
    .select()
    .from(askReplies)
    .where(and(eq(askReplies.askId, sql.placeholder('id')), eq(askReplies.isDel, sql.placeholder('kept'))))
    .orderBy(asc(askReplies.id)),
);

export async function getAsk(ctx: AppContext, id: number): Promise<AskDetail> {
  const [row] = await askById(ctx.db).execute({ id });
  if (!row) throw new AppError(404, 'ASK_NOT_FOUND', { ids: id });
  const replies = await repliesOfAsk(ctx.db).execute({ id, kept: 0 });
  return {
    ...toRow(row),
    reply_content: row.replyContent,
    reply_time: row.replyAt ? unixSeconds(row.replyAt) : null,
    replies: replies.map((reply) => ({
      reply_id: reply.id,
      member_name: reply.memberName,
      anonymous: reply.anonymous === 'YES' ? 'YES' : 'NO',
      content: reply.content,
      auth_status: reply.authStatus as AuditStatus,
      create_time: unixSeconds(reply.createdAt),
    })),
  };
}

function lockAsks(tx: Tx, ids: number[]): Promise<AskRecord[]> {
  return lockRowsById(tx, goodsAsks, ids, (missing) => new AppError(404, 'ASK_NOT_FOUND', { ids: missing.join(',') }));
}

const excerpt = (text: string) => (text.length > 20 ? `${text.slice(0, 20)}…` : text);

/** Batch audit (DOMAIN §2.9): every ask must still wait, or nothing changes; the askers hear the result. */
export async function auditAsks(ctx: AppContext, ids: number[], status: 'PASS_AUDIT' | 'REFUSE_AUDIT'): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockAsks(tx, [...new Set(ids)]);
    const done = rows.find((row) => row.authStatus !== 'WAIT_AUDIT');
    if (done) throw badRequest('ASK_NOT_WAIT_AUDIT', { content: excerpt(done.content) });
    await tx.update(goodsAsks).set({ authStatus: status }).where(inArray(goodsAsks.id, ids));
    await sendStationMessages(
      tx,
      rows.map((row) => ({
        receiverType: 'MEMBER' as const,
        receiverId: row.memberId,
        receiver: row.memberName,
        title: status === 'PASS_AUDIT' ? '咨询审核通过' : '咨询审核未通过',
        content: `您对商品“${row.goodsName}”的咨询${status === 'PASS_AUDIT' ? '已审核通过' : '未通过审核'}`,
      })),
    );
  });
}

/** Hide an ask (DOMAIN's soft delete: status DELETED). */
export async function hideAsk(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await lockAsks(tx, [id]);
    if (row.status === 'DELETED') throw badRequest('ASK_ALREADY_HIDDEN');
    await tx.update(goodsAsks).set({ status: 'DELETED' }).where(eq(goodsAsks.id, id));
  });
}

/** The platform's answer (once; the asker hears of it). */
export async function answerAsk(ctx: AppContext, id: number, content: string): Promise<AskDetail> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await lockAsks(tx, [id]);
    if (row.replyStatus === 'YES') throw badRequest('ASK_ALREADY_ANSWERED');
    content = await maskSensitive(ctx, content, tx);
    await tx.update(goodsAsks).set({ replyContent: content, replyAt: new Date(), replyStatus: 'YES' }).where(eq(goodsAsks.id, id));
    await sendStationMessages(tx, [
      { receiverType: 'MEMBER', receiverId: row.memberId, receiver: row.memberName, title: '咨询收到回复', content: `您对商品“${row.goodsName}”的咨询收到回复：${content}` },
    ]);
  });
  return getAsk(ctx, id);
}

/** The asks' counts of passed answers. */
async function recountReplies(tx: Tx, askIds: number[]) {
  for (const askId of [...new Set(askIds)].sort((a, b) => a - b)) {
    const [passed] = await tx
      .select({ n: count() })
      .from(askReplies)
      .where(and(eq(askReplies.askId, askId), eq(askReplies.isDel, 0), eq(askReplies.authStatus, 'PASS_AUDIT')));
    await tx.update(goodsAsks).set({ replyNum: passed.n }).where(eq(goodsAsks.id, askId));
  }
}

function lockReplies(tx: Tx, ids: number[]) {
  return lockRowsById(tx, askReplies, ids, (missing) => new AppError(404, 'ASK_REPLY_NOT_FOUND', { ids: missing.join(',') }), eq(askReplies.isDel, 0));
}

export async function auditAskReplies(ctx: AppContext, ids: number[], status: 'PASS_AUDIT' | 'REFUSE_AUDIT'): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockReplies(tx, [...new Set(ids)]);
    const done = rows.find((row) => row.authStatus !== 'WAIT_AUDIT');
    if (done) throw badRequest('ASK_REPLY_NOT_WAIT_AUDIT', { content: excerpt(done.content) });
    await tx.update(askReplies).set({ authStatus: status }).where(inArray(askReplies.id, ids));
    await recountReplies(tx, rows.map((row) => row.askId));
  });
}

export async function removeAskReplies(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockReplies(tx, ids);
    await tx.update(askReplies).set({ isDel: 1 }).where(inArray(askReplies.id, ids));
    await recountReplies(tx, rows.map((row) => row.askId));
  });
}
