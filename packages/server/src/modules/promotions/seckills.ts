/**
 * Seckill (flash sale) days and the audit of the shops' applications (DOMAIN §2.16). The state of
 * an event comes from its day, its publish flag and whether it was closed; every change is
 * checked on the event's row locked for the transaction.
 */
import { and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  SECKILL_PROMOTION_TITLE,
  toYuan,
  type Page,
  type SeckillApplyQuery,
  type SeckillApplyRow,
  type SeckillApplyState,
  type SeckillInput,
  type SeckillListQuery,
  type SeckillRow,
  type SeckillStatus,
} from '@agora/contract';
import type { Db } from '../../db/client.js';
import { escapeLike, lockRowsById } from '../../db/sql.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { refuseDuplicates } from '../../platform/unique.js';
import { fromUnixSeconds, platformDay, platformDayStart, unixSeconds } from '../../platform/time.js';
import { goods } from '../goods/tables.js';
import { promotionGoods, seckillApplies, seckills } from './tables.js';

// a name taken by another operator between the check and the write answers the same message
refuseDuplicates({ seckills_name_uq: 'SECKILL_NAME_TAKEN' });

type Tx = Pick<Db, 'insert' | 'select' | 'update' | 'delete'>;
type Seckill = typeof seckills.$inferSelect;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;


export function seckillStatus(event: Pick<Seckill, 'startAt' | 'closedAt'>, now = new Date()): SeckillStatus {
  if (event.closedAt || now.getTime() >= event.startAt.getTime() + DAY_MS) return 2;
  return now < event.startAt ? 0 : 1;
}

function toRow(event: Seckill, counts?: { apply: number; pass: number }): SeckillRow {
  return {
    seckill_id: event.id,
    seckill_name: event.name,
    start_day: platformDay(event.startAt),
    start_time: unixSeconds(event.startAt),
    apply_end_time: unixSeconds(event.applyEndAt),
    range_list: event.hours,
    seckill_rule: event.rule,
    status: seckillStatus(event),
    publish_status: event.publishStatus === 1 ? 1 : 0,
    closed: event.closedAt ? 1 : 0,
    apply_num: counts?.apply ?? 0,
    pass_num: counts?.pass ?? 0,
    create_time: unixSeconds(event.createdAt),
  };
}

// the list's and the detail's reads, prepared once (platform/statements.ts)
const appliesOf = preparedOnce('agora_seckill_apply_counts', (db) =>
  db
    .select({ id: seckillApplies.seckillId, status: seckillApplies.status, n: count() })
    .from(seckillApplies)
    .where(sql`${seckillApplies.seckillId} = any(${sql.placeholder('ids')})`)
    .groupBy(seckillApplies.seckillId, seckillApplies.status),
);
const seckillById = preparedOnce('agora_seckill', (db) => db.select().from(seckills).where(and(eq(seckills.id, sql.placeholder('id')), isNull(seckills.deletedAt))));

async function countsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { apply: number; pass: number }>();
  const rows = await appliesOf(db).execute({ ids });
  const counts = new Map<number, { apply: number; pass: number }>();
  for (const row of rows) {
    const entry = counts.get(row.id) ?? { apply: 0, pass: 0 };
    if (row.status === 'APPLY') entry.apply = row.n;
    if (row.status === 'PASS') entry.pass = row.n;
    counts.set(row.id, entry);
  }
  return counts;
}

/** GET admin/promotion/seckill: the events not deleted, newest first, by name and status. */
export async function listSeckills(ctx: AppContext, query: SeckillListQuery): Promise<Page<SeckillRow>> {
  const now = new Date();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const byStatus: Record<SeckillStatus, SQL | undefined> = {
    0: and(isNull(seckills.closedAt), gt(seckills.startAt, now)),
    1: and(isNull(seckills.closedAt), lte(seckills.startAt, now), gt(seckills.startAt, dayAgo)),
    2: or(isNotNull(seckills.closedAt), lte(seckills.startAt, dayAgo)),
  };
  const page = await listPage(ctx.db, {
    query,
    table: seckills,
    id: seckills.id,
    where: [
      isNull(seckills.deletedAt),
      query.seckill_name ? ilike(seckills.name, `%${escapeLike(query.seckill_name)}%`) : undefined,
      query.status !== undefined ? byStatus[query.status as SeckillStatus] : undefined,
    ],
    sorts: { create_time: seckills.createdAt },
    statement: 'promotions/seckills.listSeckills',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(seckills).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (event) => event,
    idOf: (event) => event.id,
  });
  const counts = await countsOf(ctx.db, page.data.map((event) => event.id));
  return { ...page, data: page.data.map((event) => toRow(event, counts.get(event.id))) };
}

