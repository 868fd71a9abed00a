/** Earnest money (margin): sellers pay in and wait for approval; the operator deducts or adds at once (DOMAIN §2.13). */
import { and, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  toCents,
  toYuan,
  type MarginAdjustInput,
  type MarginAuthStatus,
  type MarginFlowListQuery,
  type MarginFlowRow,
  type MarginHistoryQuery,
  type Page,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage, type ListQuery, type ListSpec } from '../../platform/list.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { escapeLike } from '../../db/sql.js';
import { shops } from '../shops/tables.js';
import { marginFlows } from './tables.js';

const columns = { flow: marginFlows, shopName: shops.shopName };
type FlowRecord = { flow: typeof marginFlows.$inferSelect; shopName: string };

function toRow({ flow, shopName }: FlowRecord): MarginFlowRow {
  return {
    id: flow.id,
    shop_id: flow.shopId,
    shop_name: shopName,
    type: flow.type === 1 ? 1 : 0,
    actual_pay_amount: toYuan(flow.amountCents),
    change_amount: toYuan(flow.type === 1 ? flow.amountCents : -flow.amountCents),
    total_amount: flow.totalAfterCents === null ? null : toYuan(flow.totalAfterCents),
    voucher: flow.vouchers,
    remark: flow.remark,
    auth_status: flow.authStatus as MarginAuthStatus,
    auth_remark: flow.authRemark,
    auditor_name: flow.auditorName,
    audit_time: flow.auditedAt ? unixSeconds(flow.auditedAt) : null,
    create_time: unixSeconds(flow.createdAt),
  };
}

/** Flows newest first; every filter is on `margin_flows` (a shop name is resolved to its shops' ids). */
function flowSpec(ctx: AppContext, query: ListQuery, where: (SQL | undefined)[]): ListSpec<FlowRecord, MarginFlowRow> {
  return {
    query,
    table: marginFlows,
    id: marginFlows.id,
    where,
    sorts: { create_time: marginFlows.createdAt },
    statement: 'finance/margin.flowSpec',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select(columns).from(marginFlows).innerJoin(shops, eq(shops.id, marginFlows.shopId)).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toRow,
    idOf: (row) => row.id,
  };
}

/** The margin flow list under `query`: its page (listMarginFlows) and its export (finance/jobs.ts) read the same. */
export function marginFlowListSpec(ctx: AppContext, query: MarginFlowListQuery): ListSpec<FlowRecord, MarginFlowRow> {
  const status = query.auth_status;
  return flowSpec(ctx, query, [
    status === 'AUDITED' ? inArray(marginFlows.authStatus, ['PASS_AUDIT', 'REFUSE_AUDIT']) : status ? eq(marginFlows.authStatus, status) : undefined,
    query.shop_name
      ? inArray(marginFlows.shopId, ctx.db.select({ id: shops.id }).from(shops).where(ilike(shops.shopName, `%${escapeLike(query.shop_name)}%`)))
      : undefined,
    query.start_time !== undefined ? gte(marginFlows.createdAt, fromUnixSeconds(query.start_time)) : undefined,
    query.end_time !== undefined ? lte(marginFlows.createdAt, fromUnixSeconds(query.end_time)) : undefined,
  ]);
}

/** GET admin/shops/margin-flow: the audit queue (WAIT_AUDIT) or the audited records (AUDITED = passed or refused). */
export function listMarginFlows(ctx: AppContext, query: MarginFlowListQuery): Promise<Page<MarginFlowRow>> {
  return listPage(ctx.db, marginFlowListSpec(ctx, query));
}

/** GET admin/shops/margin-flow/history?shop_id: every flow of one shop. */
export function marginHistory(ctx: AppContext, query: MarginHistoryQuery): Promise<Page<MarginFlowRow>> {
  return listPage(ctx.db, flowSpec(ctx, query, [eq(marginFlows.shopId, query.shop_id)]));
}

