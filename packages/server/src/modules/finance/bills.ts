/**
 * Settlement: the days a shop's bill is cut, the immediate bill, and the bill list
 * (DOMAIN §2.14). A bill takes every paid order of the shop not yet on a bill.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { toYuan, type BillListQuery, type BillRow, type BillStatus, type Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { unixSeconds } from '../../platform/time.js';
import type { Transaction as Tx } from '../../db/sql.js';
import { orders } from '../orders/tables.js';
import { bills, shopDetails, shops } from './tables.js';

/** Locks the shops, all of which must exist and have opened (open or closed now): only those are settled. */
async function lockBillableShops(tx: Tx, ids: number[]) {
  const rows = await tx.select().from(shops).where(inArray(shops.id, ids)).orderBy(shops.id).for('update');
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length) throw new AppError(404, 'SHOP_NOT_FOUND');
  const unopened = rows.filter((shop) => shop.status !== 'OPEN' && shop.status !== 'CLOSED');
  if (unopened.length) throw badRequest('SHOP_NOT_BILLABLE', { names: unopened.map((shop) => shop.shopName).join('、') });
  return rows;
}

/** PUT admin/order/bills/{shop_ids}/param?param=15,25 — all shops or none. */
export async function setSettlementDays(ctx: AppContext, ids: number[], days: number[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockBillableShops(tx, ids);
    await tx.update(shops).set({ settlementDays: days, updatedAt: new Date() }).where(inArray(shops.id, ids));
  });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** B + the date + the bill id: unique, and readable over the phone. */
const billSn = (billId: number, at: Date) => `B${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(billId, 6)}`;

/**
 * Cuts one bill for the shop up to `end`: its period starts where the previous bill ended (or when
 * the shop opened). Orders are claimed with `bill_id IS NULL` in the same statement that sums them,
 * so an order can never land on two bills.
 * Money: commission is what each order recorded when it was paid; cash on delivery was collected by
 * the seller, so only its commission is settled: bill = online income − commission (refunds: none yet).
 */
async function cutBill(tx: Tx, shop: typeof shops.$inferSelect, end: Date): Promise<number> {
  const [previous] = await tx.select({ endAt: bills.endAt }).from(bills).where(eq(bills.shopId, shop.id)).orderBy(desc(bills.endAt)).limit(1);
  const start = previous?.endAt ?? shop.openedAt ?? shop.createdAt;
  const [detail] = await tx.select().from(shopDetails).where(eq(shopDetails.shopId, shop.id));
  const [bill] = await tx
    .insert(bills)
    .values({
      // a placeholder until the id is known: the number is the date and the bill's own id
      sn: `tmp-${shop.id}-${end.getTime()}`,
      shopId: shop.id,
      shopName: shop.shopName,
      startAt: start,
      endAt: end,
      bank: detail
        ? { account_name: detail.bankAccountName, number: detail.bankNumber, bank_name: detail.bankName, region: detail.bankRegion }
        : {},
    })
    .returning({ id: bills.id });
  await tx.update(bills).set({ sn: billSn(bill.id, end) }).where(eq(bills.id, bill.id));
  const result = await tx.execute(sql`
    with claimed as (
      update ${orders} set bill_id = ${bill.id}
      where shop_id = ${shop.id} and bill_id is null and pay_status = 'PAY_YES' and paid_at <= ${end.toISOString()}
      returning paid_cents, commission_cents, payment_type
    )
    select count(*)::int as n,
      coalesce(sum(paid_cents) filter (where payment_type <> 'COD'), 0)::bigint as online,
      coalesce(sum(paid_cents) filter (where payment_type = 'COD'), 0)::bigint as cod,
      coalesce(sum(commission_cents), 0)::bigint as commission
    from claimed`);
  const sums = result.rows[0] as { n: number; online: string | number; cod: string | number; commission: string | number };
  const online = Number(sums.online);
  const commission = Number(sums.commission);
  await tx
    .update(bills)
    .set({ orderCount: Number(sums.n), orderCents: online, codCents: Number(sums.cod), commissionCents: commission, billCents: online - commission })
    .where(eq(bills.id, bill.id));
  return bill.id;
}

/** POST admin/order/bills/now/{shop_ids}: a bill for each shop right now, all or none. */
export async function settleNow(ctx: AppContext, ids: number[]): Promise<{ bill_ids: number[] }> {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockBillableShops(tx, ids);
    const end = new Date();
    const billIds: number[] = [];
    for (const shop of rows) billIds.push(await cutBill(tx, shop, end));
    return { bill_ids: billIds };
  });
}

const toBillRow = (bill: typeof bills.$inferSelect): BillRow => ({
  id: bill.id,
  bill_sn: bill.sn,
  seller_id: bill.shopId,
  shop_name: bill.shopName,
  status: bill.status as BillStatus,
  order_count: bill.orderCount,
  price: toYuan(bill.orderCents),
  cod_price: toYuan(bill.codCents),
  refund_price: toYuan(bill.refundCents),
  commi_price: toYuan(bill.commissionCents),
  refund_commi_price: toYuan(bill.refundCommissionCents),
  bill_price: toYuan(bill.billCents),
  start_time: unixSeconds(bill.startAt),
  end_time: unixSeconds(bill.endAt),
  create_time: unixSeconds(bill.createdAt),
});

/** GET admin/order/bills: newest first. */
export function listBills(ctx: AppContext, query: BillListQuery): Promise<Page<BillRow>> {
  return listPage(ctx.db, {
    query,
    table: bills,
    id: bills.id,
    where: [
      query.seller_id ? eq(bills.shopId, query.seller_id) : undefined,
      query.bill_sn ? eq(bills.sn, query.bill_sn) : undefined,
      query.status ? eq(bills.status, query.status) : undefined,
    ],
    sorts: { create_time: bills.createdAt },
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(bills).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toBillRow,
    idOf: (row) => row.id,
  });
}