async function findSeckill(db: Tx, id: number, lock: boolean): Promise<Seckill> {
  const select = db.select().from(seckills).where(and(eq(seckills.id, id), isNull(seckills.deletedAt)));
  const [event] = lock ? await select.for('update') : await select;
  if (!event) throw new AppError(404, 'SECKILL_NOT_FOUND');
  return event;
}

export async function getSeckill(ctx: AppContext, id: number): Promise<SeckillRow> {
  const [event] = await seckillById(ctx.db).execute({ id });
  if (!event) throw new AppError(404, 'SECKILL_NOT_FOUND');
  return toRow(event, (await countsOf(ctx.db, [id])).get(id));
}

/** The day is today or later, the sign-up deadline after now and by the day's start; the name is free. */
async function checked(db: Tx, input: SeckillInput, exceptId?: number) {
  const now = new Date();
  const startAt = platformDayStart(input.start_day);
  if (Number.isNaN(startAt.getTime())) throw new AppError(400, 'VALIDATION', {}, '请选择活动日期');
  if (startAt.getTime() + DAY_MS <= now.getTime()) throw badRequest('SECKILL_DAY_PAST');
  const applyEndAt = fromUnixSeconds(input.apply_end_time);
  if (applyEndAt <= now) throw badRequest('SECKILL_APPLY_END_PAST');
  if (applyEndAt > startAt) throw badRequest('SECKILL_APPLY_END_AFTER_START');
  const [taken] = await db
    .select({ id: seckills.id })
    .from(seckills)
    .where(and(eq(seckills.name, input.seckill_name), isNull(seckills.deletedAt), exceptId ? sql`${seckills.id} <> ${exceptId}` : undefined));
  if (taken) throw badRequest('SECKILL_NAME_TAKEN');
  return { name: input.seckill_name, startAt, applyEndAt, hours: input.range_list, rule: input.seckill_rule };
}

/** POST admin/promotion/seckill: saved as a draft, or published at once. */
export async function createSeckill(ctx: AppContext, input: SeckillInput): Promise<{ seckill_id: number }> {
  const values = await checked(ctx.db, input);
  const [row] = await ctx.db.insert(seckills).values({ ...values, publishStatus: input.publish }).returning({ id: seckills.id });
  return { seckill_id: row.id };
}

/** PUT admin/promotion/seckill/{id}: only a draft; `publish: 1` publishes it with the change. */
export async function updateSeckill(ctx: AppContext, id: number, input: SeckillInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const event = await findSeckill(tx, id, true);
    if (event.publishStatus === 1) throw badRequest('SECKILL_PUBLISHED_NO_EDIT');
    const values = await checked(tx, input, id);
    await tx.update(seckills).set({ ...values, publishStatus: input.publish }).where(eq(seckills.id, id));
  });
}

/** POST admin/promotion/seckill/publish/{id}: a draft whose sign-up is still open. */
export async function publishSeckill(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const event = await findSeckill(tx, id, true);
    if (event.publishStatus === 1) throw badRequest('SECKILL_ALREADY_PUBLISHED');
    if (event.applyEndAt <= new Date()) throw badRequest('SECKILL_APPLY_END_PAST');
    await tx.update(seckills).set({ publishStatus: 1 }).where(eq(seckills.id, id));
  });
}

/** POST admin/promotion/seckill/invalid/{id}: closes a running event; its sale prices end now. */
export async function closeSeckill(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const event = await findSeckill(tx, id, true);
    const now = new Date();
    if (event.publishStatus !== 1 || seckillStatus(event, now) !== 1) throw badRequest('SECKILL_NOT_UNDERWAY');
    await tx.update(seckills).set({ closedAt: now }).where(eq(seckills.id, id));
    const running = and(eq(promotionGoods.promotionType, 'SECKILL'), eq(promotionGoods.activityId, id));
    await tx.update(promotionGoods).set({ endAt: now }).where(and(running, gt(promotionGoods.endAt, now), lte(promotionGoods.startAt, now)));
    await tx.delete(promotionGoods).where(and(running, gt(promotionGoods.startAt, now)));
  });
}

/** DELETE admin/promotion/seckill/{id}: a draft, or an event that has ended (kept, marked deleted). */
export async function deleteSeckill(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const event = await findSeckill(tx, id, true);
    if (event.publishStatus === 1 && seckillStatus(event) !== 2) throw badRequest('SECKILL_NO_DELETE');
    await tx.update(seckills).set({ deletedAt: new Date() }).where(eq(seckills.id, id));
  });
}

// ─── Applications ───────────────────────────────────────────────────────────

type Apply = typeof seckillApplies.$inferSelect;