/**
 * PUT admin/shops/margin-flow/auth/{id}: passing a seller's payment adds it to the shop's remaining
 * margin; refusing changes nothing but the flow. A flow is audited once.
 */
export async function auditMarginFlow(ctx: AppContext, admin: AuthedAdmin, id: number, pass: number, remark: string, audit: AuditInTransaction): Promise<MarginFlowRow> {
  return ctx.db.transaction(async (tx) => {
    const [flow] = await tx.select().from(marginFlows).where(eq(marginFlows.id, id)).for('update');
    if (!flow) throw new AppError(404, 'MARGIN_NOT_FOUND');
    if (flow.authStatus !== 'WAIT_AUDIT') throw badRequest('MARGIN_NOT_WAITING');
    const decision = { authRemark: remark, auditorId: admin.id, auditorName: admin.username, auditedAt: new Date() };
    let totalAfterCents: number | null = null;
    if (pass === 1) {
      const delta = flow.type === 1 ? flow.amountCents : -flow.amountCents;
      const [shop] = await tx
        .update(shops)
        .set({ remainingMarginCents: sql`${shops.remainingMarginCents} + ${delta}` })
        .where(and(eq(shops.id, flow.shopId), sql`${shops.remainingMarginCents} + ${delta} >= 0`))
        .returning({ remaining: shops.remainingMarginCents });
      if (!shop) throw badRequest('MARGIN_INSUFFICIENT', { remaining: await remainingYuan(tx, flow.shopId) });
      totalAfterCents = shop.remaining;
    }
    await tx
      .update(marginFlows)
      .set({ ...decision, authStatus: pass === 1 ? 'PASS_AUDIT' : 'REFUSE_AUDIT', totalAfterCents })
      .where(eq(marginFlows.id, id));
    await audit(tx);
    const [row] = await tx.select(columns).from(marginFlows).innerJoin(shops, eq(shops.id, marginFlows.shopId)).where(eq(marginFlows.id, id));
    return toRow(row);
  });
}

async function remainingYuan(tx: Pick<AppContext['db'], 'select'>, shopId: number): Promise<number> {
  const [shop] = await tx.select({ cents: shops.remainingMarginCents }).from(shops).where(eq(shops.id, shopId));
  return toYuan(shop?.cents ?? 0);
}

/**
 * POST admin/shops/margin-flow: the operator deducts (type 0) or adds (type 1) at once, with a reason.
 * A deduction never takes the margin below zero: the guard is in the UPDATE itself.
 */
export async function adjustMargin(ctx: AppContext, admin: AuthedAdmin, input: MarginAdjustInput, audit: AuditInTransaction): Promise<{ total_amount: number }> {
  return ctx.db.transaction(async (tx) => {
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shop_id));
    if (!shop) throw new AppError(404, 'SHOP_NOT_FOUND');
    const cents = toCents(input.actual_pay_amount);
    const delta = input.type === 1 ? cents : -cents;
    const [updated] = await tx
      .update(shops)
      .set({ remainingMarginCents: sql`${shops.remainingMarginCents} + ${delta}` })
      .where(and(eq(shops.id, shop.id), sql`${shops.remainingMarginCents} + ${delta} >= 0`))
      .returning({ remaining: shops.remainingMarginCents });
    if (!updated) throw badRequest('MARGIN_INSUFFICIENT', { remaining: await remainingYuan(tx, shop.id) });
    const now = new Date();
    await tx.insert(marginFlows).values({
      shopId: shop.id,
      type: input.type,
      amountCents: cents,
      totalAfterCents: updated.remaining,
      vouchers: input.voucher,
      remark: input.remark,
      authStatus: 'PASS_AUDIT',
      auditorId: admin.id,
      auditorName: admin.username,
      auditedAt: now,
    });
    await audit(tx);
    return { total_amount: toYuan(updated.remaining) };
  });
}
