import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Page, SiteMessageInput, SiteMessageQuery, SiteMessageRow, SiteMessageSent, SiteMessageStatus } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { enqueueJob, registerJobKind } from '../../platform/jobs.js';
import { listPage } from '../../platform/list.js';
import { sendStationMessages } from '../../platform/notifications.js';
import { unixSeconds } from '../../platform/time.js';
import type { Transaction } from '../../db/sql.js';
import { members } from '../members/tables.js';
import { siteMessages } from './tables.js';

type SiteMessageRecord = typeof siteMessages.$inferSelect;

const toRow = (row: SiteMessageRecord): SiteMessageRow => ({
  id: row.id,
  title: row.title,
  content: row.content,
  send_type: row.sendType === 1 ? 1 : 0,
  status: row.status as SiteMessageStatus,
  sent_count: row.sentCount,
  member_names: row.memberNames,
  admin_name: row.adminName,
  send_time: unixSeconds(row.createdAt),
});

export function listSiteMessages(ctx: AppContext, query: SiteMessageQuery): Promise<Page<SiteMessageRow>> {
  return listPage(ctx.db, {
    query,
    table: siteMessages,
    id: siteMessages.id,
    where: [query.send_type === undefined ? undefined : eq(siteMessages.sendType, query.send_type)],
    defaultSort: siteMessages.createdAt,
    statement: 'messages/site-messages.listSiteMessages',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(siteMessages).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.id,
  });
}

/** Members a site message reaches: not in the recycle bin. */
const reachable = ne(members.disabled, -1);

const copiesFor = (message: SiteMessageRecord, to: { id: number; uname: string }[]) =>
  to.map((member) => ({ receiverType: 'MEMBER' as const, receiverId: member.id, receiver: member.uname, title: message.title, content: message.content }));

/**
 * POST admin/systems/messages: to chosen members at once (each gets a copy in the same
 * transaction); to everyone through a job that writes the copies in batches.
 */
export async function sendSiteMessage(ctx: AppContext, admin: AuthedAdmin, input: SiteMessageInput, audit: AuditInTransaction): Promise<SiteMessageSent> {
  return ctx.db.transaction(async (tx) => {
    if (input.send_type === 1) {
      const ids = input.member_ids ?? [];
      const found = await tx.select({ id: members.id, uname: members.uname }).from(members).where(and(inArray(members.id, ids), reachable)).orderBy(asc(members.id));
      const missing = ids.filter((id) => !found.some((member) => member.id === id));
      if (missing.length > 0) throw badRequest('SITE_MESSAGE_MEMBERS_NOT_FOUND', { ids: missing.join(',') });
      const [message] = await tx
        .insert(siteMessages)
        .values({ title: input.title, content: input.content, sendType: 1, memberIds: ids, memberNames: found.map((member) => member.uname), status: 'SENT', sentCount: found.length, adminName: admin.username })
        .returning();
      await sendStationMessages(tx, copiesFor(message, found));
      await audit(tx);
      return { id: message.id };
    }
    const [message] = await tx
      .insert(siteMessages)
      .values({ title: input.title, content: input.content, sendType: 0, memberIds: [], memberNames: [], status: 'SENDING', adminName: admin.username })
      .returning();
    const job = await enqueueJob(ctx, { kind: BROADCAST_KIND, owner: { id: admin.id, name: admin.username }, params: { messageId: message.id }, filterSummary: `站内消息：${message.title}` }, tx);
    await audit(tx);
    return { id: message.id, task: { task_id: job.id } };
  });
}

export const BROADCAST_KIND = 'messages.broadcast';
const BROADCAST_BATCH = 1000;

interface BroadcastCheckpoint {
  lastId: number;
  sent: number;
}

async function broadcastBatch(tx: Transaction, message: SiteMessageRecord, after: number) {
  const batch = await tx
    .select({ id: members.id, uname: members.uname })
    .from(members)
    .where(and(gt(members.id, after), reachable))
    .orderBy(asc(members.id))
    .limit(BROADCAST_BATCH);
  await sendStationMessages(tx, copiesFor(message, batch));
  const done = batch.length < BROADCAST_BATCH;
  await tx
    .update(siteMessages)
    .set({ sentCount: sql`${siteMessages.sentCount} + ${batch.length}`, ...(done ? { status: 'SENT' } : {}) })
    .where(eq(siteMessages.id, message.id));
  return { lastId: batch.at(-1)?.id ?? after, count: batch.length, done };
}

// Each batch commits its copies with the checkpoint: a resumed attempt goes on after the last member reached.
registerJobKind(BROADCAST_KIND, {
  operateType: 'TASK',
  label: { zh: '站内消息群发', en: 'Site message to everyone' },
  restartable: true,
  async run(job, { ctx, progress, isCancelled, commitBatch }) {
    const { messageId } = job.params as { messageId: number };
    const [message] = await ctx.db.select().from(siteMessages).where(eq(siteMessages.id, messageId));
    if (!message) return { message: '消息已不存在' };
    const state: BroadcastCheckpoint = (job.checkpoint as BroadcastCheckpoint | null) ?? { lastId: 0, sent: 0 };
    const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(members).where(reachable);
    for (;;) {
      if (await isCancelled()) return;
      const outcome = await commitBatch(
        (tx) => broadcastBatch(tx, message, state.lastId),
        (result) => ({ lastId: result.lastId, sent: state.sent + result.count }),
      );
      state.lastId = outcome.lastId;
      state.sent += outcome.count;
      await progress(total === 0 ? 100 : Math.min(99, Math.floor((state.sent * 100) / total)), `已发送 ${state.sent} 位会员`);
      if (outcome.done) break;
    }
    return { rows: state.sent, message: `已发送给 ${state.sent} 位会员` };
  },
});
