/** Distributors, commission templates, settings, distribution orders, commission records and bills (DOMAIN §2.20). */
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, sql } from 'drizzle-orm';
import {
  toCents,
  toYuan,
  type CommissionQuery,
  type CommissionRow,
  type CommissionStatus,
  type CommissionTplInput,
  type CommissionTplRow,
  type DistributionBillQuery,
  type DistributionBillRow,
  type DistributionLedgerKind,
  type DistributionLedgerRow,
  type DistributionOrderQuery,
  type DistributionOrderRow,
  type DistributionSettings,
  type DistributorDetail,
  type DistributorListQuery,
  type DistributorRow,
  type GoodsRebateRow,
  type Page,
  type PageQuery,
} from '@agora/contract';
import { escapeLike } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { preparedOnce } from '../../platform/statements.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { writeSetting } from '../../platform/settings.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { fromUnixSeconds, PLATFORM_UTC_OFFSET_MS, unixSeconds } from '../../platform/time.js';
import { goods } from '../goods/tables.js';
import type { Writer as Tx } from '../../db/sql.js';
import { DISTRIBUTION_SETTINGS_KEY, readDistributionSettings } from './commission.js';
import { commissionRecords, commissionTpls, distributionBills, distributionGoods, distributionLedger, distributionOrders, distributors } from './tables.js';

refuseDuplicates({ commission_tpls_name_uq: 'COMMISSION_TPL_NAME_TAKEN' });

const bp = (percent: number) => Math.round(percent * 100);
const percentOf = (basisPoints: number) => basisPoints / 100;

// ─── Distributors ───────────────────────────────────────────────────────────

type Distributor = typeof distributors.$inferSelect;

// A page of distributors and a distributor's detail read their teams: prepared once (platform/statements.ts), the ids as one array.
const firstLevelCounts = preparedOnce('agora_distribution_lv1', (db) =>
  db.select({ id: distributors.parentId, n: count() }).from(distributors).where(sql`${distributors.parentId} = any(${sql.placeholder('ids')})`).groupBy(distributors.parentId),
);
const secondLevelCounts = preparedOnce('agora_distribution_lv2', (db) =>
  db.select({ id: distributors.grandparentId, n: count() }).from(distributors).where(sql`${distributors.grandparentId} = any(${sql.placeholder('ids')})`).groupBy(distributors.grandparentId),
);
const templatesOf = preparedOnce('agora_distribution_templates', (db) =>
  db
    .select({ id: distributors.memberId, parentId: distributors.parentId, tpl: commissionTpls.name, grade1: commissionTpls.grade1Bp, grade2: commissionTpls.grade2Bp })
    .from(distributors)
    .innerJoin(commissionTpls, eq(commissionTpls.id, distributors.tplId))
    .where(sql`${distributors.memberId} = any(${sql.placeholder('ids')})`),
);
const namesOf = preparedOnce('agora_distribution_names', (db) =>
  db.select({ id: distributors.memberId, name: distributors.memberName }).from(distributors).where(sql`${distributors.memberId} = any(${sql.placeholder('ids')})`),
);

async function teamsOf(db: Tx, ids: number[]) {
  const teams = new Map<number, { lv1: number; lv2: number; parent: string; tpl: string; grade1: number; grade2: number }>();
  if (ids.length === 0) return teams;
  for (const id of ids) teams.set(id, { lv1: 0, lv2: 0, parent: '', tpl: '', grade1: 0, grade2: 0 });
  const lv1 = await firstLevelCounts(db).execute({ ids });
  const lv2 = await secondLevelCounts(db).execute({ ids });
  for (const row of lv1) teams.get(row.id!)!.lv1 = row.n;
  for (const row of lv2) teams.get(row.id!)!.lv2 = row.n;
  const own = await templatesOf(db).execute({ ids });
  const parentIds = [...new Set(own.map((row) => row.parentId).filter((id): id is number => id !== null))];
  const parents = parentIds.length === 0 ? [] : await namesOf(db).execute({ ids: parentIds });
  for (const row of own) {
    const team = teams.get(row.id)!;
    team.tpl = row.tpl;
    team.grade1 = percentOf(row.grade1);
    team.grade2 = percentOf(row.grade2);
    team.parent = parents.find((parent) => parent.id === row.parentId)?.name ?? '';
  }
  return teams;
}

