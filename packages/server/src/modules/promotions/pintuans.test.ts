import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';
import { failEndedGroups } from './pintuans.js';
import { pintuanGroups, pintuans } from './tables.js';

let t: TestApp;
let founder: Session;
withTestApp((app, session) => {
  t = app;
  founder = session;
});

const HOUR_MS = 3_600_000;
let names = 0;
const api = (method: 'GET' | 'PUT', url: string) => t.inject({ method, url: `/api/admin/promotion/pintuan${url}`, session: founder });

/** An event from `start` to `end` hours from now, with one group forming and one formed. */
async function insertEvent(start: number, end: number, closed = false) {
  const now = Date.now();
  const [event] = await t.ctx.db
    .insert(pintuans)
    .values({ name: `拼团${++names}`, shopId: 1, shopName: '测试店铺', startAt: new Date(now + start * HOUR_MS), endAt: new Date(now + end * HOUR_MS), requiredNum: 3, limitHours: 24, closedAt: closed ? new Date(now) : null })
    .returning();
  await t.ctx.db.insert(pintuanGroups).values([
    { pintuanId: event.id, leaderName: '团长甲', requiredNum: 3, joinedNum: 2, orderSns: ['PT1', 'PT2'] },
    { pintuanId: event.id, leaderName: '团长乙', requiredNum: 3, joinedNum: 3, status: 'FORMED', orderSns: ['PT3', 'PT4', 'PT5'] },
  ]);
  return event;
}
const groups = async (id: number) => t.ctx.db.select().from(pintuanGroups).where(eq(pintuanGroups.pintuanId, id)).orderBy(pintuanGroups.id);

describe('group buys', () => {
  it('closes a running event inside its window, failing the groups still forming for a refund, and opens it again', async () => {
    const event = await insertEvent(-2, 20);
    expect((await api('GET', `/${event.id}`)).json()).toMatchObject({ status: 'UNDERWAY', option_status: 'CAN_CLOSE', groups: [{ status: 'FORMING' }, { status: 'FORMED' }] });
    expect((await api('PUT', `/${event.id}/open/open-close`)).json().message).toBe('活动未关闭，无需开启');
    expect((await api('PUT', `/${event.id}/close/open-close`)).statusCode).toBe(200);
    expect((await groups(event.id)).map((group) => [group.status, group.refundPending])).toEqual([['FAILED', 1], ['FORMED', 0]]);
    expect((await api('GET', `/${event.id}`)).json()).toMatchObject({ status: 'END', option_status: 'CAN_OPEN' });
    expect((await api('PUT', `/${event.id}/close/open-close`)).json().message).toBe('活动未在进行中，无法关闭');
    expect((await api('PUT', `/${event.id}/open/open-close`)).statusCode).toBe(200);
    expect((await api('GET', `?status=UNDERWAY&name=${encodeURIComponent(event.name)}`)).json().data).toMatchObject([{ promotion_id: event.id }]);
  });

  it('refuses to open or close outside the window, changing nothing', async () => {
    const ended = await insertEvent(-20, -2);
    const waiting = await insertEvent(5, 20);
    for (const [event, opera] of [[ended, 'close'], [ended, 'open'], [waiting, 'close']] as const) {
      const refused = await api('PUT', `/${event.id}/${opera}/open-close`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('非活动时间，无法开启/关闭活动');
    }
    expect((await groups(waiting.id))[0].status).toBe('FORMING');
    expect((await api('GET', `/${ended.id}`)).json()).toMatchObject({ status: 'END', option_status: 'NOTHING' });
    expect((await api('PUT', '/1/shut/open-close')).statusCode).toBe(400);
  });

  it('fails the unformed groups of ended events once, from the scheduled task', async () => {
    const ended = await insertEvent(-30, -1);
    const running = await insertEvent(-1, 10);
    expect(await failEndedGroups(t.ctx, new Date())).toBeGreaterThanOrEqual(1);
    expect((await groups(ended.id))[0]).toMatchObject({ status: 'FAILED', refundPending: 1 });
    expect((await groups(running.id))[0].status).toBe('FORMING');
    expect(await failEndedGroups(t.ctx, new Date())).toBe(0);
  });

  it('lets one of two operators closing at once win', async () => {
    const event = await insertEvent(-1, 10);
    const results = await Promise.all([api('PUT', `/${event.id}/close/open-close`), api('PUT', `/${event.id}/close/open-close`)]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
  });
});
