/**
 * Settlement (DOMAIN §2.14): the days a shop's bill is cut, cutting a bill (the scheduled task,
 * "settle now" and the demo all call `cutBill`), the bill list, detail, items and steps.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  toYuan,
  type BillDetail,
  type BillItemRow,
  type BillItemType,
  type BillListQuery,
  type BillLogRow,
  type BillRow,
  type BillStatus,
  type BillTotals,
  type Page,
  type SettlementStatus,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage, type ListQuery, type ListSpec } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { PLATFORM_UTC_OFFSET_MS, unixSeconds } from '../../platform/time.js';
import { lockRowsById, type Transaction as Tx } from '../../db/sql.js';
import { refunds } from '../aftersales/tables.js';
import { orders } from '../orders/tables.js';
import { distributionOrders } from '../distribution/tables.js';
import { shopDetails, shops } from '../shops/tables.js';
import { allowableOf, transitionBill, type BillActor } from './flow.js';
import { billCuts, billLogs, bills } from './tables.js';

type Shop = typeof shops.$inferSelect;

/** Locks the shops, all of which must exist and have opened (open or closed now): only those are settled. */
async function lockBillableShops(tx: Tx, ids: number[]) {
  const rows = await lockRowsById(tx, shops, ids, () => new AppError(404, 'SHOP_NOT_FOUND'));
  const unopened = rows.filter((shop) => shop.status !== 'OPEN' && shop.status !== 'CLOSED');
  if (unopened.length) throw badRequest('SHOP_NOT_BILLABLE', { names: unopened.map((shop) => shop.shopName).join('、') });
  return rows;
}

/** PUT admin/order/bills/{shop_ids}/param?param=15,25&status=PAID — all shops or none; the status stays when not given. */
export async function setSettlementDays(ctx: AppContext, ids: number[], days: number[], status?: SettlementStatus): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockBillableShops(tx, ids);
    await tx
      .update(shops)
      .set({ settlementDays: days, ...(status ? { settlementStatus: status } : {}), updatedAt: new Date() })
      .where(inArray(shops.id, ids));
  });
}

const DAY_MS = 86_400_000;
/** The platform's calendar day (UTC+8) of an instant, as a UTC date at midnight. */
const platformDay = (at: Date) => new Date(Math.floor((at.getTime() + PLATFORM_UTC_OFFSET_MS) / DAY_MS) * DAY_MS);
/** Midnight of that platform day, as an instant. */
const platformMidnight = (day: Date) => new Date(day.getTime() - PLATFORM_UTC_OFFSET_MS);

/** Whether a platform day is one of the settlement days; a 29–31 falls on the last day of a shorter month. */
function isSettlementDay(day: Date, days: readonly number[]): boolean {
  const date = day.getUTCDate();
  const last = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
  return days.some((d) => d === date || (d > last && date === last));
}

/** The period ends (platform midnights of settlement days) after `from` and up to `to`, oldest first. */
export function settlementEnds(days: readonly number[], from: Date, to: Date): Date[] {
  const ends: Date[] = [];
  for (let day = platformDay(new Date(from.getTime() + DAY_MS)); platformMidnight(day) <= to; day = new Date(day.getTime() + DAY_MS)) {
    if (platformMidnight(day) > from && isSettlementDay(day, days)) ends.push(platformMidnight(day));
  }
  return ends;
}