function toDistributorRow(row: Distributor, team: { lv1: number; lv2: number; parent: string; tpl: string }): DistributorRow {
  return {
    member_id: row.memberId,
    member_name: row.memberName,
    mobile: row.mobile,
    parent_name: team.parent,
    can_rebate: toYuan(row.canRebateCents),
    commission_frozen: toYuan(row.frozenCents),
    withdraw_frozen: toYuan(row.withdrawFrozenCents),
    rebate_total: toYuan(row.rebateTotalCents),
    lv1_num: team.lv1,
    lv2_num: team.lv2,
    order_num: row.orderNum,
    turnover_price: toYuan(row.turnoverCents),
    tpl_id: row.tplId,
    tpl_name: team.tpl,
    status: row.status === 1 ? 1 : 0,
    create_time: unixSeconds(row.createdAt),
  };
}

/** GET admin/distribution/member: newest first (or by withdrawable commission), by name or mobile and state. */
export async function listDistributors(ctx: AppContext, query: DistributorListQuery): Promise<Page<DistributorRow>> {
  const keyword = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  const page = await listPage(ctx.db, {
    query,
    table: distributors,
    id: distributors.memberId,
    where: [keyword ? or(ilike(distributors.memberName, keyword), ilike(distributors.mobile, keyword)) : undefined, query.status !== undefined ? eq(distributors.status, query.status) : undefined],
    sorts: { create_time: distributors.createdAt, can_rebate: distributors.canRebateCents },
    statement: 'distribution/service.listDistributors',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(distributors).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row) => row,
    idOf: (row) => row.memberId,
  });
  const teams = await teamsOf(ctx.db, page.data.map((row) => row.memberId));
  return { ...page, data: page.data.map((row) => toDistributorRow(row, teams.get(row.memberId)!)) };
}

async function findDistributor(db: Tx, memberId: number): Promise<Distributor> {
  const [row] = await db.select().from(distributors).where(eq(distributors.memberId, memberId));
  if (!row) throw new AppError(404, 'DISTRIBUTOR_NOT_FOUND');
  return row;
}

export async function getDistributor(ctx: AppContext, memberId: number): Promise<DistributorDetail> {
  const row = await findDistributor(ctx.db, memberId);
  const team = (await teamsOf(ctx.db, [memberId])).get(memberId)!;
  return { ...toDistributorRow(row, team), grade1: team.grade1, grade2: team.grade2 };
}

/** PUT admin/distribution/member/{member_id}/status: 1 normal, 0 disabled (earns nothing on orders received from now on). */
export async function setDistributorStatus(ctx: AppContext, memberId: number, status: 0 | 1): Promise<void> {
  const [row] = await ctx.db.update(distributors).set({ status }).where(eq(distributors.memberId, memberId)).returning({ id: distributors.memberId });
  if (!row) throw new AppError(404, 'DISTRIBUTOR_NOT_FOUND');
}

/** PUT admin/distribution/member/tpl?member_id&tpl_id: the template the distributor's next commissions use. */
export async function assignTpl(ctx: AppContext, memberId: number, tplId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [tpl] = await tx.select({ id: commissionTpls.id }).from(commissionTpls).where(eq(commissionTpls.id, tplId)).for('share');
    if (!tpl) throw new AppError(404, 'COMMISSION_TPL_NOT_FOUND');
    const [row] = await tx.update(distributors).set({ tplId }).where(eq(distributors.memberId, memberId)).returning({ id: distributors.memberId });
    if (!row) throw new AppError(404, 'DISTRIBUTOR_NOT_FOUND');
  });
}

/** GET admin/distribution/member-ledger: one distributor's money moves, newest first. */
export function listLedger(ctx: AppContext, query: PageQuery & { member_id: number }): Promise<Page<DistributionLedgerRow>> {
  return listPage(ctx.db, {
    query,
    table: distributionLedger,
    id: distributionLedger.id,
    where: [eq(distributionLedger.memberId, query.member_id)],
    statement: 'distribution/service.listLedger',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(distributionLedger).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row): DistributionLedgerRow => ({
      id: row.id,
      kind: row.kind as DistributionLedgerKind,
      can_rebate_change: toYuan(row.canRebateChange),
      frozen_change: toYuan(row.frozenChange),
      withdraw_frozen_change: toYuan(row.withdrawFrozenChange),
      can_rebate_after: toYuan(row.canRebateAfter),
      frozen_after: toYuan(row.frozenAfter),
      withdraw_frozen_after: toYuan(row.withdrawFrozenAfter),
      ref_sn: row.refSn,
      operator: row.operatorName,
      create_time: unixSeconds(row.createdAt),
    }),
    idOf: (row) => row.id,
  });
}

// ─── Templates and settings ─────────────────────────────────────────────────

