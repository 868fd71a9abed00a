/**
 * Withdrawal requests (DOMAIN §2.20 [U]): the flow below is the one place that says which action
 * a state allows; a batch is refused whole (and nothing changes) when any request does not allow
 * it. The requests are locked in id order first, so of two operators acting on one request the
 * second sees the first one's state and is refused.
 */
import { and, eq, gte, ilike, lte } from 'drizzle-orm';
import { toYuan, type Page, type WithdrawAction, type WithdrawQuery, type WithdrawRow, type WithdrawStatus } from '@agora/contract';
import { escapeLike, lockRowsById } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import type { Writer as Tx } from '../../db/sql.js';
import { moveMoney, type MoneyMove } from './commission.js';
import { withdrawApplies } from './tables.js';

type Apply = typeof withdrawApplies.$inferSelect;

export const WITHDRAW_FLOW: Partial<Record<WithdrawStatus, Partial<Record<WithdrawAction, WithdrawStatus>>>> = {
  WAIT_AUDIT: { PASS: 'AUDIT_PASS', FAIL: 'AUDIT_FAIL' },
  AUDIT_PASS: { TRANSFER: 'FINISHED', CLOSE: 'CLOSED' },
};

const STATUS_WORDS: Record<WithdrawStatus, { zh: string; en: string }> = {
  WAIT_AUDIT: { zh: '待审核', en: 'waiting for audit' },
  AUDIT_PASS: { zh: '审核通过', en: 'approved' },
  AUDIT_FAIL: { zh: '审核未通过', en: 'refused' },
  FINISHED: { zh: '已转账', en: 'paid out' },
  CLOSED: { zh: '已关闭', en: 'closed' },
};
const ACTION_WORDS: Record<WithdrawAction, { zh: string; en: string }> = {
  PASS: { zh: '审核通过', en: 'approved' },
  FAIL: { zh: '审核拒绝', en: 'refused' },
  TRANSFER: { zh: '转账', en: 'paid out' },
  CLOSE: { zh: '关闭', en: 'closed' },
};

/** Where an action leads from a request's state, or the refusal (verbatim message) when it does not. */
export function assertWithdrawAllowed(apply: Pick<Apply, 'sn' | 'status'>, action: WithdrawAction): WithdrawStatus {
  const status = apply.status as WithdrawStatus;
  const next = WITHDRAW_FLOW[status]?.[action];
  if (next) return next;
  const words = STATUS_WORDS[status] ?? { zh: status, en: status };
  throw new AppError(400, 'WITHDRAW_ACTION_REFUSED', { sn: apply.sn, status: words.zh, status_en: words.en, action: ACTION_WORDS[action].zh, action_en: ACTION_WORDS[action].en });
}

/** What each action does to the distributor's money (the request's amount was frozen at the application). */
const MONEY: Record<WithdrawAction, { move: (cents: number) => MoneyMove; kind: 'WITHDRAW_REFUSED' | 'WITHDRAW_PAID' | 'WITHDRAW_CLOSED' } | undefined> = {
  PASS: undefined,
  FAIL: { move: (cents) => ({ withdrawFrozen: -cents, canRebate: cents }), kind: 'WITHDRAW_REFUSED' },
  TRANSFER: { move: (cents) => ({ withdrawFrozen: -cents }), kind: 'WITHDRAW_PAID' },
  CLOSE: { move: (cents) => ({ withdrawFrozen: -cents, canRebate: cents }), kind: 'WITHDRAW_CLOSED' },
};

const toRow = (apply: Apply): WithdrawRow => ({
  id: apply.id,
  sn: apply.sn,
  member_id: apply.memberId,
  member_name: apply.memberName,
  amount: toYuan(apply.amountCents),
  way: apply.way as WithdrawRow['way'],
  account: apply.account,
  status: apply.status as WithdrawStatus,
  apply_remark: apply.applyRemark,
  audit_remark: apply.auditRemark,
  transfer_remark: apply.transferRemark,
  close_reason: apply.closeReason,
  operator: apply.operatorName,
  create_time: unixSeconds(apply.createdAt),
  audit_time: apply.auditedAt ? unixSeconds(apply.auditedAt) : null,
  finish_time: apply.finishedAt ? unixSeconds(apply.finishedAt) : null,
});

/** GET admin/distribution/withdraw/page and its export: newest first, by member, sn, state and time. */
export function withdrawalListSpec(ctx: AppContext, query: WithdrawQuery): ListSpec<typeof withdrawApplies.$inferSelect, WithdrawRow> {
  return {
    query,
    table: withdrawApplies,
    id: withdrawApplies.id,
    where: [
      query.member_name ? ilike(withdrawApplies.memberName, `%${escapeLike(query.member_name)}%`) : undefined,
      query.sn ? eq(withdrawApplies.sn, query.sn) : undefined,
      query.status ? eq(withdrawApplies.status, query.status) : undefined,
      query.start_time !== undefined ? gte(withdrawApplies.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(withdrawApplies.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { create_time: withdrawApplies.createdAt },
    statement: 'distribution/withdrawals.withdrawalListSpec',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(withdrawApplies).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.id,
  };
}

export function listWithdrawals(ctx: AppContext, query: WithdrawQuery): Promise<Page<WithdrawRow>> {
  return listPage(ctx.db, withdrawalListSpec(ctx, query));
}

/**
 * One action over a batch of requests, in one transaction: lock, check every request against the
 * flow (the whole batch is refused on the first that does not allow it), then write each request
 * with its money move and ledger row.
 */
export async function actOnWithdrawals(ctx: Pick<AppContext, 'db'>, operator: string, ids: number[], action: WithdrawAction, remark: string, now = new Date()): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const applies = await lockRowsById(tx, withdrawApplies, ids, (missing) => new AppError(404, 'WITHDRAW_NOT_FOUND', { ids: missing.join(',') }));
    const nexts = applies.map((apply) => assertWithdrawAllowed(apply, action));
    for (const [index, apply] of applies.entries()) {
      const money = MONEY[action];
      if (money) await moveMoney(tx, apply.memberId, money.move(apply.amountCents), money.kind, apply.sn, operator);
      const text =
        action === 'TRANSFER' ? { transferRemark: remark, finishedAt: now } : action === 'CLOSE' ? { closeReason: remark, finishedAt: now } : { auditRemark: remark, auditedAt: now };
      await tx
        .update(withdrawApplies)
        .set({ ...text, status: nexts[index], operatorName: operator })
        .where(and(eq(withdrawApplies.id, apply.id), eq(withdrawApplies.status, apply.status)));
    }
  });
}

/**
 * A distributor's application (the member side, not in this console; the demo uses it): the
 * amount leaves the withdrawable commission and is held until the request is decided.
 */
export async function applyForWithdrawal(tx: Tx, input: { sn: string; memberId: number; memberName: string; cents: number; way: WithdrawRow['way']; account: string; remark: string }, now = new Date()): Promise<number> {
  await moveMoney(tx, input.memberId, { canRebate: -input.cents, withdrawFrozen: input.cents }, 'WITHDRAW_APPLY', input.sn, input.memberName);
  const [row] = await tx
    .insert(withdrawApplies)
    .values({ sn: input.sn, memberId: input.memberId, memberName: input.memberName, amountCents: input.cents, way: input.way, account: input.account, applyRemark: input.remark, createdAt: now })
    .returning({ id: withdrawApplies.id });
  return row.id;
}