/** The latest period end due by `now` within the last two months (none if no settlement day fell in them). */
export function latestSettlementEnd(days: readonly number[], now: Date): Date | undefined {
  for (let day = platformDay(now), n = 0; n < 62; n++, day = new Date(day.getTime() - DAY_MS)) {
    if (isSettlementDay(day, days)) return platformMidnight(day);
  }
  return undefined;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** B + the platform date of the period's end + the bill id: unique, and readable over the phone. */
function billSn(billId: number, end: Date): string {
  const day = new Date(end.getTime() + PLATFORM_UTC_OFFSET_MS);
  return `B${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1)}${pad(day.getUTCDate())}${pad(billId, 6)}`;
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * When an order of a shop settled by `status` qualifies for a bill, as a column of `orders` (the
 * shop's 结算状态, DOMAIN §2.14 step 3): paid, completed, or its after-sale window closed. Every
 * one of them is set once and never cleared, so an order qualifies from one instant on, and the
 * first bill whose period ends after it takes it.
 */
const QUALIFIED_AT: Record<SettlementStatus, string> = { PAID: 'paid_at', COMPLETE: 'completed_at', SERVICE_EXPIRED: 'service_expired_at' };
export function qualifiedAtColumn(status: string) {
  return sql.raw(QUALIFIED_AT[status as SettlementStatus] ?? 'paid_at');
}

/**
 * The commission a refund gives back (refunds `r` joined to their orders `o`): the order's
 * commission in the share of its income (paid + pre-deposit + site coupon) that the refund returns.
 */
const refundCommissionOf = (r: string, o: string) =>
  sql.raw(`coalesce(round(${r}.actual_cents::numeric * ${o}.commission_cents / nullif(${o}.paid_cents + ${o}.balance_cents + ${o}.site_coupon_cents, 0)), 0)`);

/** How many orders one claiming transaction takes: a busy shop's cut holds no more than these locked at a time. */
export const BILL_CLAIM_BATCH = 1_000;

type BillCut = typeof billCuts.$inferSelect;

/** The orders of the shop a bill up to `end` takes and has not yet claimed (`o`: orders). */
const claimableOrders = (shop: Shop, end: Date) =>
  sql`o.shop_id = ${shop.id} and o.bill_id is null and o.paid_at is not null and o.${qualifiedAtColumn(shop.settlementStatus)} < ${end.toISOString()}`;

/**
 * Starts the cut of the shop's bill up to `end`: takes the bill's id from the bills' sequence and
 * records the cut (bill_cuts), under the shop's row lock the caller holds. A cut the shop already
 * has — left by a crash or a failed settle-now — is returned instead, to be finished first (its own
 * end may be earlier or later than `end`). Null when a bill up to `end` exists already.
 */
async function startCut(tx: Tx, shop: Shop, end: Date): Promise<BillCut | null> {
  const [unfinished] = await tx.select().from(billCuts).where(eq(billCuts.shopId, shop.id)).for('update');
  if (unfinished) return unfinished;
  const [previous] = await tx.select({ endAt: bills.endAt }).from(bills).where(eq(bills.shopId, shop.id)).orderBy(desc(bills.endAt)).limit(1);
  if (previous && previous.endAt >= end) return null;
  const id = Number((await tx.execute(sql`select nextval(pg_get_serial_sequence('bills', 'id')) as id`)).rows[0]?.id);
  const [cut] = await tx.insert(billCuts).values({ shopId: shop.id, billId: id, endAt: end }).returning();
  return cut;
}

/**
 * Claims the cut's orders for its bill in batches of `batch`, each in its own short transaction,
 * so other writes to those orders (a refund, a receipt) wait for one batch at most, not for the
 * whole period. An order locked by such a write is skipped here and claimed when the bill is
 * written. The claimed orders point at a bill nobody can see until `writeBill` commits it.
 */
async function claimOrdersInBatches(ctx: AppContext, shop: Shop, cut: BillCut, options: CutOptions): Promise<void> {
  const batch = options.batch ?? BILL_CLAIM_BATCH;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      // the cut's row, shared: the transaction writing its bill (which deletes it) waits for this
      // batch, and a batch after it finds the cut gone and stops (the bill has taken its orders)
      const [open] = await tx.select({ id: billCuts.billId }).from(billCuts).where(and(eq(billCuts.shopId, shop.id), eq(billCuts.billId, cut.billId))).for('share');
      if (!open) return 0;
      const rows = await tx.execute(sql`
        update ${orders} set bill_id = ${cut.billId}
        where id in (select o.id from ${orders} o where ${claimableOrders(shop, cut.endAt)} limit ${batch} for update skip locked)
        returning id`);
      return rows.rows.length;
    });
    if (claimed < batch) return;
    await options.afterBatch?.();
  }
}