export async function listTpls(ctx: AppContext): Promise<CommissionTplRow[]> {
  const rows = await ctx.db.select().from(commissionTpls).orderBy(desc(commissionTpls.isDefault), asc(commissionTpls.id));
  const users = await ctx.db.select({ id: distributors.tplId, n: count() }).from(distributors).groupBy(distributors.tplId);
  return rows.map((row) => ({
    id: row.id,
    tpl_name: row.name,
    grade1: percentOf(row.grade1Bp),
    grade2: percentOf(row.grade2Bp),
    is_default: row.isDefault === 1 ? 1 : 0,
    member_num: users.find((user) => user.id === row.id)?.n ?? 0,
    create_time: unixSeconds(row.createdAt),
  }));
}

async function checkTplName(db: Tx, name: string, exceptId?: number) {
  const [taken] = await db.select({ id: commissionTpls.id }).from(commissionTpls).where(and(eq(commissionTpls.name, name), exceptId ? sql`${commissionTpls.id} <> ${exceptId}` : undefined));
  if (taken) throw badRequest('COMMISSION_TPL_NAME_TAKEN');
}

/** Making a template the default unsets the previous one in the same transaction. */
async function takeDefault(db: Tx, isDefault: number) {
  if (isDefault === 1) await db.update(commissionTpls).set({ isDefault: 0 }).where(eq(commissionTpls.isDefault, 1));
}

export async function createTpl(ctx: AppContext, input: CommissionTplInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await checkTplName(tx, input.tpl_name);
    await takeDefault(tx, input.is_default);
    await tx.insert(commissionTpls).values({ name: input.tpl_name, grade1Bp: bp(input.grade1), grade2Bp: bp(input.grade2), isDefault: input.is_default });
  });
}

export async function updateTpl(ctx: AppContext, id: number, input: CommissionTplInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [tpl] = await tx.select().from(commissionTpls).where(eq(commissionTpls.id, id)).for('update');
    if (!tpl) throw new AppError(404, 'COMMISSION_TPL_NOT_FOUND');
    if (tpl.isDefault === 1 && input.is_default === 0) throw badRequest('COMMISSION_TPL_DEFAULT_UNSET');
    await checkTplName(tx, input.tpl_name, id);
    if (tpl.isDefault === 0) await takeDefault(tx, input.is_default);
    await tx.update(commissionTpls).set({ name: input.tpl_name, grade1Bp: bp(input.grade1), grade2Bp: bp(input.grade2), isDefault: input.is_default }).where(eq(commissionTpls.id, id));
  });
}

/** A template is deleted only when it is not the default and no distributor holds it (the row lock keeps an assignment out meanwhile). */
export async function deleteTpl(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [tpl] = await tx.select().from(commissionTpls).where(eq(commissionTpls.id, id)).for('update');
    if (!tpl) throw new AppError(404, 'COMMISSION_TPL_NOT_FOUND');
    if (tpl.isDefault === 1) throw badRequest('COMMISSION_TPL_DEFAULT_DELETE');
    const [user] = await tx.select({ id: distributors.memberId }).from(distributors).where(eq(distributors.tplId, id)).limit(1);
    if (user) throw badRequest('COMMISSION_TPL_IN_USE');
    await tx.delete(commissionTpls).where(eq(commissionTpls.id, id));
  });
}

export const getSettings = (ctx: AppContext): Promise<DistributionSettings> => readDistributionSettings(ctx.db);
export const saveSettings = (ctx: AppContext, input: DistributionSettings) => writeSetting(ctx.db, DISTRIBUTION_SETTINGS_KEY, input);

/** GET admin/distribution/goods: goods on sale with their own rebate (0 when the templates apply). */
export function listGoodsRebates(ctx: AppContext, query: PageQuery & { goods_name?: string }): Promise<Page<GoodsRebateRow>> {
  return listPage(ctx.db, {
    query,
    table: goods,
    id: goods.id,
    where: [eq(goods.marketEnable, 1), eq(goods.disabled, 1), query.goods_name ? ilike(goods.goodsName, `%${escapeLike(query.goods_name)}%`) : undefined],
    statement: 'distribution/service.listGoodsRebates',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db
        .select({ id: goods.id, name: goods.goodsName, shop: goods.shopName, price: goods.priceCents, grade1: distributionGoods.grade1Cents, grade2: distributionGoods.grade2Cents })
        .from(goods)
        .leftJoin(distributionGoods, eq(distributionGoods.goodsId, goods.id))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    map: (row): GoodsRebateRow => ({ goods_id: row.id, goods_name: row.name, shop_name: row.shop, price: toYuan(row.price), grade1_rebate: toYuan(row.grade1 ?? 0), grade2_rebate: toYuan(row.grade2 ?? 0) }),
    idOf: (row) => row.goods_id,
  });
}

