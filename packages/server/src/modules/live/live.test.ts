import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { LiveRoomRow, Page } from '@agora/contract';
import { withTestApp, type Session, type TestApp } from '../../test/harness.js';
import { insertCategory, insertGoods, insertShop } from '../../test/marketplace-fixtures.js';
import { notificationsSent } from '../sale/tables.js';
import { systemLogs } from '../system-logs/tables.js';
import { createLiveRoom } from './service.js';
import { liveRooms } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const base = '/api/admin/live/rooms';
const HOUR = 3_600_000;
const list = async (query: Record<string, string> = {}) => {
  const response = await t.inject({ method: 'GET', url: base, session: founder, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<LiveRoomRow>;
};
const audit = (payload: object, session = founder) => t.inject({ method: 'PUT', url: `${base}/audit`, session, payload });
const close = (id: number, reason: string) => t.inject({ method: 'PUT', url: `${base}/${id}/close`, session: founder, payload: { reason } });

describe('live rooms', () => {
  let shopId: number;
  const ids: Record<string, number> = {};

  it('takes only on-sale goods of the room’s own shop, at most 20', async () => {
    const shop = await insertShop(t.ctx);
    const other = await insertShop(t.ctx);
    shopId = shop.id;
    const category = await insertCategory(t.ctx);
    const onSale = await insertGoods(t.ctx, shop, category);
    const offShelf = await insertGoods(t.ctx, shop, category, { marketEnable: 0 });
    const foreign = await insertGoods(t.ctx, other, category);
    const room = (title: string, goodsIds: number[], startIn: number, lasts = 2) => ({
      shopId: shop.id, title, cover: '/files/live/cover.png', startAt: new Date(Date.now() + startIn * HOUR), endAt: new Date(Date.now() + (startIn + lasts) * HOUR), goodsIds,
    });
    await expect(createLiveRoom(t.ctx.db, room('下架商品', [onSale.id, offShelf.id], 1))).rejects.toMatchObject({ code: 'LIVE_GOODS_INVALID' });
    await expect(createLiveRoom(t.ctx.db, room('别家商品', [foreign.id], 1))).rejects.toMatchObject({ code: 'LIVE_GOODS_INVALID' });
    await expect(createLiveRoom(t.ctx.db, room('太多商品', Array.from({ length: 21 }, (_, i) => 1000 + i), 1))).rejects.toMatchObject({ code: 'LIVE_GOODS_TOO_MANY' });
    ids.soon = await createLiveRoom(t.ctx.db, room('新品首发', [onSale.id], 1));
    ids.now = await createLiveRoom(t.ctx.db, room('正在直播', [onSale.id], -1));
    ids.past = await createLiveRoom(t.ctx.db, room('昨日回放', [], -30));
    ids.batchA = await createLiveRoom(t.ctx.db, room('批量一', [], 5));
    ids.batchB = await createLiveRoom(t.ctx.db, room('批量二', [], 6));
    const rows = (await list({ state: 'WAIT' })).data;
    expect(rows).toHaveLength(5);
    expect(rows.find((row) => row.id === ids.soon)?.goods).toEqual([{ goods_id: onSale.id, goods_name: onSale.goodsName, thumbnail: onSale.thumbnail }]);
  });

  it('approves and refuses; the state of a passed room follows its times; each shop is told', async () => {
    expect((await audit({ ids: [ids.soon, ids.now, ids.past], pass: 1 })).statusCode).toBe(200);
    const byId = new Map((await list()).data.map((row) => [row.id, row]));
    expect(byId.get(ids.soon)?.state).toBe('NOT_STARTED');
    expect(byId.get(ids.now)?.state).toBe('LIVE');
    expect(byId.get(ids.past)).toMatchObject({ state: 'ENDED', operator: 'admin' });
    expect((await list({ state: 'LIVE' })).data.map((row) => row.id)).toEqual([ids.now]);
    expect((await list({ state: 'NOT_STARTED', shop_id: String(shopId) })).data.map((row) => row.id)).toEqual([ids.soon]);

    const noReason = await audit({ ids: [ids.batchA], pass: 0, reason: ' ' });
    expect(noReason.json().message).toBe('请填写拒绝原因');
    expect((await audit({ ids: [ids.batchA], pass: 0, reason: '封面含违规内容' })).statusCode).toBe(200);
    const [refused] = (await list({ state: 'REFUSED' })).data;
    expect(refused).toMatchObject({ id: ids.batchA, refuse_reason: '封面含违规内容' });
    const letters = await t.ctx.db.select().from(notificationsSent).where(and(eq(notificationsSent.receiverType, 'SHOP'), eq(notificationsSent.receiverId, shopId)));
    expect(letters.map((row) => row.content)).toContain('您的直播间《批量一》未通过平台审核，原因：封面含违规内容');
    const [log] = await t.ctx.db.select().from(systemLogs).orderBy(desc(systemLogs.id)).limit(1);
    expect(log.operateDetail).toBe('拒绝直播间');
  });

  it('refuses a whole batch when one room is no longer waiting, changing nothing', async () => {
    const batch = await audit({ ids: [ids.batchB, ids.batchA], pass: 1 });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toBe('直播间《批量一》已拒绝，不能审核通过');
    const [still] = await t.ctx.db.select().from(liveRooms).where(eq(liveRooms.id, ids.batchB));
    expect(still.status).toBe('WAIT');
  });

  it('of two operators deciding on one room at once, exactly one wins', async () => {
    const results = await Promise.all([audit({ ids: [ids.batchB], pass: 1 }), audit({ ids: [ids.batchB], pass: 0, reason: '时间冲突' })]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((response) => response.statusCode === 400)?.json().message).toMatch(/^直播间《批量二》(未开始|已拒绝)，不能(审核通过|拒绝)$/);
  });

  it('closes a passed room that has not ended, once, with a reason', async () => {
    expect((await close(ids.now, '')).json().message).toBe('请填写关闭原因');
    const both = await Promise.all([close(ids.now, '直播内容违规'), close(ids.now, '直播内容违规')]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((response) => response.statusCode === 400)?.json().message).toBe('直播间《正在直播》已关闭，不能关闭');
    expect((await list({ state: 'CLOSED' })).data[0]).toMatchObject({ id: ids.now, close_reason: '直播内容违规' });
    expect((await close(ids.past, '补关')).json().message).toBe('直播间《昨日回放》已结束，不能关闭');
    expect((await close(999_999, '不存在')).statusCode).toBe(404);
  });

  it('needs the live video permission', async () => {
    const other = (await t.adminWithPermissions(founder, ['shop', 'shopList'])).session;
    expect((await t.inject({ method: 'GET', url: base, session: other })).statusCode).toBe(403);
    expect((await audit({ ids: [ids.soon], pass: 1 }, other)).statusCode).toBe(403);
  });
});