/**
 * Writes the cut's bill (exclusive of its end): it starts where the previous bill ended (or when
 * the shop opened), takes every paid order of the shop that qualified (its settlement status,
 * `qualifiedAtColumn`) before the end and is not on a bill — those claimed in batches and the rest
 * now — every completed refund from before the end whose order is on a bill (this one or an
 * earlier one: a refund never reaches a bill before the income it gives back), and snapshots the
 * bank details. Items are claimed with `bill_id IS NULL`, so none lands on two bills; the cut's row
 * is deleted here, so a second writer of the same cut — another instance, a repeated tick — finds
 * nothing to write (null). The caller holds the shop's row lock.
 *
 * Money, in cents (DOMAIN §2.14 step 2): income is what the buyer paid online (pre-deposit
 * included); commission is what each order recorded when paid (COD included: the seller kept that
 * cash, so only its commission is settled); a refund gives back the order's commission in the
 * share it refunds. The distributors' commission on the shop's orders (written when an order is
 * received, so often a period after it was paid) is charged to the bill that follows it, and given
 * back by the bill that follows its claw-back. bill = online income − online refunds − commission +
 * refunded commission − site-coupon commission − (distribution rebate − rebate returned).
 *
 * Platform (site) coupons: the buyer paid the order less the coupon's value and the platform
 * funded that value, so the platform pays it to the shop: an order's income is paid + pre-deposit
 * + site coupon (the coupon counts as online income even on a COD order, since that money comes
 * from the platform), and the order's commission (taken when paid) is on that whole income. The
 * shop bears the coupon's shop_commission % of the value (the order's coupon_commission, fixed at
 * checkout): the bill's site_coupon_commi is their sum and is subtracted. A refund gives back what
 * the buyer paid, with the commission in the share of the income it refunds; the coupon is not
 * given back to the buyer, so its value stays with the shop.
 */
async function writeBill(tx: Tx, shop: Shop, cut: BillCut): Promise<number | null> {
  const deleted = await tx.delete(billCuts).where(and(eq(billCuts.shopId, shop.id), eq(billCuts.billId, cut.billId))).returning({ id: billCuts.billId });
  if (!deleted.length) return null;
  const end = cut.endAt;
  const [previous] = await tx.select({ endAt: bills.endAt }).from(bills).where(eq(bills.shopId, shop.id)).orderBy(desc(bills.endAt)).limit(1);
  const start = previous?.endAt ?? shop.openedAt ?? shop.createdAt;
  const [detail] = await tx.select().from(shopDetails).where(eq(shopDetails.shopId, shop.id));
  const [bill] = await tx
    .insert(bills)
    .values({
      id: cut.billId,
      sn: billSn(cut.billId, end),
      shopId: shop.id,
      shopName: shop.shopName,
      startAt: start < end ? start : end,
      endAt: end,
      commissionRate: shop.commissionRate,
      bank: detail ? { account_name: detail.bankAccountName, number: detail.bankNumber, bank_name: detail.bankName, region: detail.bankRegion } : {},
    })
    .returning({ id: bills.id });
  const endIso = end.toISOString();
  await tx.execute(sql`update ${orders} o set bill_id = ${bill.id} where ${claimableOrders(shop, end)}`);
  const paid = (
    await tx.execute(sql`
      select count(*)::int as n,
        coalesce(sum(paid_cents + balance_cents) filter (where payment_type <> 'COD'), 0)::bigint as online,
        coalesce(sum(paid_cents + balance_cents) filter (where payment_type = 'COD'), 0)::bigint as cod,
        coalesce(sum(site_coupon_cents), 0)::bigint as coupon,
        coalesce(sum(coupon_commission_cents), 0)::bigint as coupon_commission,
        coalesce(sum(commission_cents), 0)::bigint as commission
      from ${orders} where bill_id = ${bill.id}`)
  ).rows[0] as Record<string, unknown>;
  const refunded = (
    await tx.execute(sql`
      with waiting as materialized (
        -- the shop's completed refunds not on a bill, on their own (refunds_bill_idx), then each one's
        -- order by its key: joined in one statement, statistics older than the last bills (which set
        -- orders.bill_id) made the planner walk every billed order instead, seconds a bill at 1 M orders
        select r.id, r.order_id from ${refunds} r
        where r.shop_id = ${shop.id} and r.bill_id is null and r.refund_status = 'COMPLETED' and r.refunded_at < ${endIso}
      ), claimed as (
        update ${refunds} r set bill_id = ${bill.id}
        from waiting w
        cross join lateral (
          select o.commission_cents, o.paid_cents, o.balance_cents, o.site_coupon_cents from ${orders} o where o.id = w.order_id and o.bill_id is not null
        ) o
        where r.id = w.id
        returning r.actual_cents, r.payment_type, ${refundCommissionOf('r', 'o')} as commission
      )
      select count(*)::int as n,
        coalesce(sum(actual_cents) filter (where payment_type <> 'COD'), 0)::bigint as online,
        coalesce(sum(actual_cents) filter (where payment_type = 'COD'), 0)::bigint as cod,
        coalesce(sum(commission), 0)::bigint as commission
      from claimed`)
  ).rows[0] as Record<string, unknown>;
  const rebate = (
    await tx.execute(sql`
      with charged as (
        update ${distributionOrders} d set bill_id = ${bill.id}
        from ${orders} o
        where o.id = d.order_id and o.shop_id = ${shop.id} and d.bill_id is null and d.created_at < ${endIso}
        returning d.grade1_cents + d.grade2_cents as amount
      ), returned as (
        update ${distributionOrders} d set return_bill_id = ${bill.id}
        from ${orders} o
        where o.id = d.order_id and o.shop_id = ${shop.id} and d.status = 'RETURN' and d.return_bill_id is null and d.returned_at < ${endIso}
        returning d.grade1_cents + d.grade2_cents as amount
      )
      select (select coalesce(sum(amount), 0) from charged)::bigint as charged,
        (select coalesce(sum(amount), 0) from returned)::bigint as returned`)
  ).rows[0] as Record<string, unknown>;
  const siteCoupon = num(paid.coupon);
  const siteCouponCommission = num(paid.coupon_commission);
  const online = num(paid.online) + siteCoupon;
  const commission = num(paid.commission);
  const distributionRebate = num(rebate.charged);
  const distributionReturn = num(rebate.returned);
  const refundOnline = num(refunded.online);
  const refundCommission = num(refunded.commission);
  await tx
    .update(bills)
    .set({
      orderCount: num(paid.n),
      refundCount: num(refunded.n),
      orderCents: online,
      codCents: num(paid.cod),
      refundCents: refundOnline,
      codRefundCents: num(refunded.cod),
      commissionCents: commission,
      refundCommissionCents: refundCommission,
      distributionRebateCents: distributionRebate,
      distributionReturnCents: distributionReturn,
      siteCouponCents: siteCoupon,
      siteCouponCommissionCents: siteCouponCommission,
      billCents: online - refundOnline - commission + refundCommission - siteCouponCommission - (distributionRebate - distributionReturn),
    })
    .where(eq(bills.id, bill.id));
  return bill.id;
}


