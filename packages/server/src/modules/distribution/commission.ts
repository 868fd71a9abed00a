/**
 * The money of distribution (DOMAIN §2.20): commission written when an order is received (ROG),
 * frozen for the settings' cycle, credited by a scheduled task, clawed back by a refund; every
 * move changes the distributor's row and writes a ledger row in the caller's transaction.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { DISTRIBUTION_SETTINGS_DEFAULTS, type DistributionLedgerKind, type DistributionSettings } from '@agora/contract';
import type { Db } from '../../db/client.js';
import type { Writer as Tx } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { readDocument } from '../../platform/settings.js';
import { orderItems } from '../orders/tables.js';
import { commissionRecords, commissionTpls, distributionGoods, distributionLedger, distributionOrders, distributors } from './tables.js';

export const DISTRIBUTION_SETTINGS_KEY = 'distribution';
const DAY_MS = 86_400_000;

export const readDistributionSettings = (db: Tx): Promise<DistributionSettings> =>
  readDocument(db as Db, DISTRIBUTION_SETTINGS_KEY, DISTRIBUTION_SETTINGS_DEFAULTS);

export interface MoneyMove {
  canRebate?: number;
  frozen?: number;
  withdrawFrozen?: number;
  rebateTotal?: number;
}

/**
 * Moves a distributor's money by signed cents and logs it with the balances after. The UPDATE
 * locks the row for the rest of the transaction; a frozen amount that would go negative breaks
 * the table's check and the whole transaction.
 */
export async function moveMoney(tx: Tx, memberId: number, move: MoneyMove, kind: DistributionLedgerKind, refSn: string, operatorName: string, extra: Partial<typeof distributors.$inferInsert> = {}) {
  const [row] = await tx
    .update(distributors)
    .set({
      ...extra,
      canRebateCents: sql`${distributors.canRebateCents} + ${move.canRebate ?? 0}`,
      frozenCents: sql`${distributors.frozenCents} + ${move.frozen ?? 0}`,
      withdrawFrozenCents: sql`${distributors.withdrawFrozenCents} + ${move.withdrawFrozen ?? 0}`,
      rebateTotalCents: sql`${distributors.rebateTotalCents} + ${move.rebateTotal ?? 0}`,
    })
    .where(eq(distributors.memberId, memberId))
    .returning({ canRebate: distributors.canRebateCents, frozen: distributors.frozenCents, withdrawFrozen: distributors.withdrawFrozenCents });
  if (!row) return;
  await tx.insert(distributionLedger).values({
    memberId,
    kind,
    canRebateChange: move.canRebate ?? 0,
    frozenChange: move.frozen ?? 0,
    withdrawFrozenChange: move.withdrawFrozen ?? 0,
    canRebateAfter: row.canRebate,
    frozenAfter: row.frozen,
    withdrawFrozenAfter: row.withdrawFrozen,
    refSn,
    operatorName,
  });
}

interface ReceivedOrder {
  id: number;
  sn: string;
  memberId: number;
  memberName: string;
  shopName: string;
  goodsCents: number;
  discountCents: number;
}

/**
 * An order received (ROG): its buyer's inviter earns level-1 commission and the inviter's inviter
 * level-2, each at their own template's rate (or the goods' own rebate per piece when goods_model
 * is on), frozen until the cycle has passed. A disabled distributor earns nothing. Written once per
 * order; called inside the order's transition.
 */
