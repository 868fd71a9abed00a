import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LIVE_LIMITS, type LiveAuditInput, type LiveGoods, type LiveRoomQuery, type LiveRoomRow, type Page } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import type { AuthedAdmin } from '../../platform/auth.js';
import type { AuditInTransaction } from '../../platform/audit.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { sendStationMessages } from '../../platform/notifications.js';
import { unixSeconds } from '../../platform/time.js';
import type { Db } from '../../db/client.js';
import type { Transaction } from '../../db/sql.js';
import { goods } from '../goods/tables.js';
import { shops } from '../shops/tables.js';
import { liveRooms } from './tables.js';
import { assertLiveAllowed, LIVE_ACTIONS, liveState, liveStateWhere, type LiveAction } from './flow.js';

type LiveRecord = typeof liveRooms.$inferSelect;

// the goods a page of rooms shows, prepared once (platform/statements.ts)
const goodsByIds = preparedOnce('agora_live_room_goods', (db) =>
  db.select({ goods_id: goods.id, goods_name: goods.goodsName, thumbnail: goods.thumbnail }).from(goods).where(sql`${goods.id} = any(${sql.placeholder('ids')})`),
);

async function goodsOf(db: Db, rooms: LiveRecord[]): Promise<Map<number, LiveGoods>> {
  const ids = [...new Set(rooms.flatMap((room) => room.goodsIds))];
  if (ids.length === 0) return new Map();
  const rows = await goodsByIds(db).execute({ ids });
  return new Map(rows.map((row) => [row.goods_id, row]));
}

export async function listLiveRooms(ctx: AppContext, query: LiveRoomQuery): Promise<Page<LiveRoomRow>> {
  const now = new Date();
  const r = liveRooms;
  const page = await listPage(ctx.db, {
    query,
    table: r,
    id: r.id,
    where: [query.shop_id ? eq(r.shopId, query.shop_id) : undefined, query.state ? liveStateWhere(query.state, now) : undefined],
    sorts: { start_time: r.startAt, create_time: r.createdAt },
    statement: 'live/service.listLiveRooms',
    rows: ({ where, orderBy, limit, offset }) =>
      ctx.db.select({ room: r, shopName: shops.shopName }).from(r).leftJoin(shops, eq(shops.id, r.shopId)).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: ({ room, shopName }) => ({ room, shopName }),
    idOf: (row) => row.room.id,
  });
  const shown = await goodsOf(ctx.db, page.data.map((row) => row.room));
  return {
    ...page,
    data: page.data.map(({ room, shopName }) => ({
      id: room.id,
      title: room.title,
      shop_id: room.shopId,
      shop_name: shopName ?? '',
      cover: room.cover,
      start_time: unixSeconds(room.startAt),
      end_time: unixSeconds(room.endAt),
      state: liveState(room, now),
      goods: room.goodsIds.map((id) => shown.get(id)).filter((item): item is LiveGoods => item !== undefined),
      refuse_reason: room.refuseReason,
      close_reason: room.closeReason,
      operator: room.operator,
      operate_time: room.operatedAt ? unixSeconds(room.operatedAt) : null,
      create_time: unixSeconds(room.createdAt),
    })),
  };
}

/** What a shop sends when it opens a room (the seed stands in for the seller console): on-sale goods of its own, at most LIVE_LIMITS.goods. */
export interface LiveRoomInput {
  shopId: number;
  title: string;
  cover: string;
  startAt: Date;
  endAt: Date;
  goodsIds: number[];
}

export async function createLiveRoom(db: Db | Transaction, input: LiveRoomInput, extra: Partial<typeof liveRooms.$inferInsert> = {}): Promise<number> {
  const ids = [...new Set(input.goodsIds)];
  if (ids.length > LIVE_LIMITS.goods) throw badRequest('LIVE_GOODS_TOO_MANY', { max: LIVE_LIMITS.goods });
  if (ids.length > 0) {
    const onSale = await db
      .select({ id: goods.id })
      .from(goods)
      .where(and(inArray(goods.id, ids), eq(goods.shopId, input.shopId), eq(goods.marketEnable, 1), eq(goods.isAuth, 1), eq(goods.disabled, 1)));
    if (onSale.length !== ids.length) throw badRequest('LIVE_GOODS_INVALID');
  }
  const [created] = await db
    .insert(liveRooms)
    .values({ shopId: input.shopId, title: input.title, cover: input.cover, startAt: input.startAt, endAt: input.endAt, goodsIds: ids, ...extra })
    .returning({ id: liveRooms.id });
  return created.id;
}

/**
 * Moves rooms by one action, all of them or none: the rooms are locked in id order, so of two
 * operators deciding on the same room the second sees the first's decision and is refused.
 */
async function transition(tx: Transaction, ids: number[], action: LiveAction, admin: AuthedAdmin, reason: string): Promise<void> {
  const now = new Date();
  const rooms = await tx.select().from(liveRooms).where(inArray(liveRooms.id, ids)).orderBy(asc(liveRooms.id)).for('update');
  if (rooms.length !== ids.length) throw new AppError(404, 'LIVE_NOT_FOUND');
  for (const room of rooms) assertLiveAllowed(room, action, now);
  const rule = LIVE_ACTIONS[action];
  await tx
    .update(liveRooms)
    .set({
      status: rule.to,
      operator: admin.username,
      operatedAt: now,
      ...(action === 'REFUSE' ? { refuseReason: reason } : {}),
      ...(action === 'CLOSE' ? { closeReason: reason } : {}),
    })
    .where(inArray(liveRooms.id, ids));
  const names = await tx.select({ id: shops.id, name: shops.shopName }).from(shops).where(inArray(shops.id, [...new Set(rooms.map((room) => room.shopId))]));
  const nameOf = new Map(names.map((shop) => [shop.id, shop.name]));
  const said = { APPROVE: '已通过平台审核', REFUSE: `未通过平台审核，原因：${reason}`, CLOSE: `已被平台关闭，原因：${reason}` }[action];
  await sendStationMessages(
    tx,
    rooms.map((room) => ({ receiverType: 'SHOP' as const, receiverId: room.shopId, receiver: nameOf.get(room.shopId) ?? '', title: '直播间审核结果', content: `您的直播间《${room.title}》${said}` })),
  );
}

export async function auditLiveRooms(ctx: AppContext, input: LiveAuditInput, admin: AuthedAdmin, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await transition(tx, input.ids, input.pass === 1 ? 'APPROVE' : 'REFUSE', admin, input.reason);
    await audit(tx);
  });
}

export async function closeLiveRoom(ctx: AppContext, id: number, reason: string, admin: AuthedAdmin, audit: AuditInTransaction): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await transition(tx, [id], 'CLOSE', admin, reason);
    await audit(tx);
  });
}