export interface CutOptions {
  /** orders claimed per transaction (BILL_CLAIM_BATCH) */
  batch?: number;
  /** called between two claiming transactions (tests: what another request sees meanwhile) */
  afterBatch?: () => Promise<void>;
}

/**
 * Cuts the shop's bill up to `end` within the caller's transaction, which holds the shop's row
 * lock; an unfinished cut of the shop is finished first (so this may write two bills). Every
 * order is claimed in this one transaction: for the demo seed, which nobody waits on, and to
 * finish what the batches of `cutBillsInBatches` left.
 */
export async function cutBill(tx: Tx, shop: Shop, end: Date): Promise<number[]> {
  const written: number[] = [];
  for (;;) {
    const cut = await startCut(tx, shop, end);
    if (!cut) return written;
    const id = await writeBill(tx, shop, cut);
    if (id !== null) written.push(id);
    if (cut.endAt >= end) return written;
  }
}

/**
 * Cuts the bills of the shops `lock` locks (in the order it returns them) up to `end`, without
 * holding their orders for long: the cuts start under the shops' locks, their orders are claimed
 * in short batches with no lock on the shops, then the bills are written — and `finish` runs (the
 * audit row) — in one transaction under the shops' locks again, all or none. If that transaction
 * fails (a shop closed meanwhile, a crash), the cuts stay and the shop's next cut finishes them.
 */
