/**
 * Every change of a member's spendable points, wherever it comes from (the operator's adjustment,
 * a check-in's reward, an exchange order paid in points and given back when it is cancelled): one
 * conditional update — the row lock of the UPDATE makes two changes at once queue, and the second
 * sees the first one's balance — and its ledger row, in the caller's transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction as Tx } from '../../db/sql.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { memberLedger, members } from './tables.js';

/** Spendable points live in a 32-bit column. */
export const MAX_POINTS = 2_147_483_647;

export interface PointEntry {
  reason: string;
  /** ADMIN, ORDER, SYSTEM */
  operatorType: string;
  operatorId?: number;
  operatorName: string;
  /** the order this change belongs to */
  refSn?: string;
  /** now, unless the demo writes the past */
  createdAt?: Date;
}

/**
 * Adds `delta` (negative: takes) to the member's points, never below 0 nor past the column;
 * `activeOnly` refuses a member in the recycle bin. Returns the points after the change.
 */
export async function movePoints(tx: Tx, memberId: number, delta: number, entry: PointEntry, options: { activeOnly?: boolean } = {}): Promise<number> {
  const after = sql`${members.consumPoint}::bigint + ${delta}`;
  const [member] = await tx
    .update(members)
    .set({ consumPoint: sql`${members.consumPoint} + ${delta}` })
    .where(and(eq(members.id, memberId), options.activeOnly ? eq(members.disabled, 0) : undefined, sql`${after} >= 0`, sql`${after} <= ${MAX_POINTS}`))
    .returning({ consumPoint: members.consumPoint });
  if (!member) {
    const [current] = await tx.select({ consumPoint: members.consumPoint, disabled: members.disabled }).from(members).where(eq(members.id, memberId));
    if (!current) throw new AppError(404, 'MEMBER_NOT_FOUND');
    if (options.activeOnly && current.disabled !== 0) throw badRequest('MEMBER_RECYCLED');
    throw current.consumPoint + delta < 0 ? badRequest('POINT_INSUFFICIENT', { point: current.consumPoint }) : badRequest('POINT_TOO_LARGE');
  }
  await tx.insert(memberLedger).values({ memberId, kind: 'POINT', amount: delta, balanceAfter: member.consumPoint, ...entry });
  return member.consumPoint;
}
