/**
 * Group buying (拼团, DOMAIN §2.18). A shop's event is WAIT before its window, END after it or
 * once closed, UNDERWAY otherwise. The operator opens a closed event or closes a running one, only
 * inside the window, on the event's row locked for the transaction. Groups that can no longer form
 * (the event closed, or its window over) are failed and their paid orders marked for a refund.
 */
import { and, asc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { toYuan, type Page, type PintuanDetail, type PintuanGroupStatus, type PintuanListQuery, type PintuanOption, type PintuanRow, type PintuanStatus } from '@agora/contract';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../db/sql.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { fromUnixSeconds, unixSeconds } from '../../platform/time.js';
import { pintuanGoods, pintuanGroups, pintuans } from './tables.js';
import { openFailedGroupRefunds } from '../aftersales/group-refunds.js';
import type { Transaction } from '../../db/sql.js';
import { orders } from '../orders/tables.js';

type Tx = Pick<Db, 'select' | 'selectDistinct' | 'update'>;
type Pintuan = typeof pintuans.$inferSelect;

const inWindow = (event: Pick<Pintuan, 'startAt' | 'endAt'>, now: Date) => now >= event.startAt && now < event.endAt;

export function pintuanStatus(event: Pick<Pintuan, 'startAt' | 'endAt' | 'closedAt'>, now = new Date()): PintuanStatus {
  if (now < event.startAt) return 'WAIT';
  return event.closedAt || now >= event.endAt ? 'END' : 'UNDERWAY';
}

function optionOf(event: Pintuan, now: Date): PintuanOption {
  if (!inWindow(event, now)) return 'NOTHING';
  return event.closedAt ? 'CAN_OPEN' : 'CAN_CLOSE';
}

function toRow(event: Pintuan, now = new Date()): PintuanRow {
  return {
    promotion_id: event.id,
    promotion_name: event.name,
    promotion_title: event.title,
    shop_id: event.shopId,
    shop_name: event.shopName,
    start_time: unixSeconds(event.startAt),
    end_time: unixSeconds(event.endAt),
    required_num: event.requiredNum,
    limit_time: event.limitHours,
    enable_mocker: event.enableMocker === 1 ? 1 : 0,
    status: pintuanStatus(event, now),
    option_status: optionOf(event, now),
    create_time: unixSeconds(event.createdAt),
  };
}

/** GET admin/promotion/pintuan: newest first, by name, shop, state, virtual forming and time. */
export function listPintuans(ctx: AppContext, query: PintuanListQuery): Promise<Page<PintuanRow>> {
  const now = new Date();
  const byStatus: Record<PintuanStatus, SQL | undefined> = {
    WAIT: gt(pintuans.startAt, now),
    UNDERWAY: and(lte(pintuans.startAt, now), gt(pintuans.endAt, now), isNull(pintuans.closedAt)),
    END: and(lte(pintuans.startAt, now), or(lte(pintuans.endAt, now), isNotNull(pintuans.closedAt))),
  };
  return listPage(ctx.db, {
    query,
    table: pintuans,
    id: pintuans.id,
    where: [
      query.name ? ilike(pintuans.name, `%${escapeLike(query.name)}%`) : undefined,
      query.shop_name ? ilike(pintuans.shopName, `%${escapeLike(query.shop_name)}%`) : undefined,
      query.status ? byStatus[query.status] : undefined,
      query.enable_mocker !== undefined ? eq(pintuans.enableMocker, query.enable_mocker) : undefined,
      query.start_time !== undefined ? gte(pintuans.endAt, fromUnixSeconds(query.start_time)) : undefined,
      query.end_time !== undefined ? lte(pintuans.startAt, fromUnixSeconds(query.end_time)) : undefined,
    ],
    sorts: { create_time: pintuans.createdAt },
    statement: 'promotions/pintuans.listPintuans',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(pintuans).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: (event) => toRow(event, now),
    idOf: (row) => row.promotion_id,
  });
}

async function findPintuan(db: Tx, id: number, lock: boolean): Promise<Pintuan> {
  const select = db.select().from(pintuans).where(eq(pintuans.id, id));
  const [event] = lock ? await select.for('update') : await select;
  if (!event) throw new AppError(404, 'PINTUAN_NOT_FOUND');
  return event;
}

// the detail's reads, prepared once (platform/statements.ts)
const pintuanById = preparedOnce('agora_pintuan', (db) => db.select().from(pintuans).where(eq(pintuans.id, sql.placeholder('id'))));
const goodsOfPintuan = preparedOnce('agora_pintuan_goods', (db) =>
  db
    .select({
      id: pintuanGoods.id,
      goodsId: pintuanGoods.goodsId,
      goodsName: pintuanGoods.goodsName,
      originPriceCents: pintuanGoods.originPriceCents,
      salesPriceCents: pintuanGoods.salesPriceCents,
      soldNum: pintuanGoods.soldNum,
    })
    .from(pintuanGoods)
    .where(eq(pintuanGoods.pintuanId, sql.placeholder('id')))
    .orderBy(asc(pintuanGoods.id)),
);
const groupsOfPintuan = preparedOnce('agora_pintuan_groups', (db) =>
  db
    .select({
      id: pintuanGroups.id,
      leaderName: pintuanGroups.leaderName,
      requiredNum: pintuanGroups.requiredNum,
      joinedNum: pintuanGroups.joinedNum,
      status: pintuanGroups.status,
      refundPending: pintuanGroups.refundPending,
      orderSns: pintuanGroups.orderSns,
      createdAt: pintuanGroups.createdAt,
    })
    .from(pintuanGroups)
    .where(eq(pintuanGroups.pintuanId, sql.placeholder('id')))
    .orderBy(asc(pintuanGroups.id)),
);
/** Of these order numbers, those not yet paid back (paid, or in an after-sale). */
const unpaidOrders = preparedOnce('agora_pintuan_unpaid_orders', (db) =>
  db.select({ sn: orders.sn }).from(orders).where(sql`${orders.sn} = any(${sql.placeholder('sns')}) and ${orders.status} in ('PAID_OFF', 'AFTER_SERVICE')`),
);

/** GET admin/promotion/pintuan/{id}: the event with its goods and groups. */
export async function getPintuan(ctx: AppContext, id: number): Promise<PintuanDetail> {
  const [event] = await pintuanById(ctx.db).execute({ id });
  if (!event) throw new AppError(404, 'PINTUAN_NOT_FOUND');
  const goodsRows = await goodsOfPintuan(ctx.db).execute({ id });
  const groups = await groupsOfPintuan(ctx.db).execute({ id });
  // A failed group's refund is pending while one of its orders is not yet paid back (its order cancel still under way).
  const failedSns = groups.filter((group) => group.refundPending === 1).flatMap((group) => group.orderSns);
  const unpaid = new Set(failedSns.length === 0 ? [] : (await unpaidOrders(ctx.db).execute({ sns: failedSns })).map((row) => row.sn));
  return {
    ...toRow(event),
    goods: goodsRows.map((row) => ({ id: row.id, goods_id: row.goodsId, goods_name: row.goodsName, origin_price: toYuan(row.originPriceCents), sales_price: toYuan(row.salesPriceCents), sold_num: row.soldNum })),
    groups: groups.map((group) => ({
      id: group.id,
      leader_name: group.leaderName,
      required_num: group.requiredNum,
      joined_num: group.joinedNum,
      status: group.status as PintuanGroupStatus,
      refund_pending: group.refundPending === 1 && group.orderSns.some((sn) => unpaid.has(sn)) ? 1 : 0,
      order_sns: group.orderSns,
      create_time: unixSeconds(group.createdAt),
    })),
  };
}

/**
 * The groups of these events still forming can no longer form: they fail, and in the same
 * transaction each paid order of theirs gets the system's ORDER_CANCEL after-sale that refunds it
 * (aftersales/group-refunds.ts); refund_pending marks the groups whose buyers are being paid back.
 */
async function failUnformed(tx: Transaction, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const failed = await tx
    .update(pintuanGroups)
    .set({ status: 'FAILED', refundPending: 1, failedAt: now })
    .where(and(inArray(pintuanGroups.pintuanId, ids), eq(pintuanGroups.status, 'FORMING')))
    .returning({ id: pintuanGroups.id, orderSns: pintuanGroups.orderSns });
  await openFailedGroupRefunds(tx, failed.flatMap((group) => group.orderSns), now);
  return failed.length;
}

/** PUT admin/promotion/pintuan/{id}/{open|close}/open-close: only inside the window; closing fails the groups still forming. */
export async function openClosePintuan(ctx: AppContext, id: number, opera: 'open' | 'close'): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const event = await findPintuan(tx, id, true);
    const now = new Date();
    if (!inWindow(event, now)) throw badRequest('PINTUAN_OUTSIDE_WINDOW');
    if (opera === 'open') {
      if (!event.closedAt) throw badRequest('PINTUAN_NOT_CLOSED');
      await tx.update(pintuans).set({ closedAt: null }).where(eq(pintuans.id, id));
      return;
    }
    if (event.closedAt) throw badRequest('PINTUAN_NOT_UNDERWAY');
    await tx.update(pintuans).set({ closedAt: now }).where(eq(pintuans.id, id));
    await failUnformed(tx, [id], now);
  });
}

/** The scheduled task: events whose window is over fail their groups still forming (once: a failed group is not forming). */
export async function failEndedGroups(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ended = await tx
      .selectDistinct({ id: pintuanGroups.pintuanId })
      .from(pintuanGroups)
      .innerJoin(pintuans, eq(pintuans.id, pintuanGroups.pintuanId))
      .where(and(eq(pintuanGroups.status, 'FORMING'), or(lte(pintuans.endAt, now), isNotNull(pintuans.closedAt))));
    return failUnformed(tx, ended.map((row) => row.id), now);
  });
}