async function cutBillsInBatches(ctx: AppContext, lock: (tx: Tx) => Promise<Shop[]>, end: Date, options: CutOptions, finish?: (tx: Tx) => Promise<void>): Promise<number[]> {
  const started = await ctx.db.transaction(async (tx) => {
    const cuts: { shop: Shop; cut: BillCut }[] = [];
    for (const shop of await lock(tx)) {
      const cut = await startCut(tx, shop, end);
      if (cut) cuts.push({ shop, cut });
    }
    return cuts;
  });
  for (const { shop, cut } of started) await claimOrdersInBatches(ctx, shop, cut, options);
  return ctx.db.transaction(async (tx) => {
    const written: number[] = [];
    for (const shop of await lock(tx)) written.push(...(await cutBill(tx, shop, end)));
    await finish?.(tx);
    return written;
  });
}

/** POST admin/order/bills/now/{shop_ids}: a bill for each shop up to now, all or none. */
export async function settleNow(ctx: AppContext, ids: number[], audit?: AuditInTransaction, options: CutOptions = {}): Promise<{ bill_ids: number[] }> {
  const billIds = await cutBillsInBatches(ctx, (tx) => lockBillableShops(tx, ids), new Date(), options, audit);
  return { bill_ids: billIds };
}

/**
 * The scheduled cut (finance.cut-bills): every open shop whose latest settlement day has come and
 * has no bill up to it gets one, even with nothing to settle. Each shop on its own, under its row
 * lock; a shop another instance is cutting waits, then finds its bill (or its cut gone) and skips.
 */
export async function cutDueBills(ctx: AppContext, now: Date, options: CutOptions = {}): Promise<{ cut: number }> {
  const open = await ctx.db
    .select({ id: shops.id, days: shops.settlementDays, openedAt: shops.openedAt, last: sql<Date | null>`(select max(${bills.endAt}) from ${bills} where ${bills.shopId} = ${shops.id})` })
    .from(shops)
    .where(eq(shops.status, 'OPEN'))
    .orderBy(asc(shops.id));
  let cut = 0;
  for (const shop of open) {
    const end = latestSettlementEnd(shop.days, now);
    const last = shop.last ? new Date(shop.last) : null;
    if (!end || (last && last >= end) || (shop.openedAt && shop.openedAt >= end)) continue;
    const written = await cutBillsInBatches(ctx, (tx) => tx.select().from(shops).where(and(eq(shops.id, shop.id), eq(shops.status, 'OPEN'))).for('update'), end, options);
    cut += written.length;
  }
  return { cut };
}

/** What a bill's row in the list (and its export) is made of: all but its bank snapshot and commission rate. */
const billRowColumns = {
  id: bills.id,
  sn: bills.sn,
  shopId: bills.shopId,
  shopName: bills.shopName,
  status: bills.status,
  orderCount: bills.orderCount,
  refundCount: bills.refundCount,
  orderCents: bills.orderCents,
  codCents: bills.codCents,
  refundCents: bills.refundCents,
  codRefundCents: bills.codRefundCents,
  commissionCents: bills.commissionCents,
  refundCommissionCents: bills.refundCommissionCents,
  distributionRebateCents: bills.distributionRebateCents,
  distributionReturnCents: bills.distributionReturnCents,
  siteCouponCents: bills.siteCouponCents,
  siteCouponCommissionCents: bills.siteCouponCommissionCents,
  billCents: bills.billCents,
  startAt: bills.startAt,
  endAt: bills.endAt,
  createdAt: bills.createdAt,
  payAt: bills.payAt,
};
type BillRecord = Pick<typeof bills.$inferSelect, keyof typeof billRowColumns>;

function toBillRow(bill: BillRecord): BillRow {
  return {
    id: bill.id,
    bill_sn: bill.sn,
    seller_id: bill.shopId,
    shop_name: bill.shopName,
    status: bill.status as BillStatus,
    order_count: bill.orderCount,
    refund_count: bill.refundCount,
    price: toYuan(bill.orderCents),
    cod_price: toYuan(bill.codCents),
    refund_price: toYuan(bill.refundCents),
    cod_refund_price: toYuan(bill.codRefundCents),
    commi_price: toYuan(bill.commissionCents),
    refund_commi_price: toYuan(bill.refundCommissionCents),
    distribution_rebate: toYuan(bill.distributionRebateCents),
    distribution_return_rebate: toYuan(bill.distributionReturnCents),
    site_coupon_price: toYuan(bill.siteCouponCents),
    site_coupon_commi: toYuan(bill.siteCouponCommissionCents),
    bill_price: toYuan(bill.billCents),
    start_time: unixSeconds(bill.startAt),
    end_time: unixSeconds(bill.endAt),
    create_time: unixSeconds(bill.createdAt),
    pay_time: bill.payAt ? unixSeconds(bill.payAt) : null,
  };
}