export async function saveGoodsRebate(ctx: AppContext, goodsId: number, input: { grade1_rebate: number; grade2_rebate: number }): Promise<void> {
  const [item] = await ctx.db.select({ id: goods.id }).from(goods).where(eq(goods.id, goodsId));
  if (!item) throw new AppError(404, 'GOODS_NOT_FOUND', { ids: String(goodsId) });
  const values = { grade1Cents: toCents(input.grade1_rebate), grade2Cents: toCents(input.grade2_rebate) };
  await ctx.db.insert(distributionGoods).values({ goodsId, ...values }).onConflictDoUpdate({ target: distributionGoods.goodsId, set: values });
}

// ─── Distribution orders and commission records ─────────────────────────────

async function findBill(db: Tx, billId: number, memberId: number) {
  const [bill] = await db.select().from(distributionBills).where(and(eq(distributionBills.id, billId), eq(distributionBills.memberId, memberId)));
  if (!bill) throw new AppError(404, 'DISTRIBUTION_BILL_NOT_FOUND');
  return bill;
}

/** GET admin/distribution/order: the orders that brought commission; for one distributor, and within one of their bills. */
export async function listDistributionOrders(ctx: AppContext, query: DistributionOrderQuery): Promise<Page<DistributionOrderRow>> {
  const bill = query.bill_id !== undefined && query.member_id !== undefined ? await findBill(ctx.db, query.bill_id, query.member_id) : undefined;
  return listPage(ctx.db, {
    query,
    table: distributionOrders,
    id: distributionOrders.id,
    where: [
      query.order_sn ? ilike(distributionOrders.orderSn, `%${escapeLike(query.order_sn)}%`) : undefined,
      query.member_id !== undefined ? or(eq(distributionOrders.lv1Id, query.member_id), eq(distributionOrders.lv2Id, query.member_id)) : undefined,
      query.status ? eq(distributionOrders.status, query.status) : undefined,
      bill ? and(gte(distributionOrders.createdAt, bill.startAt), lt(distributionOrders.createdAt, bill.endAt)) : undefined,
    ],
    sorts: { create_time: distributionOrders.createdAt },
    statement: 'distribution/service.listDistributionOrders',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(distributionOrders).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row): DistributionOrderRow => ({
      id: row.id,
      order_sn: row.orderSn,
      buyer_name: row.buyerName,
      shop_name: row.shopName,
      order_price: toYuan(row.orderCents),
      lv1_name: row.lv1Name,
      grade1_rebate: toYuan(row.grade1Cents),
      lv2_name: row.lv2Name,
      grade2_rebate: toYuan(row.grade2Cents),
      status: row.status as CommissionStatus,
      settle_time: unixSeconds(row.settleAt),
      create_time: unixSeconds(row.createdAt),
    }),
    idOf: (row) => row.id,
  });
}