export async function recordCommission(tx: Tx, order: ReceivedOrder, now: Date): Promise<void> {
  const [buyer] = await tx.select().from(distributors).where(eq(distributors.memberId, order.memberId));
  if (!buyer?.parentId) return;
  const settings = await readDistributionSettings(tx);
  const orderCents = Math.max(0, order.goodsCents - order.discountCents);
  const uplineIds = [buyer.parentId, buyer.grandparentId].filter((id): id is number => id !== null);
  const upline = await tx
    .select({ memberId: distributors.memberId, name: distributors.memberName, status: distributors.status, grade1Bp: commissionTpls.grade1Bp, grade2Bp: commissionTpls.grade2Bp })
    .from(distributors)
    .innerJoin(commissionTpls, eq(commissionTpls.id, distributors.tplId))
    .where(inArray(distributors.memberId, uplineIds));
  const lv1 = upline.find((row) => row.memberId === buyer.parentId && row.status === 1);
  const lv2 = upline.find((row) => row.memberId === buyer.grandparentId && row.status === 1);
  if (!lv1 && !lv2) return;

  let perGoods: { grade1: number; grade2: number } | undefined;
  if (settings.goods_model === 1) {
    const [sum] = await tx
      .select({
        grade1: sql<number>`coalesce(sum(${distributionGoods.grade1Cents} * ${orderItems.num}), 0)::int`,
        grade2: sql<number>`coalesce(sum(${distributionGoods.grade2Cents} * ${orderItems.num}), 0)::int`,
        n: sql<number>`count(${distributionGoods.goodsId})::int`,
      })
      .from(orderItems)
      .leftJoin(distributionGoods, eq(distributionGoods.goodsId, orderItems.goodsId))
      .where(eq(orderItems.orderId, order.id));
    if (sum && sum.n > 0) perGoods = { grade1: sum.grade1, grade2: sum.grade2 };
  }
  const grade1Cents = lv1 ? (perGoods?.grade1 ?? Math.floor((orderCents * lv1.grade1Bp) / 10_000)) : 0;
  const grade2Cents = lv2 ? (perGoods?.grade2 ?? Math.floor((orderCents * lv2.grade2Bp) / 10_000)) : 0;
  const settleAt = new Date(now.getTime() + settings.cycle * DAY_MS);

  const [written] = await tx
    .insert(distributionOrders)
    .values({
      orderId: order.id,
      orderSn: order.sn,
      buyerId: order.memberId,
      buyerName: order.memberName,
      shopName: order.shopName,
      orderCents,
      lv1Id: lv1?.memberId ?? null,
      lv1Name: lv1?.name ?? '',
      grade1Cents,
      lv2Id: lv2?.memberId ?? null,
      lv2Name: lv2?.name ?? '',
      grade2Cents,
      settleAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: distributionOrders.id });
  if (!written) return;
  for (const [level, who, amount] of [[1, lv1, grade1Cents], [2, lv2, grade2Cents]] as const) {
    if (!who) continue;
    await tx.insert(commissionRecords).values({
      distributionOrderId: written.id,
      memberId: who.memberId,
      memberName: who.name,
      orderSn: order.sn,
      buyerName: order.memberName,
      level,
      orderCents,
      amountCents: amount,
      settleAt,
      createdAt: now,
    });
    await moveMoney(tx, who.memberId, { frozen: amount, rebateTotal: amount }, 'COMMISSION', order.sn, '系统', {
      orderNum: sql`${distributors.orderNum} + 1` as unknown as number,
      turnoverCents: sql`${distributors.turnoverCents} + ${orderCents}` as unknown as number,
    });
  }
}

/** Commissions moved per tick at most; the rest wait for the next one. */
export const UNFREEZE_BATCH = 500;

/**
 * The scheduled task: frozen commissions whose cycle has passed become withdrawable. Each record
 * moves in its own transaction through a conditional update, so a record is credited once even
 * when two ticks overlap.
 */
export async function unfreezeDue(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  const due = await ctx.db
    .select({ id: commissionRecords.id })
    .from(commissionRecords)
    .where(and(eq(commissionRecords.status, 'WAIT'), lte(commissionRecords.settleAt, now)))
    .orderBy(asc(commissionRecords.settleAt))
    .limit(UNFREEZE_BATCH);
  let moved = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const [record] = await tx
        .update(commissionRecords)
        .set({ status: 'CONFIRM' })
        .where(and(eq(commissionRecords.id, id), eq(commissionRecords.status, 'WAIT')))
        .returning();
      if (!record) return;
      await moveMoney(tx, record.memberId, { frozen: -record.amountCents, canRebate: record.amountCents }, 'UNFREEZE', record.orderSn, '系统');
      const [waiting] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(commissionRecords)
        .where(and(eq(commissionRecords.distributionOrderId, record.distributionOrderId), eq(commissionRecords.status, 'WAIT')));
      if (waiting.n === 0) await tx.update(distributionOrders).set({ status: 'CONFIRM' }).where(and(eq(distributionOrders.id, record.distributionOrderId), eq(distributionOrders.status, 'WAIT')));
      moved += 1;
    });
  }
  return moved;
}

/**
 * A refund of an order claws its commission back (for the after-sales module to call inside the
 * refund's transaction): a frozen commission leaves the frozen amount, a credited one is taken
 * from the withdrawable amount (which may go below zero: the distributor then owes it from later
 * commission). The order's row is locked first, so a second call finds it RETURN and does nothing.
 * Answers the cents clawed back (0 when the order brought no commission or was clawed back before).
 */
export async function clawBackCommission(tx: Tx, orderId: number, operatorName: string, now = new Date()): Promise<number> {
  const [order] = await tx.select().from(distributionOrders).where(eq(distributionOrders.orderId, orderId)).for('update');
  if (!order || order.status === 'RETURN') return 0;
  const records = await tx.select().from(commissionRecords).where(eq(commissionRecords.distributionOrderId, order.id)).orderBy(asc(commissionRecords.memberId));
  let total = 0;
  for (const record of records) {
    if (record.status === 'RETURN') continue;
    const move: MoneyMove = record.status === 'WAIT' ? { frozen: -record.amountCents } : { canRebate: -record.amountCents };
    await moveMoney(tx, record.memberId, { ...move, rebateTotal: -record.amountCents }, 'CLAWBACK', record.orderSn, operatorName);
    await tx.update(commissionRecords).set({ status: 'RETURN', returnedAt: now }).where(eq(commissionRecords.id, record.id));
    total += record.amountCents;
  }
  await tx.update(distributionOrders).set({ status: 'RETURN', returnedAt: now }).where(eq(distributionOrders.id, order.id));
  return total;
}