/** The bill list under `query`: its page and its export read the same. */
export function billListSpec(ctx: AppContext, query: BillListQuery): ListSpec<BillRecord, BillRow> {
  return {
    query,
    table: bills,
    id: bills.id,
    where: [
      query.seller_id ? eq(bills.shopId, query.seller_id) : undefined,
      query.bill_sn ? eq(bills.sn, query.bill_sn) : undefined,
      query.status ? eq(bills.status, query.status) : undefined,
    ],
    sorts: { create_time: bills.createdAt },
    statement: 'finance/bills.billListSpec',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select(billRowColumns).from(bills).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toBillRow,
    idOf: (row) => row.id,
  };
}

/** GET admin/order/bills: newest first. */
export function listBills(ctx: AppContext, query: BillListQuery): Promise<Page<BillRow>> {
  return listPage(ctx.db, billListSpec(ctx, query));
}

/** GET admin/order/bills/total-price: paid out (PAY, COMPLETE) and still owed to the shops. */
export async function billTotals(ctx: AppContext): Promise<BillTotals> {
  const [row] = await ctx.db
    .select({
      settled: sql<string>`coalesce(sum(${bills.billCents}) filter (where ${bills.status} in ('PAY', 'COMPLETE')), 0)`,
      waiting: sql<string>`coalesce(sum(${bills.billCents}) filter (where ${bills.status} not in ('PAY', 'COMPLETE')), 0)`,
    })
    .from(bills);
  return { settled: toYuan(Number(row.settled)), wait_settled: toYuan(Number(row.waiting)) };
}

/** A bill's detail reads the bill and its steps: each prepared once (platform/statements.ts). */
const billById = preparedOnce('agora_bill_detail', (db) =>
  db
    .select({ ...billRowColumns, bank: bills.bank, commissionRate: bills.commissionRate })
    .from(bills)
    .where(eq(bills.id, sql.placeholder('id'))),
);
const billStepsOf = preparedOnce('agora_bill_logs', (db) =>
  db
    .select({ status: billLogs.status, action: billLogs.action, operatorType: billLogs.operatorType, operatorName: billLogs.operatorName, createdAt: billLogs.createdAt })
    .from(billLogs)
    .where(eq(billLogs.billId, sql.placeholder('id')))
    .orderBy(asc(billLogs.createdAt), asc(billLogs.id)),
);

/** GET admin/order/bills/{id}: the bill, its bank snapshot, its steps and the one this operator may take. */
export async function getBill(ctx: AppContext, id: number): Promise<BillDetail> {
  const [bill] = await billById(ctx.db).execute({ id });
  if (!bill) throw new AppError(404, 'BILL_NOT_FOUND');
  const logs = await billStepsOf(ctx.db).execute({ id });
  const bank = bill.bank as Partial<BillDetail['bank']>;
  return {
    ...toBillRow(bill),
    bank: { account_name: bank.account_name ?? '', number: bank.number ?? '', bank_name: bank.bank_name ?? '', region: bank.region ?? '' },
    commission_rate: bill.commissionRate,
    operate_allowable: allowableOf(bill.status as BillStatus, 'ADMIN'),
    logs: logs.map(
      (log): BillLogRow => ({
        status: log.status as BillStatus,
        action: log.action as BillLogRow['action'],
        operator_type: log.operatorType as BillLogRow['operator_type'],
        operator_name: log.operatorName,
        create_time: unixSeconds(log.createdAt),
      }),
    ),
  };
}

/** PUT admin/order/bills/{id}/next?status=: the operator takes the bill's next step (finance/flow.ts). */
export async function advanceBill(ctx: AppContext, admin: AuthedAdmin, id: number, seen: BillStatus, audit: AuditInTransaction): Promise<BillDetail> {
  const actor: BillActor = { type: 'ADMIN', id: admin.id, name: admin.username };
  await ctx.db.transaction(async (tx) => {
    await transitionBill(tx, id, seen, actor);
    await audit(tx);
  });
  return getBill(ctx, id);
}