/** GET admin/distribution/commission: every beneficiary's commission record. */
export function listCommissions(ctx: AppContext, query: CommissionQuery): Promise<Page<CommissionRow>> {
  return listPage(ctx.db, {
    query,
    table: commissionRecords,
    id: commissionRecords.id,
    where: [
      query.member_id !== undefined ? eq(commissionRecords.memberId, query.member_id) : undefined,
      query.member_name ? ilike(commissionRecords.memberName, `%${escapeLike(query.member_name)}%`) : undefined,
      query.order_sn ? ilike(commissionRecords.orderSn, `%${escapeLike(query.order_sn)}%`) : undefined,
      query.status ? eq(commissionRecords.status, query.status) : undefined,
      query.start_time !== undefined ? gte(commissionRecords.createdAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(commissionRecords.createdAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { create_time: commissionRecords.createdAt },
    statement: 'distribution/service.listCommissions',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(commissionRecords).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (row): CommissionRow => ({
      id: row.id,
      member_id: row.memberId,
      member_name: row.memberName,
      order_sn: row.orderSn,
      buyer_name: row.buyerName,
      level: row.level === 2 ? 2 : 1,
      order_price: toYuan(row.orderCents),
      amount: toYuan(row.amountCents),
      status: row.status as CommissionStatus,
      settle_time: unixSeconds(row.settleAt),
      create_time: unixSeconds(row.createdAt),
    }),
    idOf: (row) => row.id,
  });
}

// ─── Performance bills ──────────────────────────────────────────────────────

const toBillRow = (bill: typeof distributionBills.$inferSelect): DistributionBillRow => ({
  id: bill.id,
  sn: bill.sn,
  member_id: bill.memberId,
  member_name: bill.memberName,
  start_time: unixSeconds(bill.startAt),
  end_time: unixSeconds(bill.endAt),
  order_num: bill.orderNum,
  order_price: toYuan(bill.orderCents),
  commission: toYuan(bill.commissionCents),
  return_order_num: bill.returnOrderNum,
  return_order_price: toYuan(bill.returnOrderCents),
  return_commission: toYuan(bill.returnCommissionCents),
  payable: toYuan(bill.commissionCents - bill.returnCommissionCents),
  create_time: unixSeconds(bill.createdAt),
});

/** GET admin/distribution/bill/member: monthly bills, newest period first; one distributor's or all. */
export function listBills(ctx: AppContext, query: DistributionBillQuery): Promise<Page<DistributionBillRow>> {
  return listPage(ctx.db, {
    query,
    table: distributionBills,
    id: distributionBills.id,
    where: [
      query.member_id !== undefined ? eq(distributionBills.memberId, query.member_id) : undefined,
      query.member_name ? ilike(distributionBills.memberName, `%${escapeLike(query.member_name)}%`) : undefined,
    ],
    sorts: { start_time: distributionBills.startAt },
    statement: 'distribution/service.listBills',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(distributionBills).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toBillRow,
    idOf: (row) => row.id,
  });
}

export async function getBill(ctx: AppContext, billId: number, memberId: number): Promise<DistributionBillRow> {
  return toBillRow(await findBill(ctx.db, billId, memberId));
}

/** The platform calendar's month containing `at`: [start, end). */
export function monthOf(at: Date): { start: Date; end: Date; label: string } {
  const local = new Date(at.getTime() + PLATFORM_UTC_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return {
    start: new Date(Date.UTC(y, m, 1) - PLATFORM_UTC_OFFSET_MS),
    end: new Date(Date.UTC(y, m + 1, 1) - PLATFORM_UTC_OFFSET_MS),
    label: `${y}${String(m + 1).padStart(2, '0')}`,
  };
}

/**
 * The scheduled task: every distributor with commission in the month before `now` gets that
 * month's bill (commission earned in it, and clawed back in it). Idempotent: a bill already
 * built is kept (one per member and period).
 */
export async function buildBills(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  const { start, end, label } = monthOf(new Date(monthOf(now).start.getTime() - 1));
  const earned = await ctx.db
    .select({ memberId: commissionRecords.memberId, name: sql<string>`max(${commissionRecords.memberName})`, n: count(), orderCents: sql<number>`sum(${commissionRecords.orderCents})::int`, cents: sql<number>`sum(${commissionRecords.amountCents})::int` })
    .from(commissionRecords)
    .where(and(gte(commissionRecords.createdAt, start), lt(commissionRecords.createdAt, end)))
    .groupBy(commissionRecords.memberId);
  const returned = await ctx.db
    .select({ memberId: commissionRecords.memberId, name: sql<string>`max(${commissionRecords.memberName})`, n: count(), orderCents: sql<number>`sum(${commissionRecords.orderCents})::int`, cents: sql<number>`sum(${commissionRecords.amountCents})::int` })
    .from(commissionRecords)
    .where(and(eq(commissionRecords.status, 'RETURN'), gte(commissionRecords.returnedAt, start), lt(commissionRecords.returnedAt, end)))
    .groupBy(commissionRecords.memberId);
  const memberIds = [...new Set([...earned, ...returned].map((row) => row.memberId))].sort((a, b) => a - b);
  if (memberIds.length === 0) return 0;
  const written = await ctx.db
    .insert(distributionBills)
    .values(
      memberIds.map((memberId) => {
        const plus = earned.find((row) => row.memberId === memberId);
        const minus = returned.find((row) => row.memberId === memberId);
        return {
          sn: `FX${label}${String(memberId).padStart(6, '0')}`,
          memberId,
          memberName: plus?.name ?? minus?.name ?? '',
          startAt: start,
          endAt: end,
          orderNum: plus?.n ?? 0,
          orderCents: plus?.orderCents ?? 0,
          commissionCents: plus?.cents ?? 0,
          returnOrderNum: minus?.n ?? 0,
          returnOrderCents: minus?.orderCents ?? 0,
          returnCommissionCents: minus?.cents ?? 0,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: distributionBills.id });
  return written.length;
}
