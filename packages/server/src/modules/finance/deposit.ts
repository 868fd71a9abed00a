/**
 * Pre-deposit (DOMAIN §2.11): the members' paid recharges and the totals. The wallet log is the
 * members' one ledger (members/service.ts `depositLogSpec`): recharges, orders paid from the
 * balance, refunds and the operators' top-ups all write their row there.
 */
import { eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import { toYuan, type DepositTotals, type Page, type RechargeListQuery, type RechargeRow, type RechargeWay } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { escapeLike } from '../../db/sql.js';
import { memberLedger, members } from '../members/tables.js';
import { recharges } from './tables.js';

type RechargeRecord = { recharge: typeof recharges.$inferSelect; memberName: string };

const toRechargeRow = ({ recharge, memberName }: RechargeRecord): RechargeRow => ({
  id: recharge.id,
  recharge_sn: recharge.sn,
  member_id: recharge.memberId,
  member_name: memberName,
  recharge_money: toYuan(recharge.amountCents),
  recharge_way: recharge.way as RechargeWay,
  create_time: unixSeconds(recharge.createdAt),
});

/** The recharge list under `query`: its page and its export read the same. A member name becomes the members it names. */
export function rechargeListSpec(ctx: AppContext, query: RechargeListQuery): ListSpec<RechargeRecord, RechargeRow> {
  return {
    query,
    table: recharges,
    id: recharges.id,
    where: [
      query.member_name
        ? inArray(recharges.memberId, ctx.db.select({ id: members.id }).from(members).where(ilike(members.uname, `%${escapeLike(query.member_name)}%`)))
        : undefined,
      query.sn ? eq(recharges.sn, query.sn) : undefined,
      query.start_time !== undefined ? gte(recharges.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(recharges.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { create_time: recharges.createdAt },
    statement: 'finance/deposit.rechargeListSpec',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({ recharge: recharges, memberName: members.uname })
        .from(recharges)
        .innerJoin(members, eq(members.id, recharges.memberId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: toRechargeRow,
    idOf: (row) => row.id,
  };
}

/** GET admin/members/deposit/recharge. */
export function listRecharges(ctx: AppContext, query: RechargeListQuery): Promise<Page<RechargeRow>> {
  return listPage(ctx.db, rechargeListSpec(ctx, query));
}

/**
 * GET admin/members/deposit/price/total: what all members hold, and the wallet log's account of it
 * (a recharge's row names its recharge; a refund's or cancellation's names its service or order; an
 * operator's adjustment names nothing), so the page's figures add up to the balance.
 */
export async function depositTotals(ctx: AppContext): Promise<DepositTotals> {
  const [balance] = await ctx.db.select({ cents: sql<string>`coalesce(sum(${members.balanceCents}), 0)` }).from(members);
  const [recharged] = await ctx.db.select({ cents: sql<string>`coalesce(sum(${recharges.amountCents}), 0)` }).from(recharges);
  const [ledger] = await ctx.db
    .select({
      refunded: sql<string>`coalesce(sum(${memberLedger.amount}) filter (where ${memberLedger.amount} > 0 and ${memberLedger.refSn} <> '' and ${memberLedger.refSn} not in (select ${recharges.sn} from ${recharges})), 0)`,
      otherCredits: sql<string>`coalesce(sum(${memberLedger.amount}) filter (where ${memberLedger.amount} > 0 and ${memberLedger.refSn} = ''), 0)`,
      debits: sql<string>`coalesce(-sum(${memberLedger.amount}) filter (where ${memberLedger.amount} < 0), 0)`,
    })
    .from(memberLedger)
    .where(eq(memberLedger.kind, 'BALANCE'));
  const [balanceCents, rechargedCents, refundedCents, otherCents, debitCents] = [balance.cents, recharged.cents, ledger.refunded, ledger.otherCredits, ledger.debits].map(Number);
  return {
    balance: toYuan(balanceCents),
    recharged: toYuan(rechargedCents),
    refunded: toYuan(refundedCents),
    other_credits: toYuan(otherCents),
    debits: toYuan(debitCents),
    unrecorded: toYuan(balanceCents - (rechargedCents + refundedCents + otherCents - debitCents)),
  };
}