const PAY_WAIT_DAYS = 7;
/**
 * finance.complete-paid: a bill paid PAY_WAIT_DAYS ago that its seller never confirmed is
 * completed by the system (the transfer's bank record stands for the confirmation).
 */
export async function completePaidBills(ctx: AppContext, now: Date): Promise<{ completed: number }> {
  const due = await ctx.db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.status, 'PAY'), sql`${bills.payAt} < ${new Date(now.getTime() - PAY_WAIT_DAYS * DAY_MS).toISOString()}`))
    .orderBy(asc(bills.id))
    .limit(500);
  let completed = 0;
  for (const { id } of due) {
    try {
      await ctx.db.transaction((tx) => transitionBill(tx, id, 'PAY', { type: 'SYSTEM', name: '系统' }, now));
      completed++;
    } catch (error) {
      // moved meanwhile by someone else: nothing left to do for this bill
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { completed };
}

/** A bill's orders (PAYMENT) or refunds (REFUND), newest first; the export reads the same. */
type ItemRecord = Omit<BillItemRow, 'time' | 'order_time'> & { time: Date | string; order_time: Date | string };

export function billItemSpec(ctx: AppContext, billId: number, type: BillItemType, query: ListQuery): ListSpec<ItemRecord, BillItemRow> {
  if (type === 'PAYMENT') {
    return {
      query,
      table: orders,
      id: orders.id,
      where: [eq(orders.billId, billId)],
      statement: 'finance/bills.billItemSpec',
      rows: ({ where, orderBy, limit, offset }) =>
        ctx.db
          .select({
            id: orders.id,
            order_sn: orders.sn,
            refund_sn: sql<string>`''`,
            member_name: orders.memberName,
            payment_type: orders.paymentType,
            payment_method_name: orders.paymentMethodName,
            price: sql<number>`(${orders.paidCents} + ${orders.balanceCents} + ${orders.siteCouponCents})`,
            commi_price: orders.commissionCents,
            site_coupon_price: orders.siteCouponCents,
            coupon_commission: orders.couponCommissionCents,
            time: sql<Date>`${orders.paidAt}`,
            order_time: orders.createdAt,
          })
          .from(orders)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      map: toItemRow,
      idOf: (row) => row.id,
    };
  }
  return {
    query,
    table: refunds,
    id: refunds.id,
    where: [eq(refunds.billId, billId)],
    statement: 'finance/bills.billItemSpec.2',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({
          id: refunds.id,
          order_sn: refunds.orderSn,
          refund_sn: refunds.sn,
          member_name: refunds.memberName,
          payment_type: refunds.paymentType,
          payment_method_name: refunds.refundWay,
          price: refunds.actualCents,
          commi_price: sql<number>`${refundCommissionOf('"refunds"', '"orders"')}::int`,
          site_coupon_price: sql<number>`0`,
          coupon_commission: sql<number>`0`,
          time: sql<Date>`${refunds.refundedAt}`,
          order_time: orders.createdAt,
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: toItemRow,
    idOf: (row) => row.id,
  };
}

/** Amounts arrive in cents and times as dates (or strings from raw SQL); the API speaks yuan and seconds. */
function toItemRow(row: ItemRecord): BillItemRow {
  const seconds = (value: Date | string) => unixSeconds(value instanceof Date ? value : new Date(value));
  return {
    ...row,
    price: toYuan(Number(row.price)),
    commi_price: toYuan(Number(row.commi_price)),
    site_coupon_price: toYuan(Number(row.site_coupon_price)),
    coupon_commission: toYuan(Number(row.coupon_commission)),
    time: seconds(row.time), order_time: seconds(row.order_time) };
}

/** GET admin/order/bills/{id}/{PAYMENT|REFUND}. */
export async function listBillItems(ctx: AppContext, billId: number, type: BillItemType, query: ListQuery): Promise<Page<BillItemRow>> {
  const [bill] = await ctx.db.select({ id: bills.id }).from(bills).where(eq(bills.id, billId));
  if (!bill) throw new AppError(404, 'BILL_NOT_FOUND');
  return listPage(ctx.db, billItemSpec(ctx, billId, type, query));
}
