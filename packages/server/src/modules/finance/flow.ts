/**
 * The bill state machine (DOMAIN §2.14), in one place: OUT → RECON → PASS → PAY → COMPLETE, one
 * step at a time, each taken only by the party that owns it. Every writer of a bill's state goes
 * through `transitionBill`.
 */
import { eq } from 'drizzle-orm';
import { BILL_ACTIONS, BILL_STATUS_LABELS, type BillAction, type BillOperateAllowable, type BillStatus } from '@agora/contract';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Transaction as Tx } from '../../db/sql.js';
import { billLogs, bills } from './tables.js';

export type BillActorType = 'ADMIN' | 'SELLER' | 'SYSTEM';
export interface BillActor {
  type: BillActorType;
  id?: number;
  name: string;
}

/**
 * Who takes each step. The seller reconciles (the platform's finance desk records it when the
 * seller confirms by phone or mail: there is no seller console here); only the platform audits and
 * pays; only the seller, or the system when the seller stays silent, confirms the money arrived.
 */
const OWNERS: Record<BillAction, readonly BillActorType[]> = {
  RECON: ['SELLER', 'ADMIN'],
  AUTH: ['ADMIN'],
  PAY: ['ADMIN'],
  COMPLETE: ['SELLER', 'SYSTEM'],
};

/** The one step a bill in `status` can take next (none once complete). */
export function nextAction(status: BillStatus): BillAction | undefined {
  return (Object.keys(BILL_ACTIONS) as BillAction[]).find((action) => BILL_ACTIONS[action].from === status);
}

/** The detail's button: the next step, if this actor owns it. */
export function allowableOf(status: BillStatus, actor: BillActorType): BillOperateAllowable {
  const action = nextAction(status);
  const may = (which: BillAction) => action === which && OWNERS[which].includes(actor);
  return { allow_recon: may('RECON'), allow_auth: may('AUTH'), allow_pay: may('PAY'), allow_complete: may('COMPLETE') };
}

/**
 * Takes the next step of a bill: locks it, checks that it is still in `seen` (what the operator
 * looked at, so of two clicks only one moves it), that a next step exists and that the actor owns
 * it, then writes the state and the log row in the caller's transaction.
 */
export async function transitionBill(tx: Tx, id: number, seen: BillStatus, actor: BillActor, at = new Date()): Promise<BillAction> {
  const [bill] = await tx.select({ status: bills.status }).from(bills).where(eq(bills.id, id)).for('update');
  if (!bill) throw new AppError(404, 'BILL_NOT_FOUND');
  const status = bill.status as BillStatus;
  const action = nextAction(status);
  if (status !== seen || !action) {
    const label = BILL_STATUS_LABELS[status];
    const step = nextAction(seen) ?? 'COMPLETE';
    throw badRequest('BILL_ACTION_REFUSED', { status: label.zh, status_en: label.en.toLowerCase(), action: BILL_ACTIONS[step].zh, action_en: BILL_ACTIONS[step].en });
  }
  if (!OWNERS[action].includes(actor.type)) throw new AppError(403, 'BILL_STEP_NOT_OWNED');
  const to = BILL_ACTIONS[action].to;
  await tx.update(bills).set({ status: to, ...(action === 'PAY' ? { payAt: at } : {}) }).where(eq(bills.id, id));
  await tx.insert(billLogs).values({ billId: id, status: to, action, operatorType: actor.type, operatorId: actor.id, operatorName: actor.name, createdAt: at });
  return action;
}