const toApplyRow = (apply: Apply): SeckillApplyRow => ({
  apply_id: apply.id,
  seckill_id: apply.seckillId,
  time_line: apply.timeLine,
  goods_id: apply.goodsId,
  sku_id: apply.skuId,
  goods_name: apply.goodsName,
  properties_name: apply.propertiesName,
  goods_image: apply.goodsImage,
  shop_id: apply.shopId,
  shop_name: apply.shopName,
  original_price: toYuan(apply.originalPriceCents),
  price: toYuan(apply.priceCents),
  sold_quantity: apply.soldQuantity,
  status: apply.status as SeckillApplyState,
  fail_reason: apply.failReason,
  create_time: unixSeconds(apply.createdAt),
});

/** GET admin/promotion/seckill-goods: one event's applications, by slot then id. */
export function listApplies(ctx: AppContext, query: SeckillApplyQuery): Promise<Page<SeckillApplyRow>> {
  return listPage(ctx.db, {
    query,
    table: seckillApplies,
    id: seckillApplies.id,
    where: [
      eq(seckillApplies.seckillId, query.seckill_id),
      query.status ? eq(seckillApplies.status, query.status) : undefined,
      query.goods_name ? ilike(seckillApplies.goodsName, `%${escapeLike(query.goods_name)}%`) : undefined,
    ],
    sorts: { time_line: seckillApplies.timeLine },
    statement: 'promotions/seckills.listApplies',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(seckillApplies).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toApplyRow,
    idOf: (row) => row.apply_id,
  });
}

/**
 * POST admin/promotion/seckill-goods/batch/audit. The whole batch is refused when any application
 * is no longer waiting, or (passing) when a goods item is already in a promotion whose window
 * overlaps the slot's: the message names it. Passing writes the promotion price from the slot's
 * hour to the end of the day. The applications and the goods rows are locked first, so two
 * operators auditing at once cannot both pass or both write a window.
 */
export async function auditApplies(ctx: AppContext, admin: AuthedAdmin, ids: number[], status: 'PASS' | 'FAIL', reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const applies = await lockRowsById(tx, seckillApplies, ids, (missing) => new AppError(404, 'SECKILL_APPLY_NOT_FOUND', { ids: missing.join(',') }));
    const waitingNot = applies.find((apply) => apply.status !== 'APPLY');
    if (waitingNot) throw badRequest('SECKILL_APPLY_NOT_WAITING', { name: waitingNot.goodsName });
    const events = await tx.select().from(seckills).where(inArray(seckills.id, [...new Set(applies.map((apply) => apply.seckillId))]));
    const now = new Date();
    if (events.some((event) => event.deletedAt || event.publishStatus !== 1 || seckillStatus(event, now) === 2)) throw badRequest('SECKILL_NOT_AUDITABLE');
    const audit = { auditorName: admin.username, auditedAt: now };
    if (status === 'FAIL') {
      await tx.update(seckillApplies).set({ ...audit, status: 'FAIL', failReason: reason }).where(inArray(seckillApplies.id, ids));
      return;
    }
    const goodsIds = [...new Set(applies.map((apply) => apply.goodsId))].sort((a, b) => a - b);
    await tx.select({ id: goods.id }).from(goods).where(inArray(goods.id, goodsIds)).orderBy(asc(goods.id)).for('update');
    const windows = applies.map((apply) => {
      const event = events.find((candidate) => candidate.id === apply.seckillId)!;
      return { apply, startAt: new Date(event.startAt.getTime() + apply.timeLine * HOUR_MS), endAt: new Date(event.startAt.getTime() + DAY_MS - 1000) };
    });
    for (const [index, window] of windows.entries()) {
      const [clash] = await tx
        .select({ title: promotionGoods.title })
        .from(promotionGoods)
        .where(and(eq(promotionGoods.goodsId, window.apply.goodsId), lt(promotionGoods.startAt, window.endAt), gt(promotionGoods.endAt, window.startAt)))
        .limit(1);
      const inBatch = windows.slice(0, index).find((other) => other.apply.goodsId === window.apply.goodsId && other.startAt < window.endAt && other.endAt > window.startAt);
      if (clash || inBatch) throw badRequest('PROMOTION_CONFLICT', { name: window.apply.goodsName, title: clash?.title ?? SECKILL_PROMOTION_TITLE });
    }
    await tx.insert(promotionGoods).values(
      windows.map(({ apply, startAt, endAt }) => ({
        goodsId: apply.goodsId,
        skuId: apply.skuId,
        promotionType: 'SECKILL',
        activityId: apply.seckillId,
        applyId: apply.id,
        title: SECKILL_PROMOTION_TITLE,
        priceCents: apply.priceCents,
        num: apply.soldQuantity,
        startAt,
        endAt,
      })),
    );
    await tx.update(seckillApplies).set({ ...audit, status: 'PASS', failReason: '' }).where(inArray(seckillApplies.id, ids));
  });
}
